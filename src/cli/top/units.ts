// Short figures for a dense screen: "69.6/79.6G", "2.1 GiB/s", "662 W", "3h02m" (durations in the
// reader's language, from the shared formatter).

import { formatDurationCompact, formatInterval } from '../../i18n/format.js';
import type { Locale } from '../../i18n/index.js';

const KIB = 1024;
const MIB = KIB * 1024;
const GIB = MIB * 1024;
const TIB = GIB * 1024;

/** Bytes in the largest unit below 1024 of it, one decimal under 100: "69.6G", "512M", "1.2T". */
export function bytesShort(bytes: number): string {
  const abs = Math.abs(bytes);
  const [value, unit] = abs >= TIB ? [bytes / TIB, 'T'] : abs >= GIB ? [bytes / GIB, 'G'] : abs >= MIB ? [bytes / MIB, 'M'] : [bytes / KIB, 'K'];
  return `${Math.abs(value) >= 100 ? Math.round(value) : value.toFixed(1)}${unit}`;
}

/** "69.6/79.6G": used in the unit of the total, so the two read together. */
export function bytesPairShort(used: number, total: number): string {
  const unit = total >= TIB ? TIB : total >= GIB ? GIB : MIB;
  const suffix = unit === TIB ? 'T' : unit === GIB ? 'G' : 'M';
  const show = (n: number) => (n / unit >= 100 ? String(Math.round(n / unit)) : (n / unit).toFixed(1));
  return `${show(used)}/${show(total)}${suffix}`;
}

/** Bytes per second: "2.1G/s", "793M/s", "12K/s", "0/s". */
export function rateShort(bytesPerSecond: number): string {
  if (bytesPerSecond < 1) return '0/s';
  if (bytesPerSecond < KIB) return `${Math.round(bytesPerSecond)}B/s`;
  return `${bytesShort(bytesPerSecond)}/s`;
}

export function percentText(value: number): string {
  return `${Math.round(value)}%`;
}

export function wattsText(value: number): string {
  return `${Math.round(value)}W`;
}

/** Elapsed time in the reader's language: "4m05s", "2h13m", "412d" (≤ 6 columns); "4分05秒", "2时13分" (≤ 8). */
export function elapsedShort(seconds: number, locale: Locale): string {
  return formatDurationCompact(seconds, locale);
}

/** Seconds as the help and header show a span or an interval: "250ms", "1.5s", "5min"; "1.5 秒", "5 分钟". */
export function secondsShort(seconds: number, locale: Locale): string {
  return formatInterval(seconds, locale);
}
