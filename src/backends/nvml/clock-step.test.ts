import { describe, expect, it } from 'vitest';
import { cursorAfterClockStep } from './clock-step.js';

describe('cursorAfterClockStep (the driver sample cursors after the wall clock is set back)', () => {
  const nowMs = Date.UTC(2026, 11, 4, 12);
  it('keeps a cursor behind the clock, or just ahead of it (the driver stamps its own samples)', () => {
    expect(cursorAfterClockStep((nowMs - 250) * 1000, nowMs)).toBe((nowMs - 250) * 1000);
    expect(cursorAfterClockStep((nowMs + 500) * 1000, nowMs)).toBe((nowMs + 500) * 1000);
    expect(cursorAfterClockStep(0, nowMs)).toBe(0);
  });
  it('starts over from 0 when the clock went back past it: else no sample for as long as the step', () => {
    expect(cursorAfterClockStep((nowMs + 3_600_000) * 1000, nowMs)).toBe(0);
  });
});
