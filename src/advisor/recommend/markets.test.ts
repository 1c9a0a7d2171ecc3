// recommend's cloud options take the rental cost takes: one charged in the buyer's currency where the
// catalog has one, a cheaper foreign one named, a converted one said with its rate.

import { describe, expect, it } from 'vitest';
import { loadCloudCatalog, type CloudCatalog } from '../../catalog/cloud.js';
import { estimateCost } from '../cost.js';
import { renderNote } from '../notes.js';
import { homeFirstRentals } from './markets.js';
import { recommend } from './recommend.js';
import type { RecommendInput } from './types.js';

const real = loadCloudCatalog();
const cny = real.offerings.find((o) => o.id === 'suanjia-1x-rtx-4090-2026');
const usd = real.offerings.find((o) => o.gpuId === 'a100-sxm4-80gb' && o.provider === 'runpod' && o.usdPerHour !== undefined);
if (!cny || !usd?.usdPerHour) throw new Error('catalog offerings moved: update the fixture ids');
// 算家云's RTX 4090 at ¥1.24/h in yuan against a made-up dollar rental at $0.10/h (¥0.683 at 6.83): the dollar one is cheaper.
const cheapUsd = { ...usd, id: 'cheap-usd-4090', gpuId: 'rtx-4090', instanceType: '1x RTX 4090 (test)', gpuCount: 1, usdPerHour: { ...usd.usdPerHour, onDemand: { ...usd.usdPerHour.onDemand, value: 0.1 } } };
const mixed = { ...real, offerings: [cny, cheapUsd] } as CloudCatalog;

const cloud = (currency: RecommendInput['currency'], cloudCatalog: CloudCatalog = mixed) =>
  recommend({ task: 'inference', model: 'llama-3-8b', deployment: 'cloud', currency, cloudCatalog });
const rtx4090 = (currency: RecommendInput['currency']) => {
  const found = cloud(currency).options.find((o) => o.gpuId === 'rtx-4090');
  if (!found) throw new Error('no RTX 4090 option');
  return found;
};
const said = (option: ReturnType<typeof rtx4090>, locale: 'en' | 'zh-CN' = 'en') => option.reasons.map((note) => renderNote(locale, note)).join('\n');

describe('recommend --form-factor cloud: the rental charged in the buyer’s currency first, as cost', () => {
  it('CNY takes 算家云 in yuan over a cheaper dollar rental, ranks by it, and names the cheaper one (en and zh-CN)', () => {
    const option = rtx4090('CNY');
    expect(option.rental).toMatchObject({ offeringId: 'suanjia-1x-rtx-4090-2026', provider: 'suanjia-cloud', quotedCurrency: 'CNY', currency: 'CNY', converted: false });
    expect(option.rental?.perHour).toBeCloseTo(1.24 * option.count, 9);
    expect(option.rental?.cheaperAbroad).toMatchObject({ offeringId: 'cheap-usd-4090', quotedCurrency: 'USD' });
    expect(option.rental?.cheaperAbroad?.perHour).toBeCloseTo(0.1 * 6.83 * option.count, 9);
    expect(said(option)).toMatch(/Cheaper in USD: RunPod .* at \$0\.10 per GPU-hour \(≈ ¥0\.683\); not taken, as rentals charged in CNY come first\./);
    expect(said(option, 'zh-CN')).toMatch(/以 USD 计费的更便宜：RunPod .* 每 GPU 小时 \$0\.10（≈ ¥0\.683）；未采用，优先采用以 CNY 计费的租用。/);
  });

  it('USD takes the dollar rental, with nothing cheaper abroad to name', () => {
    const option = rtx4090('USD');
    expect(option.rental).toMatchObject({ offeringId: 'cheap-usd-4090', quotedCurrency: 'USD', converted: false, cheaperAbroad: null });
    expect(said(option)).not.toMatch(/Cheaper in|converted at/);
  });

  it('EUR: nothing charged in euros, so the cheapest is converted and the conversion said with its rate', () => {
    const option = rtx4090('EUR');
    expect(option.rental).toMatchObject({ offeringId: 'cheap-usd-4090', quotedCurrency: 'USD', currency: 'EUR', converted: true, cheaperAbroad: null });
    expect(said(option)).toContain('No rental charged in EUR is in the catalog: RunPod charges $0.10 per GPU-hour in USD, converted at 1 EUR = 1.17 USD');
    expect(said(option, 'zh-CN')).toContain('目录中没有以 EUR 计费的租用：RunPod 按每 GPU 小时 $0.10（USD）收费');
  });

  it('takes the rental cost takes, for every GPU the real catalog rents out and every currency', () => {
    for (const currency of ['CNY', 'USD', 'EUR'] as const) {
      const picks = homeFirstRentals(real, currency);
      for (const option of cloud(currency, real).options) {
        // A purchase price: cost needs one, which not every rented GPU has in the catalog.
        const rent = estimateCost({ gpu: option.gpuId, currency, purchasePriceUsd: 10000, cloudCatalog: real }).rent;
        expect(option.rental?.offeringId, `${option.gpuId} in ${currency}`).toBe(rent?.rental?.offeringId);
        expect(option.rental?.offeringId).toBe(picks.get(option.gpuId)?.chosen.offeringId);
      }
    }
  });
});
