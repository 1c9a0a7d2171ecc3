// The work behind `gpuwise cost`: call the cost model, print the comparison or the typed result.

import { toSafeJson } from '../../core/safe-text.js';
import { estimateCost, renderNote, type CostInput, type CostResult } from '../../advisor/index.js';
import type { CliContext } from '../context.js';
import { padEnd, padStart } from '../render/format.js';
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
  const input: CostInput = { gpu: options.gpu };
  const currency = options.currency ?? 'USD';
  const fx = fxOf(options);
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
    cli.out(options.json ? `${toSafeJson(result, 2)}\n` : renderCost(cli, result, (usdAmount) => convert(usdAmount, 'USD', currency, fx), currency));
    return 0;
  });
}

export function renderCost(cli: CliContext, r: CostResult, from: (usd: number) => number = (v) => v, currency: Currency = 'USD'): string {
  const { t, color } = cli;
  const symbol = formatMoney(0, currency).charAt(0);
  const usd = (value: number) => formatMoney(Math.round(from(value)), currency);
  const usd3 = (value: number) => `${symbol}${from(value).toFixed(3)}`;
  const row = (label: string, value: string) => `  ${padEnd(label, 28)} ${padStart(value, 14)}`;
  const lines = [
    color.bold(t('advisor.cli.cost.heading', { count: r.count, gpu: r.gpu.name, years: r.years, utilization: r.utilizationPercent })),
    color.dim(t('advisor.cli.cost.busyHours', { hours: Math.round(r.busyGpuHours).toLocaleString('en-US') })),
    '',
    t('advisor.cli.cost.own'),
    row(t('advisor.cli.cost.purchase'), usd(r.own.purchaseUsd)),
  ];
  if (r.own.hostUsd > 0) lines.push(row(t('advisor.cli.cost.host'), usd(r.own.hostUsd)));
  lines.push(row(t('advisor.cli.cost.power', { kwh: Math.round(r.own.energyKwh).toLocaleString('en-US'), pue: r.own.pue }), usd(r.own.powerUsd)));
  if (r.own.maintenanceUsd > 0) lines.push(row(t('advisor.cli.cost.maintenance'), usd(r.own.maintenanceUsd)));
  if (r.own.resaleUsd > 0) lines.push(row(t('advisor.cli.cost.resale'), `−${usd(r.own.resaleUsd)}`));
  lines.push(row(t('advisor.cli.cost.total'), color.bold(usd(r.own.totalUsd))), row(t('advisor.cli.cost.perGpuHour'), usd3(r.own.usdPerBusyGpuHour)), '');
  if (r.rent) {
    lines.push(
      t('advisor.cli.cost.rent', { price: usd3(r.rent.perGpuHour.usd), asOf: r.rent.perGpuHour.asOf ?? t('advisor.cli.cost.yourPrice') }),
      row(t('advisor.cli.cost.total'), color.bold(usd(r.rent.totalUsd))),
      '',
    );
    const verdict = r.verdict === 'buy' ? color.green(t('advisor.cli.cost.verdictBuy')) : color.yellow(t('advisor.cli.cost.verdictRent'));
    lines.push(verdict);
    lines.push(r.paybackMonths === null ? t('advisor.cli.cost.noPayback') : t('advisor.cli.cost.payback', { months: r.paybackMonths.toFixed(1) }));
    lines.push(r.breakEvenUtilizationPercent === null ? t('advisor.cli.cost.noBreakEven') : t('advisor.cli.cost.breakEven', { percent: r.breakEvenUtilizationPercent.toFixed(0) }));
  } else {
    lines.push(color.dim(t('advisor.cli.cost.noRent')));
  }
  if (r.work.tflopsPerGpu !== null && r.work.ownUsdPerTflopHour !== null) {
    const rent = r.work.rentUsdPerTflopHour === null ? '—' : `${symbol}${from(r.work.rentUsdPerTflopHour).toFixed(5)}`;
    lines.push('', t('advisor.cli.cost.work', { precision: (r.work.precision ?? '').toUpperCase(), tflops: r.work.tflopsPerGpu, own: `${symbol}${from(r.work.ownUsdPerTflopHour).toFixed(5)}`, rent }));
  }
  if (r.run) {
    lines.push(t('advisor.cli.cost.run', { hours: Math.round(r.run.gpuHours).toLocaleString('en-US'), own: usd(r.run.ownUsd), rent: r.run.rentUsd === null ? '—' : usd(r.run.rentUsd) }));
  }
  lines.push('', t('advisor.cli.assumptions'), ...r.assumptions.map((note) => color.dim(`  · ${renderNote(cli.locale, note)}`)));
  return `${lines.join('\n')}\n`;
}
