// The work behind `gpuwise gpus show <id|name>`: every figure of one GPU with its source, or why
// the name matched nothing.

import { toSafeJson } from '../../core/safe-text.js';
import { lookupGpu, type GpuLookup } from '../../catalog/gpu-query.js';
import { splitGpuQueries } from '../../catalog/resolve.js';
import type { GpuEntry, GpuLink, LaunchPrice, LocalizedText, Source, SourceRef, SourcedOrAbsent } from '../../catalog/gpu-schema.js';
import type { MessageKey } from '../../i18n/index.js';
import type { CliContext } from '../context.js';
import { ABSENT_REASON_KEYS, CONFIDENCE_KEYS, FORM_FACTOR_KEYS, LINK_KEYS, SEGMENT_KEYS } from './catalog-labels.js';
import { displayWidth, padEnd } from '../render/format.js';
import { safeView } from '../render/safe-view.js';
import { usageErrorText } from '../usage-errors.js';
import { withCatalog } from './gpus-list.js';
import type { GpusShowOptions } from './gpus.js';

/** Exit codes: 0 every GPU found, 2 one of them not found or not told apart (bad argument). */
export function runGpusShow(cli: CliContext, words: readonly string[], options: GpusShowOptions): number {
  return withCatalog(cli, () => showGpus(cli, words, options));
}

function showGpus(cli: CliContext, words: readonly string[], options: GpusShowOptions): number {
  // `gpus show t4 l4` is two GPUs, `gpus show A100 80G` one: the resolver splits the words.
  // Blank words (`gpus show ''`) split into no query at all: that is a name matching nothing, not an empty success.
  const queries = splitGpuQueries(words);
  const lookups = (queries.length > 0 ? queries : [words.join(' ')]).map((query) => lookupGpu(query));
  const allFound = lookups.every((lookup) => lookup.found);
  if (options.json) {
    cli.out(`${toSafeJson(lookups.length === 1 ? lookups[0] : lookups, 2)}
`);
    return allFound ? 0 : 2;
  }
  const found: string[] = [];
  for (const lookup of lookups) {
    // The query is the user's argv, echoed back: through the same gate as every outside string.
    const shown = safeView(lookup);
    if (shown.found) found.push(renderGpu(cli, shown));
    else cli.err(renderNotFound(cli, shown));
  }
  if (found.length > 0) cli.out(found.join('\n'));
  return allFound ? 0 : 2;
}

/** A name that matched nothing is a bad argument: said in the shape of every usage error, ending with the command's help. */
function renderNotFound(cli: CliContext, lookup: Extract<GpuLookup, { found: false }>): string {
  const { t } = cli;
  const list = (ids: readonly string[]) => ids.join(t('cli.help.listSeparator'));
  const lines: string[] = [];
  if (lookup.candidates.length > 0) {
    lines.push(t('gpuName.several', { query: lookup.query, candidates: list(lookup.candidates) }));
  } else if (lookup.unlisted) {
    lines.push(t('catalog.unlisted', { query: lookup.query, reason: lookup.unlisted.reason[cli.locale] }));
    if (lookup.unlisted.closestId) lines.push(t('catalog.unlistedClosest', { id: lookup.unlisted.closestId }));
  } else {
    lines.push(t('catalog.notFound', { query: lookup.query }));
    if (lookup.suggestions.length > 0) lines.push(t('catalog.didYouMean', { ids: list(lookup.suggestions) }));
  }
  lines.push(t('catalog.listHint'));
  return usageErrorText(t, 'gpuwise gpus show', lines.join('\n'));
}

type Row = [label: MessageKey, figure: SourcedOrAbsent<unknown> | null, text: string];

/** Numbers each cited source in order of first use, so a row can say " [1,3]". */
function sourceNumbering(sources: Source[]) {
  const order = new Map(sources.map((s, i) => [s.id, i + 1]));
  return (refs: readonly SourceRef[] | undefined) => {
    const numbers = [...new Set((refs ?? []).map((r) => order.get(r.source)).filter((n): n is number => n !== undefined))];
    return numbers.length === 0 ? '' : ` [${numbers.join(',')}]`;
  };
}

