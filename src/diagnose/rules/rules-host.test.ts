// The rules that need the host side too: input-bound and launch-bound / small model.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../analyze.js';
import { buildObservation, ROOT_PID, type FrameSpec } from '../testing/observation-builder.js';

const proc = { pid: ROOT_PID, usedMemoryBytes: 4000 * 2 ** 20 };
const sawTooth = [100, 100, 100, 0, 0, 0]; // half of the driver ticks idle
const obs = (frame: FrameSpec, extra: Parameters<typeof buildObservation>[0] = {}) => buildObservation({ samples: 8, frame, ...extra });

describe('input-bound', () => {
  it('names the input pipeline first when the GPU saw-tooths while the loader workers are saturated', () => {
    const report = diagnose(obs({ gpus: [{ util: 50, smActive: 40, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], tree: { rootCpu: 40, rootThreads: [35], workers: [97, 95, 99, 96] } }));
    expect(report.verdict).toBe('findings');
    const first = report.findings[0]!;
    expect(first).toMatchObject({ rule: 'input-bound', severity: 'high', gpuIndices: [0], pids: [ROOT_PID] });
    expect(first.timeShare).toBeCloseTo(0.5, 1);
    expect(first.confidence).toBeGreaterThanOrEqual(0.7);
    expect(first.evidence.map((e) => e.key)).toEqual(expect.arrayContaining(['diagnose.evidence.gapsDriver', 'diagnose.evidence.workersSaturated']));
    expect(first.thresholds.find((t) => t.id === 'inputHighPercent')).toMatchObject({ value: 20, source: expect.stringContaining('tensorflow') });
    expect(first.fixes[0]!.code.pytorch).toContain('num_workers');
    expect(first.fixes[0]!.code.tensorflow).toContain('AUTOTUNE');
  });

  it('counts iowait and storage reads as the host side that cannot keep up', () => {
    const report = diagnose(obs({ gpus: [{ util: 60, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], host: { iowait: 30 }, tree: { rootCpu: 20, workers: [10, 12], diskReadMiBps: 400 } }));
    expect(report.findings[0]?.rule).toBe('input-bound');
    expect(report.findings[0]!.evidence.map((e) => e.key)).toEqual(expect.arrayContaining(['diagnose.evidence.iowait', 'diagnose.evidence.diskReads']));
  });

  it('with num_workers=0 (no children, main thread at a full core) it is input-bound, not launch-bound', () => {
    const report = diagnose(obs({ gpus: [{ util: 40, smActive: 30, memUsedMiB: 3000, subUtil: sawTooth }], processes: [proc], tree: { rootCpu: 100, rootThreads: [99], workers: [] } }));
    expect(report.findings[0]?.rule).toBe('input-bound');
    expect(report.findings[0]!.evidence.map((e) => e.key)).toContain('diagnose.evidence.mainLoads');
    expect(report.findings.map((f) => f.rule)).not.toContain('launch-bound');
  });

  it('leaves a busy GPU with a saw-tooth too small to matter alone (healthy)', () => {
    const tick = [...Array<number>(29).fill(100), 0]; // one idle tick in 30: 3.3 % < 5 %
    const report = diagnose(obs({ gpus: [{ util: 97, smActive: 85, memUsedMiB: 50000, subUtil: tick }], processes: [proc], tree: { rootCpu: 60, rootThreads: [55], workers: [95, 96] } }));
    expect(report.verdict).toBe('healthy');
    expect(report.findings).toEqual([]);
    const shallow = diagnose(obs({ gpus: [{ util: 92, smActive: 80, memUsedMiB: 50000, subUtil: [100, 100, 70, 100, 85, 100] }], processes: [proc], tree: { rootCpu: 60, workers: [95, 96] } }));
    expect(shallow.verdict).toBe('healthy');
  });

  it('at the 5 % line: one idle tick in 20 is moderately input-bound, one in 25 is not', () => {
    // 21 samples = 20 intervals × 6 driver ticks = 120 ticks: 6 idle (5 %) against 5 (4.2 %).
    const at = (n: number) => diagnose(obs({ gpus: [{ util: 90, memUsedMiB: 30000, subUtil: [...Array<number>(n - 1).fill(100), 0] }], processes: [proc], tree: { rootCpu: 30, workers: [95, 95] } }, { samples: 21 }));
    expect(at(20).findings[0]).toMatchObject({ rule: 'input-bound', severity: 'medium' });
    expect(at(25).findings.filter((f) => f.rule === 'input-bound')).toEqual([]);
  });

  it('on a shared machine, workers that are always runnable count as saturated even below a full core', () => {
    const report = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], tree: { rootCpu: 20, workers: [45, 40], workerStates: ['R', 'R'] } }));
    expect(report.findings[0]?.rule).toBe('input-bound');
    expect(report.findings[0]!.evidence.map((e) => e.key)).toContain('diagnose.evidence.workersRunnable');
    const sleeping = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], tree: { rootCpu: 20, workers: [45, 40], workerStates: ['S', 'D'] } }));
    expect(sleeping.findings.map((f) => f.rule)).not.toContain('input-bound');
  });

  it('no loader workers and long gaps: the main process loads between steps (less sure), even when it waits', () => {
    const report = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], tree: { rootCpu: 10, rootState: 'S', workers: [] } }));
    expect(report.findings[0]).toMatchObject({ rule: 'input-bound', confidence: 0.45, pids: [ROOT_PID], summary: { key: 'diagnose.inputBound.summaryNoWorkers' } });
    expect(report.findings[0]!.evidence.map((e) => e.key)).toContain('diagnose.evidence.noWorkers');
    // Moderate gaps (10 %) with a waiting main process: not enough to say.
    const mild = diagnose(obs({ gpus: [{ util: 90, memUsedMiB: 30000, subUtil: [100, 100, 100, 100, 100, 100, 100, 100, 100, 0] }], processes: [proc], tree: { rootCpu: 10, rootState: 'S', workers: [] } }));
    expect(mild.findings.map((f) => f.rule)).not.toContain('input-bound');
  });

  it('descendants on a GPU are ranks, not loader workers: a busy rank without workers loads by itself', () => {
    const ranks = [{ pid: ROOT_PID + 1, gpuIndex: 0, usedMemoryBytes: 2 ** 34 }];
    const report = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: [100, 100, 100, 100, 100, 100, 100, 100, 0, 0] }], processes: ranks, tree: { rootCpu: 1, rootUsesGpu: false, workers: [99] } }));
    const keys = report.findings[0]!.evidence.map((e) => e.key);
    expect(keys).not.toContain('diagnose.evidence.workersSaturated');
    expect(report.findings[0]!.evidence.find((e) => e.key === 'diagnose.evidence.mainLoads')?.params).toMatchObject({ pid: ROOT_PID + 1 });
  });

  it('steps shorter than the driver ticks: no saw-tooth, but the main process (no workers, full core) copies batches in — input-bound, not launch-bound', () => {
    // GPU-Util ~8 % in every tick, 250 MiB/s host→device, main thread at a full core.
    const feeding = diagnose(obs({ gpus: [{ util: 8, smActive: 5, memUsedMiB: 2500, pcieRxMiBps: 250, subUtil: [8, 9, 7, 8, 10, 6] }], processes: [proc], tree: { rootThreads: [99], workers: [] } }));
    expect(feeding.findings[0]).toMatchObject({ rule: 'input-bound', variant: 'main-process', pids: [ROOT_PID], summary: { key: 'diagnose.inputBound.summaryMainFeeds' } });
    expect(feeding.findings.map((f) => f.rule)).not.toContain('launch-bound');
    // The same GPU with its data already on it (launches only: a few MiB/s) is launch-bound.
    const launching = diagnose(obs({ gpus: [{ util: 8, smActive: 5, memUsedMiB: 2500, pcieRxMiBps: 4, subUtil: [8, 9, 7, 8, 10, 6] }], processes: [proc], tree: { rootThreads: [99], workers: [] } }));
    expect(launching.findings[0]).toMatchObject({ rule: 'launch-bound' });
    // With loader workers it is not the main process's doing.
    const withWorkers = diagnose(obs({ gpus: [{ util: 8, smActive: 5, memUsedMiB: 2500, pcieRxMiBps: 250, subUtil: [8, 9, 7] }], processes: [proc], tree: { rootThreads: [99], workers: [10] } }));
    expect(withWorkers.findings.map((f) => f.variant)).not.toContain('main-process');
  });

  it('the idle start of a job (imports, CUDA start, loading the model) and its end are not gaps between steps', () => {
    // 4 of 12 s starting up with the main thread busy, then busy steps; the driver's buffer also
    // holds idle ticks from before the window.
    const report = diagnose(buildObservation({ samples: 12, frame: (i) => ({ gpus: [{ util: i < 4 ? 0 : 99, smActive: i < 4 ? 0 : 85, memUsedMiB: i < 4 ? 500 * i : 50000, subUtil: i < 4 ? [0] : [100, 100, 97, 100, 100, 98] }], processes: [proc], tree: { rootCpu: 100, rootThreads: [99], workers: [] } }) }));
    expect(report.verdict).toBe('healthy');
    const o = buildObservation({ samples: 8, frame: { gpus: [{ util: 99, smActive: 85, memUsedMiB: 50000, subUtil: [100, 100, 98] }], processes: [proc], tree: { rootCpu: 100, workers: [] } } });
    const early = { deviceIndex: 0, uuid: null, metric: 'gpuUtilPercent' as const, timesMs: Array.from({ length: 60 }, (_, k) => o.samples[0]!.wallMs - 20_000 + k * 167), values: Array<number>(60).fill(0) };
    o.samples[1]!.subSamples.unshift(early);
    expect(diagnose(o).verdict).toBe('healthy');
  });

  it('does not blame the input when the host side is observed and idle (the gaps are something else)', () => {
    const report = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], host: { iowait: 1 }, tree: { rootCpu: 15, rootThreads: [12], workers: [5, 4] } }));
    expect(report.findings.map((f) => f.rule)).not.toContain('input-bound');
  });

  it('without a watched tree it reports the gaps with a low confidence and says the host was not seen', () => {
    const report = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc] }, { rootPid: null }));
    expect(report.findings[0]).toMatchObject({ rule: 'input-bound', confidence: 0.35, summary: { key: 'diagnose.inputBound.summaryNoHost' } });
    expect(report.notes.map((n) => n.key)).toContain('diagnose.note.noTree');
  });

  it('the system\'s iowait, readable on every Linux host, does not make the host side "observed" when no tree is watched', () => {
    // A --gpu watch on Linux: iowait low (1 %) as on most hosts, or high (30 %) from anyone's reads.
    const low = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], host: { iowait: 1 } }, { rootPid: null }));
    expect(low.findings[0]).toMatchObject({ rule: 'input-bound', confidence: 0.35, summary: { key: 'diagnose.inputBound.summaryNoHost' } });
    const high = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 30000, subUtil: sawTooth }], processes: [proc], host: { iowait: 30 } }, { rootPid: null }));
    expect(high.findings[0]).toMatchObject({ rule: 'input-bound', confidence: 0.35, summary: { key: 'diagnose.inputBound.summaryNoHost' } });
    expect(high.findings[0]!.evidence.map((e) => e.key)).toContain('diagnose.evidence.iowait');
  });

  it('one long pause (a checkpoint, an evaluation) is not a saw-tooth: not input-bound, nor "num_workers=0"', () => {
    // 10 samples × 6 driver ticks: busy, then one 2 s block idle, then busy; the main process waits, no workers.
    const pause = [...Array<number>(24).fill(99), ...Array<number>(12).fill(0), ...Array<number>(24).fill(99)];
    const checkpoint = diagnose(obs({ gpus: [{ util: 80, smActive: 70, memUsedMiB: 50000, subUtil: pause }], processes: [proc], tree: { rootCpu: 1, rootState: 'S', workers: [] } }, { samples: 10 }));
    expect(checkpoint.findings.map((f) => f.rule)).not.toContain('input-bound');
    // Several gaps, but one holding most of the idle time, is still a pause.
    const mostlyOne = [...Array<number>(10).fill(99), ...Array<number>(12).fill(0), 99, 99, 0, 99, 99, 0, ...Array<number>(34).fill(99)];
    expect(diagnose(obs({ gpus: [{ util: 80, memUsedMiB: 50000, subUtil: mostlyOne }], processes: [proc], tree: { rootCpu: 1, rootState: 'S', workers: [] } }, { samples: 10 })).findings.map((f) => f.rule)).not.toContain('input-bound');
    // The same idle share as gaps before every step is the input's saw-tooth.
    const steps = diagnose(obs({ gpus: [{ util: 80, memUsedMiB: 50000, subUtil: [99, 99, 99, 99, 0, 0] }], processes: [proc], tree: { rootCpu: 1, rootState: 'S', workers: [] } }, { samples: 10 }));
    expect(steps.findings[0]).toMatchObject({ rule: 'input-bound', summary: { key: 'diagnose.inputBound.summaryNoWorkers' } });
    expect(steps.findings[0]!.evidence.find((e) => e.key === 'diagnose.evidence.gapRuns')?.params).toMatchObject({ count: 8, percent: 12.5 });
  });

  it('falls back to the per-interval values without driver samples, and never reads a missing value as 0', () => {
    const coarse = diagnose(obs({ gpus: [{ util: null, memUsedMiB: 30000 }], processes: [proc], tree: { rootCpu: 30, workers: [95, 95] } }));
    expect(coarse.findings.filter((f) => f.rule === 'input-bound')).toEqual([]);
    const alternating = diagnose(buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: i % 2 ? 100 : 0, memUsedMiB: 30000 }], processes: [proc], tree: { rootCpu: 30, workers: [95, 95] } }) }));
    expect(alternating.findings[0]).toMatchObject({ rule: 'input-bound', evidence: expect.arrayContaining([expect.objectContaining({ key: 'diagnose.evidence.gapsInterval' })]) });
    expect(alternating.notes.map((n) => n.key)).toContain('diagnose.note.noSubSamples');
  });
});

