// recommend's speed column keeps the figures its reasons give: a GeForce card's FP64 at 0.16 TFLOPS
// is not "0 TFLOPS", nor 0.6 "1 TFLOPS".

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { speedFigure } from './recommend-run.js';

describe('the speed column', () => {
  it('two significant digits below 10, whole units above', () => {
    expect(speedFigure(0.6)).toBe('0.6');
    expect(speedFigure(0.158)).toBe('0.16');
    expect(speedFigure(7.84)).toBe('7.8');
    expect(speedFigure(52.4)).toBe('52');
    expect(speedFigure(1234.5)).toBe('1,235');
  });

  it('scientific work on GeForce cards shows the FP64 rate the reason names, not 0 TFLOPS', async () => {
    const r = await run(['recommend', '--task', 'scientific', '--memory-gib', '4', '--segment', 'consumer', '--limit', '4']);
    expect(r.exitCode).toBe(0);
    const row = r.out.split('\n').find((line) => line.includes('GTX 1660 SUPER'));
    expect(row).toMatch(/\s0\.16 TFLOPS\s/);
    expect(r.out).toContain('Compute-bound: 1 × 0.16 TFLOPS dense FP64.');
    expect(r.out).not.toMatch(/\s0 TFLOPS\s/);
  });
});
