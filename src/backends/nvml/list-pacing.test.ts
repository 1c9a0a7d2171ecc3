// Slow process lists read every few seconds (./list-pacing.ts): the rule alone, then the reader
// over the fake NVML with a graphics list that costs 3 ms a call — read twice, then carried until
// the refresh, while the cheap compute list is read on every read and shows each change at once.

import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv } from '../../../test/fake-nvml/paths.js';
import { editedScenario } from '../../../test/fake-nvml/session.js';
import { recordCalls } from './call-timings.js';
import { readerOptions } from './index.js';
import { loadNvmlLibrary } from './library.js';
import { ListPacing, SLOW_LIST_MS, SLOW_LIST_REFRESH_MS } from './list-pacing.js';
import { runSync } from './plan.js';
import { NvmlReader } from './reader.js';

function entries(pacing: ListPacing): unknown[][] {
  const out: unknown[][] = [];
  pacing.replay((...entry) => out.push(entry));
  return out;
}

describe('ListPacing', () => {
  it('reads a quick list every time', () => {
    const pacing = new ListPacing();
    for (let t = 0; t < 10_000; t += 1000) {
      expect(pacing.due(t)).toBe(true);
      pacing.begin();
      pacing.end(true, t, SLOW_LIST_MS / 2);
    }
    expect(pacing.paced).toBe(false);
  });

  it('paces a list after two slow reads in a row, carries its entries, and re-times it at the refresh', () => {
    const pacing = new ListPacing();
    pacing.begin();
    pacing.record(7, 1024, null, null);
    pacing.end(true, 0, 4.5);
    // One slow reading may be a wait for a pool thread: read again.
    expect(pacing.due(1000)).toBe(true);
    pacing.begin();
    pacing.record(7, 2048, null, null);
    pacing.record(8, null, 1, 0);
    pacing.end(true, 1000, 4.5);
    expect(pacing.paced).toBe(true);
    expect(pacing.due(2000)).toBe(false);
    expect(pacing.due(1000 + SLOW_LIST_REFRESH_MS - 1)).toBe(false);
    // null survives the flat record; the last read's entries, in the driver's order.
    expect(entries(pacing)).toEqual([
      [7, 2048, null, null],
      [8, null, 1, 0],
    ]);
    expect(pacing.due(1000 + SLOW_LIST_REFRESH_MS)).toBe(true);
    // Quick this time: back to every read.
    pacing.begin();
    pacing.end(true, 1000 + SLOW_LIST_REFRESH_MS, 0.1);
    expect(pacing.due(1000 + SLOW_LIST_REFRESH_MS + 1)).toBe(true);
    expect(entries(pacing)).toEqual([]);
  });

  it('carries nothing after a failed read, and starts counting slow reads again', () => {
    const pacing = new ListPacing();
    for (const t of [0, 1000]) {
      pacing.begin();
      pacing.record(7, 1, null, null);
      pacing.end(true, t, 10);
    }
    expect(pacing.due(2000)).toBe(false);
    pacing.begin();
    pacing.end(false, 6000, 10);
    expect(pacing.paced).toBe(false);
    expect(pacing.due(6001)).toBe(true);
  });
});

