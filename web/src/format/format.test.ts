import { describe, expect, it } from 'vitest';
import { createFormat } from './format.js';

const en = createFormat('en', { timeZone: 'UTC' });
const zh = createFormat('zh-CN', { timeZone: 'Asia/Shanghai' });
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

describe('format: missing values', () => {
  it('shows N/A for null, undefined, NaN and infinities in every formatter, never 0', () => {
    const formatters = [en, zh];
    for (const f of formatters) {
      for (const broken of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        const shown = [f.number(broken), f.percent(broken), f.bytes(broken), f.watts(broken), f.celsius(broken), f.mhz(broken), f.rate(broken), f.duration(broken), f.ago(broken), f.time(broken), f.dateTime(broken)];
        expect(new Set(shown)).toEqual(new Set([f.na]));
      }
      expect(f.na).toBe('N/A');
    }
  });

  it('keeps the known half of a pair and marks the missing half', () => {
    expect(en.bytesPair(null, 80 * GIB)).toBe('N/A / 80.0 GiB');
    expect(en.bytesPair(12 * GIB, null)).toBe('12.0 / N/A GiB');
    expect(en.bytesPair(null, null)).toBe('N/A');
    expect(en.wattsPair(648.5, null)).toBe('649 / N/A W');
    expect(zh.wattsPair(null, 700)).toBe('N/A / 700 W');
  });

  it('shows a real zero as 0', () => {
    expect(en.percent(0)).toBe('0%');
    expect(en.watts(0)).toBe('0.0 W');
    expect(en.bytes(0)).toBe('0 B');
    expect(en.rate(0)).toBe('0 B/s');
  });
});

describe('format: units', () => {
  it('writes bytes in binary units, one decimal from GiB up', () => {
    expect(en.bytes(74694262784)).toBe('69.6 GiB');
    expect(en.bytes(512 * MIB)).toBe('512 MiB');
    expect(en.bytes(1536)).toBe('2 KiB');
    expect(en.bytes(1023)).toBe('1,023 B');
    expect(en.bytes(3 * 1024 * GIB)).toBe('3.0 TiB');
    expect(zh.bytes(74694262784)).toBe('69.6 GiB');
  });

  it('puts both memory figures in the larger one’s unit', () => {
    expect(en.bytesPair(74694262784, 85520809984)).toBe('69.6 / 79.6 GiB');
    expect(en.bytesPair(300 * MIB, 80 * GIB)).toBe('0.3 / 80.0 GiB');
    expect(en.bytesPair(300 * MIB, 900 * MIB)).toBe('300 / 900 MiB');
  });

  it('writes percent, watts, °C and MHz with the locale’s grouping', () => {
    expect(en.percent(98)).toBe('98%');
    expect(en.percent(74.91127537639235)).toBe('75%');
    expect(en.percent(74.91127537639235, 1)).toBe('74.9%');
    expect(en.watts(648.5)).toBe('649 W');
    expect(en.watts(7.25)).toBe('7.3 W');
    expect(en.wattsPair(648.5, 700)).toBe('649 / 700 W');
    expect(en.celsius(64)).toBe('64 °C');
    expect(en.mhz(1980)).toBe('1,980 MHz');
    expect(zh.mhz(1980)).toBe('1,980 MHz');
    expect(en.number(12345.678, 1)).toBe('12,345.7');
  });

  it('writes link rates in decimal units with three significant digits', () => {
    expect(en.rate(1923823177.55)).toBe('1.92 GB/s');
    expect(en.rate(188072280092.7)).toBe('188 GB/s');
    expect(en.rate(19_200_000)).toBe('19.2 MB/s');
    expect(en.rate(999)).toBe('999 B/s');
    expect(en.rate(5e15)).toBe('5,000 TB/s');
  });
});

describe('format: durations and times in both languages', () => {
  it('uses two units at most', () => {
    expect(en.duration(12)).toBe('12s');
    expect(en.duration(245)).toBe('4m 05s');
    expect(en.duration(7980)).toBe('2h 13m');
    expect(en.duration(3 * 86400 + 4 * 3600 + 59)).toBe('3d 4h');
    expect(zh.duration(12)).toBe('12 秒');
    expect(zh.duration(245)).toBe('4 分 05 秒');
    expect(zh.duration(7980)).toBe('2 小时 13 分');
    expect(zh.duration(3 * 86400 + 4 * 3600)).toBe('3 天 4 小时');
  });

  it('never shows a negative duration (a clock that stepped back)', () => {
    expect(en.duration(-5)).toBe('0s');
  });

  it('says how long ago', () => {
    expect(en.ago(245)).toBe('4m 05s ago');
    expect(zh.ago(245)).toBe('4 分 05 秒前');
  });

  it('writes times on a 24-hour clock in the given zone', () => {
    const at = Date.UTC(2026, 11, 1, 13, 6, 24);
    expect(en.time(at)).toBe('13:06:24');
    expect(zh.time(at)).toBe('21:06:24');
    expect(en.dateTime(at)).toBe('Dec 1, 2026, 13:06');
    expect(zh.dateTime(at)).toBe('2026年12月1日 21:06');
  });
});
