// The rules judged from the GPU side: transfer-bound, idle holding memory, throttled, memory
// nearly full, imbalance.
import { describe, expect, it } from 'vitest';
import { diagnose } from '../analyze.js';
import { utilUnavailableGpuIndices } from '../analyze/notes.js';
import { buildObservation, ROOT_PID, type FrameSpec } from '../testing/observation-builder.js';

const MIB = 2 ** 20;
const proc = { pid: ROOT_PID, usedMemoryBytes: 30000 * MIB };
const obs = (frame: FrameSpec | ((i: number) => FrameSpec), extra: Parameters<typeof buildObservation>[0] = {}) => buildObservation({ samples: 8, frame, ...extra });
const rules = (frame: FrameSpec, extra: Parameters<typeof buildObservation>[0] = {}) => diagnose(obs(frame, extra)).findings.map((f) => f.rule);

describe('transfer-bound', () => {
  // Gen4 ×16: 31.5 GB/s each way.
  const gen4 = { gpus: [{ pcieGen: 4, pcieWidth: 16, memoryTotalMiB: 40960, name: 'NVIDIA A100-PCIE-40GB', architecture: 'ampere' }] };

  it('PCIe near the link rate while the GPU waits: transfer-bound, with the link and its source', () => {
    const report = diagnose(obs({ gpus: [{ util: 55, memUsedMiB: 10000, pcieRxMiBps: 25000, pcieTxMiBps: 300 }], processes: [proc] }, gen4));
    const f = report.findings[0]!;
    expect(f).toMatchObject({ rule: 'transfer-bound', severity: 'high', gpuIndices: [0] });
    expect(f.summary.params).toMatchObject({ generation: 4, width: 16, linkGBps: 31.5 });
    expect(f.thresholds.map((t) => t.id)).toContain('pcieGen4LaneBytesPerSecond');
    expect(f.fixes[1]!.code.pytorch).toContain('non_blocking=True');
  });

  it('at 60 % of the link it counts, below it does not; a saturated GPU that streams is left alone', () => {
    const link = 1969e6 * 16;
    expect(rules({ gpus: [{ util: 55, memUsedMiB: 10000, pcieRxMiBps: (link * 0.6) / MIB + 1 }] }, gen4)).toContain('transfer-bound');
    expect(rules({ gpus: [{ util: 55, memUsedMiB: 10000, pcieRxMiBps: (link * 0.59) / MIB }] }, gen4)).not.toContain('transfer-bound');
    expect(rules({ gpus: [{ util: 98, smActive: 80, memUsedMiB: 10000, pcieRxMiBps: 25000 }] }, gen4)).not.toContain('transfer-bound');
  });

  it('pageable copies: a steady 15 % of the link while the GPU mostly waits (variant pageable), and not launch-bound', () => {
    // 9 GB/s on Gen4 ×16 (29 %), GPU-Util 30 %, main thread busy copying.
    const report = diagnose(obs({ gpus: [{ util: 30, smActive: 20, memUsedMiB: 4000, pcieRxMiBps: 8600, subUtil: [30, 35, 25] }], processes: [proc], tree: { rootThreads: [99], workers: [] } }, gen4));
    expect(report.findings[0]).toMatchObject({ rule: 'transfer-bound', variant: 'pageable', summary: { key: 'diagnose.transferBound.summaryPageable' } });
    expect(report.findings.map((f) => f.rule)).not.toContain('launch-bound');
    // The same traffic with the GPU at work is not the bottleneck.
    expect(rules({ gpus: [{ util: 70, memUsedMiB: 4000, pcieRxMiBps: 8600 }] }, gen4)).not.toContain('transfer-bound');
    // An image loader's 2 GB/s (6 %) is not a copy-bound loop.
    expect(rules({ gpus: [{ util: 30, smActive: 20, memUsedMiB: 4000, pcieRxMiBps: 1900 }], processes: [proc], tree: { rootThreads: [99], workers: [] } }, gen4)).not.toContain('transfer-bound');
  });

  it('a pageable copy loop on a fast link: 2 GiB/s or more counts as a busy bus even below 15 % of Gen5 ×16', () => {
    const gen5 = { gpus: [{ pcieGen: 5, pcieWidth: 16 }] };
    // 8 GiB/s on 63 GB/s (13.6 %), GPU-Util 3 %, the main thread copying.
    const report = diagnose(obs({ gpus: [{ util: 3, smActive: 1, memUsedMiB: 4000, pcieRxMiBps: 8192, subUtil: [3, 2, 4] }], processes: [proc], tree: { rootThreads: [99], workers: [] } }, gen5));
    expect(report.findings[0]).toMatchObject({ rule: 'transfer-bound', variant: 'pageable' });
    expect(report.findings.map((f) => f.rule)).not.toContain('launch-bound');
    expect(report.findings.map((f) => f.variant)).not.toContain('main-process');
  });

  it('an unknown link (no generation) or no PCIe figures: nothing claimed, and a note says why', () => {
    const report = diagnose(obs({ gpus: [{ util: 55, memUsedMiB: 10000, raw: { pcieLinkGeneration: null } }] }));
    expect(report.findings.map((f) => f.rule)).not.toContain('transfer-bound');
    expect(report.notes.map((n) => n.key)).toContain('diagnose.note.noPcie');
  });
});

