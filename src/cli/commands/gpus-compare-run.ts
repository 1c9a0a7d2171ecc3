// The work behind `gpuwise gpus compare`: a table of figures with the first GPU's ratio to each
// other one ("not supported" where a GPU lacks the precision), per watt and per dollar of the price
// cost and recommend take, then the summary in words (which price, among other things).

import { toSafeJson } from '../../core/safe-text.js';
import { compareGpus, metricLabel, renderNote, type ComparisonRow, type GpuComparison, type Ratio } from '../../advisor/index.js';
import { loadGpuCatalog } from '../../catalog/load.js';
import { splitGpuQueries } from '../../catalog/resolve.js';
import type { CliContext } from '../context.js';
import { displayWidth, padEnd, padStart, spaced } from '../render/format.js';
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
/** The narrowest column; every column is as wide as its header plus this gap, at least. */
const MIN_COLUMN_WIDTH = 16;
const COLUMN_GAP = 2;

/** "NVIDIA Tesla V100 SXM2 32GB" → "V100 SXM2 32GB": the maker's name says nothing a column needs. */
const shortName = (name: string) => name.replace(/^(?:NVIDIA|AMD|Intel)\s+(?:Tesla\s+)?/, '');

/**
 * A ratio column's header: "÷ " and the fewest leading words of the GPU's short name that reach
 * its model number and tell it from the other GPUs compared ("÷ P100" beside an A100 and a V100;
 * "÷ V100 PCIe" beside a V100 SXM2; "÷ GeForce RTX 4090", never "÷ GeForce"; never the whole name of another
 * catalog GPU: "÷ GeForce RTX 4090 D", not "÷ GeForce RTX 4090"), so three or more
 * GPUs still fit across a terminal.
 */
export function ratioHeaders(names: readonly string[], catalogNames: readonly string[] = []): string[] {
  const shorts = names.map(shortName);
  // A cut name must not be the whole name of another catalog GPU: "÷ GeForce RTX 4090" over the RTX 4090 D's column names the RTX 4090.
  const catalogShorts = new Set(catalogNames.map(shortName));
  return shorts.slice(1).map((name, index) => {
    const words = name.split(/\s+/);
    const others = shorts.filter((_, i) => i !== index + 1);
    const numbered = words.findIndex((word) => /\d/.test(word));
    for (let n = Math.max(1, numbered + 1); n < words.length; n++) {
      const prefix = words.slice(0, n).join(' ');
      if (catalogShorts.has(prefix)) continue;
      if (!others.some((other) => other === prefix || other.startsWith(`${prefix} `))) return `÷ ${prefix}`;
    }
    return `÷ ${name}`;
  });
}

/** Columns wide enough for the widest of `texts` and the gap before it. */
const columnWidth = (texts: readonly string[]) => Math.max(MIN_COLUMN_WIDTH, ...texts.map((text) => displayWidth(text) + COLUMN_GAP));

interface Widths {
  value: number;
  ratio: number;
}

const number = (value: number | null | undefined, digits = 1) => (value == null ? '—' : Number(value.toFixed(digits)).toLocaleString('en-US'));

function ratioRows(cli: CliContext, result: GpuComparison, rows: ComparisonRow[], values: (gpuIndex: number, row: ComparisonRow) => string, widths: Widths): string[] {
  return rows.map((row) => {
    const cells = result.gpus.map((_, i) => padStart(values(i, row), widths.value));
    const ratios = row.ratios.map((r) => padStart(ratioText(cli, r), widths.ratio));
    return `${padEnd(spaced(metricLabel(cli.locale, row.metric), cli.locale === 'zh-CN' ? `（${row.unit}）` : `(${row.unit})`), LABEL_WIDTH)}${cells.join('')}${ratios.join('')}`;
  });
}

export function renderComparison(cli: CliContext, result: GpuComparison): string {
  const { t, color } = cli;
  const [first] = result.gpus;
  const names = result.gpus.map((g) => shortName(g.name));
  const ratioHeads = ratioHeaders(result.gpus.map((g) => g.name), loadGpuCatalog().gpus.map((g) => g.name));
  // Never cut a name: a cut "V100 SXM2 32G" runs into the next column's header.
  const cellTexts = [t('advisor.cli.compare.unsupported'), t('advisor.cli.compare.unknown'), t('advisor.cli.compare.noPrice')];
  const width: Widths = { value: columnWidth([...names, ...cellTexts]), ratio: columnWidth([...ratioHeads, ...cellTexts]) };
  const head = `${padEnd('', LABEL_WIDTH)}${names.map((name) => padStart(name, width.value)).join('')}${ratioHeads.map((h) => padStart(h, width.ratio)).join('')}`;
  const lines = [color.bold(t('advisor.cli.compare.heading', { first: first?.name ?? '' })), '', color.dim(head)];
  // The legend's '*' (FP64 on tensor cores) marks the figure wherever it is divided too: per watt, per dollar.
  const tensorMark = (i: number, row: ComparisonRow) => (result.gpus[i]?.metrics[row.metric]?.path === 'tensor' ? '*' : '');
  const derived = (value: number | null | undefined, digits: number, i: number, row: ComparisonRow) => (value == null ? '—' : `${number(value, digits)}${tensorMark(i, row)}`);
  lines.push(...ratioRows(cli, result, result.rows, (i, row) => {
    const value = result.gpus[i]?.metrics[row.metric];
    if (!value || value.value === null) return value?.reason === 'unsupported' ? t('advisor.cli.compare.unsupported') : '—';
    return `${number(value.value)}${tensorMark(i, row)}`;
  }, width));
  lines.push('', color.bold(t('advisor.cli.compare.perWatt')));
  lines.push(...ratioRows(cli, result, result.perWattRows, (i, row) => derived(result.gpus[i]?.perWatt[row.metric], 3, i, row), width));
  lines.push('');
  if (result.gpus.every((g) => g.price === null)) {
    lines.push(color.dim(t('advisor.cli.compare.noPrices')));
  } else {
    lines.push(color.bold(t('advisor.cli.compare.perDollar')));
    // The price each column is divided by (the middle of a range); the summary says which price it is.
    const priceCell = (g: GpuComparison['gpus'][number]) => (g.price === null ? t('advisor.cli.compare.noPrice') : `$${Math.round(g.price.amount).toLocaleString('en-US')}`);
    lines.push(color.dim(`${padEnd(t('advisor.cli.compare.price'), LABEL_WIDTH)}${result.gpus.map((g) => padStart(priceCell(g), width.value)).join('')}`));
    lines.push(...ratioRows(cli, result, result.perDollarRows, (i, row) => derived(result.gpus[i]?.perThousandUsd[row.metric], 2, i, row), width));
  }
  lines.push('', color.dim(t('advisor.cli.compare.legend')), '', t('advisor.cli.compare.summary'));
  lines.push(...result.summary.map((note) => `  · ${renderNote(cli.locale, note)}`));
  return `${lines.join('\n')}\n`;
}
