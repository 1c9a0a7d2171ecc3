import { describe, expect, it } from 'vitest';
import { gpuProcess, device, snapshot } from '../render/__fixtures__/snapshot.js';
import type { Key } from './keys.js';
import { buildRows } from './process-rows.js';
import { handleKey, initialState, resolveSelection, scrollFor, stepValue, type KeyContext, type TopState } from './state.js';

const rows = buildRows(
  snapshot([device({ index: 0 }), device({ index: 1 })], {
    processes: [1, 2, 3, 4, 5].map((pid) => gpuProcess({ pid, gpuIndex: pid % 2, user: pid < 3 ? 'alice' : 'bob', cpuPercent: pid * 10 })),
  }),
  { sort: { key: 'pid', descending: false }, filter: { text: '', user: null, gpu: null }, tree: false },
);
const context: KeyContext = { rows, pageRows: 3, choices: { users: ['alice', 'bob'], gpus: [0, 1] }, hitTest: (_x, y) => (y === 10 ? { kind: 'header', sort: 'cpu' } : y > 10 ? { kind: 'row', index: y - 11 } : null) };
const start = () => initialState({ intervalMs: 1000, spanSeconds: 60, view: 'auto' });
const char = (c: string): Key => ({ kind: 'char', char: c });
const named = (name: Extract<Key, { kind: 'named' }>['name']): Key => ({ kind: 'named', name });

function press(state: TopState, ...keys: Key[]) {
  let effects: ReturnType<typeof handleKey>['effects'] = [];
  for (const key of keys) {
    const result = handleKey(state, key, context);
    state = result.state;
    effects = [...effects, ...result.effects];
  }
  return { state, effects };
}

