// The per-call timer behind scripts/device/time-calls.ts: exact figures from scripted clocks, and
// the script itself over the fake NVML — every call the reader makes is listed with its count, and
// the rules it proposes load in the fake as a scenario's own (no timing is asserted).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { costsFromTimings, groupOf, measureOverhead, recordCalls, timeFields, type CallClocks, type CallTiming } from './call-timings.js';
import { loadNvmlLibrary } from './library.js';
import { NativeBuffer } from './scratch.js';
import { openNvml } from './index.js';
import type { NvmlFunction, NvmlLibrary } from './library.js';
import { NVML_SYMBOLS, type NvmlSymbolKey } from './symbols.js';

/** Clocks that only move when a scripted call spends time: `cpuShare` of it on the CPU. */
function scriptedClocks() {
  let wall = 0;
  let cpu = 0;
  const clocks: CallClocks = { wallNs: () => wall, cpuNs: () => cpu };
  const spend = (ns: number, cpuShare: number) => {
    wall += ns;
    cpu += ns * cpuShare;
  };
  return { clocks, spend };
}

/** A library whose `memoryInfo` costs `memoryNs` (spinning) and `processUtilization` 200 µs (sleeping). */
function scriptedLibrary(spend: (ns: number, share: number) => void, memoryNs: () => number): NvmlLibrary {
  const missing: NvmlFunction = () => 13;
  const fn = Object.fromEntries(Object.keys(NVML_SYMBOLS).map((key) => [key, missing])) as Record<NvmlSymbolKey, NvmlFunction>;
  fn.memoryInfo = () => (spend(memoryNs(), 1), 0);
  fn.processUtilization = () => (spend(200_000, 0.01), 0);
  const names: Partial<Record<NvmlSymbolKey, string>> = { memoryInfo: 'nvmlDeviceGetMemoryInfo', processUtilization: 'nvmlDeviceGetProcessUtilization_v2' };
  return { path: 'scripted', fn, symbolName: (key) => names[key] ?? null, has: (key) => key in names, errorString: () => null, unload: () => {} };
}

describe('recordCalls', () => {
  it('gives each function its cold call, warm median and p90, and how much of it was CPU', () => {
    const { clocks, spend } = scriptedClocks();
    const costs = [50_000, 20_000, 21_000, 19_000, 20_000, 90_000];
    const recorder = recordCalls(scriptedLibrary(spend, () => costs.shift()!), clocks);
    for (let i = 0; i < 6; i++) recorder.library.fn.memoryInfo(0n, 0n);
    for (let i = 0; i < 3; i++) recorder.library.fn.processUtilization(0n, 0n);
    const [sleeping, spinning] = recorder.timings();
    expect(spinning).toEqual<CallTiming>({
      function: 'nvmlDeviceGetMemoryInfo',
      symbol: 'nvmlDeviceGetMemoryInfo',
      calls: 6,
      coldWallUs: 50,
      coldCpuUs: 50,
      warmWallUs: 20,
      warmCpuUs: 20,
      warmP90WallUs: 90,
      cpuShare: 1,
    });
    expect(sleeping).toMatchObject({ function: 'nvmlDeviceGetProcessUtilization', symbol: 'nvmlDeviceGetProcessUtilization_v2', calls: 3, warmWallUs: 200, cpuShare: 0.01 });
  });

  it('leaves missing functions unwrapped and lists only what was called', () => {
    const { clocks, spend } = scriptedClocks();
    const lib = scriptedLibrary(spend, () => 1000);
    const recorder = recordCalls(lib, clocks);
    expect(recorder.library.fn.utilization).toBe(lib.fn.utilization);
    expect(recorder.timings()).toEqual([]);
    recorder.library.fn.memoryInfo(0n, 0n);
    expect(recorder.timings()).toMatchObject([{ function: 'nvmlDeviceGetMemoryInfo', calls: 1, warmWallUs: null, cpuShare: null }]);
  });

  it('turns timings into scenario rules, less the clocks\' own cost, never below zero', () => {
    const { clocks } = scriptedClocks();
    expect(measureOverhead(clocks, 10)).toMatchObject({ calls: 10, warmWallUs: 0 });
    const timing = (fn: string, warm: number | null, cold = 7): CallTiming => ({ function: fn, symbol: fn, calls: 2, coldWallUs: cold, coldCpuUs: 0, warmWallUs: warm, warmCpuUs: 0, warmP90WallUs: warm, cpuShare: 0 });
    const field = (fieldId: number, status: number, warm: number) => ({ fieldId, status, timing: timing('f', warm), nvmlLatencyUs: null });
    const rules = costsFromTimings({ calls: [timing('nvmlDeviceGetMemoryInfo', 24), timing('nvmlInit', null, 1500), timing('nvmlDeviceGetClockInfo', 3)], fields: [field(197, 0, 160), field(82, 3, 9)], fieldBase: timing('base', 6), overheadUs: 4 });
    // nvmlInit is the session's, not a read's: reported apart (`initUs`), not as a rule.
    expect(rules).toEqual({ callCostUs: { nvmlDeviceGetMemoryInfo: 20, nvmlDeviceGetClockInfo: 0 }, fieldCostUs: { '197': 154 } });
    expect(groupOf('nvmlDeviceGetComputeRunningProcesses_v3')).toBe('nvmlDeviceGetComputeRunningProcesses');
  });
});

