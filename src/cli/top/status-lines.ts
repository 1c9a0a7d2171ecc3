// The header (where, when, which driver and backend, how often, how far back the graphs go, and
// whether the readings are stale) and the status line (messages, the filter being typed, the
// sort and filters in force, the keys).

import { fitColumns, renderRow } from './columns.js';
import { Line } from './line.js';
import type { ScreenInput } from './screen.js';
import { SORT_LABELS } from './sort-labels.js';
import { elapsedShort, secondsShort } from './units.js';

/** A read this slow is worth a word: NVML answers in microseconds, nvidia-smi in a few hundred ms. */
const SLOW_READ_MS = 1500;

function clock(ms: number): string {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export function renderHeader(input: ScreenInput): Line {
  const { snapshot, theme, t, state, columns } = input;
  // Pieces by importance: on a narrow terminal the least useful go first, the order stays.
  const pieces: [number, Line][] = [[0, new Line().add('gpuwise top', theme.bold)]];
  if (snapshot) {
    pieces.push([2, new Line().add(snapshot.host.hostname)], [1, new Line().add(clock(input.sampleMs ?? input.nowMs), theme.dim)]);
    const { driverVersion, cudaDriverVersion } = snapshot.driver;
    if (driverVersion) pieces.push([5, new Line().add(t('top.header.driver', { version: driverVersion }), theme.dim)]);
    if (cudaDriverVersion) pieces.push([6, new Line().add(t('top.header.cuda', { version: cudaDriverVersion }), theme.dim)]);
    if (snapshot.backend) {
      const unusual = snapshot.backend !== 'nvml' && snapshot.backend !== 'static';
      pieces.push([unusual ? 1 : 7, new Line().add(t('top.header.backend', { backend: snapshot.backend }), unusual ? theme.warn : theme.dim)]);
    }
  }
  pieces.push([3, new Line().add(t('top.header.every', { interval: secondsShort(state.intervalMs / 1000, input.locale) }), theme.dim)]);
  pieces.push([4, new Line().add(t('top.header.span', { span: secondsShort(state.spanSeconds, input.locale) }), theme.dim)]);
  const right = new Line();
  if (input.stale && input.sampleMs !== null) {
    const age = elapsedShort((input.nowMs - input.sampleMs) / 1000, input.locale);
    right.add(`${theme.glyphs.hourglass} ${t('top.header.stale', { age })}`, theme.danger).space(2);
  }
  else if (input.readMs !== null && input.readMs >= SLOW_READ_MS) {
    right.add(`${theme.glyphs.warn} ${t('top.header.slow', { seconds: (input.readMs / 1000).toFixed(1) })}`, theme.warn).space(2);
  }
  if (input.readonly) right.add(t('top.header.readonly'), theme.warn).space(2);
  right.add(t('top.header.keys'), theme.dim);
  const kept = fitColumns(pieces.map(([priority, line]) => ({ priority, cells: [line] })), Math.max(12, columns - right.width - 2), 2);
  return joinRight(renderRow(kept, 0, 2, theme.glyphs.ellipsis), right, columns);
}

/** `left`, then `right` flush with the right edge; `right` wins when both do not fit. */
function joinRight(left: Line, right: Line, columns: number): Line {
  const room = columns - right.width - 1;
  const line = room > 10 ? left.cutTo(room) : new Line();
  return line.padTo(Math.max(line.width + 1, columns - right.width)).append(right);
}

export function renderStatus(input: ScreenInput, selected: number): Line {
  const { state, theme, t, columns } = input;
  const right = new Line();
  const sort = `${t(SORT_LABELS[state.sort.key])}${state.sort.descending ? theme.glyphs.descending : theme.glyphs.ascending}`;
  right.add(`${t('top.status.sort')} `, theme.dim).add(sort);
  if (state.tree) right.space(2).add(t('top.status.tree'), theme.accent);
  if (state.filter.user !== null) right.space(2).add(`${t('top.status.user')} `, theme.dim).add(state.filter.user, theme.accent);
  if (state.filter.gpu !== null) right.space(2).add(`GPU `, theme.dim).add(String(state.filter.gpu), theme.accent);
  if (state.filter.text !== '' && !state.prompt) right.space(2).add(`${t('top.status.filter')} `, theme.dim).add(`"${state.filter.text}"`, theme.accent);
  let left: Line;
  if (state.prompt) {
    left = new Line().add(`${t('top.status.filterPrompt')} `, theme.bold).add(state.filter.text).add('_', theme.accent).space(2).add(t('top.status.filterHint'), theme.dim);
  } else if (state.message) {
    const style = state.message.level === 'error' ? theme.danger : state.message.level === 'warn' ? theme.warn : theme.good;
    left = new Line().add(t(state.message.key, state.message.params), style);
  } else {
    const row = selected >= 0 ? input.rows[selected] : undefined;
    left = new Line().add(t(row && !input.readonly ? 'top.status.keysSignal' : 'top.status.keys'), theme.dim);
  }
  const room = columns - right.width - 2;
  if (room < 20) return left;
  return left.cutTo(room, theme.glyphs.ellipsis).padTo(columns - right.width).append(right);
}