describe('the NVML reader with a slow graphics list (fake NVML)', () => {
  beforeAll(ensureFakeNvmlBuilt, 120_000);

  it('reads it twice, carries it until the refresh, and reads the quick compute list every time', () => {
    // GPU 0: a graphics client that stays (pid 3001), compute processes that change every frame;
    // frame 3 adds a second graphics client (3002), which shows once the list is read again.
    const frames = [
      { compute: [5001], graphics: [3001] },
      { compute: [5001, 5002], graphics: [3001] },
      { compute: [5003], graphics: [3001] },
      { compute: [5003], graphics: [3001, 3002] },
      { compute: [5004], graphics: [3001, 3002] },
    ];
    const path = editedScenario('8x-h100', (scenario) => {
      (scenario.system as Record<string, unknown>).callCostUs = { nvmlDeviceGetGraphicsRunningProcesses: 3000 };
      scenario.timeline = frames.map((frame, i) => ({
        atSeconds: i,
        devices: [
          {
            processes: [
              ...frame.compute.map((pid) => ({ pid, type: 'C', usedMemoryMiB: 1000 + i })),
              ...frame.graphics.map((pid) => ({ pid, type: 'G', usedMemoryMiB: 64 + i })),
            ],
          },
        ],
      }));
    });
    const env = { ...fakeNvmlEnv(path), FAKE_NVML_STEP: '1' };
    Object.assign(process.env, env);
    const loaded = loadNvmlLibrary('linux', env);
    if (!loaded.ok) throw new Error(loaded.detail);
    const recorder = recordCalls(loaded.library, { wallNs: () => 0, cpuNs: () => 0 });
    const lib = recorder.library;
    expect(lib.fn.init()).toBe(0);
    // The reader's clock: the real one while a call runs (so the 3 ms are seen), plus the seconds
    // the test lets pass between reads.
    let skippedMs = 0;
    const reader = new NvmlReader(lib, { ...readerOptions({}, 'linux'), monotonicNow: () => performance.now() + skippedMs });
    const callsOf = (fn: string) => recorder.timings().find((t) => t.function === fn)?.calls ?? 0;
    let lastAges: Record<number, number | undefined> = {};
    const gpu0 = () => {
      const reading = reader.read();
      lastAges = Object.fromEntries(reading.processes.filter((p) => p.gpuIndex === 0).map((p) => [p.pid, p.listedAgeMs]));
      return reading.processes
        .filter((p) => p.gpuIndex === 0)
        .map((p) => [p.pid, p.type, p.usedMemoryBytes === null ? null : p.usedMemoryBytes / 2 ** 20])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    };
    try {
      expect(gpu0()).toEqual([[3001, 'graphics', 64], [5001, 'compute', 1000]]);
      skippedMs += 1000;
      expect(gpu0()).toEqual([[3001, 'graphics', 65], [5001, 'compute', 1001], [5002, 'compute', 1001]]);
      // Read now, both lists: no age on any process.
      expect(lastAges).toEqual({ 3001: undefined, 5001: undefined, 5002: undefined });
      const graphicsCalls = callsOf('nvmlDeviceGetGraphicsRunningProcesses');
      const computeCalls = callsOf('nvmlDeviceGetComputeRunningProcesses');
      // Two slow reads: carried from now on. The compute list still changes at once.
      skippedMs += 1000;
      expect(gpu0()).toEqual([[3001, 'graphics', 65], [5003, 'compute', 1002]]);
      // The carried entry says how old its list is (a second here); the fresh one says nothing.
      expect(lastAges[3001]).toBeGreaterThanOrEqual(1000);
      expect(lastAges[3001]).toBeLessThan(1900);
      expect(lastAges[5003]).toBeUndefined();
      skippedMs += 1000;
      // 3002 has arrived in the driver's list; the carried list does not have it yet.
      expect(gpu0()).toEqual([[3001, 'graphics', 65], [5003, 'compute', 1003]]);
      expect(lastAges[3001]).toBeGreaterThanOrEqual(2000);
      expect(callsOf('nvmlDeviceGetGraphicsRunningProcesses')).toBe(graphicsCalls);
      expect(callsOf('nvmlDeviceGetComputeRunningProcesses')).toBe(computeCalls + 8 * 2);
      // Another GPU at this index (a reset changes the UUID): nothing carried over, read at once.
      const slot = reader.slots[0]!;
      const other = runSync(slot.processes.read(slot.scratch, slot.handle!, 0, 'GPU-after-a-reset', false));
      expect(callsOf('nvmlDeviceGetGraphicsRunningProcesses')).toBe(graphicsCalls + 1);
      expect(other.processes.map((p) => p.pid).sort()).toEqual([3001, 3002, 5003]);
      // Back to the first UUID: a new GPU again for the pacing, read at once and re-timed.
      runSync(slot.processes.read(slot.scratch, slot.handle!, 0, slot.identity!.identity.uuid, false));
      expect(callsOf('nvmlDeviceGetGraphicsRunningProcesses')).toBe(graphicsCalls + 2);
      // The refresh, SLOW_LIST_REFRESH_MS after the last read of the list: read again.
      skippedMs += SLOW_LIST_REFRESH_MS;
      expect(gpu0()).toEqual([[3001, 'graphics', 68], [3002, 'graphics', 68], [5004, 'compute', 1004]]);
      expect(lastAges).toEqual({ 3001: undefined, 3002: undefined, 5004: undefined });
      expect(callsOf('nvmlDeviceGetGraphicsRunningProcesses')).toBeGreaterThan(graphicsCalls);
    } finally {
      reader.close();
      lib.fn.shutdown();
    }
  });
});
