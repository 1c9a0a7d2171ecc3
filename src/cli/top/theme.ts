// What `top` draws with: glyphs (Unicode blocks, or plain ASCII for terminals and locales without
// them) and styles (colours by load and by danger, or none). Chosen once at start.

import pc from 'picocolors';
import type { Colors } from '../context.js';

export interface Glyphs {
  /** Bar cells: full, empty, and the partial fills from 1/8 to 7/8 (none: round to whole cells). */
  barFull: string;
  barEmpty: string;
  barPartials: readonly string[];
  /** Graph cells by level 0 (empty) … 8 (full). */
  levels: readonly string[];
  treeBranch: string;
  treeLast: string;
  treePipe: string;
  treeSpace: string;
  warn: string;
  error: string;
  ellipsis: string;
  rx: string;
  tx: string;
  degree: string;
  selected: string;
  ascending: string;
  descending: string;
  separator: string;
  rule: string;
  hourglass: string;
  /** Box corners: top-left, top-right, bottom-left, bottom-right. */
  corners: readonly [string, string, string, string];
}

export const UNICODE_GLYPHS: Glyphs = {
  barFull: '█',
  barEmpty: '░',
  barPartials: ['▏', '▎', '▍', '▌', '▋', '▊', '▉'],
  levels: [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'],
  treeBranch: '├─ ',
  treeLast: '└─ ',
  treePipe: '│  ',
  treeSpace: '   ',
  warn: '⚠',
  error: '✗',
  ellipsis: '…',
  rx: '↓',
  tx: '↑',
  degree: '°C',
  selected: '▶',
  ascending: '▲',
  descending: '▼',
  separator: '│',
  rule: '─',
  hourglass: '⚠',
  corners: ['┌', '┐', '└', '┘'],
};

export const ASCII_GLYPHS: Glyphs = {
  barFull: '#',
  barEmpty: '.',
  // No partial cells: an ASCII bar rounds to whole ones.
  barPartials: [],
  levels: [' ', '_', '_', '.', '-', '-', '=', '*', '#'],
  treeBranch: '|- ',
  treeLast: '`- ',
  treePipe: '|  ',
  treeSpace: '   ',
  warn: '!',
  error: 'x',
  ellipsis: '~',
  rx: 'rx ',
  tx: 'tx ',
  degree: 'C',
  selected: '>',
  ascending: '^',
  descending: 'v',
  separator: '|',
  rule: '-',
  hourglass: '!',
  corners: ['+', '+', '+', '+'],
};

export type Style = (text: string) => string;

export interface Theme {
  glyphs: Glyphs;
  ascii: boolean;
  colored: boolean;
  plain: Style;
  dim: Style;
  bold: Style;
  accent: Style;
  good: Style;
  warn: Style;
  /** High load: red, but not bold — busy is not dangerous. */
  high: Style;
  /** Danger (hot, lost, hung, memory full, hardware slowdown, ECC): bold red. */
  danger: Style;
  /** The selected process row (inverse video; the ▶ marker says it without colour). */
  selected: Style;
  header: Style;
  /** Help overlay and dialogs. */
  panel: Style;
}

const identity: Style = (text) => text;

export function createTheme(options: { color: boolean; ascii: boolean }): Theme {
  const c: Colors = pc.createColors(options.color);
  return {
    glyphs: options.ascii ? ASCII_GLYPHS : UNICODE_GLYPHS,
    ascii: options.ascii,
    colored: options.color,
    plain: identity,
    dim: c.dim,
    bold: c.bold,
    accent: c.cyan,
    good: c.green,
    warn: c.yellow,
    high: c.red,
    danger: (text) => c.bold(c.red(text)),
    selected: c.inverse,
    header: (text) => c.bold(c.inverse(text)),
    panel: options.color ? (text) => c.bgBlack(c.white(text)) : identity,
  };
}

/** Load colour: green below 50 %, yellow below 90 %, red above. */
export function loadStyle(theme: Theme, percent: number | null): Style {
  if (percent === null) return theme.dim;
  if (percent >= 90) return theme.high;
  if (percent >= 50) return theme.warn;
  return theme.good;
}

// Where the locale asks for ASCII, and the ASCII stand-ins: shared with `info` (src/cli/charset.ts).
export { asciify, localeWantsAscii } from '../charset.js';
