// The two questions the CLI (and the web) ask the GPU catalog, answered as plain data:
// "which GPUs?" (a filtered list with the sources it cites) and "tell me about this one" (by id or
// by any name a driver prints, with the sources, or why nothing matched).

import type { GpuEntry, Source } from './gpu-schema.js';
import { listGpus, sourcesOfGpu, type GpuFilter } from './load.js';
import type { MatchConfidence, MatchHints } from './match.js';
import { resolveGpuName, type GpuResolvedBy } from './resolve.js';
import type { UnlistedGpu } from './unlisted.js';

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
      /** How the one resolver (./resolve.ts) reached it. */
      resolvedBy: GpuResolvedBy;
      migProfile: string | null;
      /** Other entries the name could also be (ids): the other variants when the flagship was taken. */
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
      /** Set when several different GPUs fit the query equally: name one of them. */
      candidates: string[];
    };

const CONFIDENCE_OF: Record<GpuResolvedBy, 'id' | MatchConfidence> = { id: 'id', name: 'exact', shorthand: 'exact', 'flagship-variant': 'partial' };

/** Finds a GPU by catalog id or by any name people type or drivers print (the one resolver). */
export function lookupGpu(query: string, hints: MatchHints = {}): GpuLookup {
  const answer = resolveGpuName(query, hints);
  if (answer.kind === 'one') {
    const { entry } = answer;
    return {
      found: true,
      query: answer.query,
      confidence: CONFIDENCE_OF[answer.resolvedBy],
      resolvedBy: answer.resolvedBy,
      migProfile: answer.migProfile,
      alternatives: answer.alternatives,
      gpu: entry,
      sources: sourcesOfGpu(entry),
    };
  }
  if (answer.kind === 'several') return { found: false, query: answer.query, unlisted: null, suggestions: [], candidates: answer.candidates };
  return { found: false, query: answer.query, unlisted: answer.unlisted, suggestions: answer.suggestions, candidates: [] };
}
