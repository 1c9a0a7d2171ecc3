// The shared linear-time check itself: it must fail a quadratic parser and pass a linear one, or
// every "is linear" test built on it proves nothing.

import { describe, expect, it } from 'vitest';
import { BOUND, expectLinear, scalingRatio } from './scaling.js';

/** Looks for a character from every position: n²/2 comparisons on a string without it. */
function quadratic(text: string): number {
  let found = 0;
  for (let i = 0; i < text.length; i++) if (text.indexOf('x', i) !== -1) found++;
  return found;
}

/** One pass. */
function linear(text: string): number {
  let spaces = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) spaces++;
  return spaces;
}

const spaces = (size: number) => ' '.repeat(size);

describe('expectLinear', () => {
  it('fails a quadratic parser already at 8 → 32 KiB', () => {
    expect(scalingRatio(spaces, quadratic, 8 * 1024)).toBeGreaterThan(BOUND);
    expect(() => expectLinear(spaces, quadratic, 32 * 1024)).toThrow(/took ×/);
  }, 60_000);

  it('passes a linear one', () => {
    expect(() => expectLinear(spaces, linear)).not.toThrow();
  }, 60_000);
});
