// Axis and legend text for the charts, in the page's language: values through the shared unit
// formatters (web/src/format/), times through Intl so a Chinese reader gets "12月1日 13:05".

import type { Format } from '../format/format.js';
import type { WebLocale } from '../app/i18n.js';

export type ValueFormatter = (value: number | null | undefined) => string;

/** The formatter for a history series' unit (the field table's: percent, bytes, watts …). */
export function unitFormatter(fmt: Format, unit: string): ValueFormatter {
  switch (unit) {
    case 'percent': return (v) => fmt.percent(v);
    case 'bytes': return (v) => fmt.bytes(v);
    case 'watts': return (v) => fmt.watts(v);
    case 'celsius': return (v) => fmt.celsius(v);
    case 'mhz': return (v) => fmt.mhz(v);
    case 'bytes-per-second': return (v) => fmt.rate(v);
    default: return (v) => fmt.number(v, 2);
  }
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Tick labels for a time axis spanning `spanMs`: seconds when the view is a few minutes, hours
 * and minutes within a day, the date with them up to a week, the date alone beyond.
 */
export function timeTickFormatter(locale: WebLocale, spanMs: number, timeZone?: string): (ms: number) => string {
  const zone = timeZone === undefined ? {} : { timeZone };
  const options: Intl.DateTimeFormatOptions =
    spanMs <= 10 * MINUTE ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }
    : spanMs <= DAY ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : spanMs <= 7 * DAY ? { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { month: 'short', day: 'numeric' };
  const format = new Intl.DateTimeFormat(locale, { ...options, ...zone });
  return (ms) => (Number.isFinite(ms) ? format.format(ms) : '');
}
