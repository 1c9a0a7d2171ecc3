// `recommend --form-factor cloud --currency CNY` takes the rental `cost` takes: one charged in yuan
// (矩池云, 算家云, 优云智算) where the catalog has one, a cheaper foreign one named, a converted one
// said with its rate — in both languages.

import { describe, expect, it, vi } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import type { CloudCatalog } from '../../catalog/cloud.js';

// No GPU in the catalog is rented both in yuan and in dollars yet: one dollar rental is added, an
// RTX 4090 at $0.10/h (¥0.683 at 6.83, cheaper than 算家云's ¥1.24), made up for this test only.
vi.mock('../../catalog/cloud.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../catalog/cloud.js')>();
  const withCheapDollarRental = (catalog: CloudCatalog): CloudCatalog => {
    const usd = catalog.offerings.find((o) => o.gpuId === 'a100-sxm4-80gb' && o.provider === 'runpod' && o.usdPerHour !== undefined);
    const onDemand = usd?.usdPerHour?.onDemand;
    if (!usd?.usdPerHour || onDemand?.value == null) throw new Error('catalog offerings moved: update the test rental');
    const cheap = { ...usd, id: 'test-usd-rtx-4090', gpuId: 'rtx-4090', instanceType: '1x RTX 4090 (test)', gpuCount: 1, usdPerHour: { ...usd.usdPerHour, onDemand: { ...onDemand, value: 0.1 } } };
    return { ...catalog, offerings: [...catalog.offerings, cheap] };
  };
  return { ...original, loadCloudCatalog: () => withCheapDollarRental(original.loadCloudCatalog()) };
});

const CLOUD = ['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--form-factor', 'cloud', '--limit', '20'];

describe('recommend --form-factor cloud --currency CNY: rentals charged in yuan first, as cost', () => {
  it('takes 算家云 in yuan for the RTX 4090 over a cheaper dollar rental and names that one (en and zh-CN)', async () => {
    const en = await run([...CLOUD, '--currency', 'CNY']);
    expect(en.exitCode).toBe(0);
    expect(en.out).toContain('Rent 1 instance of 1x RTX 4090 24GB from Suanjia Cloud (算家云) (¥1.24/h each, 1 GPU per instance): ¥1.24/h for the 1 GPU, as of 2026.');
    expect(en.out).toContain('Cheaper in USD: RunPod 1x RTX 4090 (test) at $0.10 per GPU-hour (≈ ¥0.683); not taken, as rentals charged in CNY come first.');
    expect(en.out).not.toContain('1x RTX 4090 (test) from RunPod');
    const zh = await run([...CLOUD, '--currency', 'CNY'], 'zh-CN');
    expect(zh.out).toContain('可在算家云租用 1 台 1x RTX 4090 24GB（每台每小时 ¥1.24，每台 1 张 GPU）：1 张 GPU 每小时共 ¥1.24（2026）。');
    expect(zh.out).toContain('以 USD 计费的更便宜：RunPod 1x RTX 4090 (test) 每 GPU 小时 $0.10（≈ ¥0.683）；未采用，优先采用以 CNY 计费的租用。');
    // The same choice as cost's.
    const cost = await run(['cost', '--gpu', 'rtx-4090', '--currency', 'CNY']);
    expect(cost.out).toContain('Renting at ¥1.24 per GPU-hour: Suanjia Cloud (算家云)');
  });

  it('says a rental charged in dollars is converted, with the rate and its date (A100 80GB PCIe from RunPod)', async () => {
    const en = await run([...CLOUD, '--currency', 'CNY']);
    expect(en.out).toContain('Rent 1 instance of 1x A100 PCIe 80GB (Community Cloud) from RunPod (¥8.13/h each, 1 GPU per instance): ¥8.13/h');
    expect(en.out).toContain('No rental charged in CNY is in the catalog: RunPod charges $1.19 per GPU-hour in USD, converted at 1 USD = 6.83 CNY (exchange rates of 2026-04-13).');
    const zh = await run([...CLOUD, '--currency', 'CNY'], 'zh-CN');
    expect(zh.out).toContain('目录中没有以 CNY 计费的租用：RunPod 按每 GPU 小时 $1.19（USD）收费，按 1 USD = 6.83 CNY 换算（2026-04-13 的汇率）。');
  });

  it('--json says which rentals are converted and which cheaper one abroad was passed over', async () => {
    const json = JSON.parse((await run([...CLOUD, '--currency', 'CNY', '--json'])).out) as { options: { gpuId: string; rental: Record<string, unknown> | null }[] };
    const rental = (id: string) => json.options.find((o) => o.gpuId === id)?.rental;
    expect(rental('rtx-4090')).toMatchObject({ offeringId: 'suanjia-1x-rtx-4090-2026', quotedCurrency: 'CNY', converted: false, cheaperAbroad: { offeringId: 'test-usd-rtx-4090', quotedCurrency: 'USD' } });
    expect(rental('a100-pcie-80gb')).toMatchObject({ quotedCurrency: 'USD', currency: 'CNY', converted: true, cheaperAbroad: null });
    expect(rental('rtx-3090')).toMatchObject({ provider: 'gpushare', quotedCurrency: 'CNY', converted: false });
  });

  it('in dollars the dollar rental is taken, and 算家云 is not named (it costs more)', async () => {
    const en = await run([...CLOUD, '--currency', 'USD']);
    expect(en.out).toContain('Rent 1 instance of 1x RTX 4090 (test) from RunPod ($0.10/h each');
    expect(en.out).not.toContain('Cheaper in CNY');
  });
});

