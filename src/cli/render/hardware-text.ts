// Hardware facts the catalogs record in English ("AMD EPYC 7742 (Rome, 64 cores)", "…, as
// submitted") as a Chinese reader writes them: the product names stay (they are what is printed
// on the part), the words around them are translated and the punctuation is full-width.

import type { Locale } from '../../i18n/index.js';

const ZH_WORDS: [RegExp, string][] = [
  [/,? as submitted\b/g, '，按提交配置'],
  [/\bup to (\d+) cores\b/g, '最多 $1 核'],
  [/\b(\d+) cores\b/g, '$1 核'],
  [/\bup to (\d+) W\b/g, '最高 $1 W'],
  [/\b(\d+)(?:st|nd|rd|th) gen\b/g, '第 $1 代'],
];

/** `text` for `locale`: English as recorded, or Chinese words with full-width punctuation. */
export function hardwareText(text: string, locale: Locale): string {
  if (locale !== 'zh-CN') return text;
  let out = text;
  for (const [pattern, replacement] of ZH_WORDS) out = out.replace(pattern, replacement);
  // Punctuation inside and around the translated words: "（Rome，64 核）".
  return out.replace(/ ?\(/g, '（').replace(/\)/g, '）').replace(/; /g, '；').replace(/, /g, '，');
}
