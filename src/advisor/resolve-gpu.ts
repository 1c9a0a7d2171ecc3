// Resolves what a user types ("A100-80GB", "v100-sxm2-32gb", "RTX 4090", "4090") to one catalog
// entry through the catalog's one resolver (src/catalog/resolve.ts), as an AdvisorError when it
// cannot: several different GPUs (listed), or none (with the closest names).

import { loadGpuCatalog, type GpuCatalog, type GpuEntry } from '../catalog/index.js';
import { resolveGpuName } from '../catalog/resolve.js';
import { AdvisorError } from './errors.js';

export type GpuResolution = 'id' | 'name' | 'flagship-variant';

export interface ResolvedGpu {
  query: string;
  entry: GpuEntry;
  resolvedBy: GpuResolution;
  /** Other variants the query also fits (ids), when resolvedBy is flagship-variant. */
  alternatives: string[];
}

export function resolveGpu(query: string, catalog: GpuCatalog = loadGpuCatalog()): ResolvedGpu {
  const answer = resolveGpuName(query, {}, catalog);
  if (answer.kind === 'one') {
    const resolvedBy = answer.resolvedBy === 'shorthand' ? 'name' : answer.resolvedBy;
    return { query, entry: answer.entry, resolvedBy, alternatives: answer.alternatives };
  }
  if (answer.kind === 'several') throw new AdvisorError('advisor.error.ambiguousGpu', { value: query, candidates: answer.candidates.join(', ') });
  if (answer.unlisted !== null) {
    throw new AdvisorError('advisor.error.unlistedGpu', { value: query, closest: answer.unlisted.closestId ?? '—' });
  }
  if (answer.suggestions.length > 0) throw new AdvisorError('advisor.error.unknownGpuSuggest', { value: query, suggestions: answer.suggestions.join(', ') });
  throw new AdvisorError('advisor.error.unknownGpu', { value: query, hint: '' });
}
