// Small formatters shared by the text renderers. Column widths are display widths: a Chinese
// character takes two terminal columns, so padding by .length would misalign every table.

import { BYTES_PER_GIB, BYTES_PER_MIB } from '../../core/units.js';

export { displayWidth } from '../../core/text-width.js';
import { displayWidth } from '../../core/text-width.js';

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}

/** Cuts plain text (no colour codes) to at most `width` columns, marking the cut with "…". */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = displayWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}

/**
 * Bytes as GiB with one decimal ("71.3 GiB"), MiB below 1 GiB ("512 MiB"), and KiB or B below
 * 1 MiB: a PCIe rate of 10 KB/s is not "0 MiB/s" (a fake zero). Exactly 0 is "0 MiB".
 */
export function formatBytes(bytes: number): string {
  const size = Math.abs(bytes);
  if (size >= BYTES_PER_GIB) return `${(bytes / BYTES_PER_GIB).toFixed(1)} GiB`;
  if (size >= BYTES_PER_MIB || bytes === 0) return `${Math.round(bytes / BYTES_PER_MIB)} MiB`;
  if (size >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${Math.round(bytes)} B`;
}

/** "71.3/79.6 GiB": both in the unit of the larger one, so the pair reads at a glance. */
export function formatBytesPair(used: number, total: number): string {
  if (total >= BYTES_PER_GIB) return `${(used / BYTES_PER_GIB).toFixed(1)}/${(total / BYTES_PER_GIB).toFixed(1)} GiB`;
  return `${Math.round(used / BYTES_PER_MIB)}/${Math.round(total / BYTES_PER_MIB)} MiB`;
}

/** A bar of `width` cells filled to `percent`, with eighth-block precision; "###......" in ASCII. */
export function bar(percent: number, width: number, ascii = false): string {
  if (ascii) {
    const filled = Math.round((Math.min(100, Math.max(0, percent)) / 100) * width);
    return '#'.repeat(filled) + '.'.repeat(Math.max(0, width - filled));
  }
  const clamped = Math.min(100, Math.max(0, percent));
  const eighths = Math.round((clamped / 100) * width * 8);
  const full = Math.floor(eighths / 8);
  const partial = eighths % 8;
  const partialChar = partial > 0 ? (['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'][partial] ?? '') : '';
  const filled = '█'.repeat(full) + partialChar;
  return filled + '░'.repeat(Math.max(0, width - full - (partialChar ? 1 : 0)));
}

// Durations are written in the reader's language: the shared formatter (src/i18n/format.ts).
export { formatDuration } from '../../i18n/format.js';

/** Local wall-clock time of an ISO timestamp, "2026-11-29 22:40:01". */
export function formatLocalTime(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

const SGR_AT = /^\u001b\[[0-9;]*m/;

/**
 * Cuts a line that may hold colour codes to `width` columns, marking the cut with "…" (or "~" in
 * ASCII) and closing any colour it cut through. A line that fits is returned as it is.
 */
export function fitLine(line: string, width: number, ascii = false): string {
  if (width <= 0 || displayWidth(line) <= width) return line;
  let out = '';
  let used = 0;
  let coloured = false;
  for (let i = 0; i < line.length; ) {
    const sgr = SGR_AT.exec(line.slice(i));
    if (sgr) {
      out += sgr[0];
      coloured = true;
      i += sgr[0].length;
      continue;
    }
    const char = String.fromCodePoint(line.codePointAt(i) ?? 0);
    const w = displayWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
    i += char.length;
  }
  return `${out}${ascii ? '~' : '…'}${coloured ? '\u001b[0m' : ''}`;
}

/** "a b", but "驱动 550（支持 …）": no space before full-width punctuation, which has its own. */
export function spaced(a: string, b: string): string {
  return /^[（【「《，。：；、]/.test(b) ? `${a}${b}` : `${a} ${b}`;
}
