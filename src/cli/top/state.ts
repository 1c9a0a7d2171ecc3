// What the user has chosen in `top` — sort, filters, tree view, selection, overlays, the refresh
// interval and the graphs' time span — and how keys change it. Pure: a key and the state in, the
// next state and the effects for the app to carry out (quit, a new interval, a signal) out.

import type { MessageKey, MessageParams } from '../../i18n/index.js';
import type { Key } from './keys.js';
import { SORT_KEYS, type ProcessFilter, type ProcessRow, type ProcessSort, type SortKey } from './process-rows.js';

export type SignalName = 'SIGINT' | 'SIGTERM' | 'SIGKILL';
export type ViewMode = 'auto' | 'compact' | 'full';

export interface SignalTarget {
  pid: number;
  rowKey: string;
  command: string | null;
  user: string | null;
  startedAt: string | null;
  rootPid: number;
  depth: number;
}

/** Shown in the status line until the next key; translated when drawn. */
export interface StatusMessage {
  key: MessageKey;
  params?: MessageParams;
  level: 'info' | 'warn' | 'error';
}

export interface TopState {
  sort: ProcessSort;
  filter: ProcessFilter;
  tree: boolean;
  selectedKey: string | null;
  /** Where the selection was, for when its process goes away. */
  selectedIndex: number;
  /** First table row shown. */
  scroll: number;
  help: boolean;
  helpScroll: number;
  /** The text filter being typed (live), with what it was before, for Esc. */
  prompt: { before: string } | null;
  signalMenu: SignalTarget | null;
  confirm: { target: SignalTarget; signal: SignalName } | null;
  /** Enter: the selected process in full (whole command line, start, threads, its tree's totals). */
  details: string | null;
  /** First line of the details box shown, when it is taller than the screen. */
  detailsScroll: number;
  message: StatusMessage | null;
  spanSeconds: number;
  intervalMs: number;
  view: ViewMode;
}

export type Effect =
  | { kind: 'quit' }
  | { kind: 'interval'; ms: number }
  | { kind: 'signal'; target: SignalTarget; signal: SignalName }
  /** Ask the app whether the selected row may be signalled, then open the menu or say why not. */
  | { kind: 'signal-menu'; target: SignalTarget }
  | { kind: 'redraw' }
  /** Ctrl-Z: give the terminal back and stop until `fg`. */
  | { kind: 'suspend' };

export type Hit = { kind: 'row'; index: number } | { kind: 'header'; sort: SortKey } | null;

export interface KeyContext {
  rows: readonly ProcessRow[];
  /** Table rows on screen. */
  pageRows: number;
  choices: { users: readonly string[]; gpus: readonly number[] };
  /** What is under a mouse position (1-based, as reported). */
  hitTest: (x: number, y: number) => Hit;
}

export const INTERVAL_STEPS_MS = [250, 500, 1000, 2000, 5000, 10_000, 30_000] as const;
export const SPAN_STEPS_SECONDS = [10, 30, 60, 120, 300, 600] as const;

export function initialState(options: { intervalMs: number; spanSeconds: number; view: ViewMode }): TopState {
  return {
    sort: { key: 'gpu', descending: false },
    filter: { text: '', user: null, gpu: null },
    tree: false,
    selectedKey: null,
    selectedIndex: 0,
    scroll: 0,
    help: false,
    helpScroll: 0,
    prompt: null,
    signalMenu: null,
    details: null,
    detailsScroll: 0,
    confirm: null,
    message: null,
    spanSeconds: options.spanSeconds,
    intervalMs: options.intervalMs,
    view: options.view,
  };
}

export interface KeyResult {
  state: TopState;
  effects: Effect[];
}

const done = (state: TopState, ...effects: Effect[]): KeyResult => ({ state, effects });

export function handleKey(state: TopState, key: Key, context: KeyContext): KeyResult {
  if (key.kind === 'ctrl' && key.letter === 'c') return done(state, { kind: 'quit' });
  if (key.kind === 'ctrl' && key.letter === 'l') return done(state, { kind: 'redraw' });
  if (key.kind === 'ctrl' && key.letter === 'z') return done(state, { kind: 'suspend' });
  if (state.confirm) return confirmKey(state, key);
  if (state.signalMenu) return signalMenuKey(state, key);
  if (state.details !== null) return detailsKey(state, key, context);
  if (state.prompt) return promptKey(state, key);
  if (state.help) return helpKey(state, key);
  return normalKey({ ...state, message: key.kind === 'mouse' ? state.message : null }, key, context);
}

