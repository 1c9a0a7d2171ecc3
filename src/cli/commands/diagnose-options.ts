// The values `gpuwise diagnose` takes: durations ("60s", "5m", "250ms", a bare number of seconds),
// GPU lists ("0,2") and whole numbers. Pure, so every accepted and refused form is tested.

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration in ms within [minMs, maxMs]: "60s", "1.5m", "250ms", "2h", or a number of seconds. */
export function parseDurationMs(text: string, minMs: number, maxMs: number): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/.exec(text.trim().toLowerCase());
  if (!match) return null;
  const ms = Math.round(Number(match[1]) * UNIT_MS[match[2] ?? 's']!);
  return Number.isFinite(ms) && ms >= minMs && ms <= maxMs ? ms : null;
}

/** A process id: a whole number from 1 up to Linux's largest (2^22). */
export function parsePid(text: string): number | null {
  const value = /^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return value >= 1 && value <= 4_194_304 ? value : null;
}

/** "0", "0,2", "1, 3": distinct NVML indices, ascending; null when any part is not one. */
export function parseGpuList(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length === 0 || parts.length > 64 || parts.some((part) => !/^\d{1,3}$/.test(part))) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

export function parsePositiveInteger(text: string, max = 1_000_000_000): number | null {
  const value = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return value >= 1 && value <= max ? value : null;
}

/**
 * The shortest watch accepted: the analysis needs 3 readings at least 2 s apart (first to last,
 * thresholds.ts), and the first reading comes up to an interval after the watch starts, so a
 * shorter --duration could only ever say "not enough to judge".
 */
export const MIN_DURATION_MS = 3000;
export const MAX_DURATION_MS = 24 * 3_600_000;
export const MIN_INTERVAL_MS = 50;
/** observe()'s default (DEFAULT_OBSERVE_INTERVAL_MS), here so that option checks need not load the observer. */
export const DEFAULT_INTERVAL_MS = 250;
export const MAX_INTERVAL_MS = 10_000;

/** The shortest --duration that gives the analysis its readings at this interval (see MIN_DURATION_MS). */
export function minDurationMs(intervalMs: number, minSamples: number, minWindowMs: number): number {
  return Math.max(MIN_DURATION_MS, minWindowMs + 2 * intervalMs, (minSamples + 1) * intervalMs);
}
