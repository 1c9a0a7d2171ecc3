// The process table: a header (click a column to sort by it) and the visible slice of rows, the
// selected one marked. Columns narrow terminals cannot hold are dropped, least useful first; the
// command takes what is left. Widths are display widths, so Chinese headers line up.

import type { Locale, MessageKey, Translate } from '../../i18n/index.js';
import type { HostResolution } from '../../core/snapshot.js';
import { cellWidth, cut, Line, padLeft, padRight } from './line.js';
import type { ProcessRow, ProcessSort, SortKey } from './process-rows.js';
import type { Theme } from './theme.js';
import { bytesShort, elapsedShort, percentText } from './units.js';

export interface TableInput {
  rows: readonly ProcessRow[];
  selected: number;
  scroll: number;
  /** Lines for the table, header included. */
  height: number;
  width: number;
  sort: ProcessSort;
  tree: boolean;
  /** Why the table is empty, when it is. */
  emptyText: string;
  theme: Theme;
  t: Translate;
  locale: Locale;
}

export interface HeaderHit {
  sort: SortKey;
  from: number;
  to: number;
}

export interface TableOutput {
  lines: string[];
  headerHits: HeaderHit[];
}

interface ColumnSpec {
  sort: SortKey;
  label: MessageKey;
  /** Room kept even while every value is short, so columns do not jump when figures arrive. */
  minWidth: number | ((context: CellContext) => number);
  align: 'left' | 'right';
  /** Dropped first when the terminal is narrow (higher goes first). */
  drop: number;
  value: (row: ProcessRow, context: CellContext) => { text: string; style?: (s: string) => string };
}

interface CellContext {
  theme: Theme;
  t: Translate;
  locale: Locale;
}

/** The widest TIME a row shows in its first days: "59m59s" (6 columns), "59分59秒" (8: CJK is 2 wide). */
const WIDE_ELAPSED_SECONDS = 59 * 60 + 59;

const blank = { text: '' };

const COLUMNS: ColumnSpec[] = [
  { sort: 'pid', minWidth: 7, label: 'top.col.pid', align: 'right', drop: 0, value: (row, { theme }) => ({ text: String(row.pid), style: row.depth > 0 ? theme.dim : undefined }) },
  { sort: 'user', minWidth: 6, label: 'top.col.user', align: 'left', drop: 3, value: (row, { theme, t }) => (row.depth > 0 ? { text: row.user ?? '', style: theme.dim } : row.user === null ? { text: t('top.process.unknownUser'), style: theme.dim } : { text: row.user }) },
  { sort: 'gpu', minWidth: 3, label: 'top.col.gpu', align: 'right', drop: 1, value: (row) => (row.gpuLabel === null ? blank : { text: row.gpuLabel }) },
  { sort: 'gpuMemory', minWidth: 6, label: 'top.col.gpuMemory', align: 'right', drop: 0, value: (row, c) => (row.depth > 0 ? blank : optional(row.gpuMemoryBytes, bytesShort, c)) },
  { sort: 'sm', minWidth: 4, label: 'top.col.sm', align: 'right', drop: 4, value: (row, c) => (row.depth > 0 ? blank : optional(row.smPercent, percentText, c)) },
  { sort: 'cpu', minWidth: 5, label: 'top.col.cpu', align: 'right', drop: 1, value: (row, c) => optional(row.cpuPercent, percentText, c) },
  { sort: 'rss', minWidth: 6, label: 'top.col.rss', align: 'right', drop: 2, value: (row, c) => optional(row.rssBytes, bytesShort, c) },
  {
    sort: 'time', minWidth: ({ locale }) => cellWidth(elapsedShort(WIDE_ELAPSED_SECONDS, locale)), label: 'top.col.time', align: 'right', drop: 5,
    value: (row, c) => (row.depth > 0 ? blank : optional(row.elapsedSeconds, (s) => elapsedShort(s, c.locale), c)),
  },
];

function optional(value: number | null, show: (v: number) => string, { theme, t }: CellContext) {
  return value === null ? { text: t('common.notAvailable'), style: theme.dim } : { text: show(value) };
}

/** What stands in for the command of a process the host could not show. */
const RESOLUTION_KEYS = {
  ok: null,
  'other-namespace': 'top.process.otherNamespace',
  gone: 'info.process.gone',
  'no-permission': 'info.process.noPermission',
  error: null,
  unsupported: null,
} as const satisfies Record<HostResolution, MessageKey | null>;

const MIN_COMMAND = 12;

