// Batch-size advice: from the memory the job uses now and how much of it grows with the batch,
// the largest batch that fits with a safety margin — with the learning-rate note that goes with it.
// Bytes per batch item come from two observed batch sizes (the caller says when each began), else
// from the project's memory estimator for a named model, else they are 'unknown' and we say why.

import { AdvisorError } from '../advisor/errors.js';
import { estimateMemory, listModelPresets } from '../advisor/estimate/index.js';
import type { AnalysisContext } from './analyze/context.js';
import { max, type Series } from './analyze/stats.js';
import { jobGpus, jobSlices } from './rules/common.js';
import { THRESHOLDS } from './thresholds.js';
import type { BatchAdvice, DiagnoseOptions, Text } from './types.js';

const MIB = 2 ** 20;

interface PerItem {
  bytes: number | null;
  method: BatchAdvice['method'];
  /** The batch and the peak while it ran, when measured from steps (the latest step). */
  current: { batch: number; peakBytes: number } | null;
  note: Text;
}

export function adviseBatch(ctx: AnalysisContext, options: DiagnoseOptions): BatchAdvice[] {
  const margin = THRESHOLDS.batchSafetyMarginPercent.value;
  const given = positiveInteger(options.batchSize);
  return jobGpus(ctx).flatMap((g): BatchAdvice[] => {
    // In MIG mode the job's memory is its slice's; with several slices in play, whose is unknown.
    const slices = jobSlices(ctx, g);
    if (g.migMode && slices.length !== 1) return [];
    const memory = slices[0] ?? g;
    const peak = max(memory.memUsed);
    const totalBytes = memory.totalBytes;
    if (peak === null || totalBytes === null) return [];
    const perItem = measured(ctx, memory.memUsed, options.batchSteps) ?? consistent(estimated(options), given, peak);
    const currentBatch = given ?? perItem.current?.batch ?? null;
    const peakAtCurrent = given === null && perItem.current ? perItem.current.peakBytes : peak;
    const notes: Text[] = [perItem.note];
    const budget = totalBytes * (1 - margin / 100);
    let largestBatch: number | null = null;
    if (perItem.bytes !== null && perItem.bytes > 0) {
      const roomItems = Math.floor((budget - peakAtCurrent) / perItem.bytes);
      if (currentBatch === null) {
        notes.push({ key: roomItems > 0 ? 'diagnose.batch.roomNoCurrent' : 'diagnose.batch.noRoom', params: { items: Math.max(0, roomItems), margin } });
      } else {
        largestBatch = Math.max(0, currentBatch + roomItems);
        if (largestBatch > currentBatch) {
          notes.push({ key: 'diagnose.batch.fits', params: { largest: largestBatch, current: currentBatch, margin, mibPerItem: round1(perItem.bytes / MIB) } });
          // A factor that rounds to ×1 changes nothing: no learning-rate advice for it.
          const linear = round1(largestBatch / currentBatch);
          const sqrt = round1(Math.sqrt(largestBatch / currentBatch));
          if (linear > 1) notes.push({ key: 'diagnose.batch.lrLinear', params: { factor: linear } });
          if (sqrt > 1) notes.push({ key: 'diagnose.batch.lrSqrt', params: { factor: sqrt } });
        } else {
          notes.push({ key: 'diagnose.batch.atLimit', params: { largest: largestBatch, current: currentBatch, margin } });
        }
      }
    }
    return [{
      gpuIndex: g.index,
      peakUsedBytes: peak,
      totalBytes,
      bytesPerBatchItem: perItem.bytes === null ? null : Math.round(perItem.bytes),
      method: perItem.method,
      currentBatch,
      largestBatch,
      safetyMarginPercent: margin,
      notes,
    }];
  });
}

