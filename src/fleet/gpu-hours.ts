// GPU-hours per user and per node over a range, from the recording rules where they have
// recorded it and from the raw series where they have not yet. A recording rule only starts
// recording when its rules are loaded (and lags its sources by one evaluation interval): right
// after that, the recorded series cover a sliver of the range, or only the nodes scraped before
// the first evaluation. Taken alone they would give empty or near-empty lists (the gap once seen
// in the fleet e2e), so the part of the range before the recording began is read from the raw
// series — one more query, over that part only — and added per user or node. The recorded part
// is its samples' sum times the rules' interval (from the rules API): dividing by the samples of
// the last hour read a minute-old recording as a whole hour. Entries say which they are
// (`source`), and the summary says from when the rules cover the range (`gpuHoursBasis`).

import type { PrometheusClient, Sample } from './client.js';
import { GPU_HOURS, gpuHoursStep, rawGpuHoursQuery, recordedEvaluationsQuery, recordedPerHourQuery, recordedSumQuery, type GpuHoursList } from './queries.js';
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
}

export async function recordingOf(client: PrometheusClient, rangeSeconds: number, at: number): Promise<Recording> {
  const [groups, evaluations] = await Promise.all([
    // A Prometheus-compatible store without the rules API still answers: the interval is then guessed (below).
    client.rules ? client.rules().catch(() => null) : Promise.resolve(null),
    client.query(recordedEvaluationsQuery(rangeSeconds), at),
  ]);
  const intervals: Partial<Record<GpuHoursList, number>> = {};
  for (const list of Object.keys(GPU_HOURS) as GpuHoursList[]) {
    const group = groups?.find((g) => g.rules.some((r) => r.name === GPU_HOURS[list].recorded && r.type === 'recording'));
    if (group) intervals[list] = group.interval;
  }
  return { intervals, evaluations: Math.max(0, Math.round(evaluations[0]?.value ?? 0)) };
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
  const [sums, perHour, { intervals, evaluations }] = await Promise.all([
    client.query(recordedSumQuery(list, rangeSeconds), at),
    client.query(recordedPerHourQuery(list), at),
    recording,
  ]);
  // No rules, or none evaluated yet in this range: all from the raw series.
  if (evaluations === 0) return allRaw(client, list, rangeSeconds, top, at);
  // Without the rules API, the samples of the last hour give the interval (right once the rules are an hour old).
  const samplesPerHour = perHour[0]?.value ?? null;
  const interval = intervals[list] ?? (samplesPerHour !== null && samplesPerHour > 0 ? 3600 / samplesPerHour : null);
  if (interval === null) return allRaw(client, list, rangeSeconds, top, at);
  // The rules cover the newest evaluations × interval of the range; the raw series the rest,
  // read at the whole range's step and ending where the recording begins.
  const step = gpuHoursStep(rangeSeconds);
  const covered = Math.min(rangeSeconds, evaluations * interval);
  const recordedFrom = at - covered;
  const rawSeconds = rangeSeconds - covered >= step ? Math.round(rangeSeconds - covered) : 0;
  const before = rawSeconds > 0 ? await client.query(rawGpuHoursQuery(list, rawSeconds, null, step), recordedFrom) : [];
  const { by, keys } = GPU_HOURS[list];
  const fromRules = byKey(sums, by.split(', '));
  const fromRaw = byKey(before, by.split(', '));
  const entries: GpuHours[] = [];
  for (const [id, s] of fromRules) {
    const raw = fromRaw.get(id);
    entries.push({ key: keyOf(s, keys), gpuHours: (s.value! * interval) / 3600 + (raw?.value ?? 0), source: raw ? 'mixed' : 'recorded' });
  }
  for (const [id, s] of fromRaw) if (!fromRules.has(id)) entries.push({ key: keyOf(s, keys), gpuHours: s.value!, source: 'raw' });
  return { entries: ranked(entries, top), basis: { recordedFrom: new Date((rawSeconds > 0 ? recordedFrom : at - rangeSeconds) * 1000).toISOString(), rawSeconds } };
}