describe('idle holding memory', () => {
  it('says which process and user hold the memory, how much, and for how long', () => {
    const holder = { pid: 777, user: 'bob', name: 'python3', usedMemoryBytes: 20000 * MIB, startedAt: '2026-12-01T09:00:00.000Z' };
    const report = diagnose(obs({ gpus: [{ util: 0, memUsedMiB: 20000 }], processes: [holder] }, { rootPid: null }));
    const f = report.findings[0]!;
    expect(f).toMatchObject({ rule: 'idle-holding-memory', severity: 'medium', pids: [777], summary: { key: 'diagnose.idleHolding.summary', params: { mib: 20000, seconds: 7, holders: '777 (bob)' } } });
    expect(f.evidence.find((e) => e.key === 'diagnose.evidence.holderSince')?.params).toMatchObject({ pid: 777, user: 'bob', mib: 20000, since: '2026-12-01T09:00:00.000Z' });
    expect(f.fixes[0]!.code.jax).toContain('XLA_PYTHON_CLIENT_PREALLOCATE');
  });

  it('not for a bare CUDA context, nor a GPU at work, nor when utilisation was never read', () => {
    expect(rules({ gpus: [{ util: 0, memUsedMiB: 500 }] })).toEqual([]);
    expect(rules({ gpus: [{ util: 60, memUsedMiB: 20000 }] })).not.toContain('idle-holding-memory');
    expect(rules({ gpus: [{ util: null, memUsedMiB: 20000 }] })).not.toContain('idle-holding-memory');
    // idle 8 of 10 samples (80 %, the line) counts; 7 of 10 (70 %) is a pause, not idling.
    const atLine = diagnose(buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: i < 2 ? 90 : 0, memUsedMiB: 20000 }] }) }));
    expect(atLine.findings.map((f) => f.rule)).toContain('idle-holding-memory');
    const paused = diagnose(buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: i < 3 ? 90 : 0, memUsedMiB: 20000 }] }) }));
    expect(paused.findings.map((f) => f.rule)).not.toContain('idle-holding-memory');
  });

  it('judges the memory held while idle, not the window\'s peak: a job that loads its model idle, then trains, holds nothing idle', () => {
    // 9 of 10 samples idle at 600 MiB (imports, CUDA context), then busy at 30000 MiB.
    const startup = diagnose(buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: i < 9 ? 0 : 97, memUsedMiB: i < 9 ? 600 : 30000 }], processes: [proc] }) }));
    expect(startup.findings.map((f) => f.rule)).not.toContain('idle-holding-memory');
    // Trained, then idle holding 20000 MiB: that is what stayed allocated.
    const done = diagnose(buildObservation({ samples: 10, frame: (i) => ({ gpus: [{ util: i < 2 ? 97 : 0, memUsedMiB: i < 2 ? 30000 : 20000 }], processes: [proc] }) }));
    expect(done.findings[0]).toMatchObject({ rule: 'idle-holding-memory', summary: { params: { mib: 20000 } } });
  });
});