describe('recommend --form-factor cloud rents whole instances', () => {
  const SEVENTY_B = ['recommend', '--task', 'inference', '--model', 'llama-3-70b', '--form-factor', 'cloud', '--limit', '30'];

  it('4 × A100 40GB from a p4d.24xlarge is the whole 8-GPU instance at $21.96/h, said so (en and zh-CN)', async () => {
    const en = await run(SEVENTY_B);
    expect(en.out).toContain('Rent 1 instance of p4d.24xlarge from AWS ($21.96/h each, 8 GPUs per instance): $21.96/h for 8 GPUs, 4 more than the 4 needed, as it is not rented by the GPU;');
    expect(en.out).not.toContain('$10.98/h');
    const zh = await run(SEVENTY_B, 'zh-CN');
    expect(zh.out).toContain('可在 AWS 租用 1 台 p4d.24xlarge（每台每小时 $21.96，每台 8 张 GPU）：共 8 张 GPU 每小时 $21.96，比所需的 4 张多 4 张，因为该实例不按单卡出租');
  });

  it('the hourly budget is checked against the whole instances: a p4d is over $12/h', async () => {
    const json = JSON.parse((await run([...SEVENTY_B, '--budget-per-hour', '12', '--json'])).out) as { options: { gpuId: string }[]; excluded: { budget: number } };
    expect(json.options.map((o) => o.gpuId)).not.toContain('a100-sxm4-40gb');
    expect(json.excluded.budget).toBeGreaterThanOrEqual(1);
  });

  it('two 1-GPU rentals are two instances: the H20 at ¥15.00/h is 2 × ¥7.50, said so', async () => {
    const zh = await run([...SEVENTY_B, '--currency', 'CNY'], 'zh-CN');
    expect(zh.out).toContain('可在优云智算租用 2 台 1x H20 96GB（每台每小时 ¥7.50，每台 1 张 GPU）：2 张 GPU 每小时共 ¥15.00（2026）。');
    const json = JSON.parse((await run([...SEVENTY_B, '--currency', 'CNY', '--json'])).out) as { options: { gpuId: string; rental: { instances: number; perHour: number } | null }[] };
    expect(json.options.find((o) => o.gpuId === 'h20-96gb')?.rental).toMatchObject({ instances: 2, perHour: 15 });
  });
});
