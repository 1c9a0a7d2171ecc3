// The one sanitiser for text that comes from outside (process command lines, driver strings,
// probe output) on its way to a terminal, a JSON document or a web page. Any local user controls
// their own argv, so a process name can carry ESC sequences (retitle the terminal, clear it,
// recolour it), CR/LF (forge a whole row), backspaces, or bidi overrides (make "txt.exe" read
// "exe.txt"). Such characters are shown escaped — visible, one column each — never passed on.

/**
 * What is never passed to a terminal or page raw:
 * C0 controls and DEL, C1 controls (U+0080–U+009F: 8-bit CSI/OSC on some terminals),
 * bidi controls (ALM, LRM, RLM, the embeddings/overrides U+202A–U+202E, the isolates
 * U+2066–U+2069), zero-width characters (U+200B–U+200D, U+2060–U+2064, BOM), the line and
 * paragraph separators, and lone surrogates (text that is not valid UTF-16).
 * One character class, scanned once: linear in the input.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Same set, without the C0 controls and lone surrogates JSON.stringify already escapes. */
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

function escapeChar(char: string): string {
  const short = SHORT_ESCAPES[char];
  if (short) return short;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** True when `text` holds nothing `safeText` would change. */
export function isSafeText(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return !UNSAFE.test(text);
}

/**
 * Text made safe to print: every unsafe character (see UNSAFE) written as a visible escape
 * (`\e`, `\n`, `\x07`, `\u202e`). The result has no control characters, so its display width
 * is what the width maths computes.
 */
export function safeText(text: string): string {
  UNSAFE.lastIndex = 0;
  if (!UNSAFE.test(text)) return text;
  return text.replace(UNSAFE, escapeChar);
}

/** `safeText` for a value that may be missing. */
export function safeTextOrNull(text: string | null | undefined): string | null {
  return text == null ? null : safeText(text);
}

/**
 * JSON text with the characters JSON.stringify leaves raw but a terminal or browser would act
 * on (DEL, C1, bidi and zero-width controls, U+2028/U+2029) written as \uXXXX. The JSON still
 * parses to exactly the same value.
 */
export function escapeJsonText(json: string): string {
  JSON_UNSAFE.lastIndex = 0;
  if (!JSON_UNSAFE.test(json)) return json;
  return json.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** JSON.stringify, then `escapeJsonText`: the one way gpuwise writes JSON for people's screens. */
export function toSafeJson(value: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(value, null, indent));
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The HTML twin of `safeText`: controls escaped visibly, then the markup characters. */
export function safeHtml(text: string): string {
  return safeText(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
