// One nvidia-smi CSV cell → a typed value, or the reason there is none. nvidia-smi spells "no
// value" many ways ("[N/A]", "N/A", "[Not Supported]", "ERR!", "[GPU is lost]" …); each becomes
// a typed reason here, so nothing downstream ever sees a placeholder string or a fake number.

import type { ComputeMode } from '../../core/snapshot.js';
import type { UnavailableReason } from '../../core/unavailable.js';
import { quoteForDetail } from '../../system/limits.js';

export type CellValue<T> =
  | { ok: true; value: T }
  /** `malformed` is set when the cell held text we could not read — worth a problem entry. */
  | { ok: false; reason: UnavailableReason; malformed?: string };

const missing = (reason: UnavailableReason): CellValue<never> => ({ ok: false, reason });
const malformed = (raw: string, why: string): CellValue<never> => ({
  ok: false,
  reason: 'error',
  malformed: `${why}: ${quoteForDetail(raw)}`,
});
/** A number no GPU can report (Infinity, 1e308, 306 digits, −0): null, never a fact. */
export const outOfRange = (raw: string, why: string): CellValue<never> => ({
  ok: false,
  reason: 'out-of-range',
  malformed: `${why}: ${quoteForDetail(raw)}`,
});

/** Spellings nvidia-smi uses instead of a value, lower-cased, brackets removed. */
const NO_VALUE_SPELLINGS: Readonly<Record<string, UnavailableReason>> = {
  '': 'not-reported',
  'n/a': 'not-reported',
  unknown: 'not-reported',
  'not found': 'not-reported',
  'not supported': 'not-supported',
  'requested functionality has been deprecated': 'not-supported',
  'insufficient permissions': 'no-permission',
  'no permission': 'no-permission',
  'gpu is lost': 'gpu-lost',
  timeout: 'timeout',
  'unknown error': 'error',
  'err!': 'error',
  error: 'error',
  'gpu requires reset': 'error',
};

/** The reason a cell holds no value, or null when it holds something to parse. */
export function noValueReason(raw: string): UnavailableReason | null {
  const text = raw.trim();
  const bracketed = /^\[(.*)\]$/.exec(text);
  const key = (bracketed ? bracketed[1]! : text).trim().toLowerCase();
  const known = NO_VALUE_SPELLINGS[key];
  if (known) return known;
  // Any other bracketed text is an NVML error nvidia-smi passed through ("[Unknown Error]" …).
  return bracketed ? 'error' : null;
}

/** True for the cells that mean the whole GPU stopped answering or needs a reset. */
export function deviceStateFromCell(raw: string): 'lost' | 'error' | null {
  const key = raw.trim().replace(/^\[|\]$/g, '').toLowerCase();
  if (key === 'gpu is lost') return 'lost';
  if (key === 'gpu requires reset') return 'error';
  return null;
}

export function parseText(raw: string): CellValue<string> {
  const reason = noValueReason(raw);
  return reason ? missing(reason) : { ok: true, value: raw.trim() };
}

/** A number as nvidia-smi prints it ("81559", "69.85"), or with a sign or exponent. Anchored, no nested quantifier: linear. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INFINITE = /^[+-]?inf(?:inity)?$/i;

/**
 * A decimal number, optionally followed by the column's unit ("81559 MiB" with `--format=csv`,
 * "81559" with `nounits`). A value with a different unit than the header's is malformed; a
 * number that is not finite, or −0 (no driver prints it), is out of range.
 */
export function parseDecimal(raw: string, unit: string | null): CellValue<number> {
  const reason = noValueReason(raw);
  if (reason) return missing(reason);
  let text = raw.trim();
  if (unit !== null && text.endsWith(unit)) text = text.slice(0, -unit.length).trimEnd();
  if (INFINITE.test(text)) return outOfRange(raw, 'not a finite number');
  if (!DECIMAL.test(text)) return malformed(raw, 'not a number');
  const value = Number(text);
  if (!Number.isFinite(value)) return outOfRange(raw, 'not a finite number');
  if (Object.is(value, -0)) return outOfRange(raw, 'negative zero');
  return { ok: true, value };
}

/** A non-negative whole number (an index, a PID, an error count, a PCIe width). */
export function parseCount(raw: string): CellValue<number> {
  const parsed = parseDecimal(raw, null);
  if (!parsed.ok) return parsed;
  if (!Number.isInteger(parsed.value)) return malformed(raw, 'not a whole number');
  if (parsed.value < 0 || !Number.isSafeInteger(parsed.value)) return outOfRange(raw, 'not a possible count');
  return parsed;
}

const TRUE_WORDS = new Set(['enabled', 'yes', 'active', 'on', 'true']);
const FALSE_WORDS = new Set(['disabled', 'no', 'not active', 'off', 'false']);

/** Enabled/Disabled, Yes/No, Active/Not Active, On/Off. */
export function parseFlag(raw: string): CellValue<boolean> {
  const reason = noValueReason(raw);
  if (reason) return missing(reason);
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return { ok: true, value: true };
  if (FALSE_WORDS.has(word)) return { ok: true, value: false };
  return malformed(raw, 'not a yes/no value');
}

/** "P0" … "P15" → 0 … 15. */
export function parsePerformanceState(raw: string): CellValue<number> {
  const reason = noValueReason(raw);
  if (reason) return missing(reason);
  const match = /^P(\d{1,2})$/i.exec(raw.trim());
  const state = match ? Number(match[1]) : NaN;
  return state >= 0 && state <= 15 ? { ok: true, value: state } : malformed(raw, 'not a P-state');
}

/** A hex bit mask such as "0x0000000000000001" (64 bits, so a bigint). */
export function parseHexMask(raw: string): CellValue<bigint> {
  const reason = noValueReason(raw);
  if (reason) return missing(reason);
  const text = raw.trim();
  return /^0x[0-9a-f]{1,16}$/i.test(text) ? { ok: true, value: BigInt(text) } : malformed(raw, 'not a hex mask');
}

const COMPUTE_MODES: Readonly<Record<string, ComputeMode>> = {
  default: 'default',
  exclusive_thread: 'exclusive-thread',
  prohibited: 'prohibited',
  exclusive_process: 'exclusive-process',
};

/** "Default", "Exclusive_Thread", "Prohibited", "Exclusive_Process". */
export function parseComputeMode(raw: string): CellValue<ComputeMode> {
  const reason = noValueReason(raw);
  if (reason) return missing(reason);
  const mode = COMPUTE_MODES[raw.trim().toLowerCase().replace(/[\s.]+/g, '_')];
  return mode ? { ok: true, value: mode } : malformed(raw, 'not a compute mode');
}
