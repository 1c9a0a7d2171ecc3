// AMD facts shared by amd-smi, rocm-smi and the sysfs reader: which architecture a gfx target
// is, and amd-smi's value/unit objects in our base units.

import { BYTES_PER_GIB, BYTES_PER_KIB, BYTES_PER_MIB } from '../../core/units.js';
import { isObject, readNumber, type Reading } from './reading.js';

/**
 * "gfx90a", "gfx942", rocm-smi's decimal spellings "gfx9010" (9.0.10 = gfx90a) and "gfx11001"
 * (11.0.1) → the family name. Majors 10–12 take two digits, 9 one; the next digit is the minor.
 */
export function amdArchitecture(gfxTarget: string): string | null {
  const match = /^gfx(\d+)([a-f]?)$/i.exec(gfxTarget.trim());
  if (!match?.[1]) return null;
  const digits = match[1];
  const twoDigitMajor = digits.startsWith('1') && digits.length >= 4;
  const major = Number(digits.slice(0, twoDigitMajor ? 2 : 1));
  const minor = Number(digits.charAt(twoDigitMajor ? 2 : 1));
  const rest = digits.slice(twoDigitMajor ? 3 : 2) + (match[2] ?? '').toLowerCase();
  if (major === 9) {
    if (minor === 4) return 'cdna3';
    if (minor === 5) return 'cdna4';
    if (minor !== 0) return null;
    if (rest === '8') return 'cdna';
    if (rest === 'a' || rest === '10') return 'cdna2';
    return ['0', '2', '4', '6', 'c'].includes(rest) ? 'gcn5' : null;
  }
  if (major === 10) return minor === 1 ? 'rdna' : minor === 3 ? 'rdna2' : null;
  if (major === 11) return 'rdna3';
  if (major === 12) return 'rdna4';
  return null;
}

export type AmdQuantity = 'bytes' | 'watts' | 'megahertz' | 'percent' | 'celsius' | 'joules' | 'gt-per-second';

/** amd-smi labels MiB "MB" (it divides bytes by 1024²), so MB here is MiB. */
const FACTORS: Readonly<Record<AmdQuantity, Readonly<Record<string, number>>>> = {
  bytes: { B: 1, KB: BYTES_PER_KIB, MB: BYTES_PER_MIB, GB: BYTES_PER_GIB, KiB: BYTES_PER_KIB, MiB: BYTES_PER_MIB, GiB: BYTES_PER_GIB },
  watts: { W: 1, mW: 0.001, uW: 1e-6 },
  megahertz: { MHz: 1, GHz: 1000 },
  percent: { '%': 1 },
  celsius: { C: 1, '°C': 1 },
  joules: { J: 1, mJ: 0.001, uJ: 1e-6 },
  'gt-per-second': { 'GT/s': 1 },
};

/**
 * A value as amd-smi prints it: a bare number, "N/A", or `{"value": 300, "unit": "W"}` whose
 * value may itself be "N/A". A bare number is in the quantity's usual unit (`bareUnit`).
 */
export function readAmdQuantity(raw: unknown, quantity: AmdQuantity, bareUnit?: string): Reading<number> {
  let value = raw;
  let unit = bareUnit ?? null;
  if (isObject(raw)) {
    value = raw.value;
    unit = typeof raw.unit === 'string' ? raw.unit : unit;
  }
  const number = readNumber(value);
  if (!number.ok) return number;
  if (unit === null) return number;
  const factor = FACTORS[quantity][unit];
  if (factor === undefined) return { ok: false, reason: 'error', problem: `unknown unit ${JSON.stringify(unit)} for ${quantity}` };
  return { ok: true, value: number.value * factor };
}

/** The value at `path` inside nested objects, or undefined; never throws on a missing level. */
export function pick(root: unknown, ...path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

