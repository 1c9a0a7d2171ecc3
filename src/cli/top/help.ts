// The help overlay (h or ?): every key, then what the figures mean — the same field help texts
// /metrics and the dashboard use (i18n field.*.help), so GPU-Util and SM activity are explained
// the same way everywhere.

import { wrapText as wrap } from '../../core/text-width.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import { cellWidth, Line } from './line.js';
import type { Theme } from './theme.js';

/** The keys as typed (the same in every language), or a word for what is not a key (the mouse), translated. */
const KEYS: [string | { word: MessageKey }, MessageKey][] = [
  ['q  Ctrl-C', 'top.help.key.quit'],
  ['h  ?  F1', 'top.help.key.help'],
  ['↑ ↓ PgUp PgDn Home End', 'top.help.key.move'],
  ['Enter', 'top.help.key.details'],
  ['< >  ,  .  F6', 'top.help.key.sort'],
  ['i', 'top.help.key.invert'],
  ['P  M  T', 'top.help.key.sortShortcuts'],
  ['/  F3', 'top.help.key.filter'],
  ['u  U', 'top.help.key.user'],
  ['g  G', 'top.help.key.gpu'],
  ['Esc', 'top.help.key.clear'],
  ['t  F5', 'top.help.key.tree'],
  ['k  F9', 'top.help.key.signal'],
  ['+  -', 'top.help.key.interval'],
  ['[  ]', 'top.help.key.span'],
  ['v', 'top.help.key.view'],
  ['Ctrl-L', 'top.help.key.redraw'],
  ['Ctrl-Z', 'top.help.key.suspend'],
  [{ word: 'top.help.keyName.mouse' }, 'top.help.key.mouse'],
];

const FIELDS: [MessageKey, MessageKey][] = [
  ['top.help.field.util', 'field.gpuUtilPercent.help'],
  ['top.help.field.sm', 'field.smActivePercent.help'],
  ['top.help.field.tensor', 'field.tensorActivePercent.help'],
  ['top.help.field.dram', 'field.dramActivePercent.help'],
  ['top.help.field.memory', 'field.memoryUsedBytes.help'],
  ['top.help.field.power', 'field.powerDrawWatts.help'],
  ['top.help.field.pstate', 'field.performanceState.help'],
  ['top.help.field.pcie', 'field.pcieRxBytesPerSecond.help'],
  ['top.help.field.nvlink', 'field.nvlinkRxBytesPerSecond.help'],
  ['top.help.field.throttle', 'field.throttleTimePercent.help'],
];

const NOTES: MessageKey[] = ['top.help.note.graph', 'top.help.note.colors', 'top.help.note.iowait', 'top.help.note.namespace', 'top.help.note.signal'];

/** Word-wraps to display columns (shared with the doctor's fix scripts). */
export { wrap };

/** Every line of the help text for a box `width` columns wide. */
export function helpLines(width: number, theme: Theme, t: Translate, ascii: boolean): Line[] {
  const lines: Line[] = [new Line().add(t('top.help.title'), theme.bold), new Line()];
  const named = KEYS.map(([keys, description]) => [asciiKeys(typeof keys === 'string' ? keys : t(keys.word), ascii), description] as const);
  const keyWidth = Math.max(...named.map(([keys]) => cellWidth(keys))) + 2;
  for (const [keys, description] of named) {
    const wrapped = wrap(t(description), Math.max(10, width - keyWidth));
    wrapped.forEach((text, i) => lines.push(new Line().add(i === 0 ? keys : '', theme.accent).padTo(keyWidth).add(text)));
  }
  lines.push(new Line(), new Line().add(t('top.help.fields'), theme.bold));
  for (const [label, help] of FIELDS) {
    lines.push(new Line().add(t(label), theme.accent));
    for (const text of wrap(t(help), width - 2)) lines.push(new Line().space(2).add(text));
  }
  lines.push(new Line());
  for (const note of NOTES) {
    for (const text of wrap(t(note), width)) lines.push(new Line().add(text, theme.dim));
    lines.push(new Line());
  }
  return lines;
}

function asciiKeys(keys: string, ascii: boolean): string {
  return ascii ? keys.replace('↑ ↓', 'Up Down') : keys;
}
