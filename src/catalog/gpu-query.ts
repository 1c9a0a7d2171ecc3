// The two questions the CLI (and the web) ask the GPU catalog, answered as plain data:
// "which GPUs?" (a filtered list with the sources it cites) and "tell me about this one" (by id or
// by any name a driver prints, with the sources, or why nothing matched).

import type { GpuEntry, Source } from './gpu-schema.js';
import { getGpu, listGpus, loadGpuCatalog, sourcesOfGpu, type GpuFilter } from './load.js';
import { matchGpuName, type MatchConfidence, type MatchHints } from './match.js';
import { normaliseGpuName, tokenizeGpuName } from './name-tokens.js';
import { describeUnlistedGpu, type UnlistedGpu } from './unlisted.js';

export interface GpuListResult {
  filter: GpuFilter;
  count: number;
  gpus: GpuEntry[];
  /** Every source the listed entries cite, each once. */
  sources: Source[];
}

export function queryGpuList(filter: GpuFilter = {}): GpuListResult {
  const gpus = listGpus(filter);
  const sources = new Map<string, Source>();
  for (const gpu of gpus) for (const source of sourcesOfGpu(gpu)) sources.set(source.id, source);
  return { filter, count: gpus.length, gpus, sources: [...sources.values()] };
}

export type GpuLookup =
  | {
      found: true;
      query: string;
      /** 'id' when the query was a catalog id; otherwise how sure the name match is. */
      confidence: 'id' | MatchConfidence;
      migProfile: string | null;
      /** Other entries the name could also be (ids), when the match is partial. */
      alternatives: string[];
      gpu: GpuEntry;
      sources: Source[];
    }
  | {
      found: false;
      query: string;
      /** Set when it is a GPU we know and deliberately leave out (e.g. the AWS A10G). */
      unlisted: UnlistedGpu | null;
      /** Catalog ids whose names share the most words with the query. */
      suggestions: string[];
    };

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

function suggestionsFor(query: string): string[] {
  const wanted = [...new Set(tokenizeGpuName(query))];
  const modelWords = wanted.filter((t) => /\d/.test(t));
  // Without a model number ("5080", "a100") a suggestion would only echo a brand word.
  if (modelWords.length === 0) return [];
  return loadGpuCatalog()
    .gpus.map((gpu) => {
      const tokens = [...new Set([gpu.name, gpu.family, ...gpu.aliases].flatMap(tokenizeGpuName))];
      const best = (word: string) => Math.max(0, ...tokens.map((t) => tokenLikeness(word, t)));
      return { id: gpu.id, model: Math.max(...modelWords.map(best)), score: wanted.reduce((sum, w) => sum + best(w), 0) };
    })
    .filter((s) => s.model > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SUGGESTIONS)
    .map((s) => s.id);
}

/** Finds a GPU by catalog id or by name (as any driver prints it). */
export function lookupGpu(query: string, hints: MatchHints = {}): GpuLookup {
  const trimmed = query.trim();
  const byId = getGpu(trimmed.toLowerCase());
  if (byId) return { found: true, query: trimmed, confidence: 'id', migProfile: null, alternatives: [], gpu: byId, sources: sourcesOfGpu(byId) };
  const match = matchGpuName(trimmed, hints);
  if (match) {
    return {
      found: true,
      query: trimmed,
      confidence: match.confidence,
      migProfile: match.migProfile,
      alternatives: match.alternatives.map((gpu) => gpu.id),
      gpu: match.entry,
      sources: sourcesOfGpu(match.entry),
    };
  }
  const unlisted = normaliseGpuName(trimmed) === '' ? null : describeUnlistedGpu(trimmed);
  return { found: false, query: trimmed, unlisted, suggestions: suggestionsFor(trimmed) };
}
