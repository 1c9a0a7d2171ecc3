// Per-collector success and duration, as node_exporter writes them (node_scrape_collector_*):
// a collector that failed is a 0 here, never a failed scrape. gpuwise's collectors are the
// sampler's reads — the GPUs (the backend's read), the host (/proc) and the process list — and
// any the caller adds (the history recorder, the event deriver).

import type { Sample } from '../../monitor/sampler.js';
import { helpText } from './help.js';
import { HOSTNAME_LABEL } from './labels.js';
import { formatLabels, type ExpositionWriter } from './text.js';

export interface CollectorResult {
  /** Short, stable name: "gpu", "host", "processes", "recorder" … */
  collector: string;
  success: boolean;
  /** How long its last run took; null or absent when it is not timed. */
  durationSeconds?: number | null;
}

/** The sampler's own collectors, judged from the sample's problems. */
export function sampleCollectors(sample: Sample): CollectorResult[] {
  const { snapshot } = sample;
  const failed = (test: (scope: string) => boolean) => snapshot.problems.some((problem) => test(problem.scope));
  const results: CollectorResult[] = [
    {
      collector: 'gpu',
      success: snapshot.backend !== null && !failed((scope) => scope === 'devices' || scope === 'backend'),
      durationSeconds: sample.backendMs / 1000,
    },
    { collector: 'host', success: !failed((scope) => scope === 'host' || scope.startsWith('host:')), durationSeconds: sample.hostMs / 1000 },
  ];
  if (snapshot.capabilities?.processes === true) {
    results.push({ collector: 'processes', success: !failed((scope) => scope === 'processes'), durationSeconds: null });
  }
  return results;
}

export function writeCollectorFamilies(out: ExpositionWriter, results: readonly CollectorResult[], hostname: string): void {
  const success = out.family('gpuwise_collector_success', 'gauge', helpText('metrics.help.gpuwise_collector_success'));
  const duration = out.family('gpuwise_collector_duration_seconds', 'gauge', helpText('metrics.help.gpuwise_collector_duration_seconds'));
  const seen = new Set<string>();
  for (const result of results) {
    // One series per collector: a caller's result of the same name as the sampler's is dropped.
    if (seen.has(result.collector)) continue;
    seen.add(result.collector);
    const labels = formatLabels([['collector', result.collector], [HOSTNAME_LABEL, hostname]]);
    success(labels, result.success ? 1 : 0);
    duration(labels, result.durationSeconds ?? null);
  }
}
