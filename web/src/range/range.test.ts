import { describe, expect, it } from 'vitest';
import { customRange, expectedTier, openingRange, historyWindow, MAX_SPAN_MS, MIN_SPAN_MS, PRESETS, PRESET_MS, pointsFor, resolveRange, spanMs } from './range.js';
import { rangeAround, rangeFromQuery, rangeToQuery } from './url.js';

const NOW = Date.UTC(2026, 11, 1, 12, 0, 0);

describe('presets', () => {
  it('cover 5 minutes to 30 days and ask the server relative to its own clock', () => {
    expect(PRESETS.map((p) => PRESET_MS[p] / 60_000)).toEqual([5, 60, 360, 1440, 10_080, 43_200]);
    expect(historyWindow({ kind: 'preset', preset: '6h' }, 900)).toEqual({ from: '-6h', to: 'now', points: 900 });
    expect(historyWindow({ kind: 'preset', preset: '30d' }, 900).from).toBe('-30d');
    expect(resolveRange({ kind: 'preset', preset: '24h' }, NOW)).toEqual({ fromMs: NOW - 86_400_000, toMs: NOW });
  });

  it('the tier each preset reads at a typical chart width', () => {
    const tiers = PRESETS.map((p) => {
      const points = historyWindow({ kind: 'preset', preset: p }, 800).points;
      return [p, points, expectedTier(PRESET_MS[p], points)];
    });
    expect(tiers).toEqual([
      ['5m', 200, 'raw'], ['1h', 800, 'raw'], ['6h', 800, 'raw'], ['24h', 800, 'minute'], ['7d', 800, 'minute'], ['30d', 800, 'minute'],
    ]);
    // A narrower chart (a phone) over 30 days wants buckets over an hour: the hourly rollups.
    expect(expectedTier(PRESET_MS['30d'], historyWindow({ kind: 'preset', preset: '30d' }, 360).points)).toBe('hour');
  });
});

describe('points (the downsampling request)', () => {
  it('one per pixel, capped at 2000 and never over the server limit', () => {
    expect(pointsFor(PRESET_MS['24h'], 640)).toBe(640);
    expect(pointsFor(PRESET_MS['24h'], 3840)).toBe(2000);
    expect(pointsFor(PRESET_MS['30d'], 10_000, { maxPoints: 9000 })).toBe(5000);
  });

  it('no bucket narrower than 1.5 sampler intervals, so a running sampler leaves no false gaps', () => {
    expect(pointsFor(PRESET_MS['5m'], 1000)).toBe(200);
    expect(pointsFor(PRESET_MS['5m'], 1000, { intervalMs: 200 })).toBe(1000);
    expect(pointsFor(PRESET_MS['5m'], 1000, { intervalMs: 5000 })).toBe(40);
    expect(pointsFor(PRESET_MS['5m'], 1000, { intervalMs: 0 })).toBe(200);
  });

  it('at least one point, even for a zero width (a hidden chart) or a broken one', () => {
    expect(pointsFor(PRESET_MS['1h'], 0)).toBe(1);
    expect(pointsFor(PRESET_MS['1h'], Number.NaN)).toBe(1);
    expect(pointsFor(0, 800)).toBe(1);
  });
});

describe('custom (zoomed) ranges', () => {
  it('kept in order, rounded, and absolute in the request', () => {
    const range = customRange(NOW - 1000.4, NOW - 3_600_000.6, NOW)!;
    expect(range).toEqual({ kind: 'custom', fromMs: NOW - 3_600_001, toMs: NOW - 1000 });
    expect(historyWindow(range, 500)).toEqual({ from: NOW - 3_600_001, to: NOW - 1000, points: 500 });
    expect(spanMs(range)).toBe(3_599_001);
  });

  it('a tiny or zero-width drag widens around its middle; a huge one is cut to 30 days', () => {
    expect(customRange(NOW - 60_000, NOW - 60_000, NOW)).toEqual({ kind: 'custom', fromMs: NOW - 65_000, toMs: NOW - 55_000 });
    const wide = customRange(NOW - 400 * 86_400_000, NOW, NOW)!;
    expect(spanMs(wide)).toBe(MAX_SPAN_MS);
    expect(spanMs(customRange(NOW - 1, NOW, NOW)!)).toBe(MIN_SPAN_MS);
  });

  it('never reaches into the future, and refuses what is not a time', () => {
    expect(customRange(NOW - 10 * 60_000, NOW + 5 * 60_000, NOW)).toEqual({ kind: 'custom', fromMs: NOW - 15 * 60_000, toMs: NOW });
    expect(customRange(Number.NaN, NOW, NOW)).toBeNull();
    expect(customRange(0, Number.POSITIVE_INFINITY, NOW)).toBeNull();
  });
});

describe('ranges in the hash query', () => {
  it('round-trip, keeping the page’s other parameters', () => {
    const base = new URLSearchParams('kind=xid&range=1h');
    const q = rangeToQuery({ kind: 'custom', fromMs: NOW - 600_000, toMs: NOW }, base);
    expect(q.toString()).toBe(`kind=xid&from=${NOW - 600_000}&to=${NOW}`);
    expect(rangeFromQuery(q, NOW)).toEqual({ kind: 'custom', fromMs: NOW - 600_000, toMs: NOW });
    expect(rangeFromQuery(rangeToQuery({ kind: 'preset', preset: '7d' }, q), NOW)).toEqual({ kind: 'preset', preset: '7d' });
  });

  it('what does not read as a range is the default (1 h), not an error', () => {
    for (const text of ['range=2y', 'from=abc&to=1', 'from=-5&to=10', 'from=1e9&to=2e9', 'range=__proto__', '']) {
      expect(rangeFromQuery(new URLSearchParams(text), NOW)).toEqual({ kind: 'preset', preset: '1h' });
    }
  });

  it('an event links to half an hour around it, ending at now for a recent one', () => {
    expect(rangeAround(NOW - 3_600_000, NOW)).toEqual({ kind: 'custom', fromMs: NOW - 4_500_000, toMs: NOW - 2_700_000 });
    expect(rangeAround(NOW - 60_000, NOW)).toEqual({ kind: 'custom', fromMs: NOW - 1_800_000, toMs: NOW });
  });
});

describe('openingRange', () => {
  it('the shortest preset that holds the history there is, at most 1 h', () => {
    expect(openingRange(NOW - 90_000, NOW)).toEqual({ kind: 'preset', preset: '5m' });
    expect(openingRange(NOW - 20 * 60_000, NOW)).toEqual({ kind: 'preset', preset: '1h' });
    expect(openingRange(NOW - 3 * 86_400_000, NOW)).toEqual({ kind: 'preset', preset: '1h' });
    expect(openingRange(null, NOW)).toEqual({ kind: 'preset', preset: '1h' });
    expect(openingRange(NOW + 5000, NOW)).toEqual({ kind: 'preset', preset: '5m' });
  });
});
