// An event's sentence in the page's language, rendered here from the project's own event
// messages (src/i18n/messages/events.ts) as src/events/text.ts does for the CLI — that module
// reaches the whole catalog through src/i18n, so the page takes the one domain file it needs.
// Clock-reason ids are translated; text from outside (process names, the driver's Xid text) goes
// through safeText, and is then shown as text (Preact escapes it), never as markup.

import { safeText } from '../../../../src/core/safe-text.js';
import eventMessages from '../../../../src/i18n/messages/events.js';
import { isWebMessageKey, translate, type WebLocale } from '../../app/i18n.js';

const PLACEHOLDER = /\{(\w+)\}/g;

export interface EventTextInput {
  key: string;
  params: Record<string, string | number>;
  /** The server's rendering, used for a key this page does not know. */
  message?: string | null;
}

function reasonsText(list: string, locale: WebLocale): string {
  return list
    .split(',')
    .filter((id) => id !== '')
    .map((id) => {
      const key = `info.clock.${id}`;
      return isWebMessageKey(key) ? translate(locale, key) : safeText(id);
    })
    // The language's own separator: "power cap, thermal" but "功率上限、温度过高", as info and top.
    .join(translate(locale, 'web.format.listSeparator'));
}

export function eventText(event: EventTextInput, locale: WebLocale): string {
  const table: Readonly<Record<string, string>> = eventMessages[locale];
  const template = Object.hasOwn(table, event.key) ? table[event.key] : undefined;
  if (template === undefined) {
    if (typeof event.message === 'string' && event.message !== '') return safeText(event.message);
    return translate(locale, 'web.events.unknownKey', { key: safeText(event.key) });
  }
  const params = event.params !== null && typeof event.params === 'object' ? event.params : {};
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    if (name === 'reasons' && typeof value === 'string') return reasonsText(value, locale);
    return typeof value === 'string' ? safeText(value) : String(value);
  });
}