function isChar(key: Key, ...chars: string[]): boolean {
  return key.kind === 'char' && chars.includes(key.char);
}

function isNamed(key: Key, ...names: string[]): boolean {
  return key.kind === 'named' && names.includes(key.name);
}

function confirmKey(state: TopState, key: Key): KeyResult {
  const confirm = state.confirm!;
  if (isChar(key, 'y', 'Y')) return done({ ...state, confirm: null }, { kind: 'signal', target: confirm.target, signal: confirm.signal });
  return done({ ...state, confirm: null, message: { key: 'top.signal.cancelled', level: 'info' } });
}

const MENU_SIGNALS: Record<string, SignalName> = { '1': 'SIGINT', i: 'SIGINT', '2': 'SIGTERM', t: 'SIGTERM', '9': 'SIGKILL', k: 'SIGKILL' };

function signalMenuKey(state: TopState, key: Key): KeyResult {
  const target = state.signalMenu!;
  const signal = key.kind === 'char' ? MENU_SIGNALS[key.char] : isNamed(key, 'enter') ? 'SIGTERM' : undefined;
  if (signal) return done({ ...state, signalMenu: null, confirm: { target, signal } });
  return done({ ...state, signalMenu: null });
}

function promptKey(state: TopState, key: Key): KeyResult {
  const prompt = state.prompt!;
  const text = state.filter.text;
  if (isNamed(key, 'enter')) return done({ ...state, prompt: null });
  if (isNamed(key, 'escape')) return done({ ...state, prompt: null, filter: { ...state.filter, text: prompt.before } });
  if (isNamed(key, 'backspace', 'delete')) return done({ ...state, filter: { ...state.filter, text: [...text].slice(0, -1).join('') } });
  if (key.kind === 'ctrl' && key.letter === 'u') return done({ ...state, filter: { ...state.filter, text: '' } });
  if (key.kind === 'char' && [...text].length < 80) return done({ ...state, filter: { ...state.filter, text: text + key.char }, scroll: 0 });
  return done(state);
}

/** The details box: Esc, Enter or q close it; k signals the process shown; the arrows scroll it (the screen clamps). */
function detailsKey(state: TopState, key: Key, context: KeyContext): KeyResult {
  const closed = { ...state, details: null, detailsScroll: 0 };
  if (isChar(key, 'k', 'K') || isNamed(key, 'f9')) return signalRequest(closed, context);
  if (isChar(key, 'q') || isNamed(key, 'escape', 'enter')) return done(closed);
  const scrollTo = (lines: number) => done({ ...state, detailsScroll: Math.max(0, lines) });
  if (isNamed(key, 'down') || isChar(key, 'j')) return scrollTo(state.detailsScroll + 1);
  if (isNamed(key, 'up')) return scrollTo(state.detailsScroll - 1);
  if (isNamed(key, 'pagedown') || isChar(key, ' ')) return scrollTo(state.detailsScroll + 10);
  if (isNamed(key, 'pageup')) return scrollTo(state.detailsScroll - 10);
  if (isNamed(key, 'home')) return scrollTo(0);
  if (isNamed(key, 'end')) return scrollTo(Number.MAX_SAFE_INTEGER);
  if (key.kind === 'mouse' && (key.button === 'wheeldown' || key.button === 'wheelup')) return scrollTo(state.detailsScroll + (key.button === 'wheeldown' ? 3 : -3));
  return done(state);
}

