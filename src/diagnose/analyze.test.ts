import { describe, expect, it } from 'vitest';
import { diagnose } from './analyze.js';
import { healthyHeadline } from './analyze/notes.js';
import type { MessageKey } from '../i18n/catalog.js';
import { translate } from '../i18n/index.js';
import { buildObservation, ROOT_PID } from './testing/observation-builder.js';

describe('diagnose: verdicts', () => {
  it('says insufficient, never guesses, with too few samples', () => {
    const report = diagnose(buildObservation({ samples: 2, frame: { gpus: [{ util: 3, memUsedMiB: 70000 }] } }));
    expect(report.verdict).toBe('insufficient');
    expect(report.findings).toEqual([]);
    expect(report.notes[0]).toMatchObject({ key: 'diagnose.insufficient.tooShort', params: { samples: 2 } });
  });

  it('says insufficient when no GPU was observed, or none gave a figure', () => {
    expect(diagnose(buildObservation({ gpus: [] })).notes[0]?.key).toBe('diagnose.insufficient.noGpu');
    const blank = diagnose(buildObservation({ frame: { gpus: [{}] } }));
    expect(blank.verdict).toBe('insufficient');
    expect(blank.notes[0]?.key).toBe('diagnose.insufficient.noGpuData');
  });

  it('summarises each GPU over the window, nulls where nothing was read', () => {
    const report = diagnose(buildObservation({ frame: (i) => ({ gpus: [{ util: i % 2 === 0 ? 90 : 100, memUsedMiB: 1000 + i }] }) }));
    expect(report.gpus).toHaveLength(1);
    expect(report.gpus[0]).toMatchObject({ index: 0, gpuUtilMeanPercent: 95, memoryUsedPeakBytes: 1009 * 2 ** 20, smActiveMeanPercent: null, pcieRxMeanBytesPerSecond: null });
    expect(report.sampleCount).toBe(10);
    expect(report.seconds).toBe(9);
  });
});

