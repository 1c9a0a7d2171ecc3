// The values `gpuwise serve` takes on its command line: durations (24h, 30d), sizes (1GiB),
// ports and hosts. Pure parsers that answer null for what they cannot read; serve.ts turns a
// null into a usage error in the user's language.

import { isIPv6 } from 'node:net';

const DURATION_UNITS_MS: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

/** Ten years: past it a retention is a typo, and Date arithmetic stays far inside safe integers. */
export const MAX_DURATION_MS = 10 * 365 * 86_400_000;

/**
 * "24h", "30d", "90m", "1.5h", "1y", "2w", "3600s", or a sum like "1d12h". A bare number is
 * refused: "30" could be seconds or days, and a retention wrong by 86,400× loses data.
 */
export function parseDurationMs(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed.length > 40) return null;
  const parts = trimmed.match(/(\d+(?:\.\d+)?)([smhdwy])/g);
  if (!parts || parts.join('') !== trimmed) return null;
  let total = 0;
  for (const part of parts) {
    const unit = part.slice(-1);
    total += Number(part.slice(0, -1)) * (DURATION_UNITS_MS[unit] ?? Number.NaN);
  }
  if (!Number.isFinite(total) || total < 1000 || total > MAX_DURATION_MS) return null;
  return Math.round(total);
}

/**
 * The shortest retention of a tier the next one is rolled up from: one bucket of that next tier.
 * Shorter, and the store would have to keep the rows longer than asked until they are rolled up
 * (docs/store.md, "Retention"), so serve refuses it rather than keep more than it was told.
 */
export const MIN_RETENTION_MS = { raw: 60_000, minute: 3_600_000 } as const;

/** A duration (parseDurationMs) of at least `minMs`. */
export function parseRetentionMs(text: string, minMs: number): number | null {
  const ms = parseDurationMs(text);
  return ms !== null && ms >= minMs ? ms : null;
}

const SIZE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  k: 1000,
  kb: 1000,
  m: 1000 ** 2,
  mb: 1000 ** 2,
  g: 1000 ** 3,
  gb: 1000 ** 3,
  t: 1000 ** 4,
  tb: 1000 ** 4,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};

/** Smallest database bound: below a few MiB one day of raw samples for one GPU does not fit. */
export const MIN_DB_BYTES = 8 * 1024 ** 2;
export const MAX_DB_BYTES = 64 * 1024 ** 4;

/** "1GiB", "500MB", "2g", "10485760" in bytes (k/M/G/T powers of 1000, KiB… of 1024); null when unreadable. */
export function parseByteAmount(text: string): number | null {
  const match = text.trim().match(/^(\d+(?:\.\d+)?)\s*([a-z]*)$/i);
  if (!match) return null;
  const factor = SIZE_UNITS[(match[2] ?? '').toLowerCase()];
  if (factor === undefined) return null;
  const bytes = Math.round(Number(match[1]) * factor);
  return Number.isFinite(bytes) ? bytes : null;
}

/** A byte amount between MIN_DB_BYTES and MAX_DB_BYTES. */
export function parseByteSize(text: string): number | null {
  const bytes = parseByteAmount(text);
  return bytes !== null && bytes >= MIN_DB_BYTES && bytes <= MAX_DB_BYTES ? bytes : null;
}

/** 0 (any free port, printed on start) to 65535. */
export function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null;
  const port = Number(text.trim());
  return port <= 65_535 ? port : null;
}

/** Seconds between samples: 0.1 to 3600, as `top --interval`. */
export function parseIntervalSeconds(text: string): number | null {
  if (!/^\d+(?:\.\d+)?$/.test(text.trim())) return null;
  const seconds = Number(text.trim());
  return seconds >= 0.1 && seconds <= 3600 ? seconds : null;
}

/**
 * A host to listen on: an IPv4 or IPv6 address (brackets allowed) or a DNS name. Whitespace,
 * control characters, a scheme or a port ("http://x", "x:80") are refused here, so the message
 * says what is wrong instead of a resolver error later.
 */
export function parseHost(text: string): string | null {
  const host = text.trim();
  if (host === '' || host.length > 253) return null;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare.includes(':')) return isIPv6(bare) ? bare : null;
  return /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?)*\.?$/i.test(host) ? host : null;
}
