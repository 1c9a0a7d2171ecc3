// The signal dialogs: pick a signal for the selected process, then confirm it by name and PID.

import { Line } from './line.js';
import type { ScreenInput } from './screen.js';
import type { SignalTarget } from './state.js';

function who(target: SignalTarget, input: ScreenInput): Line {
  const { theme, t } = input;
  const line = new Line().add(`PID ${target.pid}`, theme.bold);
  if (target.user !== null) line.add(`  ${t('top.col.user')} ${target.user}`);
  line.add(`  ${target.command ?? t('common.notAvailable')}`, theme.dim);
  return line;
}

export function renderDialog(input: ScreenInput): Line[] {
  const { state, theme, t } = input;
  if (state.signalMenu) {
    const target = state.signalMenu;
    return [
      new Line().add(t('top.signal.menuTitle'), theme.bold),
      who(target, input),
      new Line(),
      new Line().add('1', theme.accent).add(`  SIGINT   ${t('top.signal.int')}`),
      new Line().add('2', theme.accent).add(`  SIGTERM  ${t('top.signal.term')}`),
      new Line().add('9', theme.accent).add(`  SIGKILL  ${t('top.signal.kill')}`),
      new Line(),
      new Line().add(t('top.signal.menuHint'), theme.dim),
    ];
  }
  if (state.confirm) {
    const { target, signal } = state.confirm;
    return [
      new Line().add(t('top.signal.confirmTitle', { signal, pid: target.pid }), signal === 'SIGKILL' ? theme.danger : theme.warn),
      who(target, input),
      ...(target.depth > 0 ? [new Line().add(t('top.signal.worker', { pid: target.rootPid }), theme.dim)] : []),
      new Line(),
      new Line().add(t('top.signal.confirmHint'), theme.bold),
    ];
  }
  return [];
}
