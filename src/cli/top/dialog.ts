// The dialogs over the screen: a process in full (Enter), and the signal dialogs — pick a signal
// for the selected process, then confirm it by name and PID. A dialog taller than the screen is
// cut to fit as the help is, its key hint always shown: the details box scrolls; the signal
// dialogs, which read 1/2/9/y and nothing else, keep their end (the choices) and lose their top.

import type { GpuProcess } from '../../core/snapshot.js';
import type { Translate } from '../../i18n/index.js';
import { formatLocalTime } from '../render/format.js';
import { wrap } from './help.js';
import { Line } from './line.js';
import type { ScreenInput } from './screen.js';
import type { SignalTarget } from './state.js';
import type { Theme } from './theme.js';

export interface Dialog {
  body: Line[];
  /** What the keys do: under the body, never cut off. */
  hint: string;
  hintBold: boolean;
  /** The details box scrolls with ↑ ↓ PgUp PgDn Home End; the signal dialogs take none of those keys. */
  scrollable: boolean;
}

function who(target: SignalTarget, input: ScreenInput): Line {
  const { theme, t } = input;
  const line = new Line().add(`PID ${target.pid}`, theme.bold);
  if (target.user !== null) line.add(`  ${t('top.col.user')} ${target.user}`);
  line.add(`  ${target.command ?? t('common.notAvailable')}`, theme.dim);
  return line;
}

export function renderDialog(input: ScreenInput): Dialog | null {
  const { state, theme, t } = input;
  if (state.details !== null) return { body: detailLines(input, state.details), hint: t('top.details.hint'), hintBold: false, scrollable: true };
  if (state.signalMenu) {
    const target = state.signalMenu;
    const body = [
      new Line().add(t('top.signal.menuTitle'), theme.bold),
      who(target, input),
      new Line(),
      new Line().add('1', theme.accent).add(`  SIGINT   ${t('top.signal.int')}`),
      new Line().add('2', theme.accent).add(`  SIGTERM  ${t('top.signal.term')}`),
      new Line().add('9', theme.accent).add(`  SIGKILL  ${t('top.signal.kill')}`),
    ];
    return { body, hint: t('top.signal.menuHint'), hintBold: false, scrollable: false };
  }
  if (state.confirm) {
    const { target, signal } = state.confirm;
    const body = [
      new Line().add(t('top.signal.confirmTitle', { signal, pid: target.pid }), signal === 'SIGKILL' ? theme.danger : theme.warn),
      who(target, input),
      ...(target.depth > 0 ? [new Line().add(t('top.signal.worker', { pid: target.rootPid }), theme.dim)] : []),
    ];
    return { body, hint: t('top.signal.confirmHint'), hintBold: true, scrollable: false };
  }
  return null;
}

/**
 * The dialog's lines for a box of `room` body rows and `inner` columns, and its bottom border's
 * text: whole when it fits; else without its blank lines, then cut (see the top of this file).
 */
export function fitDialog(dialog: Dialog, room: number, inner: number, scroll: number, theme: Theme, t: Translate): { lines: Line[]; footer: string | null; scroll: number } {
  const wrapped = wrap(dialog.hint, inner).map((text) => new Line().add(text, dialog.hintBold ? theme.bold : theme.dim));
  if (dialog.body.length + 1 + wrapped.length <= room) return { lines: [...dialog.body, new Line(), ...wrapped], footer: null, scroll: 0 };
  const body = dialog.body.filter((line) => line.width > 0);
  const hint = wrapped.slice(0, Math.max(1, room - 1));
  const bodyRoom = Math.max(0, room - hint.length);
  if (body.length <= bodyRoom) return { lines: [...body, ...hint], footer: null, scroll: 0 };
  if (!dialog.scrollable) return { lines: [...body.slice(body.length - bodyRoom), ...hint], footer: theme.glyphs.ellipsis, scroll: 0 };
  const first = Math.max(0, Math.min(scroll, body.length - bodyRoom));
  const visible = body.slice(first, first + bodyRoom);
  return { lines: [...visible, ...hint], footer: t('top.help.more', { from: first + 1, to: first + visible.length, count: body.length }), scroll: first };
}

/** What top knows of one process, the command line whole. */
function detailLines(input: ScreenInput, rowKey: string): Line[] {
  const { theme, t, snapshot } = input;
  const row = input.rows.find((r) => r.key === rowKey);
  if (!row || !snapshot) return [new Line().add(t('top.details.gone'), theme.warn)];
  const width = Math.min(input.columns - 8, 96);
  const na = t('common.notAvailable');
  const root: GpuProcess | undefined = snapshot.processes.find((p) => p.pid === row.rootPid);
  const node = row.depth > 0 ? root?.tree?.descendants.find((n) => n.pid === row.pid) : undefined;
  const command = row.depth > 0 ? (node?.command ?? node?.name ?? null) : (root?.command ?? root?.name ?? null);
  const field = (label: string, value: string) => new Line().add(`${label} `, theme.dim).add(value);
  const lines: Line[] = [new Line().add(`PID ${row.pid}`, theme.bold).add(row.user === null ? '' : `  ${row.user}`)];
  if (row.depth === 0 && root) {
    const gpus = snapshot.processes.filter((p) => p.pid === row.pid);
    for (const p of gpus) {
      const memory = p.usedMemoryBytes === null ? na : `${(p.usedMemoryBytes / 2 ** 30).toFixed(2)} GiB`;
      lines.push(field('GPU', `${p.gpuIndex}${p.gpuInstanceId === null ? '' : ` GI ${p.gpuInstanceId}`}  ${t('top.col.gpuMemory')} ${memory}  SM ${p.smUtilPercent ?? na}${p.smUtilPercent === null ? '' : '%'}`));
    }
    if (root.startedAt) lines.push(field(t('top.details.started'), formatLocalTime(root.startedAt)));
    if (root.threads?.count != null) lines.push(field(t('top.details.threads'), String(root.threads.count)));
    const tree = root.tree;
    if (tree && tree.descendants.length > 0) {
      const cpu = tree.totalCpuPercent === null ? na : `${Math.round(tree.totalCpuPercent)}%`;
      const rss = tree.totalRssBytes === null ? na : `${(tree.totalRssBytes / 2 ** 30).toFixed(2)} GiB`;
      lines.push(field(t('top.details.tree'), t('top.details.treeTotals', { count: tree.descendants.length, cpu, rss })));
    }
  } else if (node) {
    lines.push(field(t('top.details.parent'), String(node.parentPid)), field(t('top.details.state'), node.state ?? na));
    if (node.threadCount !== null) lines.push(field(t('top.details.threads'), String(node.threadCount)));
  }
  lines.push(new Line());
  for (const text of wrap(command ?? na, width)) lines.push(new Line().add(text));
  return lines;
}
