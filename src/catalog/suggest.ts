// "Did you mean": catalog ids whose names share the most words with what was typed.

import type { GpuCatalog, GpuEntry } from './gpu-schema.js';
import { loadGpuCatalog } from './load.js';
import { atomsOf } from './resolve-atoms.js';
import { tokenizeGpuName } from './name-tokens.js';

const MAX_SUGGESTIONS = 5;

/**
 * How alike two name tokens are: the same word scores 2; model numbers of the same length that
 * start alike ("5080" and "5090", "a5000" and "a6000") score 1.
 */
function tokenLikeness(a: string, b: string): number {
  if (a === b) return 2;
  const digits = /\d/;
  return digits.test(a) && digits.test(b) && a.length === b.length && a.slice(0, 2) === b.slice(0, 2) ? 1 : 0;
}

/** Words of a name, whole ("a6000") and as atoms ("a", "6000"), so "rtx5080" finds "RTX 5090". */
const wordsOf = (text: string) => [...new Set([...tokenizeGpuName(text), ...atomsOf(text).atoms])];

/** Each entry's words, once per entry. */
const ENTRY_WORDS = new WeakMap<GpuEntry, string[]>();
function entryWords(gpu: GpuEntry): string[] {
  let words = ENTRY_WORDS.get(gpu);
  if (words === undefined) {
    words = [...new Set([gpu.name, gpu.family, ...gpu.aliases].flatMap(wordsOf))];
    ENTRY_WORDS.set(gpu, words);
  }
  return words;
}

export function suggestGpuIds(query: string, catalog: GpuCatalog = loadGpuCatalog()): string[] {
  const wanted = wordsOf(query);
  const modelWords = wanted.filter((t) => /\d/.test(t));
  // Without a model number ("5080", "a100") a suggestion would only echo a brand word.
  if (modelWords.length === 0) return [];
  return catalog.gpus
    .map((gpu) => {
      const tokens = entryWords(gpu);
      const best = (word: string) => Math.max(0, ...tokens.map((t) => tokenLikeness(word, t)));
      return { id: gpu.id, model: Math.max(...modelWords.map(best)), score: wanted.reduce((sum, w) => sum + best(w), 0) };
    })
    .filter((s) => s.model > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.id);
}
