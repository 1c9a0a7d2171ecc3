// The server catalog's library API: load (validated once, cached), list, get, and "which servers
// can hold N of this GPU". Pure data: no I/O, no printing.

import { SERVER_CATALOG_DATA } from './data/servers/index.js';
import type { SourceRef } from './gpu-schema.js';
import {
  serverEntrySchema,
  type CatalogSource,
  type GpuOption,
  type ServerCatalog,
  type ServerCategory,
  type ServerEntry,
} from './servers-schema.js';
import { sourceRefsIn, validateEntries } from './servers-validate.js';

export * from './servers-schema.js';
export { CatalogDataError, type DataIssue } from './servers-validate.js';

/** Validates raw server data; throws CatalogDataError naming every broken entry. */
export function validateServerCatalog(raw: { sources: readonly unknown[]; servers: readonly unknown[] }): ServerCatalog {
  const { sources, entries } = validateEntries('Server catalog', 'servers', { sources: raw.sources, entries: raw.servers }, serverEntrySchema);
  return { sources, servers: entries };
}

let cached: ServerCatalog | null = null;

/** The built-in server catalog, validated on first use. */
export function loadServerCatalog(): ServerCatalog {
  cached ??= validateServerCatalog(SERVER_CATALOG_DATA);
  return cached;
}

export interface ServerFilter {
  /** Case-insensitive vendor name: "nvidia", "Dell". */
  vendor?: string;
  category?: ServerCategory;
  /** Keep servers offered with this GPU catalog id. */
  gpuId?: string;
}

export function listServers(filter: ServerFilter = {}, catalog: ServerCatalog = loadServerCatalog()): ServerEntry[] {
  const vendor = filter.vendor?.toLowerCase();
  return catalog.servers.filter(
    (server) =>
      (vendor === undefined || server.vendor.toLowerCase() === vendor) &&
      (filter.category === undefined || server.category === filter.category) &&
      (filter.gpuId === undefined || server.gpuOptions.some((option) => option.gpuId === filter.gpuId)),
  );
}

/** By id, or by the vendor's model name or an alias (case-insensitive). */
export function getServer(idOrName: string, catalog: ServerCatalog = loadServerCatalog()): ServerEntry | null {
  const wanted = idOrName.trim().toLowerCase();
  return (
    catalog.servers.find((server) => server.id === wanted) ??
    catalog.servers.find(
      (server) =>
        `${server.vendor} ${server.model}`.toLowerCase() === wanted ||
        server.model.toLowerCase() === wanted ||
        server.aliases.some((alias) => alias.toLowerCase() === wanted),
    ) ??
    null
  );
}

/** A server that can hold the GPUs asked for, and the option (count, interconnect) that does it. */
export interface ServerFit {
  server: ServerEntry;
  option: GpuOption;
}

/**
 * Servers that hold at least `count` of GPU `gpuId`, fewest slots first (the smallest machine that
 * fits), then by id. Only sourced GPU options count: a server whose GPU list we could not source is
 * never offered. Throws RangeError when `count` is not a positive integer.
 */
export function serversThatHold(gpuId: string, count: number, catalog: ServerCatalog = loadServerCatalog()): ServerFit[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`GPU count must be a positive integer, got ${count}`);
  const fits: ServerFit[] = [];
  for (const server of catalog.servers) {
    const option = server.gpuOptions.find((o) => o.gpuId === gpuId && o.count.value >= count);
    if (option !== undefined) fits.push({ server, option });
  }
  return fits.sort((a, b) => a.option.count.value - b.option.count.value || a.server.id.localeCompare(b.server.id));
}

/** Every GPU catalog id the server catalog refers to (for cross-checking against the GPU catalog). */
export function gpuIdsInServerCatalog(catalog: ServerCatalog = loadServerCatalog()): string[] {
  return [...new Set(catalog.servers.flatMap((server) => server.gpuOptions.map((option) => option.gpuId)))].sort();
}

export interface ResolvedServerSource {
  source: CatalogSource;
  at: string | null;
}

export function resolveServerSources(refs: readonly SourceRef[], catalog: ServerCatalog = loadServerCatalog()): ResolvedServerSource[] {
  return refs.flatMap((ref) => {
    const source = catalog.sources.find((s) => s.id === ref.source);
    return source === undefined ? [] : [{ source, at: ref.at ?? null }];
  });
}

/** Every source an entry cites anywhere, each once, in first-cited order. */
export function sourcesOfServer(entry: ServerEntry, catalog: ServerCatalog = loadServerCatalog()): CatalogSource[] {
  const ids = [...new Set([...sourceRefsIn(entry)].map((ref) => ref.id))];
  return ids.flatMap((id) => catalog.sources.find((s) => s.id === id) ?? []);
}
