// What a frame asks again and again and that does not change while top runs: the texts of
// messages without parameters (labels, N/A, headers). A frame asks for ~150 of them; each is a
// catalog look-up, a plural pass and a placeholder pass.

import type { Translate } from '../../i18n/index.js';

/** `t`, with the texts of calls without parameters kept (a translator's locale never changes). */
export function memoTranslate(t: Translate): Translate {
  const texts = new Map<string, string>();
  return (key, params) => {
    if (params !== undefined) return t(key, params);
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = t(key)));
    return text;
  };
}
