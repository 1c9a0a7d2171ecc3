import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors.js';
import { integerParam, listParam, parseQuery, parseTime, timeParam, timeRange } from './query.js';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');

describe('parseTime', () => {
  it('reads ms since the epoch, ISO 8601 with a zone or a date, relative times and now', () => {
    expect(parseTime('1764590400000', NOW)).toBe(1764590400000);
    expect(parseTime('2026-12-01T11:00:00Z', NOW)).toBe(NOW - 3_600_000);
    expect(parseTime('2026-12-01T20:00:00+08:00', NOW)).toBe(NOW);
    expect(parseTime('2026-12-01T12:00:00.250Z', NOW)).toBe(NOW + 250);
    expect(parseTime('2026-12-01', NOW)).toBe(Date.parse('2026-12-01T00:00:00Z'));
    expect(parseTime('now', NOW)).toBe(NOW);
    expect(parseTime('-1h', NOW)).toBe(NOW - 3_600_000);
    expect(parseTime('-15m', NOW)).toBe(NOW - 900_000);
    expect(parseTime('-90s', NOW)).toBe(NOW - 90_000);
    expect(parseTime('-1.5h', NOW)).toBe(NOW - 5_400_000);
    expect(parseTime('-7d', NOW)).toBe(NOW - 7 * 86_400_000);
    expect(parseTime('-2w', NOW)).toBe(NOW - 14 * 86_400_000);
    expect(parseTime('-500ms', NOW)).toBe(NOW - 500);
  });

  it('refuses what is not one of those, instead of guessing', () => {
    for (const bad of ['', 'yesterday', '1h', '+1h', '-1y', '-h', '12:00', '2026-12-01T12:00:00', 'Dec 1 2026', '-1e3h', '1.5', '-0x10m',
      '99999999999999999', '2026-13-45T99:99Z', '١٢٣', '-1h\u0000', 'NaN', 'Infinity', '-'.repeat(100) + '1h']) {
      expect(parseTime(bad, NOW), bad).toBeNull();
    }
  });

  it('refuses a day or an hour the calendar does not have, which Date.parse would move on', () => {
    for (const bad of ['2026-02-30', '2026-02-29', '2026-04-31', '2026-02-31T12:00:00Z', '2026-12-01T24:00:00Z', '2026-12-01T24:00Z', '2027-06-31T08:00:00+08:00', '1969-12-31']) {
      expect(parseTime(bad, NOW), bad).toBeNull();
    }
    expect(parseTime('2028-02-29', NOW)).toBe(Date.UTC(2028, 1, 29));
    expect(parseTime('2026-12-31T23:59:59.999Z', NOW)).toBe(Date.UTC(2026, 11, 31, 23, 59, 59, 999));
    expect(parseTime('2026-12-01T00:30:00+01:00', NOW)).toBe(Date.UTC(2026, 10, 30, 23, 30));
  });
});

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseQuery', () => {
  const shape = { from: timeParam(() => NOW).optional(), points: integerParam(1, 5000).optional(), kind: listParam(['a', 'b'], 'serve.api.badKind').optional(), device: z.string() };
  const query = (search: string) => parseQuery(new URL(`http://x/p?${search}`), shape);

  it('gives typed values, and ignores lang', () => {
    expect(query('device=0&from=-1h&points=10&kind=b,a,b&lang=zh-CN')).toEqual({ device: '0', from: NOW - 3_600_000, points: 10, kind: ['b', 'a'] });
  });

  it('names the parameter and the reason for each kind of bad input', () => {
    expect(refusal(() => query('from=-1h'))).toMatchObject({ status: 400, key: 'serve.api.missingParameter', params: { parameter: 'device' } });
    expect(refusal(() => query('device=0&from=soon'))).toMatchObject({ key: 'serve.api.badTime', params: { parameter: 'from' }, details: { value: 'soon' } });
    for (const points of ['0', '5001', '1.5', '-3', 'ten', '', '1e3', '9'.repeat(30), ' 5', '5%20', '+5', '%20%205']) {
      expect(refusal(() => query(`device=0&points=${points}`)), points).toMatchObject({ key: 'serve.api.badInteger', params: { parameter: 'points', min: 1, max: 5000 } });
    }
    expect(refusal(() => query('device=0&kind=a,zzz'))).toMatchObject({ key: 'serve.api.badKind', params: { name: 'zzz' } });
    expect(refusal(() => query('device=0&kind=,,'))).toMatchObject({ key: 'serve.api.emptyList', params: { parameter: 'kind' } });
    expect(refusal(() => query('device=0&metrics=x'))).toMatchObject({ key: 'serve.api.unknownParameter', params: { parameter: 'metrics' } });
    expect(refusal(() => query('device=0&device=1'))).toMatchObject({ key: 'serve.api.duplicateParameter', params: { parameter: 'device' } });
  });

  it('keeps hostile text out of the message (it may only appear, escaped, in details)', () => {
    const error = refusal(() => query('device=0&kind=%1B%5B2J%E2%80%AE'));
    expect(JSON.stringify(error.params)).not.toMatch(/[\u001b\u202e]/);
  });
});

describe('timeRange', () => {
  it('defaults to the span before now, and refuses a range that ends before it starts', () => {
    expect(timeRange({}, NOW, 1000)).toEqual({ fromMs: NOW - 1000, toMs: NOW });
    expect(timeRange({ to: NOW - 10 }, NOW, 1000)).toEqual({ fromMs: NOW - 1010, toMs: NOW - 10 });
    expect(refusal(() => timeRange({ from: NOW, to: NOW - 1 }, NOW, 1000))).toMatchObject({ key: 'serve.api.badRange' });
  });
});
