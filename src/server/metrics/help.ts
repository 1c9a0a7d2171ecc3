// HELP lines are English in every exposition (what Prometheus users and dashboards expect); the
// texts live in the i18n catalog with their zh-CN translations (messages/metrics.ts and the
// field table's messages/fields.ts), where docs and the dashboard read them too.

import { isMessageKey, translate } from '../../i18n/index.js';

const cache = new Map<string, string>();

/** The English text of a help key; a key the catalog lacks comes out as itself (tests catch it). */
export function helpText(key: string): string {
  let text = cache.get(key);
  if (text === undefined) {
    text = isMessageKey(key) ? translate('en', key) : key;
    cache.set(key, text);
  }
  return text;
}
