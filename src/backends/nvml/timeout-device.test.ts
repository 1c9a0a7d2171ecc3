import { describe, expect, it } from 'vitest';
import { secondsSince } from './timeout-device.js';

describe('secondsSince (how long NVML has been silent, as a reader sees it)', () => {
  const now = 1_800_000_000_000;

  it('counts in tenths under ten seconds, so a one-shot’s wait of a second or two is not "0 s"', () => {
    expect(secondsSince(now - 340, now)).toBe(0.3);
    expect(secondsSince(now - 1_050, now)).toBe(1.1);
    expect(secondsSince(now - 9_940, now)).toBe(9.9);
  });

  it('counts in whole seconds from ten on', () => {
    expect(secondsSince(now - 9_960, now)).toBe(10);
    expect(secondsSince(now - 125_400, now)).toBe(125);
  });

  it('never goes below zero when the wall clock steps back', () => {
    expect(secondsSince(now + 5_000, now)).toBe(0);
  });
});
