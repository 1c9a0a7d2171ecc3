// The values `gpuwise run` takes (and pick's --window): durations with milliseconds ("500ms", "10s", "1h30m"), the
// back-off range ("10s..5m"), counts and prices. Pure parsers answering null for what they cannot
// read; run.ts turns null into a usage error in the user's language.

const UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
export const MAX_RUN_DURATION_MS = 30 * 86_400_000;

/**
 * "500ms", "10s", "5m", "1h30m", "0s", "0"; any other bare number is refused (seconds or
 * minutes?). The one duration parser of run and pick.
 */
export function parseRunDurationMs(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (value === '0') return 0;
  if (value === '' || value.length > 40) return null;
  const parts = value.match(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g);
  if (!parts || parts.join('') !== value) return null;
  let total = 0;
  for (const part of parts) {
    const [, amount, unit] = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(part) ?? [];
    total += Number(amount) * (UNITS_MS[unit ?? ''] ?? Number.NaN);
  }
  return Number.isFinite(total) && total <= MAX_RUN_DURATION_MS ? Math.round(total) : null;
}

/** Shortest back-off: below it a crash loop is a restart storm however it is configured. */
export const MIN_BACKOFF_MS = 100;

/** "10s..5m" (or one value "30s" for a fixed wait); MIN ≤ MAX, MIN at least MIN_BACKOFF_MS. */
export function parseBackoff(text: string): { minMs: number; maxMs: number } | null {
  const parts = text.split('..');
  if (parts.length > 2) return null;
  const minMs = parseRunDurationMs(parts[0] ?? '');
  const maxMs = parts.length === 2 ? parseRunDurationMs(parts[1] ?? '') : minMs;
  if (minMs === null || maxMs === null || minMs < MIN_BACKOFF_MS || maxMs < minMs) return null;
  return { minMs, maxMs };
}

export function parseCount(text: string, max = 1000): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= max ? n : null;
}

export function parsePrice(text: string): number | null {
  if (!/^\d+(?:\.\d+)?$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return Number.isFinite(n) && n <= 1e6 ? n : null;
}

export function parseCurrency(text: string): string | null {
  const value = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(value) ? value : null;
}

/** A shell-like split of --resume-arg: spaces separate, '…' and "…" group. */
export function splitArgs(text: string): string[] | null {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  let has = false;
  for (const char of text) {
    if (quote !== null) {
      if (char === quote) quote = null;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      has = true;
    } else if (/\s/.test(char)) {
      if (has || current !== '') out.push(current);
      current = '';
      has = false;
    } else current += char;
  }
  if (quote !== null) return null;
  if (has || current !== '') out.push(current);
  return out;
}
