// One frame of `top`, composed from the panels: header, GPUs, host, notes, process table, status
// line, and over them the help or a signal dialog. Pure: everything it shows comes in through
// ScreenInput (already through safeView), the lines and what is where (for the mouse) come out.

import type { Snapshot } from '../../core/snapshot.js';
import type { Locale, Translate } from '../../i18n/index.js';
import type { HistoryWindow } from '../../monitor/history.js';
import pc from 'picocolors';
import { renderNoWorkingGpu } from '../render/no-gpu.js';
import { renderGpuPanel } from './gpu-panel.js';
import { helpLines } from './help.js';
import { renderHostPanel } from './host-panel.js';
import { planLayout } from './layout.js';
import { cellWidth, cut, Line } from './line.js';
import { renderNotes } from './notes.js';
import type { ProcessRow } from './process-rows.js';
import { renderProcessTable, type HeaderHit } from './process-table.js';
import { fitDialog, renderDialog } from './dialog.js';
import { renderHeader, renderStatus } from './status-lines.js';
import { resolveSelection, scrollFor, type Hit, type TopState } from './state.js';
import type { Theme } from './theme.js';

export interface ScreenInput {
  /** The newest snapshot, through safeView; null before the first read. */
  snapshot: Snapshot | null;
  history: HistoryWindow | null;
  rows: readonly ProcessRow[];
  state: TopState;
  columns: number;
  lines: number;
  nowMs: number;
  /** Wall time of the newest sample (ms), or null. */
  sampleMs: number | null;
  /** The next read is overdue (a driver call is hanging, or the machine is stalled). */
  stale: boolean;
  /** How long the newest read took in the backend (ms): a slow driver shows here first. */
  readMs: number | null;
  troubleSinceMs: ReadonlyMap<string, number>;
  readonly: boolean;
  theme: Theme;
  t: Translate;
  /** The reader's language, for durations and units the messages do not carry. */
  locale: Locale;
}

export interface ScreenOutput {
  lines: string[];
  /** Table rows on screen (for paging). */
  pageRows: number;
  selected: number;
  scroll: number;
  /** The details box's first line shown (clamped to its length), for paging to go on from. */
  detailsScroll: number;
  hitTest: (x: number, y: number) => Hit;
}

export const MIN_COLUMNS = 40;
export const MIN_LINES = 8;

export function composeScreen(input: ScreenInput): ScreenOutput {
  const { columns, lines: height, theme, t } = input;
  const none: ScreenOutput = { lines: [], pageRows: 0, selected: -1, scroll: 0, detailsScroll: 0, hitTest: () => null };
  const fill = (lines: Line[]) => padScreen(lines.map((line) => line.render(columns, theme.glyphs.ellipsis)), columns, height);
  if (columns < MIN_COLUMNS || height < MIN_LINES) {
    const text = t('top.tooSmall', { columns, lines: height, minColumns: MIN_COLUMNS, minLines: MIN_LINES });
    return { ...none, lines: padScreen([new Line().add(cut(text, columns, theme.glyphs.ellipsis), theme.warn).render(columns)], columns, height) };
  }
  const header = renderHeader(input);
  const snapshot = input.snapshot;
  if (!snapshot) return { ...none, lines: fill([header, new Line(), new Line().space(2).add(t('top.waiting'), theme.dim)]) };

  const notes = renderNotes(snapshot, columns, theme, t);
  const noGpu = snapshot.devices.length === 0 || snapshot.backend === null || snapshot.backend === 'pci';
  const noGpuLines = noGpu ? renderNoWorkingGpu(snapshot, { t, color: pc.createColors(false), width: columns }, 24) : [];
  const layout = planLayout({ rows: height, columns, devices: noGpu ? [] : snapshot.devices, view: input.state.view, noteLines: notes.length, noGpuLines: noGpuLines.length });

  const out: Line[] = [header];
  if (noGpu) {
    noGpuLines.slice(0, layout.gpuLines).forEach((text, i) => out.push(new Line().add(text, i === 0 ? theme.warn : theme.plain)));
  } else {
    const shown = snapshot.devices.slice(0, layout.gpusShown);
    const gpuLines = renderGpuPanel({
      devices: shown, history: input.history, endMs: input.sampleMs ?? input.nowMs, spanSeconds: input.state.spanSeconds, intervalMs: input.state.intervalMs, width: columns,
      mode: layout.mode, graphHeight: layout.graphHeight, migLines: layout.migLines, troubleSinceMs: input.troubleSinceMs, nowMs: input.nowMs, theme, t, locale: input.locale,
    });
    out.push(...gpuLines.slice(0, layout.gpuLines));
    const hidden = snapshot.devices.length - shown.length;
    if (hidden > 0) out.push(new Line().add(t('top.moreGpus', { count: hidden }), theme.dim));
  }
  while (out.length < 1 + layout.gpuLines) out.push(new Line());
  out.push(...renderHostPanel({ host: snapshot.host, width: columns, lines: layout.hostLines, theme, t }).slice(0, layout.hostLines));
  while (out.length < 1 + layout.gpuLines + layout.hostLines) out.push(new Line());
  out.push(...notes);

  const rendered = out.map((line) => line.render(columns, theme.glyphs.ellipsis));
  const tableTop = rendered.length; // 0-based screen row of the table header
  const pageRows = Math.max(0, layout.tableHeight - 1);
  const selected = resolveSelection(input.state, input.rows);
  const scroll = scrollFor(input.state, selected, pageRows, input.rows.length);
  const table = renderProcessTable({
    rows: input.rows, selected, scroll, height: layout.tableHeight, width: columns, sort: input.state.sort, tree: input.state.tree,
    emptyText: emptyText(input), theme, t, locale: input.locale,
  });
  rendered.push(...table.lines);
  const screen = padScreen(rendered, columns, height - 1);
  screen.push(renderStatus(input, selected).render(columns, theme.glyphs.ellipsis));

  const overlaid = overlay(screen, input, columns, height);
  return { lines: overlaid.lines, pageRows, selected, scroll, detailsScroll: overlaid.detailsScroll, hitTest: hitTester(tableTop, pageRows, scroll, input.rows.length, table.headerHits) };
}

