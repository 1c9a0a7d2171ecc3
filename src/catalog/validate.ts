// Validates raw catalog data: the zod schema per entry (so an error names the entry), then the
// cross-references zod cannot see (unique ids, cited sources that exist, aliases that collide).

import { z } from 'zod';
import { gpuEntrySchema, sourceSchema, type GpuCatalog, type GpuEntry, type Source } from './gpu-schema.js';
import { normaliseGpuName } from './name-tokens.js';

export interface CatalogIssue {
  /** The entry's id (or `gpus[3]` when it has none), or `sources[2]` / the source id. */
  where: string;
  /** Dotted path inside it: `memoryBandwidthGBps.sources`. */
  path: string;
  message: string;
}

export class GpuCatalogError extends Error {
  readonly issues: CatalogIssue[];
  constructor(issues: CatalogIssue[]) {
    const lines = issues.slice(0, 20).map((i) => `  ${i.where}${i.path ? ` → ${i.path}` : ''}: ${i.message}`);
    const more = issues.length > 20 ? `\n  … and ${issues.length - 20} more` : '';
    super(`GPU catalog data is invalid (${issues.length} problem(s)):\n${lines.join('\n')}${more}`);
    this.name = 'GpuCatalogError';
    this.issues = issues;
  }
}

function issuesFrom(error: z.ZodError, where: string): CatalogIssue[] {
  return error.issues.map((issue) => ({ where, path: issue.path.map(String).join('.'), message: issue.message }));
}

function labelOf(raw: unknown, fallback: string): string {
  if (raw !== null && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string') return raw.id;
  return fallback;
}

/** Every `{ source: … }` reference anywhere inside an entry, with its path. */
function* sourceRefsIn(value: unknown, path: string[] = []): Generator<{ id: string; path: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* sourceRefsIn(item, [...path, String(i)]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.source === 'string') yield { id: record.source, path: path.join('.') };
    for (const [key, item] of Object.entries(record)) yield* sourceRefsIn(item, [...path, key]);
  }
}

function checkCrossReferences(sources: Source[], gpus: GpuEntry[]): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  const sourceIds = new Set<string>();
  for (const source of sources) {
    if (sourceIds.has(source.id)) issues.push({ where: source.id, path: 'id', message: 'duplicate source id' });
    sourceIds.add(source.id);
  }
  const ids = new Set<string>();
  const nameOwners = new Map<string, string>();
  for (const gpu of gpus) {
    if (ids.has(gpu.id)) issues.push({ where: gpu.id, path: 'id', message: 'duplicate GPU id' });
    ids.add(gpu.id);
    for (const ref of sourceRefsIn(gpu)) {
      if (!sourceIds.has(ref.id)) issues.push({ where: gpu.id, path: ref.path, message: `cites unknown source "${ref.id}"` });
    }
    for (const name of new Set([gpu.name, ...gpu.aliases].map(normaliseGpuName))) {
      const owner = nameOwners.get(name);
      if (owner !== undefined && owner !== gpu.id) {
        issues.push({ where: gpu.id, path: 'aliases', message: `name "${name}" also belongs to ${owner}` });
      }
      nameOwners.set(name, gpu.id);
    }
  }
  return issues;
}

/** Parses raw catalog data; throws GpuCatalogError listing every problem (entry, field, why). */
export function validateGpuCatalog(raw: { sources: unknown[]; gpus: unknown[] }): GpuCatalog {
  const issues: CatalogIssue[] = [];
  const sources: Source[] = [];
  const gpus: GpuEntry[] = [];
  raw.sources.forEach((item, i) => {
    const parsed = sourceSchema.safeParse(item);
    if (parsed.success) sources.push(parsed.data);
    else issues.push(...issuesFrom(parsed.error, labelOf(item, `sources[${i}]`)));
  });
  raw.gpus.forEach((item, i) => {
    const parsed = gpuEntrySchema.safeParse(item);
    if (parsed.success) gpus.push(parsed.data);
    else issues.push(...issuesFrom(parsed.error, labelOf(item, `gpus[${i}]`)));
  });
  if (sources.length === 0) issues.push({ where: 'sources', path: '', message: 'no sources' });
  if (gpus.length === 0) issues.push({ where: 'gpus', path: '', message: 'no GPU entries' });
  issues.push(...checkCrossReferences(sources, gpus));
  if (issues.length > 0) throw new GpuCatalogError(issues);
  return { sources, gpus };
}
