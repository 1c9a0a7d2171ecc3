// The work behind `gpuwise recommend`: build the input (with a local snapshot under --local), call
// the recommender, print the ranked options with reasons and the host each needs, then the
// options listed apart (no value to sort by, or not fitting), or the typed result as JSON.

import { toSafeJson } from '../../core/safe-text.js';
import { imagesText } from '../../advisor/recommend/reasons.js';
import { recommend, renderNote, type HostShortfall, type RecommendInput, type RecommendOption, type Recommendation } from '../../advisor/index.js';
import { DEFAULT_FX, parseFxOverrides } from '../../advisor/pricing/fx.js';
import { formatMoney } from '../../advisor/pricing/format.js';
import { parseMoney } from '../../advisor/pricing/money.js';
import type { Snapshot } from '../../core/snapshot.js';
import type { CliContext } from '../context.js';
import { formatBytes, padEnd, padStart } from '../render/format.js';
import { estimatorSettings, modelFromOptions, withAdvisorErrors } from './advisor-options.js';
import { modelFromConfigFile } from './model-config.js';
import type { RecommendOptions } from './recommend.js';

const GIB = 1024 ** 3;
const DEFAULT_TEXT_LIMIT = 10;
const APART_LIMIT = 5;

export function recommendInputFromOptions(options: RecommendOptions): RecommendInput {
  const currency = options.currency ?? 'USD';
  const input: RecommendInput = { task: options.task, estimate: estimatorSettings(options), currency };
  const model = options.config !== undefined ? modelFromConfigFile(options.config, options) : modelFromOptions(options);
  if (model !== null) input.model = model;
  if (options.trainPrecision !== undefined) input.estimate = { ...input.estimate, precision: options.trainPrecision };
  if (options.memoryGib !== undefined) input.memoryNeedBytes = options.memoryGib * GIB;
  if (options.precision !== undefined) input.precision = options.precision;
  const fx = options.fx === undefined ? DEFAULT_FX : parseFxOverrides(options.fx);
  input.fx = fx;
  // A budget typed in another currency than --currency is converted at the same rate prices are.
  const money = (text: string) => {
    const parsed = parseMoney(text, currency);
    return (parsed.amount / fx.perUsd[parsed.currency]) * fx.perUsd[currency];
  };
  if (options.budget !== undefined) input.budget = money(options.budget);
  if (options.budgetPerHour !== undefined) input.budgetPerHour = money(options.budgetPerHour);
  if (options.segment !== undefined) input.segments = options.segment;
  if (options.memoryMargin !== undefined) input.memoryMarginPercent = options.memoryMargin;
  if (options.formFactor !== undefined) input.deployment = options.formFactor;
  if (options.maxPower !== undefined) input.maxPowerWatts = options.maxPower;
  if (options.maxCount !== undefined) input.maxGpuCount = options.maxCount;
  if (options.sort !== undefined) input.sortBy = options.sort;
  if (options.limit !== undefined) input.limit = options.limit;
  return input;
}

/** One snapshot of this machine's GPUs; null (with a warning) when none can be read. */
async function localSnapshot(cli: CliContext): Promise<Snapshot | null> {
  try {
    const { openSession } = await import('../../snapshot/session.js');
    const session = await openSession({ hostOptions: { firstSampleWindowMs: 0 }, singleReading: true });
    try {
      return await session.take();
    } finally {
      await session.close();
    }
  } catch (error) {
    cli.err(`${cli.t('advisor.cli.recommend.noLocal', { detail: error instanceof Error ? error.message : String(error) })}\n`);
    return null;
  }
}

export function runRecommend(cli: CliContext, options: RecommendOptions): Promise<number> {
  return withAdvisorErrors(cli, 'gpuwise recommend', async () => {
    const input = recommendInputFromOptions(options);
    let snapshot: Snapshot | null = null;
    // --from is another machine's --local (src/import): its GPUs instead of this one's.
    if (options.from !== undefined) {
      const pasted = await (await import('./recommend-from.js')).pastedSnapshot(cli, options.from);
      if (!pasted.ok) return 2;
      snapshot = pasted.snapshot;
    } else if (options.local) snapshot = await localSnapshot(cli);
    if (snapshot) input.snapshot = snapshot;
    const result = recommend(input);
    if (options.from !== undefined) {
      // A paste shows GPUs, not the host's RAM and cores: no claim that they are enough.
      result.localHost = null;
      for (const option of [...result.options, ...result.unranked]) option.localHostShortfalls = null;
    }
    cli.out(options.json ? `${toSafeJson(result, 2)}\n` : renderRecommendation(cli, result, options.limit ?? DEFAULT_TEXT_LIMIT));
    if (!options.json && snapshot && snapshot.devices.length === 0) {
      cli.out(`\n${cli.t(options.from !== undefined ? 'import.local.noGpuThere' : 'import.local.noGpuHere')}\n`);
    }
    return 0;
  });
}

