// The work behind `gpuwise estimate`: build the input, call the estimator, print text or JSON.

import { safeText, toSafeJson } from '../../core/safe-text.js';
import { estimateMemory, listModelPresets, presetParameterCount, renderNote, type EstimateInput, type MemoryBreakdown, type MemoryEstimate, type ZeroStage } from '../../advisor/index.js';
import { AdvisorError } from '../../advisor/errors.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import type { CliContext } from '../context.js';
import { methodText, modelNameText, optimizerText, precisionText, recomputeText } from '../../advisor/enum-labels.js';
import { formatBytes, padEnd, padStart } from '../render/format.js';
import { estimatorSettings, modelFromOptions, withAdvisorErrors } from './advisor-options.js';
import type { EstimateOptions } from './estimate.js';
import { modelFromConfigFile } from './model-config.js';
import { fitOnGpu, type GpuFit } from '../../advisor/recommend/fit-gpu.js';
import { readAsNote } from './cost-notes.js';

export function estimateInputFromOptions(options: EstimateOptions): EstimateInput {
  const model = options.config !== undefined ? modelFromConfigFile(options.config, options) : modelFromOptions(options);
  if (model === null) throw new AdvisorError('advisor.error.needModel');
  const input: EstimateInput = { ...estimatorSettings(options), task: options.task, model };
  if (options.precision !== undefined) input.precision = options.precision;
  if (options.gpus !== undefined) input.gpuCount = options.gpus;
  if (options.zero !== undefined) input.zeroStage = Number(options.zero) as ZeroStage;
  if (options.tp !== undefined) input.tensorParallel = options.tp;
  return input;
}

export function runEstimate(cli: CliContext, options: EstimateOptions): Promise<number> {
  return withAdvisorErrors(cli, 'gpuwise estimate', () => {
    if (options.listModels) {
      cli.out(options.json ? `${toSafeJson(listModelPresets(), 2)}\n` : renderModelList(cli));
      return 0;
    }
    const input = estimateInputFromOptions(options);
    const estimate = estimateMemory(input);
    const fit = options.gpu === undefined ? null : fitOnGpu(input, options.gpu, options.memoryMargin === undefined ? {} : { marginPercent: options.memoryMargin });
    if (options.json) cli.out(`${toSafeJson(fit === null ? estimate : { ...estimate, gpuFit: fit }, 2)}\n`);
    else {
      const readAs = options.gpu === undefined ? null : readAsNote(cli, options.gpu);
      cli.out(renderEstimate(cli, estimate) + (fit === null ? '' : renderFit(cli, fit)) + (readAs === null ? '' : `${cli.color.yellow(safeText(readAs))}\n`));
    }
    return 0;
  });
}

function renderModelList(cli: CliContext): string {
  const lines = [cli.color.bold(cli.t('advisor.cli.estimate.models'))];
  for (const preset of listModelPresets()) {
    const billions = (presetParameterCount(preset) / 1e9).toFixed(preset.family === 'vision' ? 3 : 2);
    lines.push(`  ${padEnd(preset.id, 16)} ${padEnd(preset.name, 32)} ${padStart(`${billions} B`, 10)}`);
  }
  return `${lines.join('\n')}\n`;
}

const TERMS: [keyof MemoryBreakdown, MessageKey][] = [
  ['weightsBytes', 'advisor.cli.term.weights'],
  ['gradientsBytes', 'advisor.cli.term.gradients'],
  ['optimizerStatesBytes', 'advisor.cli.term.optimizer'],
  ['activationsBytes', 'advisor.cli.term.activations'],
  ['kvCacheBytes', 'advisor.cli.term.kvCache'],
  ['overheadBytes', 'advisor.cli.term.overhead'],
];

function breakdownLines(cli: CliContext, breakdown: MemoryBreakdown, estimate: MemoryEstimate): string[] {
  const lines: string[] = [];
  for (const [field, key] of TERMS) {
    const value = breakdown[field];
    if (value === 0 && (field === 'gradientsBytes' || field === 'optimizerStatesBytes' || field === 'kvCacheBytes')) continue;
    const missing = estimate.missing.find((m) => m.term === field);
    const shown = value === null ? cli.color.dim(`${cli.t('common.notAvailable')} — ${cli.t(`advisor.missing.${missing?.reason ?? 'not-modelled'}`)}`) : formatBytes(value);
    lines.push(`  ${padEnd(cli.t(key), 22)} ${value === null ? shown : padStart(shown, 12)}`);
  }
  const total = formatBytes(breakdown.totalBytes);
  const label = estimate.complete ? cli.t('advisor.cli.term.total') : cli.t('advisor.cli.term.totalAtLeast');
  lines.push(`  ${padEnd(label, 22)} ${cli.color.bold(padStart(total, 12))}`);
  return lines;
}

