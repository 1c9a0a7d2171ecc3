// Validation shared by the server and cloud catalogs: the zod schema per entry (so an error names
// the entry), then the cross-references zod cannot see — unique ids, and every cited source present
// in the catalog's source list.

import type { z } from 'zod';
import { catalogSourceSchema } from './servers-schema.js';

export interface DataIssue {
  /** The entry's id (or `servers[3]` when it has none), or the source id. */
  where: string;
  /** Dotted path inside it: `gpuOptions.0.count.sources`. */
  path: string;
  message: string;
}

export class CatalogDataError extends Error {
  readonly issues: DataIssue[];
  constructor(catalogName: string, issues: DataIssue[]) {
    const lines = issues.slice(0, 20).map((i) => `  ${i.where}${i.path ? ` → ${i.path}` : ''}: ${i.message}`);
    const more = issues.length > 20 ? `\n  … and ${issues.length - 20} more` : '';
    super(`${catalogName} data is invalid (${issues.length} problem(s)):\n${lines.join('\n')}${more}`);
    this.name = 'CatalogDataError';
    this.issues = issues;
  }
}

function labelOf(raw: unknown, fallback: string): string {
  if (raw !== null && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string') return raw.id;
  return fallback;
}

/** Every `{ source: "…" }` reference anywhere inside a value, with its path. */
export function* sourceRefsIn(value: unknown, path: string[] = []): Generator<{ id: string; path: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* sourceRefsIn(item, [...path, String(i)]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.source === 'string') yield { id: record.source, path: path.join('.') };
    for (const [key, item] of Object.entries(record)) yield* sourceRefsIn(item, [...path, key]);
  }
}

/**
 * Parses `{ sources, [entriesKey]: [...] }` entry by entry and checks cross-references; returns the
 * parsed entries and sources, or throws CatalogDataError listing every problem.
 */
export function validateEntries<E extends z.ZodType>(
  catalogName: string,
  entriesKey: string,
  raw: { sources: readonly unknown[]; entries: readonly unknown[] },
  entrySchema: E,
): { sources: z.infer<typeof catalogSourceSchema>[]; entries: z.infer<E>[] } {
  const issues: DataIssue[] = [];
  const sources: z.infer<typeof catalogSourceSchema>[] = [];
  const entries: z.infer<E>[] = [];

  raw.sources.forEach((item, i) => {
    const parsed = catalogSourceSchema.safeParse(item);
    if (parsed.success) sources.push(parsed.data);
    else for (const issue of parsed.error.issues) issues.push({ where: labelOf(item, `sources[${i}]`), path: issue.path.map(String).join('.'), message: issue.message });
  });
  raw.entries.forEach((item, i) => {
    const parsed = entrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else for (const issue of parsed.error.issues) issues.push({ where: labelOf(item, `${entriesKey}[${i}]`), path: issue.path.map(String).join('.'), message: issue.message });
  });

  const sourceIds = new Set<string>();
  for (const source of sources) {
    if (sourceIds.has(source.id)) issues.push({ where: source.id, path: 'id', message: 'source id is used twice' });
    sourceIds.add(source.id);
  }
  const entryIds = new Set<string>();
  raw.entries.forEach((item, i) => {
    const id = labelOf(item, `${entriesKey}[${i}]`);
    if (entryIds.has(id)) issues.push({ where: id, path: 'id', message: 'entry id is used twice' });
    entryIds.add(id);
    for (const ref of sourceRefsIn(item)) {
      if (!sourceIds.has(ref.id)) issues.push({ where: id, path: ref.path, message: `cites unknown source "${ref.id}"` });
    }
  });

  if (issues.length > 0) throw new CatalogDataError(catalogName, issues);
  return { sources, entries };
}