function renderGpu(cli: CliContext, lookup: Extract<GpuLookup, { found: true }>): string {
  const { t, color } = cli;
  const gpu = lookup.gpu;
  const cite = sourceNumbering(lookup.sources);
  const text = (value: LocalizedText) => value[cli.locale];
  const show = <T>(figure: SourcedOrAbsent<T>, format: (value: T) => string): string =>
    'reason' in figure ? color.dim(t(ABSENT_REASON_KEYS[figure.reason])) : format(figure.value);
  const n = (key: MessageKey) => (value: number) => t(key, { value: value.toLocaleString('en-US') });

  const lines = [
    `${color.bold(gpu.name)}  ${color.dim(`(${gpu.id})`)}`,
    t('catalog.show.subtitle', {
      brand: gpu.brand,
      architecture: gpu.architecture,
      chip: gpu.chip === null ? '' : ` ${gpu.chip}`,
      segment: t(SEGMENT_KEYS[gpu.segment]),
      date: gpu.releaseDate.value,
    }) + cite(gpu.releaseDate.sources),
  ];
  if (lookup.confidence !== 'id' && lookup.resolvedBy !== 'flagship-variant') {
    lines.push(color.dim(t('catalog.show.matchedName', { query: lookup.query, confidence: t(CONFIDENCE_KEYS[lookup.confidence]) })));
  }
  if (lookup.resolvedBy === 'flagship-variant') {
    lines.push(color.yellow(t('gpuName.readAs', { query: lookup.query, id: gpu.id, alternatives: lookup.alternatives.join(t('cli.help.listSeparator')) })));
  } else if (lookup.alternatives.length > 0) {
    lines.push(color.yellow(t('catalog.show.alternatives', { ids: lookup.alternatives.join(t('cli.help.listSeparator')) })));
  }
  if (lookup.migProfile !== null) lines.push(color.yellow(t('catalog.show.migProfile', { profile: lookup.migProfile })));

  const sections: [MessageKey, Row[]][] = [
    [
      'catalog.show.section.memory',
      [
        ['catalog.field.memorySize', gpu.memorySizeGiB, show(gpu.memorySizeGiB, n('catalog.value.gib'))],
        ['catalog.field.memoryType', null, gpu.memoryType],
        ['catalog.field.memoryBus', gpu.memoryBusWidthBits, show(gpu.memoryBusWidthBits, (v) => t('catalog.value.bits', { value: v }))],
        ['catalog.field.bandwidth', gpu.memoryBandwidthGBps, show(gpu.memoryBandwidthGBps, n('catalog.value.gbps'))],
      ],
    ],
    [
      'catalog.show.section.compute',
      [
        ['catalog.field.shaderCores', gpu.shaderCores, show(gpu.shaderCores, (v) => v.toLocaleString('en-US'))],
        ['catalog.field.tensorCores', gpu.tensorCores, show(gpu.tensorCores, (v) => v.toLocaleString('en-US'))],
        ['catalog.field.boostClock', gpu.boostClockMhz, show(gpu.boostClockMhz, (v) => t('catalog.value.mhz', { value: v }))],
      ],
    ],
    [
      'catalog.show.section.vector',
      [
        ['catalog.field.fp64', gpu.fp64Tflops, show(gpu.fp64Tflops, n('catalog.value.tflops'))],
        ['catalog.field.fp32', gpu.fp32Tflops, show(gpu.fp32Tflops, n('catalog.value.tflops'))],
        ['catalog.field.fp16', gpu.fp16Tflops, show(gpu.fp16Tflops, n('catalog.value.tflops'))],
      ],
    ],
    [
      'catalog.show.section.tensor',
      [
        ['catalog.field.fp64Tensor', gpu.fp64TensorDenseTflops, show(gpu.fp64TensorDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.fp32Tensor', gpu.fp32TensorDenseTflops, show(gpu.fp32TensorDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.tf32Tensor', gpu.tf32TensorDenseTflops, show(gpu.tf32TensorDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.fp16Tensor', gpu.fp16TensorDenseTflops, show(gpu.fp16TensorDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.fp16TensorFp32Acc', gpu.fp16TensorFp32AccDenseTflops, show(gpu.fp16TensorFp32AccDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.bf16Tensor', gpu.bf16TensorDenseTflops, show(gpu.bf16TensorDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.fp8Tensor', gpu.fp8TensorDenseTflops, show(gpu.fp8TensorDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.fp4Tensor', gpu.fp4TensorDenseTflops, show(gpu.fp4TensorDenseTflops, n('catalog.value.tflops'))],
        ['catalog.field.int8Tensor', gpu.int8TensorDenseTops, show(gpu.int8TensorDenseTops, n('catalog.value.tops'))],
      ],
    ],
    ['catalog.show.section.board', boardRows(cli, gpu, show, n)],
  ];

  let labelWidth = 0;
  for (const [, rows] of sections) for (const [label] of rows) labelWidth = Math.max(labelWidth, displayWidth(t(label)));
  labelWidth += 2;
  for (const [title, rows] of sections) {
    lines.push('', color.bold(t(title)));
    for (const [label, figure, value] of rows) {
      lines.push(`  ${padEnd(t(label), labelWidth)}${value}${color.dim(cite(figure?.sources))}`);
      if (figure?.note) lines.push(color.dim(`  ${' '.repeat(labelWidth)}↳ ${text(figure.note)}`));
    }
  }
  if (gpu.notes.length > 0) {
    lines.push('', color.bold(t('catalog.show.notes')));
    for (const note of gpu.notes) lines.push(`  · ${text(note)}`);
  }
  lines.push('', color.bold(t('catalog.show.sources')));
  lookup.sources.forEach((source, i) => {
    const where = locatorsOf(gpu, source.id);
    lines.push(`  [${i + 1}] ${source.publisher}: ${source.title}${where.length > 0 ? ` (${where.join('; ')})` : ''}`);
    lines.push(color.dim(`      ${source.url}`));
  });
  return `${lines.join('\n')}\n`;
}

function boardRows(
  cli: CliContext,
  gpu: GpuEntry,
  show: <T>(figure: SourcedOrAbsent<T>, format: (value: T) => string) => string,
  n: (key: MessageKey) => (value: number) => string,
): Row[] {
  const { t } = cli;
  const link = (l: GpuLink) =>
    t('catalog.value.link', {
      technology: t(LINK_KEYS[l.technology]),
      generation: l.generation === null ? '' : t('catalog.value.linkGeneration', { generation: l.generation }),
      bandwidth: l.bandwidthGBps.toLocaleString('en-US'),
    });
  const price = (p: LaunchPrice) => t('catalog.value.price', { usd: p.usd.toLocaleString('en-US'), date: p.announced });
  const rows: Row[] = [
    ['catalog.field.power', gpu.tdpWatts, show(gpu.tdpWatts, n('catalog.value.watts'))],
    // `module` is English data ("PCIe card, dual slot, passive"); module names (SXM4, OAM) read the same in any language.
    ['catalog.field.formFactor', null, gpu.formFactor === 'pcie' && cli.locale !== 'en' ? t('catalog.formFactor.pcie') : `${t(FORM_FACTOR_KEYS[gpu.formFactor])} — ${typeof gpu.module === 'string' ? gpu.module : gpu.module[cli.locale]}`],
    ['catalog.field.slots', gpu.slots, show(gpu.slots, String)],
    ['catalog.field.pcie', gpu.pcieGeneration, show(gpu.pcieGeneration, n('catalog.value.pcieGen'))],
    ['catalog.field.gpuLink', gpu.gpuLink, show(gpu.gpuLink, link)],
  ];
  if (gpu.devicesPerBoard) rows.push(['catalog.field.devicesPerBoard', gpu.devicesPerBoard, String(gpu.devicesPerBoard.value)]);
  rows.push(
    ['catalog.field.mig', gpu.migMaxInstances, show(gpu.migMaxInstances, n('catalog.value.upTo'))],
    ['catalog.field.computeCapability', gpu.computeCapability, show(gpu.computeCapability, String)],
    ['catalog.field.launchPrice', gpu.launchPrice, show(gpu.launchPrice, price)],
  );
  return rows;
}

/** Where in a source the entry's figures come from ("p. 2, specifications table"), each once. */
function locatorsOf(gpu: GpuEntry, sourceId: string): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.source === sourceId && typeof record.at === 'string') found.add(record.at);
      Object.values(record).forEach(visit);
    }
  };
  visit(gpu);
  return [...found];
}
