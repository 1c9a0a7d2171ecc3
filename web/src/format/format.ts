// Units for people, in the page's language. Every formatter takes null (and NaN/Infinity, which
// a value should never be but a broken reading might) and answers the translated N/A: a missing
// value is never shown as 0. Values arrive in the API's base units (bytes, W, °C, MHz, percent).
import { translate, type WebLocale } from '../app/i18n.js';

export interface FormatOptions {
  /** IANA zone for times; the browser's own when absent (tests pin one). */
  timeZone?: string;
}

export interface Format {
  readonly locale: WebLocale;
  /** The translated "not available". */
  readonly na: string;
  number(value: Maybe, digits?: number): string;
  /** 0–100 → "98%". */
  percent(value: Maybe, digits?: number): string;
  /** Binary units: "69.6 GiB", "512 MiB". */
  bytes(value: Maybe): string;
  /** "69.6 / 79.6 GiB": both in the larger one's unit, so the pair reads at a glance. */
  bytesPair(used: Maybe, total: Maybe): string;
  watts(value: Maybe): string;
  /** "648 / 700 W". */
  wattsPair(draw: Maybe, limit: Maybe): string;
  celsius(value: Maybe): string;
  mhz(value: Maybe): string;
  /** Decimal units, as links are rated: "1.92 GB/s". */
  rate(bytesPerSecond: Maybe): string;
  /** Seconds as "2h 13m" / "2 小时 13 分". */
  duration(seconds: Maybe): string;
  /** "4m 05s ago" / "4 分 05 秒前". */
  ago(seconds: Maybe): string;
  /** ms since the epoch → "13:06:24". */
  time(ms: Maybe): string;
  /** ms since the epoch → "Dec 1, 2026, 13:06". */
  dateTime(ms: Maybe): string;
}

type Maybe = number | null | undefined;

const KIB = 1024;
const BINARY = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;
const DECIMAL = ['B/s', 'kB/s', 'MB/s', 'GB/s', 'TB/s'] as const;

function known(value: Maybe): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The power of 1024 that shows `bytes` best: whole bytes below 1 KiB. */
function binaryExponent(bytes: number): number {
  let exponent = 0;
  let size = Math.abs(bytes);
  while (size >= KIB && exponent < BINARY.length - 1) {
    size /= KIB;
    exponent += 1;
  }
  return exponent;
}

/** GiB and above with one decimal; MiB, KiB, B whole (a tenth of a MiB says nothing on a GPU). */
function binaryDigits(exponent: number): number {
  return exponent >= 3 ? 1 : 0;
}

export function createFormat(locale: WebLocale, options: FormatOptions = {}): Format {
  const na = translate(locale, 'web.format.na');
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberText = (value: number, min: number, max: number): string => {
    const id = `${min}:${max}`;
    let format = numberFormats.get(id);
    if (!format) numberFormats.set(id, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max })));
    return format.format(value);
  };
  const fixed = (value: number, digits: number) => numberText(value, digits, digits);
  const zone = options.timeZone === undefined ? {} : { timeZone: options.timeZone };
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', ...zone });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone });

  const inBinary = (value: number, exponent: number): string => {
    const digits = binaryDigits(exponent);
    return fixed(value / KIB ** exponent, digits);
  };
  const withUnit = (text: string, unit: string) => `${text} ${unit}`;

  const duration = (seconds: Maybe): string => {
    if (!known(seconds)) return na;
    const total = Math.max(0, Math.floor(seconds));
    const d = Math.floor(total / 86400);
    const h = Math.floor((total % 86400) / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = total % 60;
    const part = (key: 'web.format.day' | 'web.format.hour' | 'web.format.minute' | 'web.format.second', n: number, pad = false) =>
      translate(locale, key, { n: pad ? String(n).padStart(2, '0') : n });
    // Two units at most: "3d 4h", never "3d 4h 12m 5s".
    if (d > 0) return `${part('web.format.day', d)} ${part('web.format.hour', h)}`;
    if (h > 0) return `${part('web.format.hour', h)} ${part('web.format.minute', m, true)}`;
    if (m > 0) return `${part('web.format.minute', m)} ${part('web.format.second', s, true)}`;
    return part('web.format.second', s);
  };

  return {
    locale,
    na,
    number: (value, digits = 0) => (known(value) ? numberText(value, 0, digits) : na),
    percent: (value, digits = 0) => (known(value) ? `${fixed(value, digits)}%` : na),
    bytes(value) {
      if (!known(value)) return na;
      const exponent = binaryExponent(value);
      return withUnit(inBinary(value, exponent), BINARY[exponent]!);
    },
    bytesPair(used, total) {
      if (!known(used) && !known(total)) return na;
      const exponent = binaryExponent(Math.max(known(used) ? Math.abs(used) : 0, known(total) ? Math.abs(total) : 0));
      const value = known(used) ? inBinary(used, exponent) : na;
      const whole = known(total) ? inBinary(total, exponent) : na;
      return withUnit(translate(locale, 'web.format.pair', { value, total: whole }), BINARY[exponent]!);
    },
    watts: (value) => (known(value) ? withUnit(fixed(value, Math.abs(value) < 10 ? 1 : 0), 'W') : na),
    wattsPair(draw, limit) {
      if (!known(draw) && !known(limit)) return na;
      const value = known(draw) ? fixed(draw, 0) : na;
      const total = known(limit) ? fixed(limit, 0) : na;
      return withUnit(translate(locale, 'web.format.pair', { value, total }), 'W');
    },
    celsius: (value) => (known(value) ? withUnit(fixed(value, 0), '°C') : na),
    mhz: (value) => (known(value) ? withUnit(fixed(value, 0), 'MHz') : na),
    rate(bytesPerSecond) {
      if (!known(bytesPerSecond)) return na;
      let exponent = 0;
      let size = Math.abs(bytesPerSecond);
      while (size >= 1000 && exponent < DECIMAL.length - 1) {
        size /= 1000;
        exponent += 1;
      }
      // Three significant digits: "1.92 GB/s", "19.2 GB/s", "192 GB/s".
      const digits = exponent === 0 ? 0 : size < 10 ? 2 : size < 100 ? 1 : 0;
      return withUnit(fixed(bytesPerSecond / 1000 ** exponent, digits), DECIMAL[exponent]!);
    },
    duration,
    ago: (seconds) => (known(seconds) ? translate(locale, 'web.format.ago', { duration: duration(seconds) }) : na),
    time: (ms) => (known(ms) ? timeFormat.format(ms) : na),
    dateTime: (ms) => (known(ms) ? dateTimeFormat.format(ms) : na),
  };
}