describe('throttled', () => {
  it('from the violation counters: the cause and its time share (a power limit lowered below the default)', () => {
    const report = diagnose(obs({ gpus: [{ util: 97, smActive: 80, memUsedMiB: 30000, throttle: { power: 62, thermal: 3, lowUtilization: 0 }, reasons: ['sw-power-cap'] }] }, { gpus: [{ powerLimitWatts: 450, powerLimitDefaultWatts: 700 }] }));
    const f = report.findings[0]!;
    expect(f).toMatchObject({ rule: 'throttled', variant: 'power', severity: 'high', summary: { key: 'diagnose.throttled.summary.powerLowered', params: { percent: 62, limitWatts: 450, defaultWatts: 700 } } });
    expect(f.evidence.map((e) => e.key)).toEqual(['diagnose.evidence.throttleFromCounters', 'diagnose.evidence.throttle.power', 'diagnose.evidence.throttle.thermal', 'diagnose.evidence.clockReasons', 'info.clock.sw-power-cap']);
    expect(f.evidence[3]!.params).toMatchObject({ reasons: 'sw-power-cap' });
  });

  it('a busy GPU at its default power limit is working as designed: a note, not a finding — unless the hardware braked', () => {
    const capped = diagnose(obs({ gpus: [{ util: 99, smActive: 90, memUsedMiB: 30000, throttle: { power: 70 }, reasons: ['sw-power-cap'] }] }));
    expect(capped.verdict).toBe('healthy');
    expect(capped.notes).toContainEqual({ key: 'diagnose.note.powerCapNormal', params: { gpu: 0, percent: 70, watts: 700 } });
    const unknownDefault = diagnose(obs({ gpus: [{ util: 99, memUsedMiB: 30000, throttle: { power: 70 } }] }, { gpus: [{ powerLimitDefaultWatts: null }] }));
    expect(unknownDefault.findings).toEqual([]);
    const braked = diagnose(obs({ gpus: [{ util: 99, memUsedMiB: 30000, throttle: { power: 30 }, reasons: ['hw-power-brake-slowdown'] }] }));
    // The brake comes from outside the GPU at its default limit: not "held at its power limit", and no advice to raise it.
    expect(braked.findings[0]).toMatchObject({ rule: 'throttled', variant: 'power-brake', summary: { key: 'diagnose.throttled.summary.powerBrake' }, fixes: [{ key: 'diagnose.fix.checkPowerSupply' }] });
    expect(braked.findings[0]!.fixes[0]!.code.any).not.toContain('nvidia-smi -pl');
  });

  it('from the clock-event reasons when there are no counters', () => {
    const report = diagnose(obs((i) => ({ gpus: [{ util: 95, memUsedMiB: 30000, reasons: i % 2 ? ['hw-thermal-slowdown'] : [] }] })));
    expect(report.findings[0]).toMatchObject({ rule: 'throttled', variant: 'thermal', severity: 'high', confidence: 0.7 });
  });

  it('not for a small share, clocks lowered because idle, or an idle GPU', () => {
    expect(rules({ gpus: [{ util: 97, memUsedMiB: 30000, throttle: { power: 5 } }] })).toEqual([]);
    expect(rules({ gpus: [{ util: 60, memUsedMiB: 30000, throttle: { lowUtilization: 90 }, reasons: ['gpu-idle'] }] })).not.toContain('throttled');
    expect(rules({ gpus: [{ util: 0, memUsedMiB: 300, throttle: { power: 50 } }] })).not.toContain('throttled');
  });

  it('at the line: 10 % counts (low severity), 9.9 % does not', () => {
    expect(diagnose(obs({ gpus: [{ util: 97, memUsedMiB: 30000, throttle: { thermal: 10 } }] })).findings[0]).toMatchObject({ rule: 'throttled', severity: 'low' });
    expect(rules({ gpus: [{ util: 97, memUsedMiB: 30000, throttle: { thermal: 9.9 } }] })).toEqual([]);
  });
});