function helpKey(state: TopState, key: Key): KeyResult {
  if (isChar(key, 'q', 'h', '?') || isNamed(key, 'escape', 'f1', 'enter')) return done({ ...state, help: false, helpScroll: 0 });
  if (isNamed(key, 'down') || isChar(key, 'j')) return done({ ...state, helpScroll: state.helpScroll + 1 });
  if (isNamed(key, 'up') || isChar(key, 'k')) return done({ ...state, helpScroll: Math.max(0, state.helpScroll - 1) });
  if (isNamed(key, 'pagedown') || isChar(key, ' ')) return done({ ...state, helpScroll: state.helpScroll + 10 });
  if (isNamed(key, 'pageup')) return done({ ...state, helpScroll: Math.max(0, state.helpScroll - 10) });
  if (key.kind === 'mouse' && (key.button === 'wheeldown' || key.button === 'wheelup')) {
    return done({ ...state, helpScroll: Math.max(0, state.helpScroll + (key.button === 'wheeldown' ? 3 : -3)) });
  }
  return done(state);
}

function normalKey(state: TopState, key: Key, context: KeyContext): KeyResult {
  if (isChar(key, 'q')) return done(state, { kind: 'quit' });
  if (isChar(key, 'h', '?') || isNamed(key, 'f1')) return done({ ...state, help: true, helpScroll: 0 });
  if (key.kind === 'mouse') return mouseKey(state, key, context);
  const move = selectionMove(key, context.pageRows);
  if (move !== null) return done(select(state, context.rows, move));
  if (isChar(key, '<', ',')) return done(sortBy(state, stepSortKey(state.sort.key, -1)));
  if (isChar(key, '>', '.') || isNamed(key, 'f6')) return done(sortBy(state, stepSortKey(state.sort.key, 1)));
  if (isChar(key, 'i', 'I')) return done({ ...state, sort: { ...state.sort, descending: !state.sort.descending } });
  // htop's shortcuts: biggest first.
  if (isChar(key, 'P')) return done({ ...state, sort: { key: 'cpu', descending: true } });
  if (isChar(key, 'M')) return done({ ...state, sort: { key: 'gpuMemory', descending: true } });
  if (isChar(key, 'T')) return done({ ...state, sort: { key: 'time', descending: true } });
  if (isChar(key, 't') || isNamed(key, 'f5')) return done({ ...state, tree: !state.tree });
  if (isChar(key, '/') || isNamed(key, 'f3', 'f4')) return done({ ...state, prompt: { before: state.filter.text } });
  if (isChar(key, 'u', 'U')) return done(withFilter(state, { user: step(context.choices.users, state.filter.user, isChar(key, 'U') ? -1 : 1) }));
  if (isChar(key, 'g', 'G')) return done(withFilter(state, { gpu: step(context.choices.gpus, state.filter.gpu, isChar(key, 'G') ? -1 : 1) }));
  if (isNamed(key, 'escape')) return done(withFilter(state, { text: '', user: null, gpu: null }));
  if (isChar(key, 'k', 'K') || isNamed(key, 'f9')) return signalRequest(state, context);
  if (isNamed(key, 'enter')) {
    const row = context.rows[resolveSelection(state, context.rows)];
    return done(row ? { ...state, details: row.key, detailsScroll: 0 } : state);
  }
  if (isChar(key, '+', '=')) return intervalStep(state, -1);
  if (isChar(key, '-', '_')) return intervalStep(state, 1);
  if (isChar(key, '[')) return done({ ...state, spanSeconds: stepValue(SPAN_STEPS_SECONDS, state.spanSeconds, -1) });
  if (isChar(key, ']')) return done({ ...state, spanSeconds: stepValue(SPAN_STEPS_SECONDS, state.spanSeconds, 1) });
  if (isChar(key, 'v')) return done({ ...state, view: state.view === 'auto' ? 'compact' : state.view === 'compact' ? 'full' : 'auto' });
  return done(state);
}

function selectionMove(key: Key, pageRows: number): number | 'home' | 'end' | null {
  if (isNamed(key, 'up')) return -1;
  if (isNamed(key, 'down')) return 1;
  if (isNamed(key, 'pageup')) return -Math.max(1, pageRows - 1);
  if (isNamed(key, 'pagedown')) return Math.max(1, pageRows - 1);
  if (isNamed(key, 'home')) return 'home';
  if (isNamed(key, 'end')) return 'end';
  return null;
}

/** Moves the selection by `move` rows (or to an end). */
export function select(state: TopState, rows: readonly ProcessRow[], move: number | 'home' | 'end'): TopState {
  if (rows.length === 0) return { ...state, selectedKey: null, selectedIndex: 0 };
  const current = resolveSelection(state, rows);
  const index = move === 'home' ? 0 : move === 'end' ? rows.length - 1 : Math.min(rows.length - 1, Math.max(0, current + move));
  return { ...state, selectedKey: rows[index]!.key, selectedIndex: index };
}

