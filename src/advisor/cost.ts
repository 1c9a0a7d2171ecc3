// Total cost of owning GPUs against renting the same GPU-hours.
//   own  = purchase + host + power + maintenance − resale
//   power = board power × count × busy hours × PUE × electricity price
//   rent = busy GPU-hours × price per GPU-hour
// Busy hours = years × 8760 × utilisation: owned hardware draws (near) full power only while it
// works, and a rented GPU is paid only while used. Payback: months until what renting would have
// cost beyond the running cost repays the purchase less its resale value at the end — so a payback
// within the period and "buying costs less" always agree; break-even utilisation: the share of time
// above which buying beats renting over the period. A GPU is a device as the driver shows it, as in
// recommend: an MI250X board is two GCDs, each with half the board's power and rates, and whole
// boards are bought (recommend/device.ts). Every input can be overridden; every default
// is reported as an assumption, with its source and date. The buyer's currency picks the catalog
// readings (a Chinese price and a rental in yuan for CNY; cost-prices.ts); the sums are in USD.

import { CURRENCIES } from '../catalog/gpu-enums.js';
import { loadGpuCatalog } from '../catalog/index.js';
import { catalogPurchase, catalogRental, noteMoney } from './cost-prices.js';
import type { CostInput, CostResult, PriceWithOrigin, RentalReading } from './cost-types.js';
import { AdvisorError, requireNumber } from './errors.js';
import type { AdvisorNote } from './estimate/types.js';
import { convert, DEFAULT_FX, rateText } from './pricing/fx.js';
import { deviceView } from './recommend/device.js';
import { rateWithFallback } from './recommend/precision.js';
import { COMPUTE_PRECISIONS } from './recommend/types.js';
import { resolveGpu } from './resolve-gpu.js';

export type { CostInput, CostResult } from './cost-types.js';

export const HOURS_PER_YEAR = 8760;
export const DEFAULT_YEARS = 3;
export const DEFAULT_UTILIZATION_PERCENT = 50;
/**
 * Industry-average PUE for 2023 (Uptime Institute Global Data Center Survey 2023,
 * https://intelligence.uptimeinstitute.com/resource/large-data-centers-are-mostly-more-efficient-analysis-confirms).
 */
export const DEFAULT_PUE = 1.58;
export const DEFAULT_PUE_AS_OF = '2023';
/**
 * Of the order of the 2024 US commercial-sector average (EIA, Electric Power Monthly, Table 5.6.B,
 * https://www.eia.gov/electricity/monthly/epm_table_grapher.php?t=epmt_5_06_b); set your own tariff.
 * No dated, cited Chinese tariff is in this tool, so a buyer paying in CNY is told it is a US figure.
 */
export const DEFAULT_ELECTRICITY_USD_PER_KWH = 0.13;
export const DEFAULT_ELECTRICITY_AS_OF = '2024';
/**
 * Llama 3 405B trained at 38–43 % model FLOPs utilisation on 16K H100s (Llama Team 2024,
 * "The Llama 3 Herd of Models", arXiv:2407.21783, Table 4); 40 % is a fair planning figure.
 */
export const DEFAULT_MFU_PERCENT = 40;

function optional(name: string, value: number | undefined, fallback: number, options: Parameters<typeof requireNumber>[2] = {}): number {
  return value === undefined ? fallback : requireNumber(name, value, options);
}

function percentInput(name: string, value: number | undefined, fallback: number, allowZero: boolean): number {
  const result = optional(name, value, fallback, { min: 0, exclusiveMin: !allowZero });
  if (result > 100) throw new AdvisorError('advisor.error.badPercent', { name, value: result });
  return result;
}