describe('timeFields over the fake NVML', () => {
  beforeAll(ensureFakeNvmlBuilt, 120_000);

  it("reports NVML's own latencyUsec per field beside the wall time, and null where the driver gives none", () => {
    const env = fakeNvmlEnv(scenarioPath('8x-h100-real-costs'));
    Object.assign(process.env, env);
    delete process.env.FAKE_NVML_STEP;
    const loaded = loadNvmlLibrary('linux', env);
    if (!loaded.ok) throw new Error(loaded.detail);
    const lib = loaded.library;
    expect(lib.fn.init()).toBe(0);
    const slot = new NativeBuffer(8);
    try {
      expect(lib.fn.handleByIndex(0, slot.pointer)).toBe(0);
      const { clocks } = scriptedClocks();
      // POWER_INSTANT (3 µs in the scenario), PCIE_COUNT_TX_BYTES (150 µs), and id 0, which no driver has.
      const { base, fields } = timeFields(lib, slot.u64(0), [186, 197], 3, clocks);
      expect(base).toMatchObject({ symbol: 'nvmlDeviceGetFieldValues[0]', calls: 3 });
      expect(fields.map((f) => [f.fieldId, f.status, f.nvmlLatencyUs])).toEqual([
        [186, 0, 3],
        [197, 0, 150],
      ]);
    } finally {
      slot.free();
      lib.fn.shutdown();
    }
  });
});

describe('scripts/device/time-calls.ts over the fake NVML', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-time-calls-'));
  beforeAll(ensureFakeNvmlBuilt, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('times every call of the reader, the fallbacks and each batch field, and proposes rules the fake accepts', async () => {
    const env = { ...process.env, ...fakeNvmlEnv(scenarioPath('8x-h100')) };
    delete env.FAKE_NVML_STEP;
    const script = path.resolve(import.meta.dirname, '../../../scripts/device/time-calls.ts');
    const out = execFileSync(process.execPath, ['--import', 'tsx', script, '--reads', '2', '--repeats', '2'], { env, encoding: 'utf8', timeout: 60_000 });
    const report = JSON.parse(out) as { gpus: { persistenceMode: boolean }[]; reads: number; calls: CallTiming[]; fields: { fieldId: number; status: number; nvmlLatencyUs: number | null }[]; scenario: { callCostUs: Record<string, number>; fieldCostUs: Record<string, number> } };
    expect(report.gpus).toHaveLength(8);
    expect(report.gpus.every((gpu) => gpu.persistenceMode === true)).toBe(true);
    const calls = Object.fromEntries(report.calls.map((c) => [c.function, c.calls]));
    // Three reads of 8 GPUs: per-tick calls once a GPU a read, the identity once a GPU.
    expect(calls).toMatchObject({ nvmlDeviceGetMemoryInfo: 24, nvmlDeviceGetFieldValues: 24, nvmlDeviceGetName: 8, nvmlDeviceGetHandleByIndex: 8 });
    // The fallbacks: two rounds on each GPU.
    expect(calls).toMatchObject({ nvmlDeviceGetPowerUsage: 16, nvmlDeviceGetTotalEccErrors: 64, nvmlDeviceGetViolationStatus: 96, nvmlDeviceGetPcieThroughput: 48 });
    // The reader's batch: every field answered on an H100.
    expect(report.fields.map((f) => f.fieldId).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 74, 75, 76, 77, 78, 79, 83, 138, 139, 186, 197, 198]);
    expect(report.fields.every((f) => f.status === 0)).toBe(true);
    expect(Object.keys(report.scenario.fieldCostUs)).toHaveLength(16);
    // NVML's own latencyUsec per field: 8x-h100 prices no field, so the fake reports none (0 → null).
    expect(report.fields.every((f) => f.nvmlLatencyUs === null)).toBe(true);

    // The proposed rules are a valid scenario: the fake loads them and the backend opens.
    const scenario = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as { system: Record<string, unknown> };
    scenario.system.callCostUs = report.scenario.callCostUs;
    scenario.system.fieldCostUs = report.scenario.fieldCostUs;
    const file = path.join(dir, 'measured.json');
    writeFileSync(file, JSON.stringify(scenario));
    const measuredEnv = fakeNvmlEnv(file);
    Object.assign(process.env, measuredEnv);
    delete process.env.FAKE_NVML_STEP;
    const opened = openNvml({ env: measuredEnv, platform: 'linux' });
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    try {
      expect((await opened.backend.read()).devices).toHaveLength(8);
    } finally {
      await opened.backend.close();
    }
  }, 60_000);
});
