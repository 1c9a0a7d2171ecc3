// nvidia-smi's `--format=csv` output → columns and rows of raw cells. Pure, no I/O.
//
// What real output looks like (see test/fixtures/nvidia-smi/): a header line of field names,
// each with its unit in brackets when it has one ("memory.total [MiB]"), then one line per GPU or
// process. Cells are joined by ", " and never quoted or escaped — a process name that contains
// ", " cannot be told apart from a separator, so the caller may name one free-text column that
// absorbs any surplus cells. Windows writes CRLF; captures may carry a BOM or lack the final
// newline.

export interface CsvColumn {
  /** The field name as printed, unit removed: "memory.total". */
  name: string;
  /** The unit from the header's brackets ("MiB", "W", "MHz", "%", "us"), or null. */
  unit: string | null;
}

export interface CsvRow {
  /** 1-based line number in the input, for problem messages. */
  line: number;
  /** One raw cell per column, in column order. */
  cells: string[];
}

export interface CsvTable {
  columns: CsvColumn[];
  rows: CsvRow[];
  /** Lines that could not be read as a row (wrong cell count, stray messages). */
  rejected: { line: number; text: string; why: string }[];
}

export interface CsvParseOptions {
  /** A column whose value may itself contain ", " (e.g. "process_name"): surplus cells join it. */
  freeTextColumn?: string;
}

const SEPARATOR = ', ';
const HEADER_CELL = /^(.*?)\s*\[([^\]]*)\]$/;

export function splitLines(text: string): { line: number; text: string }[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body
    .split(/\r?\n|\r/)
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter((entry) => entry.text.trim() !== '');
}

export function parseHeaderCell(cell: string): CsvColumn {
  const trimmed = cell.trim();
  const match = HEADER_CELL.exec(trimmed);
  if (!match) return { name: trimmed, unit: null };
  return { name: match[1]!, unit: match[2]!.trim() || null };
}

/** Joins the surplus cells of an over-long row back into the free-text column. */
function mergeSurplus(cells: string[], width: number, freeIndex: number): string[] {
  const surplus = cells.length - width;
  const merged = cells.slice(freeIndex, freeIndex + surplus + 1).join(SEPARATOR);
  return [...cells.slice(0, freeIndex), merged, ...cells.slice(freeIndex + surplus + 1)];
}

/**
 * Parses CSV with a header. An empty input gives no columns and no rows; a header alone gives
 * columns and no rows (nvidia-smi's answer when no process is running).
 */
export function parseCsvTable(text: string, options: CsvParseOptions = {}): CsvTable {
  const lines = splitLines(text);
  const table: CsvTable = { columns: [], rows: [], rejected: [] };
  const header = lines.shift();
  if (!header) return table;
  table.columns = header.text.split(SEPARATOR).map(parseHeaderCell);
  const width = table.columns.length;
  const freeIndex = options.freeTextColumn
    ? table.columns.findIndex((column) => column.name === options.freeTextColumn)
    : -1;

  for (const { line, text: rowText } of lines) {
    let cells = rowText.split(SEPARATOR);
    if (cells.length > width && freeIndex >= 0) cells = mergeSurplus(cells, width, freeIndex);
    if (cells.length !== width) {
      table.rejected.push({ line, text: rowText, why: `expected ${width} cells, found ${cells.length}` });
      continue;
    }
    table.rows.push({ line, cells: cells.map((cell) => cell.trim()) });
  }
  return table;
}
