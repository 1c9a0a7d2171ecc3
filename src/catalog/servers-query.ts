// The answer behind `gpuwise servers`: which machines hold N of a GPU (or N GPUs of any kind), the
// sources they cite, and what renting the same GPU costs where we have a dated price.

import { loadCloudCatalog, localRentalQuotes, pricesAsOf, rentalQuotes, type LocalRentalQuote, type RentalQuote } from './cloud.js';
import type { CloudCatalog } from './cloud-schema.js';
import { resolveGpuName } from './resolve.js';
import { loadGpuCatalog } from './load.js';
import type { GpuCatalog } from './gpu-schema.js';
import { gpuIdsInServerCatalog, loadServerCatalog, serversThatHold, sourcesOfServer } from './servers.js';
import type { CatalogSource, GpuOption, ServerCatalog, ServerEntry } from './servers-schema.js';

export interface ServerQuery {
  /** A GPU catalog id, or a GPU name the GPU catalog recognises ("A100 80GB SXM4"). */
  gpu?: string;
  /** How many GPUs (of `gpu`, or of any model). Positive integer. */
  count?: number;
}

export interface ServerMatch {
  server: ServerEntry;
  /** The GPU option that satisfies the query; null when no GPU model was asked for. */
  option: GpuOption | null;
  /** Every source the entry cites, numbered in this order by renderers. */
  sources: CatalogSource[];
}

export interface ServerQueryResult {
  /** The GPU id the query resolved to; null when no GPU was asked for. */
  gpuId: string | null;
  /** The other variants when a model name was read as its flagship ("A100" → a100-sxm4-80gb); else empty. */
  gpuAlternatives?: string[];
  count: number | null;
  matches: ServerMatch[];
  /** Servers whose GPU count we could not source (they cannot be matched on count). */
  unsourcedGpuCount: string[];
  /** Renting the same GPU, on-demand and capacity blocks, cheapest per GPU-hour first. */
  rental: RentalQuote[];
  /** The span of `asOf` dates of the rental quotes; null when there are none. */
  rentalPricesAsOf: { oldest: string; newest: string } | null;
  /**
   * Hourly rental priced in another currency than USD (Chinese rental sites in CNY), on-demand, in
   * the provider's currency and never converted here; by currency, then cheapest per GPU-hour.
   */
  localRental: LocalRentalQuote[];
}

export class UnknownGpuError extends Error {
  readonly query: string;
  readonly knownIds: string[];
  /** The closest names (none fit), from the one resolver. */
  readonly suggestions: string[];
  /** Several different GPUs fit equally: name one of them. */
  readonly candidates: string[];
  constructor(query: string, knownIds: string[], answer: { suggestions?: string[]; candidates?: string[] } = {}) {
    super(`unknown GPU "${query}"`);
    this.name = 'UnknownGpuError';
    this.query = query;
    this.knownIds = knownIds;
    this.suggestions = answer.suggestions ?? [];
    this.candidates = answer.candidates ?? [];
  }
}

/** GPU ids the query may name: the GPU catalog's, plus those the server catalog refers to. */
export function knownGpuIds(servers: ServerCatalog = loadServerCatalog(), gpus: GpuCatalog = loadGpuCatalog()): string[] {
  return [...new Set([...gpus.gpus.map((g) => g.id), ...gpuIdsInServerCatalog(servers)])].sort();
}

/** An id as given, or the id the one resolver finds for the name; throws UnknownGpuError. */
export function resolveGpuId(query: string, servers: ServerCatalog = loadServerCatalog(), gpus: GpuCatalog = loadGpuCatalog()): string {
  const known = knownGpuIds(servers, gpus);
  const asId = query.trim().toLowerCase();
  if (known.includes(asId)) return asId;
  const answer = resolveGpuName(query, {}, gpus);
  if (answer.kind === 'one') return answer.entry.id;
  throw unknownGpu(query, known, answer);
}

function unknownGpu(query: string, known: string[], answer: ReturnType<typeof resolveGpuName>): UnknownGpuError {
  return new UnknownGpuError(query, known, answer.kind === 'several' ? { candidates: answer.candidates } : answer.kind === 'none' ? { suggestions: answer.suggestions } : {});
}

/** The variants a model name also fits when it was read as the flagship. */
function alternativesOf(query: string, gpus: GpuCatalog): string[] {
  const answer = resolveGpuName(query, {}, gpus);
  return answer.kind === 'one' ? answer.alternatives : [];
}

export function queryServers(
  query: ServerQuery,
  catalogs: { servers?: ServerCatalog; gpus?: GpuCatalog; cloud?: CloudCatalog } = {},
): ServerQueryResult {
  const servers = catalogs.servers ?? loadServerCatalog();
  const cloud = catalogs.cloud ?? loadCloudCatalog();
  if (query.count !== undefined && (!Number.isInteger(query.count) || query.count < 1)) {
    throw new RangeError(`GPU count must be a positive integer, got ${query.count}`);
  }
  const count = query.count ?? null;
  const withSources = (server: ServerEntry, option: GpuOption | null): ServerMatch => ({ server, option, sources: sourcesOfServer(server, servers) });

  if (query.gpu !== undefined) {
    const gpus = catalogs.gpus ?? loadGpuCatalog();
    const gpuId = resolveGpuId(query.gpu, servers, gpus);
    const gpuAlternatives = gpuId === query.gpu.trim().toLowerCase() ? [] : alternativesOf(query.gpu, gpus);
    const matches = serversThatHold(gpuId, count ?? 1, servers).map((fit) => withSources(fit.server, fit.option));
    const rental = [...rentalQuotes(gpuId, 'onDemand', cloud), ...rentalQuotes(gpuId, 'capacityBlock', cloud)];
    return {
      gpuId,
      gpuAlternatives,
      count,
      matches,
      unsourcedGpuCount: [],
      rental,
      rentalPricesAsOf: pricesAsOf(rental.map((q) => q.offering)),
      localRental: localRentalQuotes(gpuId, 'onDemand', cloud)
        .filter((q) => q.currency !== 'USD')
        .sort((a, b) => a.currency.localeCompare(b.currency) || a.perGpuHour - b.perGpuHour || a.offering.id.localeCompare(b.offering.id)),
    };
  }

  const wanted = count ?? 1;
  const matches = servers.servers
    .filter((server) => count === null || (server.gpuCountMax.value !== null && server.gpuCountMax.value >= wanted))
    .map((server) => withSources(server, null));
  const unsourcedGpuCount = count === null ? [] : servers.servers.filter((s) => s.gpuCountMax.value === null).map((s) => s.id);
  return { gpuId: null, count, matches, unsourcedGpuCount, rental: [], rentalPricesAsOf: null, localRental: [] };
}
