// nvidia-smi's `--format=csv` output → columns and rows of raw cells. Pure, no I/O.
//
// What real output looks like (see test/fixtures/nvidia-smi/): a header line of field names,
// each with its unit in brackets when it has one ("memory.total [MiB]"), then one line per GPU or
// process. Cells are joined by ", " and never quoted or escaped — a process name that contains
// ", " cannot be told apart from a separator, so the caller may name one free-text column that
// absorbs any surplus cells. Windows writes CRLF; captures may carry a BOM or lack the final
// newline.
//
// Linear in the input by construction: no regular expression here can backtrack, lines are
// walked with indexOf, and a row is split only as far as the header is wide.

import { shortenDetail } from '../../system/limits.js';

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

export interface CsvRejectedLine {
  line: number;
  /** The line, cut short (a problem message quotes it). */
  text: string;
  why: string;
}

export interface CsvTable {
  columns: CsvColumn[];
  rows: CsvRow[];
  /** Lines that could not be read as a row (wrong cell count, stray messages): the first few. */
  rejected: CsvRejectedLine[];
  /** How many lines were rejected in all. */
  rejectedCount: number;
  /** Non-empty lines past `maxRows`: counted, not parsed. */
  rowsPastLimit: number;
  /** Why the header could not be read as one (far too many cells); null when it could. */
  headerProblem: string | null;
}

export interface CsvParseOptions {
  /** A column whose value may itself contain ", " (e.g. "process_name"): surplus cells join it. */
  freeTextColumn?: string;
  /** Rows to parse at most; the rest are only counted (a machine has a bounded number of GPUs). */
  maxRows?: number;
}

const SEPARATOR = ', ';
/** Far more than any query asks for (about 50): a wider header is not nvidia-smi's. */
export const MAX_COLUMNS = 1024;
/** Rejected lines kept for messages; the rest are counted. */
const REJECTED_KEPT = 20;

/** Calls `visit` for each non-empty line (split at CRLF, LF or a lone CR), with its 1-based number. */
export function forEachLine(text: string, visit: (line: string, number: number) => boolean | void): void {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let start = 0;
  let number = 0;
  while (start <= body.length) {
    let end = start;
    while (end < body.length && body.charCodeAt(end) !== 10 && body.charCodeAt(end) !== 13) end++;
    number++;
    const line = body.slice(start, end);
    if (line.trim() !== '' && visit(line, number) === false) return;
    if (end >= body.length) return;
    start = body.charCodeAt(end) === 13 && body.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
  }
}

/** "memory.total [MiB]" → name and unit. The unit is the last bracketed group, which holds no "]". */
export function parseHeaderCell(cell: string): CsvColumn {
  const trimmed = cell.trim();
  if (!trimmed.endsWith(']')) return { name: trimmed, unit: null };
  // The earliest "[" after the last inner "]" opens the unit (what /^(.*?)\s*\[([^\]]*)\]$/ meant).
  const innerClose = trimmed.lastIndexOf(']', trimmed.length - 2);
  const open = trimmed.indexOf('[', innerClose + 1);
  if (open < 0 || open > trimmed.length - 2) return { name: trimmed, unit: null };
  return { name: trimmed.slice(0, open).trimEnd(), unit: trimmed.slice(open + 1, -1).trim() || null };
}

function countSeparators(text: string): number {
  let count = 0;
  for (let at = text.indexOf(SEPARATOR); at >= 0; at = text.indexOf(SEPARATOR, at + SEPARATOR.length)) count++;
  return count;
}

/**
 * The row's cells, or the number it has when that is not `width`. With a free-text column, the
 * cells before it are split from the start and those after it from the end; what is left is it.
 */
function splitRow(text: string, width: number, freeIndex: number): string[] | number {
  const found = countSeparators(text) + 1;
  if (found === width) return text.split(SEPARATOR);
  if (found < width || freeIndex < 0) return found;
  const cells: string[] = [];
  let start = 0;
  for (let i = 0; i < freeIndex; i++) {
    const at = text.indexOf(SEPARATOR, start);
    cells.push(text.slice(start, at));
    start = at + SEPARATOR.length;
  }
  const tail: string[] = [];
  let end = text.length;
  for (let i = freeIndex + 1; i < width; i++) {
    const at = text.lastIndexOf(SEPARATOR, end - SEPARATOR.length);
    tail.push(text.slice(at + SEPARATOR.length, end));
    end = at;
  }
  cells.push(text.slice(start, end));
  for (let i = tail.length - 1; i >= 0; i--) cells.push(tail[i]!);
  return cells;
}

/**
 * Parses CSV with a header. An empty input gives no columns and no rows; a header alone gives
 * columns and no rows (nvidia-smi's answer when no process is running).
 */
export function parseCsvTable(text: string, options: CsvParseOptions = {}): CsvTable {
  const table: CsvTable = { columns: [], rows: [], rejected: [], rejectedCount: 0, rowsPastLimit: 0, headerProblem: null };
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let width = -1;
  let freeIndex = -1;
  forEachLine(text, (lineText, line) => {
    if (width < 0) {
      const cells = lineText.split(SEPARATOR, MAX_COLUMNS + 1);
      if (cells.length > MAX_COLUMNS) {
        table.headerProblem = `the header has more than ${MAX_COLUMNS} cells`;
        return false;
      }
      table.columns = cells.map(parseHeaderCell);
      width = table.columns.length;
      freeIndex = options.freeTextColumn ? table.columns.findIndex((column) => column.name === options.freeTextColumn) : -1;
      return true;
    }
    if (table.rows.length >= maxRows) {
      table.rowsPastLimit++;
      return true;
    }
    const cells = splitRow(lineText, width, freeIndex);
    if (typeof cells === 'number') {
      table.rejectedCount++;
      if (table.rejected.length < REJECTED_KEPT) {
        table.rejected.push({ line, text: shortenDetail(lineText, 200), why: `expected ${width} cells, found ${cells}` });
      }
      return true;
    }
    table.rows.push({ line, cells: cells.map((cell) => cell.trim()) });
    return true;
  });
  return table;
}
