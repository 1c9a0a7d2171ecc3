// Terminal columns of text, and word-wrapping by them: a Chinese character takes two columns, so
// counting by .length misaligns every table and overruns every wrapped line. Shared by the CLI's
// renderers and by the doctor's fix scripts (whose comments are wrapped in the reader's language).

import { eastAsianWidth } from 'get-east-asian-width';

// Colour codes (SGR) take no columns. Our renderers only emit SGR, so this is all there is to strip.
const SGR = /\u001b\[[0-9;]*m/g;
// Marks that combine with the character before them, and the joiners and selectors of emoji.
const ZERO_WIDTH = /[\u0300-\u036f\u200b-\u200f\u2060\ufe00-\ufe0f]/;

/**
 * Terminal columns of `text`: East Asian wide and fullwidth characters count 2, the rest 1.
 * (string-width does this for every script and emoji, but its Intl.Segmenter and emoji tables
 * cost ~60 ms at start, more than the rest of `gpuwise info`.)
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text.replace(SGR, '')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint < 0x20 || ZERO_WIDTH.test(char)) continue;
    width += codePoint < 0x1100 ? 1 : eastAsianWidth(codePoint);
  }
  return width;
}

/**
 * Word-wraps `text` to `width` columns (Chinese breaks between any two characters). A word wider
 * than a line is split, unless `keepLongWords` (a URL in a script's comment must stay whole).
 */
export function wrapText(text: string, width: number, keepLongWords = false): string[] {
  if (width <= 0) return [];
  const tokens = text.match(/[\x21-\x7e\u00a0-\u10ff]+|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const token of tokens) {
    if (/^\s+$/.test(token)) {
      if (used > 0 && used < width) {
        line += ' ';
        used += 1;
      }
      continue;
    }
    const w = displayWidth(token);
    if (used + w > width && used > 0) {
      lines.push(line.trimEnd());
      line = '';
      used = 0;
    }
    // A token wider than the whole line is split where it must be.
    let rest = token;
    while (!keepLongWords && displayWidth(rest) > width) {
      let head = '';
      for (const char of rest) {
        if (displayWidth(head + char) > width) break;
        head += char;
      }
      lines.push(head);
      rest = rest.slice(head.length);
    }
    line += rest;
    used += displayWidth(rest);
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}
