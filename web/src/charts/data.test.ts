import { describe, expect, it } from 'vitest';
import { createFormat } from '../format/format.js';
import type { ApiEvent, HistoryAnswer } from '../api/types.js';
import { timeTickFormatter, unitFormatter } from './axis-format.js';
import { shapeChart, summarise } from './data.js';
import { eventMarkers } from './markers.js';

const T0 = Date.UTC(2026, 11, 1, 12, 0, 0);
const p = (i: number, avg: number | null, min = avg, max = avg) => ({ t: T0 + i * 1000, min, avg, max });

function answer(series: HistoryAnswer['series']): HistoryAnswer {
  return { device: 'GPU-a', tier: 'raw', stepMs: 1000, fromMs: T0, toMs: T0 + 4999, series };
}

describe('shapeChart', () => {
  it('keeps a bucket without a value as null (a gap), never 0', () => {
    const shaped = shapeChart(answer([{ metric: 'gpuUtilPercent', unit: 'percent', points: [p(0, 10, 5, 20), p(1, null), p(2, 0)] }]), ['gpuUtilPercent']);
    expect(shaped.data).toEqual([[T0, T0 + 1000, T0 + 2000], [5, null, 0], [10, null, 0], [20, null, 0]]);
    expect(shaped.metrics).toEqual([{ metric: 'gpuUtilPercent', unit: 'percent', minIndex: 1, avgIndex: 2, maxIndex: 3 }]);
  });

  it('puts series with different buckets on one time axis, in the asked order, and leaves out absent metrics', () => {
    const shaped = shapeChart(answer([
      { metric: 'tensorActivePercent', unit: 'percent', points: [p(0, null), p(1, null)] },
      { metric: 'memoryUtilPercent', unit: 'percent', points: [p(1, 3), p(3, 4)] },
      { metric: 'gpuUtilPercent', unit: 'percent', points: [p(0, 1), p(1, 2)] },
    ]), ['gpuUtilPercent', 'memoryUtilPercent', 'tensorActivePercent', 'smActivePercent']);
    expect(shaped.data[0]).toEqual([T0, T0 + 1000, T0 + 3000]);
    expect(shaped.metrics.map((m) => m.metric)).toEqual(['gpuUtilPercent', 'memoryUtilPercent']);
    expect(shaped.data[shaped.metrics[0]!.avgIndex]).toEqual([1, 2, null]);
    expect(shaped.data[shaped.metrics[1]!.avgIndex]).toEqual([null, 3, 4]);
    expect(shaped.absent).toEqual(['tensorActivePercent', 'smActivePercent']);
  });

  it('a broken value (NaN, a string) is a gap too', () => {
    const bad = { t: T0, min: Number.NaN, avg: '7' as unknown as number, max: Number.POSITIVE_INFINITY };
    const shaped = shapeChart(answer([{ metric: 'x', unit: 'watts', points: [bad, p(1, 5)] }]), ['x']);
    expect(shaped.data.slice(1).map((column) => column[0])).toEqual([null, null, null]);
  });

  it('an empty answer is an empty chart', () => {
    expect(shapeChart(answer([]), ['gpuUtilPercent'])).toEqual({ data: [[]], metrics: [], absent: ['gpuUtilPercent'] });
  });
});

describe('summarise', () => {
  it('the lowest min, mean average, highest max, the last value and the gaps', () => {
    const s = summarise({ metric: 'powerDrawWatts', unit: 'watts', points: [p(0, 100, 90, 120), p(1, null), p(2, 300, 250, 310), p(3, null)] });
    expect(s).toEqual({ metric: 'powerDrawWatts', min: 90, avg: 200, max: 310, last: 300, lastAtMs: T0 + 2000, gaps: 2, points: 4 });
    expect(summarise({ metric: 'x', unit: 'watts', points: [p(0, null)] })).toMatchObject({ min: null, avg: null, max: null, last: null, gaps: 1 });
  });
});

describe('eventMarkers', () => {
  const ev = (atMs: number, kind: ApiEvent['kind'], severity: ApiEvent['severity'] = 'info'): ApiEvent => ({
    atMs, kind, severity, deviceKey: 'GPU-a', gpuIndex: 0, key: 'events.throttle.start', params: {}, message: null,
  });
  it('merges events a few pixels apart, takes the worst severity, drops those outside', () => {
    // 1000 px over 1000 s: 1 px per second.
    const events = [ev(T0 + 100_000, 'throttle-start', 'warning'), ev(T0 + 103_000, 'throttle-end'), ev(T0 + 104_000, 'ecc-rising', 'critical'), ev(T0 + 500_000, 'process-start'), ev(T0 - 1, 'xid', 'critical')];
    const markers = eventMarkers(events, T0, T0 + 1_000_000, 1000);
    expect(markers.map((m) => [m.atMs - T0, m.severity, m.groups, m.events.length])).toEqual([
      [100_000, 'critical', ['throttle', 'ecc'], 3],
      [500_000, 'info', ['process'], 1],
    ]);
  });
  it('nothing for an empty or inverted range', () => {
    expect(eventMarkers([ev(T0, 'xid')], T0, T0, 100)).toEqual([]);
    expect(eventMarkers([ev(T0, 'xid')], T0, T0 + 10, 0)).toEqual([]);
  });
});

describe('axis text in both languages', () => {
  it('units through the shared formatters', () => {
    const en = createFormat('en');
    const zh = createFormat('zh-CN');
    expect(unitFormatter(en, 'bytes')(80 * 2 ** 30)).toBe('80.0 GiB');
    expect(unitFormatter(en, 'bytes-per-second')(1.92e9)).toBe('1.92 GB/s');
    expect(unitFormatter(en, 'percent')(null)).toBe(en.na);
    expect(unitFormatter(zh, 'percent')(null)).toBe(zh.na);
  });
  it('time ticks follow the span and the language', () => {
    const at = Date.UTC(2026, 11, 1, 13, 5, 9);
    expect(timeTickFormatter('en', 5 * 60_000, 'UTC')(at)).toBe('13:05:09');
    expect(timeTickFormatter('en', 3_600_000, 'UTC')(at)).toBe('13:05');
    expect(timeTickFormatter('en', 30 * 86_400_000, 'UTC')(at)).toBe('Dec 1');
    expect(timeTickFormatter('zh-CN', 30 * 86_400_000, 'UTC')(at)).toBe('12月1日');
    expect(timeTickFormatter('zh-CN', 3 * 86_400_000, 'UTC')(at)).toMatch(/^12\/1.*13:05$/);
  });
});
