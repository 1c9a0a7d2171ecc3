import { describe, expect, it } from 'vitest';
import { createRandom } from '../../test/helpers/fuzz.js';
import { isoTime } from './iso-time.js';

describe('isoTime', () => {
  it('is toISOString to the character, at the edges of its range and across it', () => {
    const edges = [0, -1, 1, Date.UTC(0, 0, 1), Date.UTC(0, 0, 1) - 1, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1, 8.64e15, -8.64e15, Date.UTC(2024, 1, 29, 12, 0, 0, 5)];
    const random = createRandom(20261201);
    const times = [...edges, ...Array.from({ length: 2000 }, () => Math.round((random() * 2 - 1) * 8.64e15)), ...Array.from({ length: 2000 }, () => Math.round(random() * 4e12))];
    for (const ms of times) expect(isoTime(new Date(ms)), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('throws the RangeError toISOString throws for an invalid date', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