describe('memory nearly full', () => {
  it('peak against total: ≥ 95 % is an OOM risk, ≥ 90 % nearly full, below it nothing', () => {
    const at = (mib: number) => diagnose(obs({ gpus: [{ util: 97, smActive: 80, memUsedMiB: mib }] }));
    expect(at(78500).findings[0]).toMatchObject({ rule: 'memory-nearly-full', severity: 'high', summary: { key: 'diagnose.memoryFull.summaryOom' } });
    expect(at(74000).findings[0]).toMatchObject({ rule: 'memory-nearly-full', severity: 'medium' });
    expect(at(70000).verdict).toBe('healthy');
    // At the line: 90 % of 81920 MiB is 73728 MiB.
    expect(at(73728).findings[0]).toMatchObject({ rule: 'memory-nearly-full', severity: 'medium' });
    expect(at(73727).findings).toEqual([]);
    expect(at(78500).findings[0]!.evidence.map((e) => e.key)).toContain('diagnose.evidence.memoryReservedHint');
  });

  it('ranks below the cause of a slow job: it is a risk, not lost time', () => {
    const report = diagnose(obs({ gpus: [{ util: 50, memUsedMiB: 79000, subUtil: [100, 100, 100, 0, 0, 0] }], processes: [proc], tree: { rootCpu: 30, workers: [95, 97] } }));
    expect(report.findings.map((f) => f.rule)).toEqual(['input-bound', 'memory-nearly-full']);
  });
});

describe('MIG', () => {
  const GIB = 1024 * MIB;
  const a100 = { gpus: [{ name: 'NVIDIA A100-SXM4-40GB', architecture: 'ampere', memoryTotalMiB: 40960 }] };
  const slice = (gpuInstanceId: number, profile: string, totalMiB: number, usedMiB: number) => ({
    index: gpuInstanceId, uuid: `MIG-${gpuInstanceId}`, name: `NVIDIA A100-SXM4-40GB MIG ${profile}`, gpuInstanceId, computeInstanceId: 0,
    multiprocessorCount: 28, memoryTotalBytes: totalMiB * MIB, memoryUsedBytes: usedMiB * MIB, memoryFreeBytes: (totalMiB - usedMiB) * MIB,
  });
  // The driver gives no GPU-Util in MIG mode; the whole GPU is 66 % used, the job's 2g.10gb slice 98 %.
  const frame = (sliceUsedMiB: number): FrameSpec => ({
    gpus: [{ util: null, memUsedMiB: 27000, raw: { migModeCurrent: true, migDevices: [slice(2, '3g.20gb', 19968, 15249), slice(3, '2g.10gb', 9856, sliceUsedMiB)] } }],
    processes: [{ pid: 33010, gpuInstanceId: 2, usedMemoryBytes: 15230 * MIB }, { pid: ROOT_PID, gpuInstanceId: 3, usedMemoryBytes: 9690 * MIB }],
    tree: { rootCpu: 60, workers: [] },
  });

  it('judges the job\'s slice against the slice\'s own memory, and names it', () => {
    const report = diagnose(obs(frame(9700), a100));
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]).toMatchObject({
      rule: 'memory-nearly-full', variant: 'mig', severity: 'high', pids: [ROOT_PID],
      title: { key: 'diagnose.memoryFull.titleMig', params: { gpu: 0, slice: '2g.10gb (GI 3)' } },
      summary: { key: 'diagnose.memoryFull.summaryMigOom', params: { percent: 98.4, freeMib: 156 } },
    });
    // The batch advice is the slice's too.
    expect(report.batchAdvice[0]).toMatchObject({ peakUsedBytes: 9700 * MIB, totalBytes: 9856 * MIB });
    expect(report.batchAdvice[0]!.totalBytes).toBeLessThan(10 * GIB);
  });

  it('says GPU-Util was not available instead of passing as healthy in silence', () => {
    const report = diagnose(obs(frame(4000), a100));
    expect(report.verdict).toBe('healthy');
    expect(report.notes).toContainEqual({ key: 'diagnose.note.noUtilMig', params: { gpu: 0 } });
    // No GPM note that speaks of judging "from GPU-Util", and no GPU-Util note without a GPU-Util figure.
    expect(report.notes.map((n) => n.key)).not.toContain('diagnose.note.noGpm');
    expect(report.notes.map((n) => n.key)).not.toContain('diagnose.note.gpuUtil');
    expect(utilUnavailableGpuIndices(report)).toEqual([0]);
  });
});

