// The work behind `gpuwise cost`: call the cost model, print the comparison or the typed result.

import { safeText, toSafeJson } from '../../core/safe-text.js';
import { estimateCost, renderNote, type CostInput, type CostResult } from '../../advisor/index.js';
import type { CliContext } from '../context.js';
import { displayWidth, padEnd, padStart } from '../render/format.js';
import { formatNumber } from '../../i18n/format.js';
import { moduleNotes, paybackText, readAsNote } from './cost-notes.js';
import { withAdvisorErrors } from './advisor-options.js';
import { convert, DEFAULT_FX, parseFxOverrides, type FxTable } from '../../advisor/pricing/fx.js';
import { formatMoney } from '../../advisor/pricing/format.js';
import type { Currency } from '../../catalog/gpu-enums.js';
import type { CostOptions } from './cost.js';

const MONEY_INPUTS: readonly (keyof CostInput)[] = ['purchasePriceUsd', 'hostPriceUsd', 'electricityUsdPerKwh', 'cloudUsdPerGpuHour'];

function fxOf(options: CostOptions): FxTable {
  return options.fx === undefined ? DEFAULT_FX : parseFxOverrides(options.fx);
}

export function costInputFromOptions(options: CostOptions): CostInput {
  const currency = options.currency ?? 'USD';
  const fx = fxOf(options);
  // The currency also picks the catalog readings: a Chinese price and a rental in yuan for CNY.
  const input: CostInput = { gpu: options.gpu, currency, fx };
  const map: [keyof CostOptions, keyof CostInput][] = [
    ['count', 'count'],
    ['price', 'purchasePriceUsd'],
    ['hostPrice', 'hostPriceUsd'],
    ['years', 'years'],
    ['utilization', 'utilizationPercent'],
    ['powerWatts', 'powerWattsPerGpu'],
    ['electricity', 'electricityUsdPerKwh'],
    ['pue', 'pue'],
    ['resale', 'resalePercent'],
    ['maintenance', 'maintenancePercentPerYear'],
    ['cloudPrice', 'cloudUsdPerGpuHour'],
    ['runFlops', 'runFlops'],
    ['runGpuHours', 'runGpuHours'],
    ['mfu', 'mfuPercent'],
  ];
  for (const [from, to] of map) {
    const value = options[from];
    if (typeof value === 'number') (input as unknown as Record<string, number>)[to] = value;
  }
  if (options.precision !== undefined) input.precision = options.precision;
  // The model works in USD; amounts typed in another currency are converted at the same rate.
  for (const key of MONEY_INPUTS) {
    const value = input[key];
    if (typeof value === 'number') (input as unknown as Record<string, number>)[key] = convert(value, currency, 'USD', fx);
  }
  return input;
}

export function runCost(cli: CliContext, options: CostOptions): Promise<number> {
  return withAdvisorErrors(cli, 'gpuwise cost', () => {
    const result = estimateCost(costInputFromOptions(options));
    const currency = options.currency ?? 'USD';
    const fx = fxOf(options);
    if (options.json) {
      cli.out(`${toSafeJson(result, 2)}\n`);
      return 0;
    }
    const readAs = readAsNote(cli, options.gpu);
    cli.out((readAs === null ? '' : `${cli.color.yellow(safeText(readAs))}\n`) + renderCost(cli, result, (usdAmount) => convert(usdAmount, 'USD', currency, fx), currency));
    return 0;
  });
}

