// Quoting for the commands the doctor writes: each value quoted for the exact context it lands in.
// Every command stays one physical line with no control character in it, so it is safe to show
// on a terminal and to write as a comment line in a fix script (a raw newline would end the
// comment and run the rest).

import { isSafeText } from '../../core/safe-text.js';

/** Characters sh gives no meaning to: such a value needs no quotes (a leading `=` does in zsh). */
const SH_BARE = /^(?!=)[\w@%+=:,./-]+$/;
// Not `@` (splatting) or `,` (array) in PowerShell's argument mode.
const PS_BARE = /^[\w+=:./\\-]+$/;

const encoder = new TextEncoder();

function hexBytes(char: string, prefix: string): string {
  return [...encoder.encode(char)].map((byte) => `${prefix}${byte.toString(16).padStart(2, '0')}`).join('');
}

/**
 * Quotes `value` as one word for POSIX sh / bash. Plain text goes in single quotes (nothing is
 * special inside them; a `'` is closed, escaped and reopened). Text with control, bidi or
 * zero-width characters is written `$'…'` with those characters as \xHH bytes of their UTF-8:
 * bash, zsh and ksh give back exactly the value, whatever the locale, and the line shows what
 * it holds.
 */
export function shQuote(value: string): string {
  if (SH_BARE.test(value)) return value;
  if (isSafeText(value)) return `'${value.replace(/'/g, `'\\''`)}'`;
  let out = "$'";
  for (const char of value) {
    if (char === '\\' || char === "'") out += `\\${char}`;
    else out += isSafeText(char) ? char : hexBytes(char, '\\x');
  }
  return `${out}'`;
}

// PowerShell reads the typographic quotes as quotes too.
const PS_SINGLE_QUOTES = /['\u2018\u2019\u201a\u201b]/g;
const PS_DOUBLE_SPECIAL = /[`$"\u201c\u201d\u201e]/;

/**
 * Quotes `value` as one argument for PowerShell. Plain text goes in single quotes, every kind of
 * single quote doubled. Text with control characters goes in double quotes with those written
 * as `$([char]0xHHHH)` and the characters special there (`` ` `` `$` and the double quotes)
 * escaped with a backtick.
 */
export function psQuote(value: string): string {
  if (PS_BARE.test(value)) return value;
  if (isSafeText(value)) return `'${value.replace(PS_SINGLE_QUOTES, (quote) => quote + quote)}'`;
  let out = '"';
  for (const char of value) {
    if (PS_DOUBLE_SPECIAL.test(char)) out += `\`${char}`;
    else if (isSafeText(char)) out += char;
    else out += [...char].map((unit) => `$([char]0x${unit.charCodeAt(0).toString(16).padStart(4, '0')})`).join('');
  }
  return `${out}"`;
}

/**
 * A command that appends `line` to `file` as it is: `printf '%s\n' '<line>' >> file`. The line
 * is one quoted argument, so nothing in it is run or expanded now; it takes effect when `file`
 * is read (a shell sourcing ~/.bashrc). `line` itself must already be valid for that reader.
 */
export function appendLineCommand(line: string, file: string): string {
  return `printf '%s\\n' ${shQuote(line)} >> ${file}`;
}
