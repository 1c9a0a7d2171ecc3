// An event as a sentence in the reader's language. Events are stored as key + params so that a
// history reads in whichever language is asked for; here the params that are ids (clock reasons)
// are translated, and text that came from outside (process names, the driver's Xid text) is
// escaped — this is the render step where hostile text stops being data.

import type { ClockEventReason } from '../core/clock-events.js';
import { safeText } from '../core/safe-text.js';
import { isMessageKey, type MessageKey, type Translate } from '../i18n/index.js';
import type { GpuEvent } from './types.js';
import { CLOCK_REASON_KEYS } from '../i18n/clock-reason-keys.js';

/** The stored id list (`sw-power-cap,hw-slowdown`) named, joined as info and top join a list in this language (、 in Chinese). */
function reasonsText(list: string, t: Translate): string {
  return list
    .split(',')
    .filter((id) => id !== '')
    .map((id) => (Object.hasOwn(CLOCK_REASON_KEYS, id) ? t(CLOCK_REASON_KEYS[id as ClockEventReason]) : safeText(id)))
    .join(t('cli.help.listSeparator'));
}

/** The event's sentence; a key this build does not know (a newer store) shows as the key itself. */
export function eventText(event: Pick<GpuEvent, 'key' | 'params'>, t: Translate): string {
  if (!isMessageKey(event.key)) return safeText(event.key);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(event.params)) {
    if (name === 'reasons' && typeof value === 'string') params[name] = reasonsText(value, t);
    else params[name] = typeof value === 'string' ? safeText(value) : value;
  }
  return t(event.key, params);
}
