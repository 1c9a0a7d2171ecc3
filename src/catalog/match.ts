// Matches the GPU names drivers print (nvidia-smi, NVML, rocm-smi, amd-smi) to catalog entries.
// A name that could be a variant we do not list (an 8 GB RTX 3060, a laptop part) is not forced
// onto one we do: the memory hint settles variants, and an unknown model gives null.

import type { GpuCatalog, GpuEntry } from './gpu-schema.js';
import { loadGpuCatalog, memoryBytesOf } from './load.js';
import { isOptionalToken, tokenizeGpuName } from './name-tokens.js';

/**
 * - exact: the name alone identifies the variant;
 * - memory: the name gives the model, the memory hint the variant;
 * - partial: the most likely entry, but the name leaves room for others (see `alternatives`).
 */
export type MatchConfidence = 'exact' | 'memory' | 'partial';

export interface GpuNameMatch {
  entry: GpuEntry;
  confidence: MatchConfidence;
  /** Other entries the name could also be, most likely first; empty when exact. */
  alternatives: GpuEntry[];
  /** "1g.5gb" when the name is a MIG instance; the entry is then the parent GPU. */
  migProfile: string | null;
}

export interface MatchHints {
  /** Total memory the driver reports (NVML memory.total, rocm-smi VRAM total), in bytes. */
  memoryTotalBytes?: number | null;
}

// Drivers report less than the marketed size: ECC on GDDR reserves 1/16 (A40: 46068 of 49152 MiB),
// HBM parts keep a little back (H100: 81559 of 81920 MiB).
const MIN_REPORTED_SHARE = 0.9;
const MAX_REPORTED_SHARE = 1.02;

const MIG_SUFFIX = /\s+MIG\s+(\d+(?:c\.\d+)?g\.\d+gb(?:\+me)?)\s*$/i;
const TRUNCATION = /\s*(?:\.\.\.|…)\s*$/;

/** Whether a printed name ends cut off ("NVIDIA GeForce RTX 2080 ...": nvidia-smi's table is narrow). */
export const isCutOffGpuName = (name: string): boolean => TRUNCATION.test(name.replace(MIG_SUFFIX, ''));

/** Whether the reported memory fits the entry: the whole board, or one die of a multi-die board. */
function memoryFits(entry: GpuEntry, reportedBytes: number): boolean {
  const devices = entry.devicesPerBoard?.value ?? 1;
  return [1, devices].some((perDevice) => {
    const share = (reportedBytes * perDevice) / memoryBytesOf(entry);
    return share >= MIN_REPORTED_SHARE && share <= MAX_REPORTED_SHARE;
  });
}

/** Each entry's names as tokens, once per entry: the catalog is loaded once and never changes. */
const NAME_TOKENS = new WeakMap<GpuEntry, string[][]>();
function namesOf(entry: GpuEntry): string[][] {
  let names = NAME_TOKENS.get(entry);
  if (names === undefined) {
    names = [entry.name, ...entry.aliases].map(tokenizeGpuName);
    NAME_TOKENS.set(entry, names);
  }
  return names;
}

const sameTokens = (a: string[], b: string[]) => a.length === b.length && a.every((t) => b.includes(t));

/** The input names the model of `candidate`, leaving out only optional tokens (size, bus). */
function looselyNames(input: string[], candidate: string[], truncated: boolean): boolean {
  const last = input[input.length - 1];
  const covered = (token: string) =>
    candidate.includes(token) || (truncated && token === last && candidate.some((c) => c.startsWith(token)));
  if (!input.every(covered)) return false;
  if (truncated) return true;
  return candidate.every((token) => input.includes(token) || isOptionalToken(token));
}

/**
 * The catalog entry a printed GPU name refers to, or null when the catalog has no such GPU (or
 * the name cannot tell which). Pass the memory the driver reports to tell variants apart.
 */
export function matchGpuName(name: string, hints: MatchHints = {}, catalog: GpuCatalog = loadGpuCatalog()): GpuNameMatch | null {
  const migMatch = MIG_SUFFIX.exec(name);
  const migProfile = migMatch?.[1]?.toLowerCase() ?? null;
  const withoutMig = migMatch ? name.slice(0, migMatch.index) : name;
  const truncated = TRUNCATION.test(withoutMig);
  const tokens = tokenizeGpuName(withoutMig.replace(TRUNCATION, ''));
  if (tokens.length === 0 || tokens.every(isOptionalToken)) return null;
  // A MIG instance reports its slice's memory, which says nothing about the parent's size.
  const memoryHint = migProfile === null ? (hints.memoryTotalBytes ?? null) : null;

  if (!truncated) {
    const exact = catalog.gpus.find((gpu) => namesOf(gpu).some((names) => sameTokens(names, tokens)));
    if (exact) return { entry: exact, confidence: 'exact', alternatives: [], migProfile };
  }

  let candidates = catalog.gpus.filter((gpu) => namesOf(gpu).some((names) => looselyNames(tokens, names, truncated)));
  // A cut-off name ("NVIDIA GeForce RTX 2080 ...") fits models we do not list; only memory can vouch for it.
  if (truncated && memoryHint === null) return null;
  if (memoryHint !== null) candidates = candidates.filter((gpu) => memoryFits(gpu, memoryHint));
  const [first, ...rest] = candidates;
  if (first === undefined) return null;
  const settledByMemory = memoryHint !== null && rest.length === 0 && !truncated;
  return { entry: first, confidence: settledByMemory ? 'memory' : 'partial', alternatives: rest, migProfile };
}
