// The heatmap over time: mean GPU utilisation per node, one query_range for the whole fleet
// (two when the recording rules are not loaded: the recorded form is tried first). A recording
// rule lags its sources by up to one evaluation interval, so a node that has just joined (or
// every node but the first few, right after the rules are loaded) is not in the recorded series
// yet: those few nodes are read from the raw series, named, in one more query.

import type { PrometheusClient, RangeSeries } from './client.js';
import { HEATMAP_NODES_QUERY, HEATMAP_QUERY, HEATMAP_RECORDED_QUERY, heatmapQueryFor } from './queries.js';
import type { FleetHeatmap } from './types.js';

/** At most this many columns, so a week's heatmap stays a few hundred cells wide. */
export const MAX_HEATMAP_COLUMNS = 240;

export async function fleetHeatmap(client: PrometheusClient, options: { rangeSeconds?: number; endSeconds?: number } = {}): Promise<FleetHeatmap> {
  const rangeSeconds = options.rangeSeconds ?? 6 * 3600;
  const end = options.endSeconds ?? Math.floor(Date.now() / 1000);
  const stepSeconds = Math.max(1, Math.ceil(rangeSeconds / MAX_HEATMAP_COLUMNS));
  const start = end - rangeSeconds;
  // The recording rule's series where Prometheus has them: 8× fewer series for 8-GPU nodes.
  const recorded = await client.queryRange(HEATMAP_RECORDED_QUERY, start, end, stepSeconds);
  const series = recorded.length > 0 ? [...recorded, ...(await notYetRecorded(client, recorded, start, end, stepSeconds))] : await client.queryRange(HEATMAP_QUERY, start, end, stepSeconds);
  const times: number[] = [];
  for (let t = start; t <= end; t += stepSeconds) times.push(t);
  const column = new Map(times.map((t, i) => [t, i]));
  const rows = series.map((s) => {
    const values: (number | null)[] = times.map(() => null);
    for (const [t, v] of s.values) {
      const i = column.get(Math.round(t));
      if (i !== undefined) values[i] = v;
    }
    return { instance: s.metric.instance ?? '', hostname: s.metric.Hostname ?? null, values };
  });
  rows.sort((a, b) => (a.hostname ?? a.instance).localeCompare(b.hostname ?? b.instance));
  return { start, end, stepSeconds, times, rows };
}

async function notYetRecorded(client: PrometheusClient, recorded: readonly RangeSeries[], start: number, end: number, stepSeconds: number): Promise<RangeSeries[]> {
  const have = new Set(recorded.map((r) => r.metric.instance ?? ''));
  const now = await client.query(HEATMAP_NODES_QUERY, end);
  const missing = now.map((n) => n.metric.instance ?? '').filter((instance) => instance !== '' && !have.has(instance));
  return missing.length === 0 ? [] : client.queryRange(heatmapQueryFor(missing), start, end, stepSeconds);
}
