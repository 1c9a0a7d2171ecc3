// gpuwise writes UTF-8 whatever the locale says. On a terminal set to another charset
// (LANG=zh_CN.GB18030 is common on Chinese Linux installs) its Chinese text, box characters and
// bars come out as mojibake, so it says so once, on stderr — with the ASCII parts (the variable,
// the fix) readable even where the rest of the line is not.

const LOCALE_VARIABLES = ['LC_ALL', 'LC_CTYPE', 'LANG'] as const;

export interface ForeignCharset {
  /** The variable that decides the charset (POSIX: LC_ALL, then LC_CTYPE, then LANG). */
  variable: (typeof LOCALE_VARIABLES)[number];
  value: string;
  /** What it asks for, e.g. "GB18030". */
  charset: string;
  /** The same locale in UTF-8, e.g. "zh_CN.UTF-8". */
  suggestion: string;
}

/**
 * The locale's charset when it names one other than UTF-8; null when it is UTF-8 or names none
 * ("C", "POSIX", "zh_CN": a bare name says nothing we could act on).
 */
export function foreignCharset(env: NodeJS.ProcessEnv): ForeignCharset | null {
  for (const variable of LOCALE_VARIABLES) {
    const value = env[variable]?.trim();
    if (!value) continue;
    // language[_territory][.codeset][@modifier]
    const match = /^([^.@]*)\.([^@]*)(@.*)?$/.exec(value);
    const charset = match?.[2];
    if (!match || !charset || /^utf-?8$/i.test(charset)) return null;
    return { variable, value, charset, suggestion: `${match[1]}.UTF-8${match[3] ?? ''}` };
  }
  return null;
}

/**
 * Whether the locale asks for a charset without block glyphs: LANG=C / POSIX, or a named
 * non-UTF-8 codeset. No locale variable at all (common in containers, whose terminals are
 * UTF-8) keeps Unicode; --ascii and --unicode decide over both.
 */
export function localeWantsAscii(env: NodeJS.ProcessEnv): boolean {
  for (const variable of ['LC_ALL', 'LC_CTYPE', 'LANG'] as const) {
    const value = env[variable]?.trim();
    if (!value) continue;
    if (value === 'C' || value === 'POSIX') return true;
    const codeset = /^[^.@]*\.([^@]*)/.exec(value)?.[1];
    return codeset !== undefined && !/^utf-?8$/i.test(codeset);
  }
  return false;
}

/** Typographic characters of the messages, as ASCII terminals can show them. */
const ASCII_FALLBACK: Record<string, string> = {
  '≤': '<=', '≥': '>=', '—': '-', '–': '-', '’': "'", '‘': "'", '“': '"', '”': '"', '…': '...', '→': '->', '×': 'x',
  '↓': 'v', '↑': '^', '°': '', '·': '-', '│': '|', '▲': '^', '▼': 'v', '✗': 'x', '⚠': '!',
};
const ASCII_FALLBACK_PATTERN = new RegExp(`[${Object.keys(ASCII_FALLBACK).join('')}]`, 'g');

/** Replaces typographic characters with ASCII ones (Chinese text is left as it is: it is the content). */
export function asciify(text: string): string {
  return text.replace(ASCII_FALLBACK_PATTERN, (char) => ASCII_FALLBACK[char] ?? char);
}