describe('diagnose: healthy, ranking, hostile values', () => {
  const MIB = 2 ** 20;
  const proc = { pid: ROOT_PID, usedMemoryBytes: 50000 * MIB };

  it('a busy, well-fed GPU is healthy, and the report still explains GPU-Util', () => {
    const report = diagnose(buildObservation({ frame: { gpus: [{ util: 99, smActive: 86, tensorActive: 55, memUsedMiB: 52000, pcieRxMiBps: 800, throttle: { power: 0, thermal: 0 }, subUtil: [100, 100, 97, 100, 100, 95] }], processes: [proc], host: { iowait: 0.5 }, tree: { rootCpu: 70, rootThreads: [60], workers: [40, 35, 42, 38] } } }));
    expect(report.verdict).toBe('healthy');
    expect(report.findings).toEqual([]);
    expect(report.notes.map((n) => n.key)).toEqual(['diagnose.note.gpuUtil']);
  });

  it('a GPU used little with no visible cause: healthy by the rules, but a note says it was under-used', () => {
    const report = diagnose(buildObservation({ frame: { gpus: [{ util: 30, smActive: 10, memUsedMiB: 3000, subUtil: [30, 35, 25] }], processes: [proc], tree: { rootCpu: 5, workers: [] } } }));
    expect(report.findings).toEqual([]);
    expect(report.notes).toContainEqual({ key: 'diagnose.note.underusedNoCause', params: { gpu: 0, utilPercent: 30, smPercent: 10 } });
  });

  it('on a GPU without GPM the under-used note leaves SM activity out rather than print "?"', () => {
    const report = diagnose(buildObservation({ frame: { gpus: [{ util: 30, smActive: null, memUsedMiB: 3000, subUtil: [30, 35, 25] }], processes: [proc], tree: { rootCpu: 5, workers: [] } } }));
    expect(report.notes).toContainEqual({ key: 'diagnose.note.underusedNoCauseNoGpm', params: { gpu: 0, utilPercent: 30 } });
    expect(healthyHeadline(report)).toEqual({ kind: 'no-cause', gpus: [0] });
  });

  it('kernels running all the time on few SMs: the GPU did not wait, so the note says to profile the kernels, not to look for a wait', () => {
    // GPU-Util 100 %, SM activity 10 %, 73 % of memory (not a small model): no rule fires.
    const report = diagnose(buildObservation({ frame: { gpus: [{ util: 100, smActive: 10, memUsedMiB: 60000, subUtil: [100, 100, 100] }], processes: [proc], tree: { rootCpu: 40, workers: [] } } }));
    expect(report.findings).toEqual([]);
    expect(report.notes).toContainEqual({ key: 'diagnose.note.underusedBusyKernels', params: { gpu: 0, utilPercent: 100, smPercent: 10 } });
    expect(report.notes.map((n) => n.key)).not.toContain('diagnose.note.underusedNoCause');
    expect(healthyHeadline(report)).toEqual({ kind: 'no-cause', gpus: [0] });
  });

  it('a GPU lost mid-window: a note says its figures cover only the time before it stopped answering', () => {
    // GPU 1 answers for the first 4 of 10 samples (3 s), then falls off the bus.
    const report = diagnose(buildObservation({ gpus: [{}, {}], frame: (i) => ({ gpus: [{ util: 97, smActive: 85, memUsedMiB: 50000 }, i < 4 ? { util: 96, smActive: 85, memUsedMiB: 50000 } : { raw: { state: 'lost' } }], processes: [proc, { pid: ROOT_PID, gpuIndex: 1 }] }) }));
    expect(report.notes).toContainEqual({ key: 'diagnose.note.gpuLost', params: { gpu: 1, atSeconds: 3, seconds: 9 } });
    expect(report.notes.map((n) => n.key)).not.toContain('diagnose.note.gpuNotRead');
    // One that answers again is not lost.
    const back = diagnose(buildObservation({ gpus: [{}, {}], frame: (i) => ({ gpus: [{ util: 97, memUsedMiB: 50000 }, i === 4 ? { raw: { state: 'error' } } : { util: 96, memUsedMiB: 50000 }] }) }));
    expect(back.notes.map((n) => n.key)).not.toContain('diagnose.note.gpuLost');
  });

  it('ranks by severity × confidence × time share: the main cause first', () => {
    // Launch-bound (SMs 15 % active, main thread full) and mild thermal throttling (12 % of the time).
    const report = diagnose(buildObservation({ frame: { gpus: [{ util: 40, smActive: 15, memUsedMiB: 3000, throttle: { thermal: 12 }, subUtil: [40, 45, 35] }], processes: [proc], tree: { rootThreads: [99], workers: [] } } }));
    expect(report.findings.map((f) => f.rule)).toEqual(['launch-bound', 'throttled']);
    expect(report.findings[0]!.score).toBeGreaterThan(report.findings[1]!.score);
    for (const f of report.findings) expect(f.score).toBeCloseTo({ high: 3, medium: 2, low: 1 }[f.severity] * f.confidence * f.timeShare, 2);
  });

  it('hostile values (NaN, negative, infinite, absurd) are not data: no crash, no invented finding', () => {
    const junk = { util: Number.NaN, memUsedMiB: -5, smActive: Infinity, pcieRxMiBps: Number.NaN, pcieTxMiBps: -1, throttle: { power: 500, thermal: Number.NaN }, subUtil: [Number.NaN, -3, 1e9], raw: { memoryTotalBytes: Number.NaN, pcieLinkWidth: 1e6 } };
    const report = diagnose(buildObservation({ frame: { gpus: [junk], processes: [{ pid: ROOT_PID, usedMemoryBytes: Number.NaN }], host: { iowait: 1e9 }, tree: { rootCpu: -50, rootThreads: [Number.NaN], workers: [Infinity] } } }));
    expect(report.verdict).toBe('insufficient');
    expect(report.findings).toEqual([]);
    expect(JSON.stringify(report)).not.toMatch(/NaN|Infinity|null,"unit":"%"/);
    // Huge but finite figures on an otherwise normal window stay bounded.
    const huge = diagnose(buildObservation({ frame: { gpus: [{ util: 1e12, memUsedMiB: 1e15 }] } }));
    expect(huge.verdict).toBe('insufficient');
  });

  it('samples out of order or with a broken clock are sorted or dropped, not trusted', () => {
    const o = buildObservation({ frame: { gpus: [{ util: 99, smActive: 85, memUsedMiB: 50000 }] } });
    o.samples.reverse();
    o.samples.push({ ...o.samples[0]!, wallMs: Number.NaN });
    const report = diagnose(o);
    expect(report.sampleCount).toBe(10);
    expect(report.seconds).toBe(9);
    expect(report.verdict).toBe('healthy');
  });

  it('every text of a report exists in both languages and fills its placeholders', () => {
    const reports = [
      diagnose(buildObservation({ frame: { gpus: [{ util: 50, memUsedMiB: 79000, subUtil: [100, 0], throttle: { power: 60, thermal: 20 }, reasons: ['sw-power-cap'], pcieRxMiBps: 40000 }], processes: [proc], host: { iowait: 30 }, tree: { rootCpu: 30, workers: [95] } } }), { batchSize: 8 }),
      diagnose(buildObservation({ frame: { gpus: [{ util: 0, memUsedMiB: 20000 }], processes: [{ pid: 9, startedAt: '2026-12-01T00:00:00Z', usedMemoryBytes: 2e10 }] } }), { model: 'gpt2', batchSize: 4 }),
      diagnose(buildObservation({ gpus: [{}, {}], frame: { gpus: [{ util: 98, smActive: 20, memUsedMiB: 3000 }, { util: 40, memUsedMiB: 3000 }], processes: [{ pid: ROOT_PID }, { pid: ROOT_PID + 1, gpuIndex: 1 }], tree: { rootThreads: [99], workers: [5] } } }), { model: 'no-such-model' }),
      diagnose(buildObservation({ samples: 1 })),
      diagnose(buildObservation({ frame: { gpus: [{ util: 30, smActive: 10, memUsedMiB: 3000 }], processes: [proc], tree: { rootCpu: 5, workers: [] } } })),
      diagnose(buildObservation({ gpus: [{ pcieGen: 4 }], frame: { gpus: [{ util: 30, smActive: 20, memUsedMiB: 4000, pcieRxMiBps: 8600, subUtil: [30, 35] }], processes: [proc], tree: { rootCpu: 50, rootState: 'R', workers: [] } } })),
      diagnose(buildObservation({ frame: { gpus: [{ util: 50, memUsedMiB: 30000, subUtil: [100, 100, 0, 0] }], processes: [proc], tree: { rootCpu: 10, rootState: 'S', workers: [] } } })),
      diagnose(buildObservation({ frame: { gpus: [{ util: 40, smActive: 15, memUsedMiB: 3000, subUtil: [40, 45] }], processes: [proc], tree: { rootCpu: 48, rootState: 'R', workers: [] } } })),
      diagnose(buildObservation({ frame: { gpus: [{ util: 8, smActive: 5, memUsedMiB: 2500, pcieRxMiBps: 250, subUtil: [8, 9] }], processes: [proc], tree: { rootThreads: [99], workers: [] } } })),
      diagnose(buildObservation({ frame: { gpus: [{ util: 3, memUsedMiB: 4000, pcieRxMiBps: 8192, subUtil: [3, 2] }], processes: [proc], tree: { rootThreads: [99], workers: [] } } })),
      diagnose(buildObservation({ gpus: [{}, {}], frame: { gpus: [{ util: 99, smActive: 28, memUsedMiB: 30000 }, { util: 100, smActive: 82, memUsedMiB: 30000 }], processes: [{ pid: ROOT_PID }, { pid: ROOT_PID + 1, gpuIndex: 1 }], tree: { rootCpu: 90, workers: [90] } } })),
      diagnose(buildObservation({ frame: { gpus: [{ util: 50, memUsedMiB: 30000, subUtil: [100, 100, 0, 0] }], processes: [proc], tree: { rootCpu: 10, workers: [40, 40], workerStates: ['R', 'R'] } } })),
      diagnose(buildObservation({ frame: (i) => ({ gpus: [{ util: 98, smActive: 20, memUsedMiB: 3000, reasons: i % 2 ? ['hw-thermal-slowdown', 'sw-power-cap'] : [] }], processes: [proc], tree: { rootCpu: 40, workers: [] } }) }), { batchSteps: [{ fromMs: 0, batchSize: 8 }, { fromMs: Date.UTC(2026, 11, 1, 12, 0, 5), batchSize: 16 }] }),
      diagnose(buildObservation({ rootPid: null, frame: { gpus: [{ util: 30, memUsedMiB: 3000 }] } })),
      // The probe's blind spots: a tree on no GPU, GPU-Util missing (MIG), a MIG slice full, a lost GPU,
      // kernels busy on few SMs, a power brake, an estimate the peak contradicts, an unknown model.
      diagnose(buildObservation({ frame: { gpus: [{ util: 35, memUsedMiB: 3000 }], processes: [{ pid: 999 }], tree: { rootCpu: 99, workers: [], rootUsesGpu: false } } })),
      diagnose(buildObservation({ frame: { gpus: [{ util: null, memUsedMiB: 3000, raw: { migModeCurrent: true, migDevices: [{ index: 0, uuid: null, name: 'A100 MIG 1g.5gb', gpuInstanceId: 9, computeInstanceId: 0, multiprocessorCount: 14, memoryTotalBytes: 5e9, memoryUsedBytes: 4.9e9, memoryFreeBytes: 1e8 }] } }], processes: [{ pid: ROOT_PID, gpuInstanceId: 9 }], tree: { rootCpu: 40, workers: [] } } })),
      diagnose(buildObservation({ gpus: [{}, {}], frame: (i) => ({ gpus: [{ util: 100, smActive: 10, memUsedMiB: 60000 }, i < 3 ? { util: 90, memUsedMiB: 100 } : { raw: { state: 'lost' } }] }) })),
      diagnose(buildObservation({ frame: { gpus: [{ util: 99, memUsedMiB: 52000, throttle: { power: 30 }, reasons: ['hw-power-brake-slowdown'] }], processes: [proc] } }), { model: 'llama-3-8b', batchSize: 32 }),
      diagnose(buildObservation({ frame: { gpus: [{ util: 99, memUsedMiB: 52000, subUtil: [99, 99, 99, 0, 99, 99, 0, 99, 0] }], processes: [proc], tree: { rootCpu: 10, workers: [] } } }), { model: 'no-such-model' }),
    ];
    const texts = reports.flatMap((r) => [...r.notes, ...r.batchAdvice.flatMap((b) => b.notes), ...r.findings.flatMap((f) => [f.title, f.summary, ...f.evidence, ...f.fixes])]);
    expect(new Set(texts.map((t) => t.key.split('.')[1])).size).toBeGreaterThan(8);
    for (const key of ['diagnose.inputBound.summaryMainFeeds', 'diagnose.evidence.hostToDevice', 'diagnose.evidence.pcieBusy', 'diagnose.imbalance.summaryCompute', 'diagnose.note.powerCapNormal', 'diagnose.transferBound.summaryPageable', 'diagnose.inputBound.summaryNoWorkers', 'diagnose.evidence.workersRunnable', 'diagnose.evidence.mainRunnable', 'diagnose.smallModel.summary', 'info.clock.hw-thermal-slowdown',
      'diagnose.insufficient.treeUsedNoGpu', 'diagnose.note.noUtilMig', 'diagnose.memoryFull.summaryMigOom', 'diagnose.note.gpuLost', 'diagnose.note.underusedBusyKernels',
      'diagnose.throttled.summary.powerBrake', 'diagnose.fix.checkPowerSupply', 'diagnose.batch.estimateContradicted', 'diagnose.batch.unknownModelPreset', 'diagnose.evidence.gapRuns']) {
      expect(texts.map((t) => t.key)).toContain(key);
    }
    for (const text of texts) {
      for (const locale of ['en', 'zh-CN'] as const) {
        const out = translate(locale, text.key as MessageKey, text.params ?? {});
        expect(out, `${locale} ${text.key}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
