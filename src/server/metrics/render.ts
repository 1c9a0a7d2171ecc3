// /metrics: the Prometheus text body for the sampler's latest sample. Scrapes never read the
// GPUs: they read the sample the sampler already took. The part derived from a sample is built
// once per sample and kept (a WeakMap on the sample, so it goes when the sample does); a scrape
// between two samples only appends the few lines that change with the clock or the caller —
// the sample's age and the collectors' results.

import type { Sample } from '../../monitor/sampler.js';
import { sampleCollectors, writeCollectorFamilies, type CollectorResult } from './collectors.js';
import { writeDeviceFamilies } from './device-families.js';
import { helpText } from './help.js';
import { writeBackendFamilies, writeHostFamilies, writeSampleFamilies } from './host-families.js';
import { gpuLabels, HOSTNAME_LABEL, type LabelContext } from './labels.js';
import { writeProcessFamilies } from './process-families.js';
import { ExpositionWriter, formatLabels } from './text.js';
import { writeXidFamily, type LastXidByGpu } from './xid-family.js';

/** The Content-Type of the text format this writes. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface RenderMetricsInput {
  /** The sampler's latest sample; null before its first read (the body then says so). */
  sample: Sample | null;
  /** The Hostname label; empty: the sample's host name. */
  hostname: string;
  /** The DCGM_FI_DRIVER_VERSION label; default: the sample's driver version. */
  driverVersion?: string | null;
  /** Per-process series (pid, name, user, command labels); off by default for cardinality. */
  perProcess: boolean;
  /** Collectors besides the sampler's own (the recorder …), by the caller. */
  collectors?: readonly CollectorResult[];
  /** Wall clock now in ms, for the sample's age (default Date.now()). */
  nowMs?: number;
  /** The last Xid per GPU (DCGM_FI_DEV_XID_ERRORS); null or absent: the kernel log is not readable, no series. */
  lastXid?: LastXidByGpu | null;
}

/** A sample's part of the body, and its UTF-8 bytes once asked for. */
interface CachedBody {
  text: string;
  bytes: Buffer | null;
}

const bodies = new WeakMap<Sample, Map<string, CachedBody>>();

function contextOf(input: RenderMetricsInput, sample: Sample): LabelContext {
  return {
    hostname: input.hostname !== '' ? input.hostname : sample.snapshot.host.hostname,
    driverVersion: input.driverVersion !== undefined ? input.driverVersion : sample.snapshot.driver.driverVersion,
  };
}

/** Everything a sample decides, uncached (the benchmark's render-only figure). */
export function renderSampleBody(sample: Sample, context: LabelContext, perProcess: boolean): string {
  const out = new ExpositionWriter();
  const { snapshot } = sample;
  writeDeviceFamilies(out, snapshot.devices, context);
  writeProcessFamilies(out, snapshot.devices, snapshot.processes, context, {
    perProcess,
    listed: snapshot.capabilities?.processes === true,
  });
  writeHostFamilies(out, sample, context);
  writeBackendFamilies(out, sample, context);
  writeSampleFamilies(out, sample, context);
  return out.toString();
}

function cachedBody(sample: Sample, context: LabelContext, perProcess: boolean): CachedBody {
  let forSample = bodies.get(sample);
  if (!forSample) bodies.set(sample, (forSample = new Map()));
  const key = `${context.hostname}\u0000${context.driverVersion ?? '\u0001'}\u0000${perProcess ? 1 : 0}`;
  let body = forSample.get(key);
  if (body === undefined) {
    body = { text: renderSampleBody(sample, context, perProcess), bytes: null };
    // A handful of option sets per sample at most; a caller varying the hostname per scrape
    // must not grow one sample's entry without bound.
    if (forSample.size >= 8) forSample.clear();
    forSample.set(key, body);
  }
  return body;
}

/** What changes from scrape to scrape: the collectors' lines, the last Xid errors and the sample's age. */
function renderTail(input: RenderMetricsInput, sample: Sample | null, context: LabelContext | null): string {
  const tail = new ExpositionWriter();
  if (!sample || !context) {
    const labels = formatLabels([[HOSTNAME_LABEL, input.hostname]]);
    tail.family('gpuwise_sampler_samples_total', 'counter', helpText('metrics.help.gpuwise_sampler_samples_total'))(labels, 0);
    writeCollectorFamilies(tail, input.collectors ?? [], input.hostname);
    return tail.toString();
  }
  writeCollectorFamilies(tail, [...sampleCollectors(sample), ...(input.collectors ?? [])], context.hostname);
  // Xid errors arrive between samples (the kernel log), so they are per scrape, not per sample.
  if (input.lastXid) writeXidFamily(tail, sample.snapshot.devices, input.lastXid, context);
  const ageSeconds = Math.max(0, ((input.nowMs ?? Date.now()) - sample.wallMs) / 1000);
  tail.family('gpuwise_sample_age_seconds', 'gauge', helpText('metrics.help.gpuwise_sample_age_seconds'))(
    formatLabels([[HOSTNAME_LABEL, context.hostname]]),
    ageSeconds,
  );
  // Per GPU with figures: how old they are at the scrape. A slow or hung GPU is read apart and
  // shows its newest answer, a read (or many seconds) behind, while the sample itself stays
  // fresh: without this its frozen figures would pass for current ones.
  const readingAge = tail.family('gpuwise_gpu_reading_age_seconds', 'gauge', helpText('metrics.help.gpuwise_gpu_reading_age_seconds'));
  for (const device of sample.snapshot.devices) {
    if (device.state === 'ok') readingAge(gpuLabels(device, context), ageSeconds + (device.readingAgeMs ?? 0) / 1000);
  }
  return tail.toString();
}

/** The whole /metrics body (Prometheus text format 0.0.4, see METRICS_CONTENT_TYPE). */
export function renderMetrics(input: RenderMetricsInput): string {
  const { sample } = input;
  if (!sample) return renderTail(input, null, null);
  const context = contextOf(input, sample);
  return cachedBody(sample, context, input.perProcess).text + renderTail(input, sample, context);
}

/**
 * The same body as UTF-8 bytes. The server would encode the string on every scrape — for an
 * 8-GPU box 135 KiB, the largest cost of a scrape; here the per-sample part is encoded once and
 * only the few changing lines each time.
 */
export function renderMetricsBytes(input: RenderMetricsInput): Uint8Array<ArrayBuffer> {
  const { sample } = input;
  if (!sample) return Buffer.from(renderTail(input, null, null));
  const context = contextOf(input, sample);
  const body = cachedBody(sample, context, input.perProcess);
  body.bytes ??= Buffer.from(body.text);
  return Buffer.concat([body.bytes, Buffer.from(renderTail(input, sample, context))]);
}
