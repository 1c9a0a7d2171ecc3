// The work behind `gpuwise gpus list`: filter the catalog, print a table or the JSON result.

import { toSafeJson } from '../../core/safe-text.js';
import { queryGpuList, type GpuListResult } from '../../catalog/gpu-query.js';
import type { GpuEntry, SourcedOrAbsent } from '../../catalog/gpu-schema.js';
import { GpuCatalogError } from '../../catalog/validate.js';
import type { CliContext } from '../context.js';
import { displayWidth, padEnd, padStart, truncate } from '../render/format.js';
import type { GpusListOptions } from './gpus.js';

export function runGpusList(cli: CliContext, options: GpusListOptions): number {
  return withCatalog(cli, () => listGpus(cli, options));
}

/**
 * Runs a catalog command; broken built-in data (a bug in gpuwise, not user error) becomes a clear
 * message naming the first bad entry and field, and exit code 1.
 */
export function withCatalog(cli: CliContext, work: () => number): number {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof GpuCatalogError)) throw error;
    const first = error.issues[0];
    cli.err(`${cli.t('catalog.invalidData', { count: error.issues.length, first: first ? `${first.where} → ${first.path}: ${first.message}` : '' })}\n`);
    cli.err(`${cli.t('common.reportBug')}\n`);
    return 1;
  }
}

function listGpus(cli: CliContext, options: GpusListOptions): number {
  const filter = {
    ...(options.vendor === undefined ? {} : { vendor: options.vendor }),
    ...(options.segment === undefined ? {} : { segment: options.segment }),
  };
  const result = queryGpuList(filter);
  cli.out(options.json ? `${toSafeJson(result, 2)}\n` : renderGpuList(cli, result));
  return 0;
}

interface Column {
  header: string;
  align: 'left' | 'right';
  cell: (gpu: GpuEntry) => string;
}

const NAME_WIDTH = 34;

/** A figure as a short number, or "N/A" when absent. */
function num(figure: SourcedOrAbsent<number>, na: string): string {
  if (figure.value === null) return na;
  return Number.isInteger(figure.value) ? String(figure.value) : String(Number(figure.value.toFixed(1)));
}

export function renderGpuList(cli: CliContext, result: GpuListResult): string {
  const { t, color } = cli;
  const na = t('common.notAvailable');
  const columns: Column[] = [
    { header: t('catalog.column.id'), align: 'left', cell: (g) => g.id },
    { header: t('catalog.column.name'), align: 'left', cell: (g) => truncate(g.name, NAME_WIDTH) },
    { header: t('catalog.column.memory'), align: 'right', cell: (g) => `${g.memorySizeGiB.value} GiB` },
    { header: t('catalog.column.bandwidth'), align: 'right', cell: (g) => num(g.memoryBandwidthGBps, na) },
    { header: t('catalog.column.fp32'), align: 'right', cell: (g) => num(g.fp32Tflops, na) },
    { header: t('catalog.column.fp16Tensor'), align: 'right', cell: (g) => num(g.fp16TensorDenseTflops, na) },
    { header: t('catalog.column.bf16Tensor'), align: 'right', cell: (g) => num(g.bf16TensorDenseTflops, na) },
    { header: t('catalog.column.fp8Tensor'), align: 'right', cell: (g) => num(g.fp8TensorDenseTflops, na) },
    { header: t('catalog.column.power'), align: 'right', cell: (g) => num(g.tdpWatts, na) },
    { header: t('catalog.column.price'), align: 'right', cell: (g) => (g.launchPrice.value === null ? na : String(g.launchPrice.value.usd)) },
  ];
  const rows = result.gpus.map((gpu) => columns.map((c) => c.cell(gpu)));
  // A fold, not Math.max(...cells): spreading a long list overflows the call stack.
  const widths = columns.map((c, i) => rows.reduce((width, r) => Math.max(width, displayWidth(r[i] ?? '')), displayWidth(c.header)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return columns[i]?.align === 'right' ? padStart(cell, width) : padEnd(cell, width);
      })
      .join('  ')
      .trimEnd();
  const out = [color.bold(t('catalog.list.heading', { count: result.count })), ''];
  if (result.count === 0) out.push(t('catalog.list.none'));
  else {
    out.push(color.bold(line(columns.map((c) => c.header))));
    for (const row of rows) out.push(line(row));
  }
  out.push('', color.dim(t('catalog.list.footer')));
  return `${out.join('\n')}\n`;
}
