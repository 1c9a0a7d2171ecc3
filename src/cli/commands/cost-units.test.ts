// `gpuwise cost` counts one unit throughout — a GPU as the driver shows it, as recommend counts it
// (an MI250X board is two GCDs: half the board's price, power and rates each) — and its payback
// and verdict agree once a resale value is counted.

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { estimateCost } from '../../advisor/cost.js';
import { recommend } from '../../advisor/recommend/recommend.js';

describe('cost of a multi-GCD board: per GCD, like recommend', () => {
  it('prices, powers and rates one MI250X GCD at half the board, and says the price was divided (en and zh-CN)', async () => {
    const en = await run(['cost', '--gpu', 'mi250x']);
    expect(en.exitCode).toBe(0);
    // One board by default: two GCDs, the whole board's $14,500.
    expect(en.out).toContain('2 × AMD Instinct MI250X (GCD) over 3 years');
    expect(en.out).toMatch(/purchase\s+\$14,500/);
    expect(en.out).toContain('(191.5 TFLOPS per GPU)');
    expect(en.out).toContain('250 W, the board’s 500 W ÷ 2');
    expect(en.out).toContain('That is the board’s price, $14,500, ÷ the 2 GPUs on it = $7,250 per GPU.');
    expect(en.out).not.toContain('383 TFLOPS');
    const zh = await run(['cost', '--gpu', 'mi250x'], 'zh-CN');
    expect(zh.out).toContain('这是板卡价格 $14,500 ÷ 板上 2 个 GPU = 每个 GPU $7,250。');
    expect(zh.out).toContain('250 W，即板卡的 500 W ÷ 2');
  });

  it('counts the same GCD power as recommend, and buys whole boards for an odd count', () => {
    const one = estimateCost({ gpu: 'mi250x', count: 1 });
    const option = recommend({ task: 'scientific', memoryNeedBytes: 1e9 }).options.find((o) => o.gpuId === 'mi250x');
    expect(one.own.powerWattsPerGpu).toBe(option?.boardPowerWatts);
    expect(one.work.tflopsPerGpu).toBeCloseTo(383 / 2, 6);
    // One GCD is half a board: the whole board is paid for, and said.
    expect(one.boards).toBe(1);
    expect(one.own.purchaseUsd).toBe(14500);
    expect(one.assumptions.map((n) => n.key)).toContain('advisor.cost.wholeBoards');
    expect(estimateCost({ gpu: 'mi250x', count: 4 }).own.purchaseUsd).toBe(29000);
  });
});

describe('payback counts the resale value, so it agrees with the verdict', () => {
  it('H100 at 50 % resale: buying costs less and pays for itself within the period (en and zh-CN)', async () => {
    const en = await run(['cost', '--gpu', 'h100-sxm5-80gb', '--resale', '50']);
    expect(en.out).toContain('Buying costs less than renting over this period.');
    expect(en.out).toMatch(/Buying pays for itself after \d+\.\d months, counting the \$20,000 it sells for at the end\./);
    expect(en.out).not.toContain('does not pay for itself');
    const zh = await run(['cost', '--gpu', 'h100-sxm5-80gb', '--resale', '50'], 'zh-CN');
    expect(zh.out).toContain('在这段时间内，自购比租用便宜。');
    expect(zh.out).toMatch(/计入期末出售所得 \$20,000 后，自购 \d+\.\d 个月后回本。/);
  });

  it('a payback within the period exactly when owning totals less than renting', () => {
    for (const resalePercent of [0, 10, 30, 50, 70, 90]) {
      for (const utilizationPercent of [10, 20, 30, 50, 80]) {
        const r = estimateCost({ gpu: 'h100-sxm5-80gb', cloudUsdPerGpuHour: 2.69, resalePercent, utilizationPercent });
        if (r.paybackMonths === null) continue;
        expect(r.paybackWithinPeriod, `${resalePercent}% resale at ${utilizationPercent}%`).toBe(r.verdict === 'buy');
      }
    }
  });
});