describe('imbalance', () => {
  const two = { gpus: [{}, {}] };
  const procs = [{ pid: ROOT_PID, gpuIndex: 0, usedMemoryBytes: 30000 * MIB }, { pid: ROOT_PID + 1, gpuIndex: 1, usedMemoryBytes: 30000 * MIB }];

  it('one GPU of the job busy while another lags: names the straggler and its pid', () => {
    const report = diagnose(obs({ gpus: [{ util: 96, smActive: 70, memUsedMiB: 30000 }, { util: 41, smActive: 30, memUsedMiB: 30000 }], processes: procs, tree: { rootCpu: 90, workers: [90] } }, two));
    const f = report.findings.find((x) => x.rule === 'imbalance')!;
    expect(f).toMatchObject({ severity: 'high', gpuIndices: [0, 1], pids: [ROOT_PID + 1], summary: { params: { slow: 1, busy: 0 } } });
    expect(report.findings[0]!.rule).toBe('imbalance');
  });

  it('all busy by GPU-Util, one computing while the other waits in communication kernels: the compute straggler (GPM)', () => {
    const report = diagnose(obs({ gpus: [{ util: 99, smActive: 28, memUsedMiB: 30000 }, { util: 100, smActive: 82, memUsedMiB: 30000 }], processes: procs, tree: { rootCpu: 90, workers: [90] } }, two));
    expect(report.findings[0]).toMatchObject({ rule: 'imbalance', variant: 'compute', pids: [ROOT_PID + 1], summary: { key: 'diagnose.imbalance.summaryCompute', params: { slow: 1, busy: 0 } } });
    // Without SM activity, or with close figures, nothing is claimed.
    expect(rules({ gpus: [{ util: 99, memUsedMiB: 30000 }, { util: 100, memUsedMiB: 30000 }], processes: procs, tree: { workers: [90] } }, two)).not.toContain('imbalance');
    expect(rules({ gpus: [{ util: 99, smActive: 70, memUsedMiB: 30000 }, { util: 100, smActive: 82, memUsedMiB: 30000 }], processes: procs, tree: { workers: [90] } }, two)).not.toContain('imbalance');
  });

  it('not for GPUs of different jobs (no tree), nor a small gap, nor two idle GPUs', () => {
    const frame = (a: number, b: number | null, tree: FrameSpec['tree']) => ({ gpus: [{ util: a, memUsedMiB: 30000 }, { util: b, memUsedMiB: 30000 }], processes: procs, tree });
    expect(rules(frame(96, 41, null), { ...two, rootPid: null })).not.toContain('imbalance');
    expect(rules(frame(96, 80, { workers: [90] }), two)).not.toContain('imbalance');
    expect(rules(frame(96, 71, { workers: [90] }), two)).toContain('imbalance'); // 25 points: the line
    expect(rules(frame(96, 72, { workers: [90] }), two)).not.toContain('imbalance');
    expect(rules(frame(96, null, { workers: [90] }), two)).not.toContain('imbalance');
    expect(rules(frame(30, 2, { workers: [90] }), two)).not.toContain('imbalance');
  });
});

describe('missing data', () => {
  it('a GPU with only GPU-Util read: no rule claims what it could not see (null is not 0)', () => {
    const report = diagnose(obs({ gpus: [{ util: 97 }], processes: [proc], tree: { rootCpu: null, workers: [null, null] } }));
    expect(report.verdict).toBe('healthy');
    expect(report.notes.map((n) => n.key)).toEqual(expect.arrayContaining(['diagnose.note.noGpm', 'diagnose.note.noPcie', 'diagnose.note.noThrottle', 'diagnose.note.noSubSamples', 'diagnose.note.noIowait']));
    const low = diagnose(obs({ gpus: [{ util: 30 }], processes: [proc], tree: { rootCpu: null, workers: [] } }));
    expect(low.findings).toEqual([]);
    expect(low.notes.map((n) => n.key)).toContain('diagnose.note.underusedNoCauseNoGpm');
  });
});