/**
 * A speed in the column: whole units from 10 up, two significant digits below — an FP64 rate of
 * 0.23 TFLOPS is not "0 TFLOPS", nor 0.6 "1 TFLOPS", beside a reason that says 0.2.
 */
export function speedFigure(value: number): string {
  if (value >= 10 || value === 0) return Math.round(value).toLocaleString('en-US');
  // toPrecision, as the reasons round (reasons.ts): 0.345 is 0.34 in both.
  return Number(value.toPrecision(2)).toLocaleString('en-US', { maximumFractionDigits: 20 });
}

export function rateText(option: RecommendOption): string {
  const t = option.throughput;
  if (t.rate === null) return '—';
  if (t.rateUnit === 'token/s') return `${speedFigure(t.rate)} tok/s`;
  if (t.rateUnit === 'byte/s') return `${speedFigure(t.rate / 1e9)} GB/s`;
  if (t.rateUnit === 'image/s') return `${imagesText(t.rate)} img/s`;
  if (t.peakTokensPerSecond !== null) return `${speedFigure(t.peakTokensPerSecond)} tok/s`;
  return `${speedFigure(t.rate / 1e12)} TFLOPS`;
}

function priceText(option: RecommendOption, cloud: boolean): string {
  if (cloud) return option.rental === null ? '—' : `${formatMoney(option.rental.perHour, option.rental.currency)}/h`;
  return option.price === null ? '—' : formatMoney(option.price.amount, option.price.currency);
}

function shortfallText(cli: CliContext, s: HostShortfall): string {
  const fmt = (v: number) => (s.what === 'systemRam' ? formatBytes(v) : s.what === 'pcieWidth' ? `×${v}` : String(v));
  return cli.t(`advisor.cli.recommend.localShort.${s.what}`, { have: fmt(s.have), need: fmt(s.need) });
}

function hostLine(cli: CliContext, option: RecommendOption): string {
  const h = option.host;
  return cli.t('advisor.cli.recommend.host', {
    ram: formatBytes(h.systemRamBytes),
    cores: h.cpuCores,
    lanes: h.pcieLanes,
    gen: h.pcieGeneration === null ? '' : cli.t('advisor.cli.recommend.hostGen', { gen: h.pcieGeneration }),
    storage: formatBytes(h.storageReadBytesPerSecond),
    psu: h.powerSupplyWatts,
    btu: h.heatBtuPerHour.toLocaleString('en-US'),
    cooling: h.serverCooling ? cli.t('advisor.cli.recommend.serverCooling') : '',
  });
}

function optionLines(cli: CliContext, option: RecommendOption, rank: string, withHost: boolean, cloud: boolean): string[] {
  const { t, color } = cli;
  const fits = option.memory.fits === true ? color.green(t('advisor.cli.fits.yes')) : option.memory.fits === false ? color.red(t('advisor.cli.fits.no')) : color.yellow(t('advisor.cli.fits.maybe'));
  const need = option.memory.perGpuNeedBytes === null ? '—' : `${formatBytes(option.memory.perGpuNeedBytes)}/${formatBytes(option.memory.perGpuCapacityBytes)}`;
  const relative = option.throughput.relative === null ? '—' : option.throughput.relative.toFixed(2);
  const lines = [
    `${padEnd(rank, 4)}${padEnd(option.gpuName, 30)}${padStart(`×${option.count}`, 4)}  ${padEnd(fits, 10)}${padStart(need, 20)}${padStart(rateText(option), 16)}${padStart(relative, 7)}${padStart(priceText(option, cloud), 14)}${padStart(`${option.boardPowerWatts} W`, 8)}`,
  ];
  for (const reason of option.reasons) lines.push(color.dim(`      · ${renderNote(cli.locale, reason)}`));
  if (option.servers.length > 0) lines.push(color.dim(`      · ${t('advisor.cli.recommend.servers', { servers: option.servers.map((s) => s.name).join(', ') })}`));
  if (withHost) {
    lines.push(color.dim(`      · ${hostLine(cli, option)}`));
    if (option.host.datasetReadBytesPerSecond !== null) lines.push(color.dim(`      · ${t('advisor.cli.recommend.datasetRead', { rate: formatBytes(option.host.datasetReadBytesPerSecond), images: imagesText(option.throughput.rate ?? 0) })}`));
    if (option.host.offloadRamBytes !== null) lines.push(color.dim(`      · ${t('advisor.cli.recommend.offload', { ram: formatBytes(option.host.offloadRamBytes) })}`));
    for (const s of option.localHostShortfalls ?? []) lines.push(`      · ${color.yellow(shortfallText(cli, s))}`);
  }
  return lines;
}

