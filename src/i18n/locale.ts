// Which language to speak: --lang, then GPUWISE_LANG, then the POSIX locale variables, then the
// runtime's own locale. Chinese in any region reads zh-CN; everything else reads en.

export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Maps a locale tag ("zh_CN.UTF-8", "zh-Hans", "en_US", "C") to one we speak; null if empty. */
export function normaliseLocaleTag(tag: string | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (lower === '') return null;
  if (lower.startsWith('zh')) return 'zh-CN';
  return 'en';
}

export function detectLocale(env: NodeJS.ProcessEnv = process.env): Locale {
  // POSIX order of precedence: LC_ALL overrides LC_MESSAGES overrides LANG.
  for (const name of ['GPUWISE_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const locale = normaliseLocaleTag(env[name]);
    if (locale) return locale;
  }
  return normaliseLocaleTag(Intl.DateTimeFormat().resolvedOptions().locale) ?? 'en';
}