export function estimateCost(input: CostInput): CostResult {
  const catalog = input.catalog ?? loadGpuCatalog();
  const { entry } = resolveGpu(input.gpu, catalog);
  const notes: AdvisorNote[] = [];
  const view = deviceView(entry);
  const perBoard = view.devicesPerBoard;
  // One board by default: two GCDs of an MI250X, one GPU of anything else.
  const count = optional('count', input.count, perBoard, { min: 1, integer: true });
  const boards = Math.ceil(count / perBoard);
  const paidDevices = boards * perBoard;
  const years = optional('years', input.years, DEFAULT_YEARS, { min: 0, exclusiveMin: true });
  const utilization = percentInput('utilizationPercent', input.utilizationPercent, DEFAULT_UTILIZATION_PERCENT, false);
  const pue = optional('pue', input.pue, DEFAULT_PUE, { min: 1 });
  const electricity = optional('electricityUsdPerKwh', input.electricityUsdPerKwh, DEFAULT_ELECTRICITY_USD_PER_KWH);
  const hostUsd = optional('hostPriceUsd', input.hostPriceUsd, 0);
  const resalePercent = percentInput('resalePercent', input.resalePercent, 0, true);
  const maintenancePercent = optional('maintenancePercentPerYear', input.maintenancePercentPerYear, 0);
  const watts = optional('powerWattsPerGpu', input.powerWattsPerGpu, view.tdpWatts);
  const precision = input.precision ?? 'bf16';
  if (!(COMPUTE_PRECISIONS as readonly string[]).includes(precision)) {
    throw new AdvisorError('advisor.error.badChoice', { name: 'precision', value: precision, choices: COMPUTE_PRECISIONS.join(', ') });
  }
  if (input.runFlops !== undefined && input.runGpuHours !== undefined) throw new AdvisorError('advisor.error.runTwice');
  const currency = input.currency ?? 'USD';
  if (!(CURRENCIES as readonly string[]).includes(currency)) throw new AdvisorError('advisor.error.badChoice', { name: 'currency', value: currency, choices: CURRENCIES.join(', ') });
  const fx = input.fx ?? DEFAULT_FX;

  if (input.utilizationPercent === undefined) notes.push({ key: 'advisor.cost.assumeUtilization', params: { percent: utilization } });
  if (input.pue === undefined) notes.push({ key: 'advisor.cost.assumePue', params: { pue, asOf: DEFAULT_PUE_AS_OF } });
  if (input.electricityUsdPerKwh === undefined) {
    const price = noteMoney(convert(electricity, 'USD', currency, fx), currency);
    // A US average shown in yuan is still a US average: said, with the rate, and how to give a local tariff.
    notes.push(
      currency === 'USD'
        ? { key: 'advisor.cost.assumeElectricity', params: { price, asOf: DEFAULT_ELECTRICITY_AS_OF } }
        : { key: 'advisor.cost.assumeElectricityConverted', params: { price, usd: noteMoney(electricity, 'USD'), asOf: DEFAULT_ELECTRICITY_AS_OF, currency, ...rateText('USD', currency, fx) } },
    );
  }
  if (input.powerWattsPerGpu === undefined) {
    notes.push(perBoard > 1 ? { key: 'advisor.cost.assumeTdpPerDevice', params: { watts, boardWatts: entry.tdpWatts.value, perBoard } } : { key: 'advisor.cost.assumeTdp', params: { watts } });
  }
  if (perBoard > 1) notes.push({ key: 'advisor.cost.perDevice', params: { gpu: entry.name, perBoard } });
  if (paidDevices > count) notes.push({ key: 'advisor.cost.wholeBoards', params: { count, boards, paid: paidDevices, spare: paidDevices - count } });

  let purchasePerGpu: PriceWithOrigin;
  if (input.purchasePriceUsd !== undefined) {
    purchasePerGpu = { usd: requireNumber('purchasePriceUsd', input.purchasePriceUsd), origin: 'user', asOf: null };
  } else {
    const chosen = catalogPurchase(entry, currency, fx, catalog);
    if (chosen === null) throw new AdvisorError('advisor.error.noPurchasePrice', { gpu: entry.name });
    purchasePerGpu = chosen.price;
    notes.push(...chosen.notes);
  }

  const busyHoursPerGpu = years * HOURS_PER_YEAR * (utilization / 100);
  const busyGpuHours = count * busyHoursPerGpu;
  // Whole boards are bought: three GCDs of an MI250X cost two boards.
  const purchaseUsd = purchasePerGpu.usd * paidDevices;
  const energyKwh = (watts / 1000) * busyGpuHours * pue;
  const powerUsd = energyKwh * electricity;
  const maintenanceUsd = purchaseUsd * (maintenancePercent / 100) * years;
  const resaleUsd = purchaseUsd * (resalePercent / 100);
  const ownTotal = purchaseUsd + hostUsd + powerUsd + maintenanceUsd - resaleUsd;
  const ownPerBusyHour = ownTotal / busyGpuHours;

  let perGpuHour: PriceWithOrigin | null = null;
  let rental: RentalReading | null = null;
  if (input.cloudUsdPerGpuHour !== undefined) {
    perGpuHour = { usd: requireNumber('cloudUsdPerGpuHour', input.cloudUsdPerGpuHour), origin: 'user', asOf: null };
  } else {
    const chosen = catalogRental(entry.id, currency, fx, input.cloudCatalog);
    if (chosen) {
      perGpuHour = chosen.perGpuHour;
      rental = chosen.rental;
      notes.push(...chosen.notes);
    }
  }

  const rentTotal = perGpuHour === null ? null : perGpuHour.usd * busyGpuHours;
  const powerPerGpuHour = (watts / 1000) * pue * electricity;
  const upfront = purchaseUsd + hostUsd;
  const months = years * 12;
  let paybackMonths: number | null = null;
  let breakEven: number | null = null;
  if (perGpuHour !== null && rentTotal !== null) {
    const savingPerMonth = (rentTotal - powerUsd - maintenanceUsd) / months;
    // The resale comes back at the end: the savings need only repay the rest. Counting it keeps the
    // payback inside the period exactly when owning totals less than renting (the verdict).
    paybackMonths = savingPerMonth > 0 ? Math.max(0, upfront - resaleUsd) / savingPerMonth : null;
    const marginPerBusyHour = perGpuHour.usd - powerPerGpuHour;
    if (marginPerBusyHour > 0) {
      const fixed = upfront + maintenanceUsd - resaleUsd;
      const needed = (fixed / (count * years * HOURS_PER_YEAR * marginPerBusyHour)) * 100;
      breakEven = needed <= 100 ? needed : null;
    }
  }

  const rate = rateWithFallback(entry, precision);
  const tflops = rate.tflops === null ? null : rate.tflops / view.rateDivisor;
  let run: CostResult['run'] = null;
  if (input.runGpuHours !== undefined || input.runFlops !== undefined) {
    const mfu = percentInput('mfuPercent', input.mfuPercent, DEFAULT_MFU_PERCENT, false);
    let gpuHours: number;
    if (input.runGpuHours !== undefined) {
      gpuHours = requireNumber('runGpuHours', input.runGpuHours, { min: 0, exclusiveMin: true });
    } else {
      const flops = requireNumber('runFlops', input.runFlops ?? 0, { min: 0, exclusiveMin: true });
      if (tflops === null) throw new AdvisorError('advisor.error.noRateForRun', { gpu: entry.name, precision });
      gpuHours = flops / (tflops * 1e12 * (mfu / 100) * 3600);
      if (input.mfuPercent === undefined) notes.push({ key: 'advisor.cost.assumeMfu', params: { percent: mfu } });
    }
    run = {
      gpuHours,
      ownUsd: gpuHours * ownPerBusyHour,
      rentUsd: perGpuHour === null ? null : gpuHours * perGpuHour.usd,
      mfuPercent: input.runFlops !== undefined ? mfu : null,
    };
  }
  if (rate.fallbackFrom !== null && rate.precision !== null) {
    notes.push({ key: 'advisor.reason.precisionFallback', params: { wanted: rate.fallbackFrom.toUpperCase(), used: rate.precision.toUpperCase() } });
  }

  return {
    gpu: { id: entry.id, name: perBoard > 1 ? `${entry.name} (GCD)` : entry.name },
    currency,
    count,
    devicesPerBoard: perBoard,
    boards,
    years,
    utilizationPercent: utilization,
    busyGpuHours,
    own: {
      purchasePerGpu,
      purchaseUsd,
      hostUsd,
      powerWattsPerGpu: watts,
      energyKwh,
      electricityUsdPerKwh: electricity,
      pue,
      powerUsd,
      maintenanceUsd,
      resaleUsd,
      totalUsd: ownTotal,
      usdPerBusyGpuHour: ownPerBusyHour,
    },
    rent: perGpuHour === null || rentTotal === null ? null : { perGpuHour, offeringId: rental?.offeringId ?? null, provider: rental?.provider ?? null, totalUsd: rentTotal, rental },
    rentReason: perGpuHour === null ? 'no-cloud-price' : null,
    paybackMonths,
    paybackCountsResale: resaleUsd > 0,
    paybackWithinPeriod: paybackMonths !== null && paybackMonths <= months,
    breakEvenUtilizationPercent: breakEven,
    verdict: rentTotal === null ? 'unknown' : ownTotal < rentTotal ? 'buy' : 'rent',
    work: {
      precision: rate.precision,
      tflopsPerGpu: tflops,
      ownUsdPerTflopHour: tflops === null ? null : ownPerBusyHour / tflops,
      rentUsdPerTflopHour: tflops === null || perGpuHour === null ? null : perGpuHour.usd / tflops,
    },
    run,
    assumptions: notes,
  };
}
