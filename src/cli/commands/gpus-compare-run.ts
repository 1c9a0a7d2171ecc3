// The work behind `gpuwise gpus compare`: a table of figures with the first GPU's ratio to each
// other one ("not supported" where a GPU lacks the precision), then the summary in words.

import { toSafeJson } from '../../core/safe-text.js';
import { compareGpus, metricLabel, renderNote, type ComparisonRow, type GpuComparison, type Ratio } from '../../advisor/index.js';
import { splitGpuQueries } from '../../catalog/resolve.js';
import type { CliContext } from '../context.js';
import { padEnd, padStart, spaced } from '../render/format.js';
import { withAdvisorErrors } from './advisor-options.js';

export function runCompare(cli: CliContext, names: string[], options: { json?: boolean }): Promise<number> {
  return withAdvisorErrors(cli, 'gpuwise gpus compare', () => {
    // `compare t4 l4 A100 80G` is three GPUs: the one resolver splits the words.
    const result = compareGpus(splitGpuQueries(names));
    cli.out(options.json ? `${toSafeJson(result, 2)}\n` : renderComparison(cli, result));
    return 0;
  });
}

function ratioText(cli: CliContext, ratio: Ratio): string {
  if (ratio.status === 'ratio') return `${ratio.value.toFixed(2)}×`;
  return ratio.status === 'unsupported' ? cli.t('advisor.cli.compare.unsupported') : cli.t('advisor.cli.compare.unknown');
}

const LABEL_WIDTH = 42;

const number = (value: number | null | undefined, digits = 1) => (value == null ? '—' : Number(value.toFixed(digits)).toLocaleString('en-US'));

function ratioRows(cli: CliContext, result: GpuComparison, rows: ComparisonRow[], values: (gpuIndex: number, row: ComparisonRow) => string, width: number): string[] {
  return rows.map((row) => {
    const cells = result.gpus.map((_, i) => padStart(values(i, row), width));
    const ratios = row.ratios.map((r) => padStart(ratioText(cli, r), 16));
    return `${padEnd(spaced(metricLabel(cli.locale, row.metric), cli.locale === 'zh-CN' ? `（${row.unit}）` : `(${row.unit})`), LABEL_WIDTH)}${cells.join('')}${ratios.join('')}`;
  });
}

export function renderComparison(cli: CliContext, result: GpuComparison): string {
  const { t, color } = cli;
  const width = 16;
  const [first, ...others] = result.gpus;
  const short = (name: string) => name.replace(/^NVIDIA\s+(Tesla\s+)?/, '');
  const head = `${padEnd('', LABEL_WIDTH)}${result.gpus.map((g) => padStart(short(g.name).slice(0, width - 1), width)).join('')}${others.map((o) => padStart(`÷ ${short(o.name)}`.slice(0, 15), 16)).join('')}`;
  const lines = [color.bold(t('advisor.cli.compare.heading', { first: first?.name ?? '' })), '', color.dim(head)];
  lines.push(...ratioRows(cli, result, result.rows, (i, row) => {
    const value = result.gpus[i]?.metrics[row.metric];
    if (!value || value.value === null) return value?.reason === 'unsupported' ? t('advisor.cli.compare.unsupported') : '—';
    return `${number(value.value)}${value.path === 'tensor' ? '*' : ''}`;
  }, width));
  lines.push('', color.bold(t('advisor.cli.compare.perWatt')));
  lines.push(...ratioRows(cli, result, result.perWattRows, (i, row) => number(result.gpus[i]?.perWatt[row.metric], 3), width));
  lines.push('');
  if (result.gpus.every((g) => g.launchPriceUsd === null)) {
    lines.push(color.dim(t('advisor.cli.compare.noPrices')));
  } else {
    lines.push(color.bold(t('advisor.cli.compare.perDollar')));
    lines.push(
      color.dim(`${padEnd(t('advisor.cli.compare.launchPrice'), LABEL_WIDTH)}${result.gpus.map((g) => padStart(g.launchPriceUsd === null ? t('advisor.cli.compare.noPrice') : `$${g.launchPriceUsd.toLocaleString('en-US')}`, width)).join('')}`),
    );
    lines.push(...ratioRows(cli, result, result.perDollarRows, (i, row) => number(result.gpus[i]?.perThousandUsd[row.metric], 2), width));
  }
  lines.push('', color.dim(t('advisor.cli.compare.legend')), '', t('advisor.cli.compare.summary'));
  lines.push(...result.summary.map((note) => `  · ${renderNote(cli.locale, note)}`));
  return `${lines.join('\n')}\n`;
}
