// The one GPU name resolver every command uses (gpus show/compare, servers --gpu, cost, recommend,
// estimate …). It takes what people type — catalog ids, driver names, shorthand with or without
// spaces, vendors or "GeForce" (4090, rtx4090, A6000, mi300, 7900xtx, "A100 80G", gaudi, t4) — and
// answers one of three ways:
// - one: a single entry (by id, by a driver's exact name, by shorthand, or the flagship variant of
//   one model — most memory, then the SXM/OAM module — with the other variants named);
// - several: different models fit equally; the few candidates are listed;
// - none: the closest names are offered.

import type { GpuCatalog, GpuEntry } from './gpu-schema.js';
import { loadGpuCatalog } from './load.js';
import { matchGpuName, type MatchHints } from './match.js';
import { atomsOf, missingAtoms } from './resolve-atoms.js';
import { suggestGpuIds } from './suggest.js';
import { describeUnlistedGpu, type UnlistedGpu } from './unlisted.js';

/** How a single answer was reached. */
export type GpuResolvedBy = 'id' | 'name' | 'shorthand' | 'flagship-variant';

export type GpuResolution =
  | {
      kind: 'one';
      query: string;
      entry: GpuEntry;
      resolvedBy: GpuResolvedBy;
      /** With flagship-variant: the other variants the query fits (ids). */
      alternatives: string[];
      /** "1g.5gb" when the query is a MIG instance's name (the entry is its parent GPU). */
      migProfile: string | null;
    }
  | { kind: 'several'; query: string; candidates: string[] }
  | { kind: 'none'; query: string; suggestions: string[]; unlisted: UnlistedGpu | null };

/** At most this many candidates are listed; more is a query too vague to list (then: none). */
export const MAX_CANDIDATES = 6;
/** A memory hint fits an entry within this share of its size (80G → 80 GB, 94G → 94 GB). */
const MEMORY_TOLERANCE = 0.06;

const normalisedId = (text: string) => text.trim().toLowerCase().replace(/[\s_]+/g, '-');

function flagshipFirst(a: GpuEntry, b: GpuEntry): number {
  const memory = b.memorySizeGiB.value - a.memorySizeGiB.value;
  if (memory !== 0) return memory;
  const moduleRank = (entry: GpuEntry) => (entry.formFactor === 'pcie' ? 1 : 0);
  return moduleRank(a) - moduleRank(b);
}

const familyOf = (entry: GpuEntry) => atomsOf(entry.family).atoms.join(' ');

/** Each entry's names as atoms, computed once per entry (the catalog is loaded once and frozen). */
const NAME_ATOMS = new WeakMap<GpuEntry, string[][]>();
function nameAtoms(entry: GpuEntry): string[][] {
  let atoms = NAME_ATOMS.get(entry);
  if (atoms === undefined) {
    atoms = [entry.id, entry.name, ...entry.aliases].map((name) => atomsOf(name).atoms);
    NAME_ATOMS.set(entry, atoms);
  }
  return atoms;
}

/** The entries whose names the query covers with the fewest distinguishing atoms left out. */
function closestByAtoms(atoms: readonly string[], catalog: GpuCatalog): GpuEntry[] {
  let best = Infinity;
  let found: GpuEntry[] = [];
  for (const entry of catalog.gpus) {
    const missing = Math.min(...nameAtoms(entry).map((name) => missingAtoms(atoms, name) ?? Infinity));
    if (missing < best) [best, found] = [missing, [entry]];
    else if (missing === best && missing !== Infinity) found.push(entry);
  }
  return best === Infinity ? [] : found;
}

function fitsMemory(entry: GpuEntry, gib: number): boolean {
  return Math.abs(entry.memorySizeGiB.value - gib) <= entry.memorySizeGiB.value * MEMORY_TOLERANCE;
}

/** Splitting words only asks whether a run names a GPU: it skips the suggestions. */
let suggest = true;

function none(query: string, catalog: GpuCatalog, extra: string[] = []): GpuResolution {
  if (!suggest) return { kind: 'none', query, suggestions: [], unlisted: null };
  // A size no variant has ("4090 48G"): the models it named are the closest names.
  const suggestions = (extra.length > 0 ? extra : suggestGpuIds(query, catalog)).slice(0, 5);
  return { kind: 'none', query, suggestions, unlisted: describeUnlistedGpu(query) };
}