/** The selected row's index: its key's row, else where the selection was (its process went away). */
export function resolveSelection(state: TopState, rows: readonly ProcessRow[]): number {
  if (rows.length === 0) return -1;
  if (state.selectedKey !== null) {
    const index = rows.findIndex((row) => row.key === state.selectedKey);
    if (index >= 0) return index;
  }
  return Math.min(rows.length - 1, Math.max(0, state.selectedIndex));
}

/** The first row to show so that the selection is on screen. */
export function scrollFor(state: TopState, selected: number, pageRows: number, rowCount: number): number {
  if (pageRows <= 0) return 0;
  let scroll = Math.min(state.scroll, Math.max(0, rowCount - pageRows));
  if (selected >= 0 && selected < scroll) scroll = selected;
  if (selected >= scroll + pageRows) scroll = selected - pageRows + 1;
  return Math.max(0, scroll);
}

function mouseKey(state: TopState, key: Extract<Key, { kind: 'mouse' }>, context: KeyContext): KeyResult {
  if (key.button === 'wheelup' || key.button === 'wheeldown') return done(select(state, context.rows, key.button === 'wheeldown' ? 3 : -3));
  if (key.button !== 'left' || key.release) return done(state);
  const hit = context.hitTest(key.x, key.y);
  if (hit?.kind === 'row') {
    const row = context.rows[hit.index];
    return done(row ? { ...state, selectedKey: row.key, selectedIndex: hit.index } : state);
  }
  if (hit?.kind === 'header') return done(sortBy(state, hit.sort));
  return done(state);
}

/** Sorting by the column already sorted by turns it round; a new column starts with its natural order. */
function sortBy(state: TopState, key: SortKey): TopState {
  if (key === state.sort.key) return { ...state, sort: { key, descending: !state.sort.descending } };
  return { ...state, sort: { key, descending: NATURALLY_DESCENDING.has(key) } };
}

/** Columns where the biggest is the interesting end. */
const NATURALLY_DESCENDING: ReadonlySet<SortKey> = new Set(['gpuMemory', 'sm', 'cpu', 'rss', 'time']);

function stepSortKey(key: SortKey, direction: 1 | -1): SortKey {
  const index = SORT_KEYS.indexOf(key);
  return SORT_KEYS[(index + direction + SORT_KEYS.length) % SORT_KEYS.length]!;
}

function withFilter(state: TopState, change: Partial<ProcessFilter>): TopState {
  return { ...state, filter: { ...state.filter, ...change }, scroll: 0 };
}

/** all → first → … → last → all (direction -1 goes the other way). */
function step<T>(choices: readonly T[], current: T | null, direction: 1 | -1): T | null {
  if (choices.length === 0) return null;
  const index = current === null ? -1 : choices.indexOf(current);
  const next = index + direction;
  if (current === null) return direction === 1 ? choices[0]! : choices[choices.length - 1]!;
  if (next < 0 || next >= choices.length) return null;
  return choices[next]!;
}

/** The next step up or down from `value`, which need not be one of the steps. */
export function stepValue(steps: readonly number[], value: number, direction: 1 | -1): number {
  if (direction === 1) return steps.find((s) => s > value) ?? steps[steps.length - 1]!;
  return [...steps].reverse().find((s) => s < value) ?? steps[0]!;
}

function intervalStep(state: TopState, direction: 1 | -1): KeyResult {
  const ms = stepValue(INTERVAL_STEPS_MS, state.intervalMs, direction);
  return done({ ...state, intervalMs: ms }, { kind: 'interval', ms });
}

function signalRequest(state: TopState, context: KeyContext): KeyResult {
  const index = resolveSelection(state, context.rows);
  const row = index >= 0 ? context.rows[index] : undefined;
  if (!row) return done(state);
  const target: SignalTarget = { pid: row.pid, rowKey: row.key, command: row.command, user: row.user, startedAt: row.startedAt, rootPid: row.rootPid, depth: row.depth };
  return done(state, { kind: 'signal-menu', target });
}
