// Aligned columns that fit the width: each column has a priority, and the most important ones
// that fit are kept, in their display order. All rows share the same column widths, so a value
// sits in the same place on every GPU's line — in Chinese too (widths are display widths).

import { Line } from './line.js';

export interface Column {
  /** Lower is more important; 0 is always kept. */
  priority: number;
  /** One cell per row; null: the row has nothing there (blank). */
  cells: (Line | null)[];
  align?: 'left' | 'right';
  /** Cut to this width when wider; the cell is cut with an ellipsis. */
  maxWidth?: number;
  /** Fills what is left after the others (at most one column). */
  grow?: boolean;
  /** Smallest width a growing column takes before it is dropped. */
  minWidth?: number;
}

/** A column kept by fitColumns, with where it starts and how wide it is. */
export interface KeptColumn {
  column: Column;
  start: number;
  width: number;
}

/** Columns kept and their widths, for `width` columns with `gap` spaces between columns. */
export function fitColumns(columns: readonly Column[], width: number, gap = 2): KeptColumn[] {
  const natural = columns.map((column) => {
    let w = 0;
    for (let i = 0; i < column.cells.length; i++) {
      const cell = column.cells[i];
      if (cell && cell.width > w) w = cell.width;
    }
    return Math.min(w, column.maxWidth ?? Infinity);
  });
  const order = columns.map((_, i) => i).sort((a, b) => columns[a]!.priority - columns[b]!.priority || a - b);
  const chosen = new Set<number>();
  let used = 0;
  for (const i of order) {
    const column = columns[i]!;
    if (natural[i] === 0 && !column.grow) continue;
    const need = (column.grow ? (column.minWidth ?? 1) : natural[i]!) + (chosen.size > 0 ? gap : 0);
    if (used + need > width && column.priority > 0) continue;
    chosen.add(i);
    used += need;
  }
  const kept: KeptColumn[] = [];
  let start = 0;
  const rest = width - used;
  for (let i = 0; i < columns.length; i++) {
    if (!chosen.has(i)) continue;
    const column = columns[i]!;
    const w = column.grow ? Math.max(column.minWidth ?? 1, (column.minWidth ?? 1) + rest) : natural[i]!;
    if (kept.length > 0) start += gap;
    kept.push({ column, start, width: w });
    start += w;
  }
  return kept;
}

/** Renders row `row` of the kept columns as one Line. */
export function renderRow(kept: KeptColumn[], row: number, gap = 2, ellipsis = '…'): Line {
  const line = new Line();
  kept.forEach(({ column, width }, k) => {
    if (k > 0) line.space(gap);
    const cell = column.cells[row] ?? null;
    if (!cell) {
      line.space(width);
      return;
    }
    const w = cell.width;
    if (w > width) {
      const cut = cell.cutTo(width, ellipsis);
      line.append(cut).space(width - cut.width);
    } else if (column.align === 'right') {
      line.space(width - w).append(cell);
    } else {
      line.append(cell).space(width - w);
    }
  });
  return line;
}