/**
 * Resolves what a user typed to catalog entries. `hints.memoryTotalBytes` (a driver's reading)
 * settles variants as the driver-name matcher does; a size in the text ("A100 80G") does too.
 */
export function resolveGpuName(input: string, hints: MatchHints = {}, catalog: GpuCatalog = loadGpuCatalog()): GpuResolution {
  const query = input.trim();
  if (query === '') return { kind: 'none', query, suggestions: [], unlisted: null };
  const byId = catalog.gpus.find((gpu) => gpu.id === normalisedId(query));
  if (byId) return { kind: 'one', query, entry: byId, resolvedBy: 'id', alternatives: [], migProfile: null };

  // A name exactly as a driver prints it (or a catalog alias), MIG suffix and memory hint included.
  const driver = matchGpuName(query, hints, catalog);
  if (driver !== null && (driver.confidence === 'exact' || driver.confidence === 'memory')) {
    return { kind: 'one', query, entry: driver.entry, resolvedBy: 'name', alternatives: [], migProfile: driver.migProfile };
  }

  const { atoms, memoryGiB, repeated } = atomsOf(query.replace(/\s+MIG\s+\S+\s*$/i, ''));
  if (atoms.length === 0 || repeated) return none(query, catalog);
  let candidates = closestByAtoms(atoms, catalog);
  const hintGiB = memoryGiB ?? (hints.memoryTotalBytes != null ? hints.memoryTotalBytes / 1024 ** 3 : null);
  if (hintGiB !== null && candidates.length > 0) {
    const fitting = candidates.filter((entry) => fitsMemory(entry, hintGiB));
    if (fitting.length === 0) return none(query, catalog, candidates.map((entry) => entry.id));
    candidates = fitting;
  }
  const migProfile = driver?.migProfile ?? null;
  const [first, ...rest] = candidates;
  if (first === undefined) return none(query, catalog);
  if (rest.length === 0) return { kind: 'one', query, entry: first, resolvedBy: 'shorthand', alternatives: [], migProfile };

  // Variants of one model (A100 40/80 GB, SXM/PCIe): its flagship, unless two tie for it.
  if (new Set(candidates.map(familyOf)).size === 1) {
    const [flagship, second, ...others] = [...candidates].sort(flagshipFirst);
    if (flagship !== undefined && second !== undefined && flagshipFirst(flagship, second) !== 0) {
      return { kind: 'one', query, entry: flagship, resolvedBy: 'flagship-variant', alternatives: [second, ...others].map((entry) => entry.id), migProfile };
    }
  }
  if (candidates.length > MAX_CANDIDATES) return none(query, catalog);
  return { kind: 'several', query, candidates: candidates.map((entry) => entry.id) };
}

/**
 * Splits command-line words into GPU queries: `t4 l4` is two GPUs, `A100 80G` and `RTX 4090` one.
 * From the left, the longest run of words that names a GPU (one or several) is one query; words
 * that name nothing are one query up to the next GPU name, so "not found" quotes them whole.
 */
/** The longest GPU name is 7 words ("AMD INSTINCT MI250 (MCM) OAM AC MBA"): runs past 10 are never tried. */
const MAX_NAME_WORDS = 10;

export function splitGpuQueries(words: readonly string[], catalog: GpuCatalog = loadGpuCatalog()): string[] {
  const parts = words.map((word) => word.trim()).filter((word) => word !== '');
  const names = (from: number, to: number) => {
    suggest = false;
    try {
      return resolveGpuName(parts.slice(from, to).join(' '), {}, catalog).kind !== 'none';
    } finally {
      suggest = true;
    }
  };
  /** The end of the longest run from `from` that names a GPU; null when none does. */
  const longest = new Map<number, number | null>();
  const longestFrom = (from: number): number | null => {
    if (longest.has(from)) return longest.get(from) ?? null;
    let found: number | null = null;
    for (let to = Math.min(parts.length, from + MAX_NAME_WORDS); to > from && found === null; to--) if (names(from, to)) found = to;
    longest.set(from, found);
    return found;
  };
  const queries: string[] = [];
  let start = 0;
  while (start < parts.length) {
    let end = longestFrom(start);
    // Words that name nothing stay together ("rtx 5080") up to where a GPU name starts again.
    if (end === null) {
      end = start + 1;
      while (end < parts.length && longestFrom(end) === null) end++;
    }
    queries.push(parts.slice(start, end).join(' '));
    start = end;
  }
  return queries;
}
