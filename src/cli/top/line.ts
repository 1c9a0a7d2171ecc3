// A screen line built from styled pieces, cut and padded to an exact number of terminal columns.
// Widths are counted on the plain text (styles add no columns), with East Asian wide characters
// as two — so a Chinese label never pushes a column out of line or past the right edge.

import { displayWidth } from '../render/format.js';
import type { Style } from './theme.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Columns of each BMP character as displayWidth counts it (0xff: not looked up yet). A frame
 * measures thousands of bars, graph blocks and CJK labels; displayWidth strips colour codes with
 * a regex and tests every character with another. It counts a string as the sum of its code
 * points once nothing below U+0020 is in it (no colour code to strip), so a table per character
 * gives the same answer.
 */
const BMP_WIDTHS = new Uint8Array(0x10000).fill(0xff);

/** Terminal columns of plain text (no escape codes: every text here passed safeView). */
export function cellWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) {
      width++;
      continue;
    }
    // Controls (a colour code) and surrogate pairs: the whole text the long way.
    if (code < 0x20 || (code >= 0xd800 && code <= 0xdfff)) return displayWidth(text);
    let w = BMP_WIDTHS[code]!;
    if (w === 0xff) BMP_WIDTHS[code] = w = displayWidth(String.fromCharCode(code));
    width += w;
  }
  return width;
}

/** `text` cut to at most `width` columns, `ellipsis` marking a cut; a wide character never straddles the edge. */
export function cut(text: string, width: number, ellipsis = '…'): string {
  if (width <= 0) return '';
  if (cellWidth(text) <= width) return text;
  const room = width - cellWidth(ellipsis);
  if (room < 0) return takeColumns(text, width);
  return takeColumns(text, room) + ellipsis;
}

/** The longest prefix of `text` that fits in `width` columns. */
function takeColumns(text: string, width: number): string {
  if (PRINTABLE_ASCII.test(text)) return text.slice(0, width);
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = cellWidth(char);
    if (used + w > width) break;
    out += char;
    used += w;
  }
  return out;
}

export function padRight(text: string, width: number): string {
  const w = cellWidth(text);
  return w >= width ? text : text + ' '.repeat(width - w);
}

export function padLeft(text: string, width: number): string {
  const w = cellWidth(text);
  return w >= width ? text : ' '.repeat(width - w) + text;
}

interface Piece {
  text: string;
  width: number;
  style: Style | null;
}

export class Line {
  private readonly pieces: Piece[] = [];
  private used = 0;

  /** Columns so far. */
  get width(): number {
    return this.used;
  }

  add(text: string, style?: Style): this {
    if (text === '') return this;
    const width = cellWidth(text);
    this.pieces.push({ text, width, style: style ?? null });
    this.used += width;
    return this;
  }

  /** Appends another line's pieces. */
  append(other: Line): this {
    // Indexed loops here and below: until V8 optimises a frame's code (it takes a while at two
    // frames a second), every step of a for-of allocates an iterator result.
    for (let i = 0; i < other.pieces.length; i++) this.pieces.push(other.pieces[i]!);
    this.used += other.used;
    return this;
  }

  /** A copy at most `width` columns wide, cut with `ellipsis`, styles kept. */
  cutTo(width: number, ellipsis = '…'): Line {
    const line = new Line();
    const over = this.used > width;
    const room = over ? width - cellWidth(ellipsis) : width;
    for (let i = 0; i < this.pieces.length; i++) {
      const piece = this.pieces[i]!;
      if (line.used >= room) break;
      if (line.used + piece.width <= room) {
        line.pieces.push(piece);
        line.used += piece.width;
        continue;
      }
      line.add(cut(piece.text, room - line.used, ''), piece.style ?? undefined);
      break;
    }
    if (over && room >= 0) line.add(ellipsis);
    return line;
  }

  space(count = 1): this {
    return count > 0 ? this.add(' '.repeat(count)) : this;
  }

  /** Pads with spaces up to column `column`. */
  padTo(column: number): this {
    return this.space(column - this.used);
  }

  /** Exactly `width` columns: cut at the edge (with `ellipsis`), padded with spaces. `style` is laid over everything. */
  render(width: number, ellipsis = '…', style?: Style): string {
    let out = '';
    let used = 0;
    for (let i = 0; i < this.pieces.length; i++) {
      const piece = this.pieces[i]!;
      if (used >= width) break;
      let text = piece.text;
      let w = piece.width;
      if (used + w > width) {
        text = cut(text, width - used, ellipsis);
        w = cellWidth(text);
      }
      out += piece.style ? piece.style(text) : text;
      used += w;
    }
    if (used < width) out += ' '.repeat(width - used);
    return style ? style(out) : out;
  }
}