/** `--task train` trains every weight from scratch: its method "full" is not a fine-tuning. */
function methodLabel(estimate: MemoryEstimate, t: Translate): string {
  return estimate.task === 'train' ? t('advisor.cli.estimate.fromScratch') : methodText(estimate.settings.method, t);
}

export function renderEstimate(cli: CliContext, estimate: MemoryEstimate): string {
  const { t, color } = cli;
  const s = estimate.settings;
  const m = estimate.model;
  const task = t(`advisor.cli.task.${estimate.task}`);
  // ResNet-50's 25.6M reads 0.026 B, not a rounded 0.03 B.
  const params = (m.parameterCount / 1e9).toFixed(m.parameterCount < 1e9 ? 3 : 2);
  const heading =
    estimate.task === 'inference'
      ? t('advisor.cli.estimate.headingInference', { model: modelNameText(m.name, t), task, params })
      : t('advisor.cli.estimate.heading', { model: modelNameText(m.name, t), task, params, trainable: (m.trainableParameterCount / 1e9).toFixed(3) });
  const lines = [color.bold(heading)];
  // Images have no tokens or KV cache: a CNN or a diffusion model is described by its batch.
  const images = m.architecture === 'resnet' || m.architecture === 'composite';
  const settings =
    estimate.task === 'inference'
      ? images
        ? t('advisor.cli.estimate.inferenceSettingsImages', { dtype: s.weightDtype ?? '', batch: s.batchSize, resolution: s.imageResolution ?? 0, gpus: s.gpuCount })
        : t('advisor.cli.estimate.inferenceSettings', { dtype: s.weightDtype ?? '', kv: s.kvCacheDtype ?? '', seq: s.sequenceLength, batch: s.batchSize, gpus: s.gpuCount })
      : images
        ? t('advisor.cli.estimate.trainingSettingsImages', { precision: precisionText(s.precision, t), optimizer: optimizerText(s.optimizer, t), method: methodLabel(estimate, t), batch: s.batchSize, resolution: s.imageResolution ?? 0, gpus: s.gpuCount, zero: s.zeroStage ?? 0 })
        : t('advisor.cli.estimate.trainingSettings', { precision: precisionText(s.precision, t), optimizer: optimizerText(s.optimizer, t), method: methodLabel(estimate, t), seq: s.sequenceLength, batch: s.batchSize, recompute: recomputeText(s.recomputation, t), gpus: s.gpuCount, zero: s.zeroStage ?? 0, tp: s.tensorParallel });
  lines.push(color.dim(settings), '', t('advisor.cli.estimate.perGpu'), ...breakdownLines(cli, estimate.perGpu, estimate));
  if (s.gpuCount > 1) lines.push('', t('advisor.cli.estimate.allGpus', { gpus: s.gpuCount, total: formatBytes(estimate.total.totalBytes) }));
  lines.push('', t('advisor.cli.assumptions'), ...estimate.assumptions.map((note) => color.dim(`  · ${renderNote(cli.locale, note)}`)));
  lines.push(t('advisor.cli.sources'), ...estimate.sources.map((source) => color.dim(`  · ${source}`)));
  return `${lines.join('\n')}\n`;
}

const gibText = (bytes: number) => (bytes / 1024 ** 3).toFixed(1);

export function renderFit(cli: CliContext, fit: GpuFit): string {
  const { t, color } = cli;
  const lines = ['', color.bold(t('advisor.cli.estimate.onGpu', { gpu: fit.gpuName, usable: gibText(fit.memory.usableBytes), margin: Math.round(fit.memory.marginShare * 100) }))];
  lines.push(fit.fits ? color.green(t('advisor.cli.estimate.fitsGpu', { need: gibText(fit.needBytes), headroom: gibText(fit.headroomBytes) })) : color.red(t('advisor.cli.estimate.doesNotFitGpu', { need: gibText(fit.needBytes) })));
  if (fit.largestBatch !== null) lines.push(t('advisor.cli.estimate.largestBatch', { batch: fit.largestBatch }));
  else if (!fit.batchUnbounded) lines.push(t('advisor.cli.estimate.noBatchFits'));
  return `${lines.join('\n')}\n`;
}
