// Prometheus's answers as the client takes them, checked: a proxy, an old or a hostile server can
// send `null` for a series, a number for a label or a string for a sample, and the summary must
// get well-formed data or a "not Prometheus" error, never a TypeError from deep inside it.

import type { RawAlert } from './client.js';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The string-valued entries of a label set; anything else is dropped (labels are strings). */
export function stringRecord(value: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (isObject(value)) for (const [key, entry] of Object.entries(value)) if (typeof entry === 'string') record[key] = entry;
  return record;
}

/** A vector's series (metric, the sample's value as sent), or null when `result` is not a list. */
export function vectorOf(result: unknown): { metric: Record<string, string>; value: unknown }[] | null {
  if (!Array.isArray(result)) return null;
  return result.filter(isObject).map((r) => ({ metric: stringRecord(r.metric), value: Array.isArray(r.value) ? r.value[1] : undefined }));
}

/** A matrix's series, each sample [time, value as sent]; samples without a numeric time are dropped. */
export function matrixOf(result: unknown): { metric: Record<string, string>; values: [number, unknown][] }[] | null {
  if (!Array.isArray(result)) return null;
  return result.filter(isObject).map((r) => ({
    metric: stringRecord(r.metric),
    values: (Array.isArray(r.values) ? r.values : [])
      .filter((v): v is [number, unknown] => Array.isArray(v) && typeof v[0] === 'number' && Number.isFinite(v[0]))
      .map(([time, value]) => [time, value] as [number, unknown]),
  }));
}

/** /api/v1/alerts' alerts with string labels, annotations and state; others dropped. */
export function alertsOf(alerts: unknown): RawAlert[] {
  if (!Array.isArray(alerts)) return [];
  return alerts.filter(isObject).map((a) => ({
    labels: stringRecord(a.labels),
    annotations: stringRecord(a.annotations),
    state: typeof a.state === 'string' ? a.state : '',
    ...(typeof a.activeAt === 'string' ? { activeAt: a.activeAt } : {}),
    ...(typeof a.value === 'string' ? { value: a.value } : {}),
  }));
}
