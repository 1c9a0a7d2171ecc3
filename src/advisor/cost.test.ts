import { describe, expect, it } from 'vitest';
import { loadCloudCatalog } from '../catalog/cloud.js';
import { FIXTURE_CATALOG } from './__fixtures__/gpus.js';
import { estimateCost, DEFAULT_PUE, DEFAULT_ELECTRICITY_USD_PER_KWH } from './cost.js';
import type { CostInput } from './cost-types.js';

const base: CostInput = { gpu: 'h100-sxm5-80gb', catalog: FIXTURE_CATALOG, cloudUsdPerGpuHour: 3 };

describe('total cost of ownership', () => {
  const result = estimateCost(base);

  it('says whether the payback falls within the period asked for', () => {
    // The same rate of saving (about 29 months to repay) inside 3 years, outside 6 months.
    const three = estimateCost({ ...base, years: 3 });
    const half = estimateCost({ ...base, years: 0.5 });
    expect(three.paybackMonths).toBeCloseTo(28.8, 1);
    expect(three.paybackWithinPeriod).toBe(true);
    expect(half.paybackMonths).toBeCloseTo(28.8, 1);
    expect(half.paybackWithinPeriod).toBe(false);
  });

  it('purchase + power at TDP × busy hours × PUE × tariff', () => {
    const busy = 3 * 8760 * 0.5;
    expect(result.busyGpuHours).toBe(busy);
    expect(result.own.purchasePerGpu).toMatchObject({ usd: 30000, origin: 'catalog', asOf: '2020', reading: { kind: 'launch', market: 'global', quotedCurrency: 'USD', converted: false } });
    expect(result.own.energyKwh).toBeCloseTo(0.7 * busy * DEFAULT_PUE, 6);
    expect(result.own.powerUsd).toBeCloseTo(0.7 * busy * DEFAULT_PUE * DEFAULT_ELECTRICITY_USD_PER_KWH, 6);
    expect(result.own.totalUsd).toBeCloseTo(30000 + result.own.powerUsd, 6);
    expect(result.own.usdPerBusyGpuHour).toBeCloseTo(result.own.totalUsd / busy, 9);
  });

  it('against renting the same hours: rent total, verdict, payback', () => {
    expect(result.rent?.totalUsd).toBe(3 * 13140);
    expect(result.verdict).toBe('buy');
    const saving = (3 * 13140 - result.own.powerUsd) / 36;
    expect(result.paybackMonths).toBeCloseTo(30000 / saving, 9);
    expect(result.paybackMonths).toBeGreaterThan(28);
    expect(result.paybackMonths).toBeLessThan(30);
  });

  it('at the break-even utilisation, owning and renting cost the same', () => {
    const u = result.breakEvenUtilizationPercent;
    expect(u).not.toBeNull();
    const atBreakEven = estimateCost({ ...base, utilizationPercent: u ?? 0 });
    expect(atBreakEven.own.totalUsd).toBeCloseTo(atBreakEven.rent?.totalUsd ?? 0, 6);
    expect(estimateCost({ ...base, utilizationPercent: (u ?? 0) - 5 }).verdict).toBe('rent');
    expect(estimateCost({ ...base, utilizationPercent: (u ?? 0) + 5 }).verdict).toBe('buy');
  });

  it('cheap rentals never pay back, and say so with null', () => {
    const cheap = estimateCost({ ...base, cloudUsdPerGpuHour: 0.1 });
    expect(cheap.paybackMonths).toBeNull();
    expect(cheap.breakEvenUtilizationPercent).toBeNull();
    expect(cheap.verdict).toBe('rent');
  });

  it('resale, maintenance, host and count enter the sum', () => {
    const full = estimateCost({ ...base, count: 8, hostPriceUsd: 50000, resalePercent: 20, maintenancePercentPerYear: 10 });
    expect(full.own.purchaseUsd).toBe(240000);
    expect(full.own.resaleUsd).toBe(48000);
    expect(full.own.maintenanceUsd).toBe(72000);
    expect(full.own.totalUsd).toBeCloseTo(240000 + 50000 + full.own.powerUsd + 72000 - 48000, 6);
  });

  it('cost per dense TFLOP-hour at the chosen precision', () => {
    expect(result.work).toMatchObject({ precision: 'bf16', tflopsPerGpu: 989.5 });
    expect(result.work.rentUsdPerTflopHour).toBeCloseTo(3 / 989.5, 12);
    const fp64 = estimateCost({ ...base, precision: 'fp64' });
    expect(fp64.work.tflopsPerGpu).toBe(67);
  });

  it('a training run given as FLOPs becomes GPU-hours at 40 % MFU', () => {
    const run = estimateCost({ ...base, runFlops: 1e21 });
    const hours = 1e21 / (989.5e12 * 0.4 * 3600);
    expect(run.run?.gpuHours).toBeCloseTo(hours, 9);
    expect(run.run?.rentUsd).toBeCloseTo(hours * 3, 9);
    expect(run.run?.ownUsd).toBeCloseTo(hours * run.own.usdPerBusyGpuHour, 9);
    expect(run.assumptions.map((a) => a.key)).toContain('advisor.cost.assumeMfu');
    expect(estimateCost({ ...base, runGpuHours: 100 }).run?.rentUsd).toBe(300);
  });

  it('every default is reported as an assumption, with its date', () => {
    const keys = estimateCost({ ...base }).assumptions.map((a) => a.key);
    expect(keys).toEqual(expect.arrayContaining(['advisor.cost.assumeUtilization', 'advisor.cost.assumePue', 'advisor.cost.assumeElectricity', 'advisor.cost.assumeTdp', 'advisor.cost.assumeLaunchPrice']));
    const overridden = estimateCost({ ...base, utilizationPercent: 80, pue: 1.2, electricityUsdPerKwh: 0.08, powerWattsPerGpu: 500, purchasePriceUsd: 25000 });
    expect(overridden.assumptions).toEqual([]);
    expect(overridden.own.purchasePerGpu).toEqual({ usd: 25000, origin: 'user', asOf: null });
  });

  it('reads the dated cloud price catalog when no rental price is given', () => {
    const fromCatalog = estimateCost({ gpu: 'h100-sxm5-80gb', catalog: FIXTURE_CATALOG });
    expect(fromCatalog.rent?.perGpuHour.origin).toBe('catalog');
    expect(fromCatalog.rent?.perGpuHour.asOf).toMatch(/^\d{4}/);
    expect(fromCatalog.assumptions.map((a) => a.key)).toContain('advisor.cost.assumeCloudPrice');
  });

  it('a GPU with no rental price gets rent null with a reason', () => {
    const cloud = loadCloudCatalog();
    const noCloud = estimateCost({ gpu: 'rtx-4090', catalog: FIXTURE_CATALOG, cloudCatalog: { ...cloud, offerings: cloud.offerings.filter((o) => o.gpuId !== 'rtx-4090') } });
    expect(noCloud.rent).toBeNull();
    expect(noCloud.rentReason).toBe('no-cloud-price');
    expect(noCloud.verdict).toBe('unknown');
    expect(noCloud.paybackMonths).toBeNull();
  });
});

describe('bad input', () => {
  it.each([
    [{ gpu: 'a100-sxm4-80gb' }, 'advisor.error.noPurchasePrice'],
    [{ ...base, utilizationPercent: 120 }, 'advisor.error.badPercent'],
    [{ ...base, utilizationPercent: 0 }, 'advisor.error.badNumber'],
    [{ ...base, years: -1 }, 'advisor.error.badNumber'],
    [{ ...base, pue: 0.5 }, 'advisor.error.badNumber'],
    [{ ...base, count: 2.5 }, 'advisor.error.badInteger'],
    [{ ...base, runFlops: 1e20, runGpuHours: 5 }, 'advisor.error.runTwice'],
    [{ ...base, gpu: 'nonexistent' }, 'advisor.error.unknownGpu'],
    [{ ...base, precision: 'fp5' as never }, 'advisor.error.badChoice'],
  ] as [CostInput, string][])('%o → %s', (input, key) => {
    expect(() => estimateCost({ catalog: FIXTURE_CATALOG, ...input })).toThrowError(expect.objectContaining({ key }));
  });
});