export function renderProcessTable(input: TableInput): TableOutput {
  const { theme, t, width } = input;
  const context: CellContext = { theme, t, locale: input.locale };
  const showSm = input.rows.some((row) => row.smPercent !== null);
  let specs = COLUMNS.filter((spec) => spec.sort !== 'sm' || showSm);
  const visible = input.rows.slice(input.scroll, input.scroll + Math.max(0, input.height - 1));
  // Each visible row's cells, formatted once: for the widths, then for the lines.
  const cells = new Map<ColumnSpec, ReturnType<ColumnSpec['value']>[]>();
  for (const spec of specs) cells.set(spec, visible.map((row) => spec.value(row, context)));
  const label = (spec: ColumnSpec) => t(spec.label) + (input.sort.key === spec.sort ? (input.sort.descending ? theme.glyphs.descending : theme.glyphs.ascending) : '');
  // Widths: each column's floor (room for its usual figures, so columns do not jump as values
  // change), widened by what the rows on screen show; users and GPU labels from every row, which
  // costs a string length each — formatting every figure of 200 rows per frame would not pay.
  const widthOf = (spec: ColumnSpec) => {
    let w = Math.max(typeof spec.minWidth === 'number' ? spec.minWidth : spec.minWidth(context), cellWidth(label(spec)));
    const { rows } = input;
    // Indexed: a for-of allocates a result a step until V8 optimises this (200 rows a frame).
    if (spec.sort === 'user') for (let i = 0; i < rows.length; i++) w = Math.max(w, rows[i]!.user === null ? 1 : cellWidth(rows[i]!.user!));
    else if (spec.sort === 'gpu') for (let i = 0; i < rows.length; i++) w = Math.max(w, rows[i]!.gpuLabel?.length ?? 0);
    else for (const cell of cells.get(spec)!) w = Math.max(w, cellWidth(cell.text));
    return spec.sort === 'user' ? Math.min(w, 12) : w;
  };
  let widths = specs.map(widthOf);
  const fixed = () => 2 + widths.reduce((sum, w) => sum + w + 1, 0);
  while (fixed() + MIN_COMMAND > width && specs.some((spec) => spec.drop > 0)) {
    const worst = specs.reduce((a, b) => (b.drop > a.drop ? b : a));
    const index = specs.indexOf(worst);
    specs = specs.filter((_, i) => i !== index);
    widths = widths.filter((_, i) => i !== index);
  }
  const commandWidth = Math.max(0, width - fixed());
  const headerHits: HeaderHit[] = [];
  const header = new Line().space(2);
  specs.forEach((spec, i) => {
    const w = widths[i]!;
    headerHits.push({ sort: spec.sort, from: header.width + 1, to: header.width + w });
    header.add(spec.align === 'right' ? padLeft(label(spec), w) : padRight(label(spec), w)).space();
  });
  headerHits.push({ sort: 'command', from: header.width + 1, to: width });
  const countText = input.rows.length > visible.length ? ` ${input.scroll + 1}-${input.scroll + visible.length}/${input.rows.length}` : '';
  header.add(padRight(cut(t('top.col.command') + (input.sort.key === 'command' ? (input.sort.descending ? theme.glyphs.descending : theme.glyphs.ascending) : ''), commandWidth - cellWidth(countText)), commandWidth - cellWidth(countText)) + countText);
  const lines = [header.render(width, theme.glyphs.ellipsis, theme.header)];
  visible.forEach((row, k) => {
    const index = input.scroll + k;
    const selected = index === input.selected;
    const line = new Line().add(selected ? theme.glyphs.selected : ' ', theme.accent).space();
    specs.forEach((spec, i) => {
      const w = widths[i]!;
      const { text, style } = cells.get(spec)![k]!;
      const shown = cut(text, w, theme.glyphs.ellipsis);
      line.add(spec.align === 'right' ? padLeft(shown, w) : padRight(shown, w), style).space();
    });
    line.append(commandCell(row, input));
    lines.push(line.render(width, theme.glyphs.ellipsis, selected ? theme.selected : undefined));
  });
  if (input.rows.length === 0 && input.height > 1) lines.push(new Line().space(2).add(input.emptyText, theme.dim).render(width, theme.glyphs.ellipsis));
  while (lines.length < input.height) lines.push(' '.repeat(width));
  return { lines, headerHits };
}

function commandCell(row: ProcessRow, { theme, t, tree }: TableInput): Line {
  const line = new Line();
  if (row.depth > 0) {
    const { treePipe, treeSpace, treeBranch, treeLast } = theme.glyphs;
    const prefix = row.branches.slice(0, -1).map((more) => (more ? treePipe : treeSpace)).join('') + (row.branches[row.branches.length - 1] ? treeLast : treeBranch);
    line.add(prefix, theme.dim);
  }
  const key = RESOLUTION_KEYS[row.resolution];
  if (row.command === null || (key !== null && row.resolution !== 'ok')) {
    line.add(key === null ? t('common.notAvailable') : t(key), row.resolution === 'other-namespace' ? theme.warn : theme.dim);
  } else {
    line.add(row.command, row.depth === 0 ? theme.bold : theme.plain);
  }
  if (row.state === 'D' || row.state === 'Z') line.add(` [${row.state}]`, theme.warn);
  if (row.depth > 0 && row.usesGpu) line.add(` [${t('top.process.alsoOnGpu')}]`, theme.accent);
  if (!tree && row.workers > 0) line.add(`  ${t('top.process.workers', { count: row.workers })}`, theme.dim);
  return line;
}
