import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../i18n/index.js';
import { diagnose } from './analyze.js';
import { buildObservation, ROOT_PID } from './testing/observation-builder.js';

const MIB = 2 ** 20;
const START = Date.UTC(2026, 11, 1, 12, 0, 0);
const proc = { pid: ROOT_PID };

describe('batch advice', () => {
  it('measured between two batch sizes: bytes per item, the largest batch with 10 % kept free, and the LR notes', () => {
    // Batch 32 for 5 s at 20000 MiB, then batch 64 at 30000 MiB on an 80 GiB (81920 MiB) GPU.
    const o = buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: 60, memUsedMiB: i < 5 ? 20000 : 30000 }], processes: [proc] }) });
    const [advice] = diagnose(o, { batchSteps: [{ fromMs: START, batchSize: 32 }, { fromMs: START + 5000, batchSize: 64 }] }).batchAdvice;
    expect(advice).toMatchObject({ gpuIndex: 0, method: 'measured', currentBatch: 64, bytesPerBatchItem: 312.5 * MIB, safetyMarginPercent: 10, peakUsedBytes: 30000 * MIB });
    // (81920 × 0.9 − 30000) / 312.5 = 139.9 → 139 more items.
    expect(advice!.largestBatch).toBe(203);
    expect(advice!.notes.map((n) => n.key)).toEqual(['diagnose.batch.measured', 'diagnose.batch.fits', 'diagnose.batch.lrLinear', 'diagnose.batch.lrSqrt']);
    expect(advice!.notes[2]!.params).toMatchObject({ factor: 3.2 });
    expect(advice!.notes[3]!.params).toMatchObject({ factor: 1.8 });
  });

  it('memory that did not grow between the batches is not a measurement', () => {
    const o = buildObservation({ samples: 10, frame: { gpus: [{ util: 60, memUsedMiB: 70000 }], processes: [proc] } });
    const [advice] = diagnose(o, { batchSteps: [{ fromMs: START, batchSize: 32 }, { fromMs: START + 5000, batchSize: 64 }] }).batchAdvice;
    expect(advice).toMatchObject({ method: 'unknown', bytesPerBatchItem: null, largestBatch: null, currentBatch: 64 });
    expect(advice!.notes[0]).toMatchObject({ key: 'diagnose.batch.noGrowth', params: { from: 32, to: 64 } });
  });

  it('estimated with the memory estimator for a named model', () => {
    const o = buildObservation({ frame: { gpus: [{ util: 60, memUsedMiB: 8000 }], processes: [proc] } });
    const [advice] = diagnose(o, { model: 'gpt2', batchSize: 8, sequenceLength: 1024 }).batchAdvice;
    expect(advice!.method).toBe('estimated');
    expect(advice!.bytesPerBatchItem).toBeGreaterThan(10 * MIB);
    expect(advice!.largestBatch).toBeGreaterThan(8);
    expect(advice!.notes[0]).toMatchObject({ key: 'diagnose.batch.estimated', params: { model: expect.stringMatching(/GPT-2/i) } });
  });

  it('unknown, with the reason, when neither two batches nor a model are given, or the model is unknown', () => {
    const o = buildObservation({ frame: { gpus: [{ util: 60, memUsedMiB: 8000 }], processes: [proc] } });
    expect(diagnose(o, { batchSize: 8 }).batchAdvice[0]).toMatchObject({ method: 'unknown', largestBatch: null, currentBatch: 8, notes: [{ key: 'diagnose.batch.unknownNoModel' }] });
    // An unknown preset gets diagnose's own message (the estimator's names the advisor's --params, which diagnose lacks).
    const unknown = diagnose(o, { model: 'no-such-model-xyz' }).batchAdvice[0]!.notes[0]!;
    expect(unknown).toMatchObject({ key: 'diagnose.batch.unknownModelPreset', params: { model: 'no-such-model-xyz', choices: expect.stringContaining('llama-3-8b') } });
    expect(translate('zh-CN', unknown.key as MessageKey, unknown.params)).toContain('--model 可取');
    expect(translate('en', unknown.key as MessageKey, unknown.params)).not.toContain('--params');
  });

  it('drops an estimate the measured peak contradicts, and gives no learning-rate factor that rounds to ×1', () => {
    // Llama 3 8B's estimate is ~12 GiB per item: 32 items alone would need ~375 GiB, but the GPU held 50 GiB.
    const healthy = buildObservation({ frame: { gpus: [{ util: 99, memUsedMiB: 52000 }], processes: [proc] } });
    const [contradicted] = diagnose(healthy, { model: 'llama-3-8b', batchSize: 32 }).batchAdvice;
    expect(contradicted).toMatchObject({ method: 'unknown', bytesPerBatchItem: null, largestBatch: null });
    expect(contradicted!.notes[0]).toMatchObject({ key: 'diagnose.batch.estimateContradicted', params: { items: 32, peakMib: 52000 } });
    // Measured: 100 MiB per item, batch 32 at 73,400 MiB of 80 GiB: 3 more items fit, ×1.09 (linear,
    // 1.1) but √1.09 rounds to ×1 — no square-root note.
    const o = buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: 60, memUsedMiB: i < 5 ? 71800 : 73400 }], processes: [proc] }) });
    const [near] = diagnose(o, { batchSteps: [{ fromMs: START, batchSize: 16 }, { fromMs: START + 5000, batchSize: 32 }] }).batchAdvice;
    expect(near).toMatchObject({ largestBatch: 35 });
    expect(near!.notes).toContainEqual({ key: 'diagnose.batch.lrLinear', params: { factor: 1.1 } });
    expect(near!.notes.map((n) => n.key)).not.toContain('diagnose.batch.lrSqrt');
  });

  it('a full GPU says no larger batch fits; hostile batch sizes are ignored', () => {
    const o = buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: 60, memUsedMiB: i < 5 ? 60000 : 78000 }], processes: [proc] }) });
    const steps = [{ fromMs: START, batchSize: 16 }, { fromMs: START + 5000, batchSize: 32 }, { fromMs: START + 6000, batchSize: Number.NaN }, { fromMs: Number.NaN, batchSize: 8 }];
    const [advice] = diagnose(o, { batchSteps: steps, batchSize: -3 }).batchAdvice;
    expect(advice).toMatchObject({ method: 'measured', currentBatch: 32 });
    expect(advice!.largestBatch).toBeLessThanOrEqual(32);
    expect(advice!.notes.map((n) => n.key)).toContain('diagnose.batch.atLimit');
  });
});
