// GPU-hours per user and per node over a range, from the recording rules where they have
// recorded it and from the raw series where they have not yet. A recording rule only starts
// recording when its rules are loaded (and lags its sources by one evaluation interval): right
// after that, the recorded series cover a sliver of the range, or only the nodes scraped before
// the first evaluation. Taken alone they would give empty or near-empty lists (the gap once seen
// in the fleet e2e), so the part of the range before the recording began is read from the raw
// series — one more query, over that part only — and added per user or node. A recorded sample
// holds until the next evaluation, one rules' interval (from the rules API), and the newest one
// only until now: counting it a whole interval, and each raw step past where the recording
// begins, gave a young recording more GPU-hours than its GPUs had existed (up to an interval
// each). Dividing by the samples of the last hour read a minute-old recording as a whole hour.
// Entries say which they are (`source`), and the summary says from when the rules cover the
// range (`gpuHoursBasis`).

import type { PrometheusClient, Sample } from './client.js';
import {
  GPU_HOURS, gpuHoursStep, rawGpuHoursQuery, RECORDED_LAST_EVALUATION_QUERY, recordedEvaluationsQuery, recordedLastQuery, recordedPerHourQuery, recordedSumQuery, type GpuHoursList,
} from './queries.js';
import type { GpuHours, GpuHoursBasis } from './types.js';

export interface GpuHoursResult {
  entries: GpuHours[];
  basis: GpuHoursBasis;
}

/** What the recording rules hold over the range, asked once for both lists. */
export interface Recording {
  /** Each list's rule interval in seconds, from the rules API; absent where it did not say. */
  intervals: Partial<Record<GpuHoursList, number>>;
  /** Evaluations of the rules within the range (0: none yet, or no rules). */
  evaluations: number;
  /** The newest evaluation (Unix seconds); null when none is recent (the rules stopped). */
  lastEvaluation: number | null;
}

export async function recordingOf(client: PrometheusClient, rangeSeconds: number, at: number): Promise<Recording> {
  const [groups, evaluations, last] = await Promise.all([
    // A Prometheus-compatible store without the rules API still answers: the interval is then guessed (below).
    client.rules ? client.rules().catch(() => null) : Promise.resolve(null),
    client.query(recordedEvaluationsQuery(rangeSeconds), at),
    client.query(RECORDED_LAST_EVALUATION_QUERY, at),
  ]);
  const intervals: Partial<Record<GpuHoursList, number>> = {};
  for (const list of Object.keys(GPU_HOURS) as GpuHoursList[]) {
    const group = groups?.find((g) => g.rules.some((r) => r.name === GPU_HOURS[list].recorded && r.type === 'recording'));
    if (group) intervals[list] = group.interval;
  }
  return { intervals, evaluations: Math.max(0, Math.round(evaluations[0]?.value ?? 0)), lastEvaluation: last[0]?.value ?? null };
}

function keyOf(sample: Sample, keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.flatMap((k) => (sample.metric[k] ? [[k, sample.metric[k]]] : [])));
}

/** The entries of one answer, by their key's identity (every label of the grouping, job included). */
function byKey(samples: Sample[], by: readonly string[]): Map<string, Sample> {
  const map = new Map<string, Sample>();
  for (const s of samples) if (s.value !== null && s.value > 0) map.set(by.map((k) => s.metric[k] ?? '').join('\u0000'), s);
  return map;
}

function ranked(entries: GpuHours[], top: number): GpuHours[] {
  return entries.sort((a, b) => b.gpuHours - a.gpuHours).slice(0, top);
}

async function allRaw(client: PrometheusClient, list: GpuHoursList, rangeSeconds: number, top: number, at: number): Promise<GpuHoursResult> {
  const raw = await client.query(rawGpuHoursQuery(list, rangeSeconds, top), at);
  const entries = [...byKey(raw, GPU_HOURS[list].by.split(', ')).values()].map((s) => ({ key: keyOf(s, GPU_HOURS[list].keys), gpuHours: s.value!, source: 'raw' as const }));
  return { entries: ranked(entries, top), basis: { recordedFrom: null, rawSeconds: rangeSeconds } };
}

/** `recording` may still be on its way: the recorded sums are asked meanwhile (one round trip, not two). */
export async function gpuHours(client: PrometheusClient, list: GpuHoursList, rangeSeconds: number, top: number, at: number, recording: Recording | Promise<Recording>): Promise<GpuHoursResult> {
  const [sums, newest, perHour, { intervals, evaluations, lastEvaluation }] = await Promise.all([
    client.query(recordedSumQuery(list, rangeSeconds), at),
    client.query(recordedLastQuery(list), at),
    client.query(recordedPerHourQuery(list), at),
    recording,
  ]);
  // No rules, or none evaluated yet in this range: all from the raw series.
  if (evaluations === 0) return allRaw(client, list, rangeSeconds, top, at);
  // Without the rules API, the samples of the last hour give the interval (right once the rules are an hour old).
  const samplesPerHour = perHour[0]?.value ?? null;
  const interval = intervals[list] ?? (samplesPerHour !== null && samplesPerHour > 0 ? 3600 / samplesPerHour : null);
  if (interval === null) return allRaw(client, list, rangeSeconds, top, at);
  // Each sample holds one interval, the newest only for `tail` (a whole interval when it is not recent:
  // the rules stopped, and their last sample ends the recording). So the rules cover from their first
  // evaluation, never before the first scrape.
  const tail = lastEvaluation === null ? interval : Math.min(interval, Math.max(0, at - lastEvaluation));
  const covered = Math.min(rangeSeconds, (evaluations - 1) * interval + tail);
  const recordedFrom = at - covered;
  // The raw series the rest, at the whole range's step: each step counts until the next, so the
  // last one is a step before the recording begins (a step later would count time the rules count).
  const step = gpuHoursStep(rangeSeconds);
  const rawSeconds = rangeSeconds - covered >= step ? Math.round(rangeSeconds - covered) : 0;
  const before = rawSeconds > 0 ? await client.query(rawGpuHoursQuery(list, rawSeconds - step, null, step), recordedFrom - step) : [];
  const { by, keys } = GPU_HOURS[list];
  const fromRules = byKey(sums, by.split(', '));
  const fromNewest = byKey(newest, by.split(', '));
  const fromRaw = byKey(before, by.split(', '));
  const entries: GpuHours[] = [];
  for (const [id, s] of fromRules) {
    const raw = fromRaw.get(id);
    const gpuSeconds = Math.max(0, s.value! * interval - (fromNewest.get(id)?.value ?? 0) * (interval - tail));
    if (gpuSeconds === 0 && !raw) continue;
    entries.push({ key: keyOf(s, keys), gpuHours: gpuSeconds / 3600 + (raw?.value ?? 0), source: raw ? 'mixed' : 'recorded' });
  }
  for (const [id, s] of fromRaw) if (!fromRules.has(id)) entries.push({ key: keyOf(s, keys), gpuHours: s.value!, source: 'raw' });
  return { entries: ranked(entries, top), basis: { recordedFrom: new Date((rawSeconds > 0 ? recordedFrom : at - rangeSeconds) * 1000).toISOString(), rawSeconds } };
}
