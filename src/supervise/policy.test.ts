import { describe, expect, it } from 'vitest';
import { backoffDelay, createRestartPolicy } from './policy.js';

const mid = () => 0.5; // no jitter: the draw in the middle
const opts = { backoffMinMs: 10_000, backoffMaxMs: 300_000, windowMs: 3_600_000, maxRestarts: 3 };

describe('restart policy', () => {
  it('restarts failures with a doubling wait, then stops at the limit', () => {
    const policy = createRestartPolicy({ ...opts, mode: 'on-failure' });
    const decisions = [1, 2, 3, 4].map((i) => policy.next({ endedMs: i * 60_000, succeeded: false }, mid));
    expect(decisions.map((d) => (d.restart ? d.delayMs : d.reason))).toEqual([10_000, 20_000, 40_000, 'restart-limit']);
  });

  it('never restarts a success unless always', () => {
    expect(createRestartPolicy({ ...opts, mode: 'on-failure' }).next({ endedMs: 1, succeeded: true }, mid)).toMatchObject({ restart: false, reason: 'succeeded' });
    expect(createRestartPolicy({ ...opts, mode: 'never' }).next({ endedMs: 1, succeeded: true }, mid)).toMatchObject({ restart: false, reason: 'succeeded' });
    expect(createRestartPolicy({ ...opts, mode: 'always' }).next({ endedMs: 1, succeeded: true }, mid)).toMatchObject({ restart: true, delayMs: 10_000 });
  });

  it('never restarts a failure under never', () => {
    expect(createRestartPolicy({ ...opts, mode: 'never' }).next({ endedMs: 1, succeeded: false }, mid)).toMatchObject({ restart: false, reason: 'failed-no-restart' });
  });

  it('forgets failures older than the window: a job that ran for hours keeps its budget', () => {
    const policy = createRestartPolicy({ ...opts, mode: 'on-failure', windowMs: 3_600_000 });
    for (let i = 0; i < 3; i++) policy.next({ endedMs: i * 1000, succeeded: false }, mid);
    // Five hours later: the three old failures are out of the window; back-off starts again at min.
    const later = policy.next({ endedMs: 5 * 3_600_000, succeeded: false }, mid);
    expect(later).toMatchObject({ restart: true, delayMs: 10_000, step: 1, failuresInWindow: 1 });
  });

  it('backs off under always too, so an instant exit is no restart storm', () => {
    const policy = createRestartPolicy({ ...opts, mode: 'always', maxRestarts: 0 });
    const delays = Array.from({ length: 8 }, (_, i) => policy.next({ endedMs: i, succeeded: true }, mid)).map((d) => (d.restart ? d.delayMs : null));
    expect(delays).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000]);
  });

  it('jitters ±20 % but never leaves [min, max]', () => {
    const o = { backoffMinMs: 10_000, backoffMaxMs: 300_000, jitter: 0.2 };
    expect(backoffDelay(o, 2, 0)).toBe(16_000);
    expect(backoffDelay(o, 2, 1)).toBe(24_000);
    expect(backoffDelay(o, 1, 0)).toBe(10_000); // not below min
    expect(backoffDelay(o, 9, 1)).toBe(300_000); // not above max
    expect(backoffDelay(o, 2, Number.NaN)).toBe(20_000); // a broken random source
    expect(backoffDelay(o, 10_000, 0.5)).toBe(300_000); // no overflow
  });

  it('refuses nonsense options', () => {
    expect(() => createRestartPolicy({ maxRestarts: -1 })).toThrow(RangeError);
    expect(() => createRestartPolicy({ backoffMinMs: 10, backoffMaxMs: 5 })).toThrow(RangeError);
    expect(() => createRestartPolicy({ windowMs: 0 })).toThrow(RangeError);
    expect(() => createRestartPolicy({ mode: 'sometimes' as never })).toThrow(RangeError);
  });
});