export function renderCost(cli: CliContext, r: CostResult, from: (usd: number) => number = (v) => v, currency: Currency = 'USD'): string {
  const { t, color, locale } = cli;
  const usd = (value: number) => formatMoney(Math.round(from(value)), currency, locale);
  const usd3 = (value: number) => formatMoney(from(value), currency, locale, 3);
  const usd5 = (value: number) => formatMoney(from(value), currency, locale, 5);
  const n = (value: number, digits = 0) => formatNumber(value, locale, digits);
  // Every amount in one column: the label column is as wide as the widest label (the power row's
  // "(14,533 kWh at PUE 1.58)" included), the amounts right-aligned after it.
  const rows: [label: string, value: string][] = [[t('advisor.cli.cost.purchase'), usd(r.own.purchaseUsd)]];
  if (r.own.hostUsd > 0) rows.push([t('advisor.cli.cost.host'), usd(r.own.hostUsd)]);
  rows.push([t('advisor.cli.cost.power', { kwh: n(r.own.energyKwh), pue: r.own.pue }), usd(r.own.powerUsd)]);
  if (r.own.maintenanceUsd > 0) rows.push([t('advisor.cli.cost.maintenance'), usd(r.own.maintenanceUsd)]);
  if (r.own.resaleUsd > 0) rows.push([t('advisor.cli.cost.resale'), `−${usd(r.own.resaleUsd)}`]);
  rows.push([t('advisor.cli.cost.total'), usd(r.own.totalUsd)], [t('advisor.cli.cost.perGpuHour'), usd3(r.own.usdPerBusyGpuHour)]);
  const rentTotal: [string, string] | null = r.rent ? [t('advisor.cli.cost.total'), usd(r.rent.totalUsd)] : null;
  const all = rentTotal ? [...rows, rentTotal] : rows;
  const labelWidth = Math.max(...all.map(([label]) => displayWidth(label))) + 2;
  const valueWidth = Math.max(14, ...all.map(([, value]) => displayWidth(value)));
  const row = ([label, value]: [string, string], bold = false) => `  ${padEnd(label, labelWidth)}${padStart(bold ? color.bold(value) : value, valueWidth)}`;
  const totalIndex = rows.length - 2;

  const lines = [
    color.bold(t('advisor.cli.cost.heading', { count: r.count, gpu: r.gpu.name, years: n(r.years, 2), utilization: n(r.utilizationPercent, 1) })),
    color.dim(t('advisor.cli.cost.busyHours', { hours: n(Math.round(r.busyGpuHours)) })),
    '',
    t('advisor.cli.cost.own'),
    ...rows.map((entry, i) => row(entry, i === totalIndex)),
    '',
  ];
  if (r.rent && rentTotal) {
    // A price the user gave has no date: "(your price)", not "(as of your price)".
    const rentAsOf = r.rent.perGpuHour.asOf;
    const price = usd3(r.rent.perGpuHour.usd);
    lines.push(rentAsOf === null ? t('advisor.cli.cost.rentYours', { price }) : t('advisor.cli.cost.rent', { price, asOf: rentAsOf }), row(rentTotal, true), '');
    const verdict = r.verdict === 'buy' ? color.green(t('advisor.cli.cost.verdictBuy')) : color.yellow(t('advisor.cli.cost.verdictRent'));
    lines.push(verdict);
    lines.push(paybackText(cli, r, usd(r.own.resaleUsd)) ?? t('advisor.cli.cost.noPayback'));
    lines.push(r.breakEvenUtilizationPercent === null ? t('advisor.cli.cost.noBreakEven') : t('advisor.cli.cost.breakEven', { percent: n(r.breakEvenUtilizationPercent) }));
  } else {
    lines.push(color.dim(t('advisor.cli.cost.noRent')));
  }
  if (r.work.tflopsPerGpu !== null && r.work.ownUsdPerTflopHour !== null) {
    const rent = r.work.rentUsdPerTflopHour === null ? '—' : usd5(r.work.rentUsdPerTflopHour);
    lines.push('', t('advisor.cli.cost.work', { precision: (r.work.precision ?? '').toUpperCase(), tflops: n(r.work.tflopsPerGpu, 1), own: usd5(r.work.ownUsdPerTflopHour), rent }));
  }
  if (r.run) {
    lines.push(t('advisor.cli.cost.run', { hours: n(Math.round(r.run.gpuHours)), own: usd(r.run.ownUsd), rent: r.run.rentUsd === null ? '—' : usd(r.run.rentUsd) }));
  }
  const modules = moduleNotes(cli, r);
  if (modules.length > 0) lines.push('', ...modules.map((line) => color.yellow(line)));
  lines.push('', t('advisor.cli.assumptions'), ...r.assumptions.map((note) => color.dim(`  · ${renderNote(cli.locale, note)}`)));
  return `${lines.join('\n')}\n`;
}