function emptyText({ snapshot, state, t }: ScreenInput): string {
  const filtered = state.filter.text !== '' || state.filter.user !== null || state.filter.gpu !== null;
  if (filtered) return t('top.table.noMatch');
  return snapshot?.capabilities?.processes === false ? t('top.table.noProcessList') : t('top.table.empty');
}

/** Exactly `height` lines of `columns` (cut or filled with blank lines). */
function padScreen(lines: string[], columns: number, height: number): string[] {
  const out = lines.slice(0, height);
  while (out.length < height) out.push(' '.repeat(columns));
  return out;
}

function hitTester(tableTop: number, pageRows: number, scroll: number, rowCount: number, headerHits: HeaderHit[]): (x: number, y: number) => Hit {
  return (x, y) => {
    const row = y - 1; // reported from 1
    if (row === tableTop) {
      const hit = headerHits.find((h) => x >= h.from && x <= h.to);
      return hit ? { kind: 'header', sort: hit.sort } : null;
    }
    const index = scroll + (row - tableTop - 1);
    if (row > tableTop && row <= tableTop + pageRows && index < rowCount) return { kind: 'row', index };
    return null;
  };
}

/** The help, or a signal dialog, over the frame. */
function overlay(screen: string[], input: ScreenInput, columns: number, height: number): { lines: string[]; detailsScroll: number } {
  const { state, theme, t } = input;
  if (state.help) {
    const width = Math.min(columns - 4, 100);
    const body = helpLines(width - 4, theme, t, theme.ascii);
    const room = height - 4;
    const scroll = Math.min(state.helpScroll, Math.max(0, body.length - room));
    const visible = body.slice(scroll, scroll + room);
    const more = body.length > room ? t('top.help.more', { from: scroll + 1, to: scroll + visible.length, count: body.length }) : t('top.help.close');
    return { lines: placeBox(screen, boxLines(visible, width, more, theme), columns, 1), detailsScroll: 0 };
  }
  const dialog = renderDialog(input);
  if (dialog === null) return { lines: screen, detailsScroll: 0 };
  const width = Math.min(columns - 4, Math.max(50, ...dialog.body.map((line) => line.width + 4)));
  // Every row but the status line: on the smallest screens the box covers the header too.
  const fitted = fitDialog(dialog, height - 3, width - 4, state.detailsScroll, theme, t);
  const box = boxLines(fitted.lines, width, fitted.footer, theme);
  const top = Math.max(0, Math.min(Math.max(1, Math.floor((height - box.length) / 2)), height - 1 - box.length));
  return { lines: placeBox(screen, box, columns, top), detailsScroll: fitted.scroll };
}

function boxLines(body: Line[], width: number, footer: string | null, theme: Theme): Line[] {
  const { corners, rule, separator } = theme.glyphs;
  const inner = width - 4;
  const top = new Line().add(corners[0] + rule.repeat(width - 2) + corners[1], theme.accent);
  const bottomText = footer === null ? '' : ` ${cut(footer, width - 6, theme.glyphs.ellipsis)} `;
  const bottom = new Line().add(corners[2] + rule + bottomText + rule.repeat(Math.max(0, width - 3 - cellWidth(bottomText))) + corners[3], theme.accent);
  const lines = [top];
  for (const line of body) {
    const text = line.cutTo(inner, theme.glyphs.ellipsis);
    lines.push(new Line().add(separator, theme.accent).space().append(text).padTo(width - 1).add(separator, theme.accent));
  }
  lines.push(bottom);
  return lines;
}

/** Lays box lines over the screen from row `top`, centred; the rest of those rows is blanked. */
function placeBox(screen: string[], box: Line[], columns: number, top: number): string[] {
  const out = screen.slice();
  const left = Math.max(0, Math.floor((columns - (box[0]?.width ?? 0)) / 2));
  box.forEach((line, i) => {
    const row = top + i;
    if (row < out.length - 1) out[row] = new Line().space(left).append(line).render(columns);
  });
  return out;
}
