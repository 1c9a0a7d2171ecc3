// What the resolver compares: a name cut into atoms. Words are split where letters meet digits
// ("rtx4090" → rtx 4090, "7900xtx" → 7900 xtx, "mi300x" → mi 300 x), so a name typed with or
// without spaces, hyphens, vendors or "GeForce" gives the same atoms. Memory sizes ("80GB", "80 g",
// "80GiB") come out apart as a hint; bus and memory-type words (sxm4, pcie, oam, hbm3) stay whole
// and may be left out.

import { isOptionalToken, tokenizeGpuName } from './name-tokens.js';

/** Words a shorthand may leave out: series prefixes and vendors nobody types twice. */
const FREE_ATOMS: ReadonlySet<string> = new Set(['rtx', 'gtx', 'rx', 'hgx', 'huawei', 'ascend', 'habana']);

const MEMORY = /(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*(?:g|gb|gib)(?![a-z0-9])/gi;

export interface QueryAtoms {
  atoms: string[];
  /** A memory size the text gives ("80G", "24 GB"), in GiB; null when none. */
  memoryGiB: number | null;
  /** A word or a memory size given twice ("t4 t4", "a100 40g a100 80g"): two GPUs, not one. */
  repeated: boolean;
}

/** Words typed glued to a neighbour ("RTXA6000", "TITANRTX", "MI300XOAM"), peeled off letter runs. */
const GLUED_PREFIXES = ['titan', 'rtx', 'gtx', 'rx'];
const GLUED_SUFFIXES = ['super', 'rtx', 'oam', 'nvl', 'xtx', 'ada', 'ti'];

function peel(run: string): string[] {
  for (const prefix of GLUED_PREFIXES) if (run.length > prefix.length && run.startsWith(prefix)) return [prefix, ...peel(run.slice(prefix.length))];
  for (const suffix of GLUED_SUFFIXES) if (run.length > suffix.length && run.endsWith(suffix)) return [...peel(run.slice(0, -suffix.length)), suffix];
  return [run];
}

function split(token: string): string[] {
  if (isOptionalToken(token)) return /^\d+gb$/.test(token) ? [] : [token];
  return (token.match(/sxm\d|hbm\de?|[a-z]+|\d+/g) ?? []).flatMap((run) => (/^[a-z]/.test(run) ? peel(run) : [run]));
}

/** A size glued to a bus word ("PCIe40GB", "SXM2-16GB" typed as "SXM216GB") is still a size. */
const GLUED_SIZE = /(pcie|sxm\d?|hbm\d|nvl|ti)(?=\d+(?:\.\d+)?\s*(?:g|gb|gib)(?![a-z0-9]))/gi;

/** The atoms of a name and its memory hint. */
export function atomsOf(text: string): QueryAtoms {
  let memoryGiB: number | null = null;
  let sizes = 0;
  const withoutMemory = text.replace(GLUED_SIZE, '$1 ').replace(MEMORY, (_whole, size: string) => {
    memoryGiB ??= Number(size);
    sizes += 1;
    return ' ';
  });
  const words = tokenizeGpuName(withoutMemory);
  const atoms = words.flatMap(split);
  const unique = [...new Set(atoms)];
  return { atoms: unique, memoryGiB, repeated: sizes > 1 || new Set(words).size < words.length };
}

export function isFreeAtom(atom: string): boolean {
  return FREE_ATOMS.has(atom) || isOptionalToken(atom);
}

/**
 * How many atoms of `name` the query leaves out that tell GPUs apart (null when the query has an
 * atom the name lacks): 0 means the query names this model fully.
 */
export function missingAtoms(query: readonly string[], name: readonly string[]): number | null {
  if (!query.every((atom) => name.includes(atom))) return null;
  return name.filter((atom) => !query.includes(atom) && !isFreeAtom(atom)).length;
}
