// Finds every number in a catalog entry and whether a source covers it. Used by the data tests
// (and usable by anyone importing foreign catalog data) to prove "no number without a source".

export interface NumberSite {
  /** Dotted path: "gpuLink.value.bandwidthGBps". */
  path: string;
  value: number;
  /** Sources of the nearest enclosing figure; empty when no source covers the number. */
  sourceIds: string[];
}

function sourcesHere(record: Record<string, unknown>): string[] | null {
  if (!Array.isArray(record.sources)) return null;
  return record.sources.flatMap((ref: unknown) =>
    ref !== null && typeof ref === 'object' && 'source' in ref && typeof ref.source === 'string' ? [ref.source] : [],
  );
}

export function findNumbers(value: unknown, path: string[] = [], covering: string[] = []): NumberSite[] {
  if (typeof value === 'number') return [{ path: path.join('.'), value, sourceIds: covering }];
  if (Array.isArray(value)) return value.flatMap((item, i) => findNumbers(item, [...path, String(i)], covering));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const here = sourcesHere(record) ?? covering;
  return Object.entries(record)
    .filter(([key]) => key !== 'sources')
    .flatMap(([key, item]) => findNumbers(item, [...path, key], here));
}
