// Sorting the process tables: by user, command, GPU memory, CPU or RSS, either way. A missing
// value (null: a process in a container whose host side cannot be read) sorts last in both
// directions — it is not "less than zero" — and ties keep a stable order by PID.

export type SortDirection = 'asc' | 'desc';

export interface SortState<Column extends string> {
  column: Column;
  direction: SortDirection;
}

export type SortValue = string | number | null | undefined;

export function compareValues(a: SortValue, b: SortValue, direction: SortDirection, collator: Intl.Collator): number {
  const missingA = a === null || a === undefined || (typeof a === 'number' && !Number.isFinite(a)) || a === '';
  const missingB = b === null || b === undefined || (typeof b === 'number' && !Number.isFinite(b)) || b === '';
  if (missingA || missingB) return missingA === missingB ? 0 : missingA ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'asc' ? order : -order;
}

export function sortRows<Row, Column extends string>(
  rows: readonly Row[],
  sort: SortState<Column>,
  value: (row: Row, column: Column) => SortValue,
  tieBreak: (row: Row) => number,
  locale: string,
): Row[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  return [...rows].sort((x, y) => compareValues(value(x, sort.column), value(y, sort.column), sort.direction, collator) || tieBreak(x) - tieBreak(y));
}

/** A click on a column: the same column turns around; a new one starts biggest-first for numbers. */
export function nextSort<Column extends string>(current: SortState<Column>, column: Column, numeric: boolean): SortState<Column> {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: numeric ? 'desc' : 'asc' };
}