/** Memory per item between the smallest and largest batch the job ran with in this window. */
function measured(ctx: AnalysisContext, memUsed: Series, steps: DiagnoseOptions['batchSteps']): PerItem | null {
  if (!Array.isArray(steps)) return null;
  const valid = steps
    .filter((s) => s && Number.isFinite(s.fromMs) && positiveInteger(s.batchSize) !== null)
    .sort((a, b) => a.fromMs - b.fromMs);
  const peaks = valid.map((s, k) => {
    const until = valid[k + 1]?.fromMs ?? Infinity;
    const inStep = memUsed.filter((_, i) => (ctx.timesMs[i] ?? -Infinity) >= s.fromMs && (ctx.timesMs[i] ?? Infinity) < until);
    return { batch: s.batchSize, peakBytes: max(inStep) };
  }).filter((p): p is { batch: number; peakBytes: number } => p.peakBytes !== null);
  const sizes = new Set(peaks.map((p) => p.batch));
  if (sizes.size < 2) return null;
  const byBatch = [...peaks].sort((a, b) => a.batch - b.batch);
  const lo = byBatch[0]!;
  const hi = byBatch[byBatch.length - 1]!;
  const latest = peaks[peaks.length - 1]!;
  const bytes = (hi.peakBytes - lo.peakBytes) / (hi.batch - lo.batch);
  if (!(bytes > 0)) {
    return { bytes: null, method: 'unknown', current: latest, note: { key: 'diagnose.batch.noGrowth', params: { from: lo.batch, to: hi.batch } } };
  }
  return { bytes, method: 'measured', current: latest, note: { key: 'diagnose.batch.measured', params: { from: lo.batch, to: hi.batch, mibPerItem: round1(bytes / MIB) } } };
}

/** Memory per item from the estimator: the training estimate at batch 2 minus batch 1. */
function estimated(options: DiagnoseOptions): PerItem {
  if (!options.model) return { bytes: null, method: 'unknown', current: null, note: { key: 'diagnose.batch.unknownNoModel' } };
  try {
    const at = (batchSize: number) =>
      estimateMemory({ task: 'train', model: options.model!, batchSize, gpuCount: 1, ...(positiveInteger(options.sequenceLength) ? { sequenceLength: options.sequenceLength } : {}) });
    const one = at(1);
    if (one.missing.some((m) => m.term === 'activationsBytes')) {
      return { bytes: null, method: 'unknown', current: null, note: { key: 'diagnose.batch.unknownNoActivations', params: { model: one.model.name } } };
    }
    const bytes = at(2).perGpu.totalBytes - one.perGpu.totalBytes;
    if (!(bytes > 0)) return { bytes: null, method: 'unknown', current: null, note: { key: 'diagnose.batch.unknownNoActivations', params: { model: one.model.name } } };
    return { bytes, method: 'estimated', current: null, note: { key: 'diagnose.batch.estimated', params: { model: one.model.name, mibPerItem: round1(bytes / MIB) } } };
  } catch (error) {
    // The estimator's own message names the advisor's options (--params …), which diagnose lacks.
    if (error instanceof AdvisorError && error.key === 'advisor.error.unknownModel') {
      return { bytes: null, method: 'unknown', current: null, note: { key: 'diagnose.batch.unknownModelPreset', params: { model: options.model, choices: listModelPresets().map((p) => p.id).join(', ') } } };
    }
    return { bytes: null, method: 'unknown', current: null, note: { key: 'diagnose.batch.unknownModel', params: { model: options.model, detail: error instanceof Error ? error.message : String(error) } } };
  }
}

/**
 * An estimate the observation contradicts is not advice: if the current batch (or one item, when
 * it is not known) would alone need more than the memory the GPU ever held, the estimator was
 * given another model or sequence length than the job runs.
 */
function consistent(perItem: PerItem, batch: number | null, peakBytes: number): PerItem {
  if (perItem.method !== 'estimated' || perItem.bytes === null) return perItem;
  const items = batch ?? 1;
  const need = perItem.bytes * items;
  if (need <= peakBytes) return perItem;
  const model = perItem.note.params?.['model'] ?? '?';
  return {
    bytes: null, method: 'unknown', current: null,
    note: { key: 'diagnose.batch.estimateContradicted', params: { model, mibPerItem: round1(perItem.bytes / MIB), items, needMib: Math.round(need / MIB), peakMib: Math.round(peakBytes / MIB) } },
  };
}

function positiveInteger(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 1e7 ? v : null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
