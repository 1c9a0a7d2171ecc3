// CSV table → one record per row, keyed by our field keys. Columns are matched by the name in the
// header (any spelling fields.ts knows). When the caller knows what it asked for, a column whose
// header name we do not recognise is matched by position instead: nvidia-smi prints columns in
// the order they were queried, and may print a canonical name we have not seen for an alias.

import { fieldsByName, type QueryField } from './fields.js';
import { parseCsvTable, type CsvParseOptions, type CsvTable } from './parse-csv.js';

export interface FieldCell {
  raw: string;
  /** The column's unit from the header, e.g. "MiB". */
  unit: string | null;
}

export interface FieldRecord<Key extends string> {
  line: number;
  cells: Map<Key, FieldCell>;
}

export interface RecordTable<Key extends string> {
  records: FieldRecord<Key>[];
  /** Why some lines or columns were not used; each becomes a problem entry. */
  notes: string[];
  /** The table underneath, for the checks that judge the output as a whole (check-output.ts). */
  table: CsvTable;
  /** Header columns whose printed name is one of ours (not merely placed by position). */
  columnsKnownByName: number;
}

export function toRecords<Key extends string>(
  table: CsvTable,
  fields: readonly QueryField<Key>[],
  /** The query names asked for, in order, when known. */
  asked?: readonly string[],
): RecordTable<Key> {
  const byName = fieldsByName(fields);
  const notes: string[] = [];
  const positional = asked !== undefined && asked.length === table.columns.length;
  if (asked !== undefined && table.columns.length > 0 && !positional) {
    notes.push(`asked for ${asked.length} fields, the header has ${table.columns.length}`);
  }
  const keys = table.columns.map((column, index) => {
    const key = byName.get(column.name) ?? (positional ? byName.get(asked[index]!) : undefined);
    return key ?? null;
  });
  const columnsKnownByName = table.columns.filter((column) => byName.has(column.name)).length;
  const seen = new Set<Key>();
  keys.forEach((key, index) => {
    if (key === null) return;
    // Two columns for one field (e.g. both names of a renamed field): the first one wins.
    if (seen.has(key)) keys[index] = null;
    seen.add(key);
  });

  const records = table.rows.map((row) => {
    const cells = new Map<Key, FieldCell>();
    row.cells.forEach((raw, index) => {
      const key = keys[index];
      if (key) cells.set(key, { raw, unit: table.columns[index]!.unit });
    });
    return { line: row.line, cells };
  });
  for (const rejected of table.rejected) notes.push(`line ${rejected.line}: ${rejected.why}`);
  const unlisted = table.rejectedCount - table.rejected.length;
  if (unlisted > 0) notes.push(`${unlisted} more lines could not be read as rows`);
  return { records, notes, table, columnsKnownByName };
}

export function parseRecords<Key extends string>(
  text: string,
  fields: readonly QueryField<Key>[],
  asked?: readonly string[],
  options?: CsvParseOptions,
): RecordTable<Key> {
  return toRecords(parseCsvTable(text, options), fields, asked);
}