describe('a watched tree that used no GPU', () => {
  const other = { pid: 999, name: 'python3', usedMemoryBytes: 3000 * 2 ** 20 };
  // The launch-bound pattern on the GPU, the tree's main thread at a full core — but the GPU is another process's.
  const frame = (holder: FrameSpec['processes']): FrameSpec => ({ gpus: [{ util: 35, smActive: 14, memUsedMiB: 3000, subUtil: [40, 30, 35] }], processes: holder, tree: { rootThreads: [99], workers: [], rootUsesGpu: false } });

  it('blames nothing on the tree when a process outside it, visible in this pid namespace, holds the GPU', () => {
    const report = diagnose(obs(frame([other])));
    expect(report.verdict).toBe('insufficient');
    expect(report.findings).toEqual([]);
    expect(report.batchAdvice).toEqual([]);
    expect(report.notes[0]).toEqual({ key: 'diagnose.insufficient.treeUsedNoGpu', params: { gpus: '0', count: 1, holders: '999 (python3)' } });
    // The input-bound pattern with a tree loading by itself: the same.
    const sawing = diagnose(obs({ ...frame([other]), gpus: [{ util: 50, memUsedMiB: 3000, subUtil: sawTooth }] }));
    expect(sawing.findings).toEqual([]);
  });

  it('still judges the GPUs when their holders are pids of another namespace (a container): they cannot match the tree', () => {
    const report = diagnose(obs(frame([{ ...other, hostResolution: 'other-namespace', name: null }])));
    expect(report.findings[0]).toMatchObject({ rule: 'launch-bound' });
    // And with no process list at all.
    expect(diagnose(obs(frame([]))).findings[0]).toMatchObject({ rule: 'launch-bound' });
  });
});

