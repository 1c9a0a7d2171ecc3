// Resolves what a user types ("A100-80GB", "v100-sxm2-32gb", "RTX 4090") to one catalog entry.
// Order: catalog id, then an exact name or alias, then the catalog's name matcher. A name that
// fits several variants of ONE model (A100 80GB as SXM4 or PCIe) resolves to that model's
// flagship — most memory, then the SXM/OAM module — and says which others it could have been;
// a name that fits different models is an error that lists them.

import { describeUnlistedGpu, loadGpuCatalog, matchGpuName, type GpuCatalog, type GpuEntry } from '../catalog/index.js';
import { AdvisorError } from './errors.js';

export type GpuResolution = 'id' | 'name' | 'flagship-variant';

export interface ResolvedGpu {
  query: string;
  entry: GpuEntry;
  resolvedBy: GpuResolution;
  /** Other variants the query also fits (ids), when resolvedBy is flagship-variant. */
  alternatives: string[];
}

const tokens = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

function flagshipFirst(a: GpuEntry, b: GpuEntry): number {
  const memory = b.memorySizeGiB.value - a.memorySizeGiB.value;
  if (memory !== 0) return memory;
  const moduleRank = (e: GpuEntry) => (e.formFactor === 'pcie' ? 1 : 0);
  return moduleRank(a) - moduleRank(b);
}

export function resolveGpu(query: string, catalog: GpuCatalog = loadGpuCatalog()): ResolvedGpu {
  const wanted = query.trim();
  if (wanted === '') throw new AdvisorError('advisor.error.unknownGpu', { value: query, hint: '' });
  const byId = catalog.gpus.find((gpu) => gpu.id === wanted.toLowerCase());
  if (byId) return { query, entry: byId, resolvedBy: 'id', alternatives: [] };

  const match = matchGpuName(wanted, {}, catalog);
  if (match === null) {
    const unlisted = describeUnlistedGpu(wanted);
    throw new AdvisorError('advisor.error.unknownGpu', {
      value: query,
      hint: unlisted ? `${unlisted.reason.en}${unlisted.closestId ? ` (closest: ${unlisted.closestId})` : ''}` : '',
    });
  }
  if (match.confidence === 'exact' || match.alternatives.length === 0) {
    return { query, entry: match.entry, resolvedBy: 'name', alternatives: [] };
  }
  const candidates = [match.entry, ...match.alternatives];
  const families = new Set(candidates.map((gpu) => tokens(gpu.family)));
  if (families.size > 1) {
    throw new AdvisorError('advisor.error.ambiguousGpu', { value: query, candidates: candidates.map((gpu) => gpu.id).join(', ') });
  }
  const [flagship, ...others] = [...candidates].sort(flagshipFirst);
  if (!flagship) throw new AdvisorError('advisor.error.unknownGpu', { value: query, hint: '' });
  return { query, entry: flagship, resolvedBy: 'flagship-variant', alternatives: others.map((gpu) => gpu.id) };
}