describe('top keys', () => {
  it('q and Ctrl-C quit; Ctrl-C even while typing a filter', () => {
    expect(press(start(), char('q')).effects).toEqual([{ kind: 'quit' }]);
    expect(press(start(), char('/'), char('q'), { kind: 'ctrl', letter: 'c' }).effects).toEqual([{ kind: 'quit' }]);
  });

  it('moves the selection and keeps it on the same process; paging and the ends', () => {
    let { state } = press(start(), named('down'), named('down'));
    expect(resolveSelection(state, rows)).toBe(2);
    expect(state.selectedKey).toBe(rows[2]!.key);
    state = press(state, named('pagedown')).state;
    expect(resolveSelection(state, rows)).toBe(4);
    state = press(state, named('home')).state;
    expect(resolveSelection(state, rows)).toBe(0);
    state = press(state, named('end'), named('down')).state;
    expect(resolveSelection(state, rows)).toBe(4);
    // its process went away: the selection stays where it was
    expect(resolveSelection(state, rows.slice(0, 2))).toBe(1);
  });

  it('scrolls so that the selection is on screen', () => {
    const state = { ...start(), scroll: 0 };
    expect(scrollFor(state, 4, 3, 5)).toBe(2);
    expect(scrollFor({ ...state, scroll: 2 }, 0, 3, 5)).toBe(0);
    expect(scrollFor({ ...state, scroll: 9 }, 1, 3, 5)).toBe(1);
  });

  it('sorts: next/previous column, the same column again turns it round, i inverts, P M T as htop', () => {
    let { state } = press(start(), char('>'));
    expect(state.sort).toEqual({ key: 'gpuMemory', descending: true });
    state = press(state, char('<'), char('<')).state;
    expect(state.sort.key).toBe('user');
    state = press(state, char('i')).state;
    expect(state.sort).toEqual({ key: 'user', descending: true });
    expect(press(start(), char('P')).state.sort).toEqual({ key: 'cpu', descending: true });
    expect(press(start(), char('M')).state.sort).toEqual({ key: 'gpuMemory', descending: true });
    expect(press(start(), char('T')).state.sort).toEqual({ key: 'time', descending: true });
  });

  it('filters live while typing; Enter keeps it, Esc restores the one before', () => {
    let { state } = press(start(), char('/'), char('t'), char('r'), char('训'));
    expect(state.filter.text).toBe('tr训');
    expect(state.prompt).not.toBeNull();
    state = press(state, named('backspace'), named('enter')).state;
    expect(state.filter.text).toBe('tr');
    expect(state.prompt).toBeNull();
    state = press(state, char('/'), char('x'), named('escape')).state;
    expect(state.filter.text).toBe('tr');
    // Esc outside the prompt clears every filter
    state = press(state, char('u'), char('g'), named('escape')).state;
    expect(state.filter).toEqual({ text: '', user: null, gpu: null });
  });

  it('steps through users and GPUs, back to all', () => {
    const users = [1, 2, 3].map((n) => press(start(), ...Array.from({ length: n }, () => char('u'))).state.filter.user);
    expect(users).toEqual(['alice', 'bob', null]);
    expect(press(start(), char('G')).state.filter.gpu).toBe(1);
    expect(press(start(), char('g'), char('g')).state.filter.gpu).toBe(1);
  });

  it('signals: k asks the app, which opens the menu; a digit picks, y confirms, anything else cancels', () => {
    const asked = press(start(), named('down'), char('k'));
    expect(asked.effects).toEqual([{ kind: 'signal-menu', target: expect.objectContaining({ pid: rows[1]!.pid, rowKey: rows[1]!.key }) }]);
    const target = (asked.effects[0] as { target: NonNullable<TopState['signalMenu']> }).target;
    const menu = { ...asked.state, signalMenu: target };
    const picked = press(menu, char('2'));
    expect(picked.state.confirm).toEqual({ target, signal: 'SIGTERM' });
    expect(press(picked.state, char('y')).effects).toEqual([{ kind: 'signal', target, signal: 'SIGTERM' }]);
    const cancelled = press(picked.state, char('n'));
    expect(cancelled.effects).toEqual([]);
    expect(cancelled.state.message?.key).toBe('top.signal.cancelled');
    expect(press(menu, char('9')).state.confirm?.signal).toBe('SIGKILL');
    expect(press(menu, char('1')).state.confirm?.signal).toBe('SIGINT');
    expect(press(menu, named('escape')).state.signalMenu).toBeNull();
  });

  it('Enter shows the selected process in full; k from there signals it, Esc closes', () => {
    const open = press(start(), named('down'), named('enter')).state;
    expect(open.details).toBe(rows[1]!.key);
    expect(press(open, named('escape')).state.details).toBeNull();
    const signal = press(open, char('k'));
    expect(signal.state.details).toBeNull();
    expect(signal.effects).toEqual([{ kind: 'signal-menu', target: expect.objectContaining({ pid: rows[1]!.pid }) }]);
    expect(press(open, char('q')).effects).toEqual([]); // q closes the box, not top
  });

  it('changes the interval and the graphs’ span in steps', () => {
    const faster = press(start(), char('+'));
    expect(faster.effects).toEqual([{ kind: 'interval', ms: 500 }]);
    expect(press(start(), char('-'), char('-')).state.intervalMs).toBe(5000);
    expect(press(start(), char(']')).state.spanSeconds).toBe(120);
    expect(press(start(), char('['), char('['), char('[')).state.spanSeconds).toBe(10);
    expect(stepValue([1, 2, 5], 1.5, 1)).toBe(2);
    expect(stepValue([1, 2, 5], 1.5, -1)).toBe(1);
  });

  it('tree view, layout, help with scrolling, redraw, suspend', () => {
    expect(press(start(), char('t')).state.tree).toBe(true);
    expect(press(start(), char('v'), char('v')).state.view).toBe('full');
    const help = press(start(), char('?'), named('down'), named('down'));
    expect(help.state.help).toBe(true);
    expect(help.state.helpScroll).toBe(2);
    expect(press(help.state, char('q')).state.help).toBe(false);
    expect(press(help.state, char('q')).effects).toEqual([]);
    expect(press(start(), { kind: 'ctrl', letter: 'l' }).effects).toEqual([{ kind: 'redraw' }]);
    expect(press(start(), { kind: 'ctrl', letter: 'z' }).effects).toEqual([{ kind: 'suspend' }]);
  });

  it('the details box scrolls with the arrows, the pages, Home and End; k still signals from it', () => {
    const details = press(start(), named('enter'));
    expect(details.state.details).not.toBeNull();
    expect(press(details.state, named('down'), named('down'), named('up')).state.detailsScroll).toBe(1);
    expect(press(details.state, named('pagedown')).state.detailsScroll).toBe(10);
    expect(press(details.state, named('up')).state.detailsScroll).toBe(0);
    expect(press(details.state, named('end'), named('home')).state.detailsScroll).toBe(0);
    expect(press(details.state, named('pagedown'), named('escape')).state).toMatchObject({ details: null, detailsScroll: 0 });
  });

  it('the mouse: a click selects a row or sorts by a column, the wheel scrolls', () => {
    const click = (y: number): Key => ({ kind: 'mouse', button: 'left', x: 5, y, release: false });
    expect(resolveSelection(press(start(), click(13)).state, rows)).toBe(2);
    expect(press(start(), click(10)).state.sort).toEqual({ key: 'cpu', descending: true });
    expect(resolveSelection(press(start(), { kind: 'mouse', button: 'wheeldown', x: 1, y: 1, release: false }).state, rows)).toBe(3);
    expect(press(start(), click(1)).state).toEqual(start());
  });
});