export function renderRecommendation(cli: CliContext, result: Recommendation, limit: number): string {
  const { t, color } = cli;
  const lines = [color.bold(t('advisor.cli.recommend.heading', { task: t(`advisor.cli.task.${result.task}`), sort: t(`advisor.cli.sort.${result.sortBy}`) }))];
  if (result.singleGpuNeedBytes !== null) lines.push(t('advisor.cli.recommend.need', { need: formatBytes(result.singleGpuNeedBytes) }));
  lines.push('');
  const header = `${padEnd('#', 4)}${padEnd(t('advisor.cli.col.gpu'), 30)}${padStart(t('advisor.cli.col.count'), 4)}  ${padEnd(t('advisor.cli.col.fits'), 10)}${padStart(t('advisor.cli.col.perGpu'), 20)}${padStart(t('advisor.cli.col.speed'), 16)}${padStart(t('advisor.cli.col.relative'), 7)}${padStart(t('advisor.cli.col.price'), 14)}${padStart(t('advisor.cli.col.power'), 8)}`;
  lines.push(color.dim(header));
  const cloud = result.deployment === 'cloud';
  result.options.slice(0, limit).forEach((option, i) => lines.push(...optionLines(cli, option, String(i + 1), true, cloud)));
  if (result.options.length > limit) lines.push(color.dim(t('advisor.cli.recommend.more', { count: result.options.length - limit })));
  if (result.unranked.length > 0) {
    lines.push('', t('advisor.cli.recommend.unranked', { sort: t(`advisor.cli.sort.${result.sortBy}`) }));
    for (const option of result.unranked.slice(0, APART_LIMIT)) lines.push(...optionLines(cli, option, '-', false, cloud));
    if (result.unranked.length > APART_LIMIT) lines.push(color.dim(t('advisor.cli.recommend.more', { count: result.unranked.length - APART_LIMIT })));
  }
  if (result.notFitting.length > 0) {
    lines.push('', t('advisor.cli.recommend.notFitting'));
    for (const option of result.notFitting.slice(0, APART_LIMIT)) lines.push(`  ${padEnd(option.gpuName, 30)} ×${option.count}  ${color.dim(option.reasons[0] ? renderNote(cli.locale, option.reasons[0]) : '')}`);
    if (result.notFitting.length > APART_LIMIT) lines.push(color.dim(t('advisor.cli.recommend.more', { count: result.notFitting.length - APART_LIMIT })));
  }
  const { budget, budgetUnpriced, power, deployment, segment } = result.excluded;
  if (budgetUnpriced > 0) lines.push('', color.yellow(t('advisor.cli.recommend.unpriced', { count: budgetUnpriced })));
  if (budget > 0) lines.push(color.dim(t('advisor.cli.recommend.overBudget', { count: budget })));
  if (power + deployment + segment > 0) lines.push(color.dim(t('advisor.cli.recommend.excludedOther', { power, deployment, segment })));
  if (result.local.length > 0) {
    lines.push('', t('advisor.cli.recommend.local'));
    for (const local of result.local) lines.push(`  ${renderNote(cli.locale, local.note)}`);
  }
  if (result.localHost !== null) {
    if (result.localHost.length === 0) lines.push('', t('advisor.cli.recommend.localHostOk'));
    else {
      lines.push('', t('advisor.cli.recommend.localHost'));
      for (const s of result.localHost) lines.push(`  ${color.yellow(shortfallText(cli, s))}`);
    }
  }
  lines.push('', t('advisor.cli.assumptions'), ...result.assumptions.map((note) => color.dim(`  · ${renderNote(cli.locale, note)}`)));
  return `${lines.join('\n')}\n`;
}