describe('launch-bound and small model', () => {
  it('low SM activity, little memory, main thread at a full core: launch-bound', () => {
    const report = diagnose(obs({ gpus: [{ util: 45, smActive: 18, memUsedMiB: 4000, subUtil: [40, 50, 45, 40, 55, 45] }], processes: [proc], tree: { rootCpu: 104, rootThreads: [99, 5], workers: [] } }));
    expect(report.findings[0]).toMatchObject({ rule: 'launch-bound', variant: null, severity: 'high', title: { key: 'diagnose.launchBound.title' } });
    expect(report.findings[0]!.fixes.map((f) => f.key)).toEqual(expect.arrayContaining(['diagnose.fix.largerBatch', 'diagnose.fix.compileGraphs']));
    expect(report.findings[0]!.fixes.find((f) => f.key === 'diagnose.fix.compileGraphs')!.code.jax).toContain('jax.jit');
    expect(report.findings[0]!.thresholds.find((t) => t.id === 'smActiveIneffectivePercent')).toMatchObject({ value: 50, source: expect.stringContaining('DCGM') });
  });

  it('a tiny batch whose GPU-Util is uniformly near zero is launch-bound, not a saw-tooth of gaps', () => {
    const report = diagnose(obs({ gpus: [{ util: 6, smActive: 2, memUsedMiB: 1800, subUtil: [5, 8, 6, 4, 7, 6] }], processes: [proc], tree: { rootThreads: [100], workers: [] } }));
    expect(report.findings[0]).toMatchObject({ rule: 'launch-bound', severity: 'high' });
    expect(report.findings.map((f) => f.rule)).not.toContain('input-bound');
  });

  it('a main thread always runnable counts as a full core on a shared machine', () => {
    const report = diagnose(obs({ gpus: [{ util: 40, smActive: 15, memUsedMiB: 3000, subUtil: [40, 45, 35] }], processes: [proc], tree: { rootCpu: 48, rootState: 'R', workers: [] } }));
    expect(report.findings[0]).toMatchObject({ rule: 'launch-bound' });
    expect(report.findings[0]!.evidence.map((e) => e.key)).toContain('diagnose.evidence.mainRunnable');
  });

  it('under a launcher (torchrun, a shell), the main thread is that of the job\'s process on the GPU', () => {
    const rank = { pid: ROOT_PID + 1, gpuIndex: 0, usedMemoryBytes: 3000 * 2 ** 20 };
    const report = diagnose(obs({ gpus: [{ util: 40, smActive: 15, memUsedMiB: 3000, subUtil: [40, 45, 35] }], processes: [rank], tree: { rootCpu: 0, rootState: 'S', rootUsesGpu: false, workers: [99], workerStates: ['R'] } }));
    expect(report.findings[0]).toMatchObject({ rule: 'launch-bound', pids: [ROOT_PID + 1] });
    const idleRank = diagnose(obs({ gpus: [{ util: 40, smActive: 15, memUsedMiB: 3000, subUtil: [40, 45, 35] }], processes: [rank], tree: { rootCpu: 100, rootState: 'R', rootUsesGpu: false, workers: [3], workerStates: ['S'] } }));
    expect(idleRank.findings.map((f) => f.rule)).not.toContain('launch-bound');
  });

  it('kernels running all the time but filling few SMs: the small-model variant with its own text', () => {
    const report = diagnose(obs({ gpus: [{ util: 98, smActive: 28, memUsedMiB: 3000, subUtil: [100, 100, 95, 100, 100, 100] }], processes: [proc], tree: { rootCpu: 70, rootThreads: [65], workers: [20, 20] } }));
    expect(report.findings[0]).toMatchObject({ rule: 'launch-bound', variant: 'small-model', title: { key: 'diagnose.smallModel.title' } });
  });

  it('is not claimed when memory is well used, the main thread waits, or the SMs are busy', () => {
    const rules = (frame: FrameSpec) => diagnose(obs(frame)).findings.map((f) => f.rule);
    const base = { util: 45, smActive: 18, memUsedMiB: 4000, subUtil: [45, 50, 40] };
    expect(rules({ gpus: [{ ...base, memUsedMiB: 50000 }], processes: [proc], tree: { rootThreads: [99], workers: [] } })).not.toContain('launch-bound');
    expect(rules({ gpus: [base], processes: [proc], tree: { rootThreads: [40], workers: [] } })).not.toContain('launch-bound');
    expect(rules({ gpus: [{ ...base, smActive: 85 }], processes: [proc], tree: { rootThreads: [99], workers: [] } })).not.toContain('launch-bound');
    expect(rules({ gpus: [base], processes: [proc], tree: null })).not.toContain('launch-bound');
  });

  it('without GPM judges from GPU-Util with less confidence, and cannot tell a small model', () => {
    const noGpm = diagnose(obs({ gpus: [{ util: 35, memUsedMiB: 4000, subUtil: [30, 40, 35] }], processes: [proc], tree: { rootCpu: 100, rootThreads: [99], workers: [] } }));
    expect(noGpm.findings[0]).toMatchObject({ rule: 'launch-bound' });
    expect(noGpm.findings[0]!.confidence).toBeLessThan(0.75);
    expect(noGpm.findings[0]!.evidence.map((e) => e.key)).toContain('diagnose.evidence.smActiveUnknown');
    expect(noGpm.notes.map((n) => n.key)).toEqual(expect.arrayContaining(['diagnose.note.noGpm', 'diagnose.note.gpuUtil']));
    const busy = diagnose(obs({ gpus: [{ util: 98, memUsedMiB: 3000, subUtil: [100, 100, 98] }], processes: [proc], tree: { rootThreads: [60], workers: [] } }));
    expect(busy.verdict).toBe('healthy');
  });
});
