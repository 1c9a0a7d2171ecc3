import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../../core/empty-device.js';
import { openSession } from '../../snapshot/session.js';
import { backendDriver } from '../registry.js';
import { createStaticDriver } from './index.js';
import { parseRecording } from './recording.js';

function recordedSnapshot(util: number, extra: Record<string, unknown> = {}) {
  const device = { ...emptyGpuDevice(0, 'nvidia', 'not-reported'), name: 'NVIDIA H100', uuid: 'GPU-1', gpuUtilPercent: util, unavailable: {} };
  return {
    schemaVersion: 1, at: '2026-12-01T00:00:00.000Z', backend: 'nvml', capabilities: { metrics: true, processes: false },
    backendAttempts: [], driver: { driverVersion: '580.65.06', cudaDriverVersion: '13.0', nvmlVersion: null, unavailable: {} },
    host: {}, devices: [device],
    processes: [{ pid: 1234, gpuIndex: 0, gpuUuid: 'GPU-1', type: 'compute', usedMemoryBytes: 2 ** 30, name: 'python3', command: 'python3 x.py', user: 'root' }],
    problems: [], ...extra,
  };
}

function file(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-static-'));
  const path = join(dir, 'recording.ndjson');
  writeFileSync(path, content);
  return path;
}

describe('static backend', () => {
  it('replays the NDJSON of info --json --watch in order, then stays on the last reading', async () => {
    const path = file([10, 20, 30].map((u) => JSON.stringify(recordedSnapshot(u))).join('\n') + '\n');
    const opened = await createStaticDriver({ path }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const utils = [];
    for (let i = 0; i < 5; i++) utils.push((await opened.backend.read()).devices[0]!.gpuUtilPercent);
    expect(utils).toEqual([10, 20, 30, 30, 30]);
    expect(opened.backend.capabilities).toEqual({ metrics: true, processes: false });
  });

  it('loops when asked, and accepts one pretty-printed snapshot or an array', async () => {
    const one = parseRecording(JSON.stringify(recordedSnapshot(5), null, 2));
    expect(one.ok && one.readings.length).toBe(1);
    const many = parseRecording(JSON.stringify([recordedSnapshot(1), recordedSnapshot(2)]));
    if (!many.ok) throw new Error(many.detail);
    const opened = await createStaticDriver({ readings: many.readings, loop: true }).open();
    if (!opened.ok) throw new Error('not opened');
    const utils = [];
    for (let i = 0; i < 4; i++) utils.push((await opened.backend.read()).devices[0]!.gpuUtilPercent);
    expect(utils).toEqual([1, 2, 1, 2]);
  });

  it('keeps only the GPU side of recorded processes: the host side is read again', () => {
    const parsed = parseRecording(JSON.stringify(recordedSnapshot(1)));
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(parsed.readings[0]!.processes[0]).toMatchObject({ pid: 1234, usedMemoryBytes: 2 ** 30, name: 'python3' });
    expect(parsed.readings[0]!.processes[0]).not.toHaveProperty('command');
    expect(parsed.readings[0]!.processes[0]).not.toHaveProperty('listedAgeMs');
  });

  it('keeps a carried entry\'s listedAgeMs, and drops one no list can have', () => {
    const processes = [1500, -1, 'old', null].map((listedAgeMs, i) => ({ pid: 10 + i, gpuIndex: 0, type: 'graphics', listedAgeMs }));
    const parsed = parseRecording(JSON.stringify(recordedSnapshot(1, { processes })));
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(parsed.readings[0]!.processes.map((p) => p.listedAgeMs)).toEqual([1500, undefined, undefined, undefined]);
  });

  it('keeps a GPU\'s readingAgeMs (figures a read behind), and drops one no read can have', () => {
    const devices = [16_000, -5, 'old'].map((readingAgeMs, index) => ({ ...recordedSnapshot(1).devices[0]!, index, uuid: `GPU-${index}`, readingAgeMs }));
    const parsed = parseRecording(JSON.stringify(recordedSnapshot(1, { devices })));
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(parsed.readings[0]!.devices.map((d) => d.readingAgeMs)).toEqual([16_000, undefined, undefined]);
  });

  it('a hostile or broken recording is a clear unavailable, not a crash', async () => {
    for (const [content, expected] of [
      ['', /empty/],
      ['not json at all', /not JSON/],
      ['{"devices": 5}', /not a gpuwise snapshot/],
      ['[1, 2]', /not a gpuwise snapshot/],
    ] as const) {
      const opened = await createStaticDriver({ path: file(content) }).open();
      expect(opened.ok).toBe(false);
      if (!opened.ok) expect(opened.unavailable.detail).toMatch(expected);
    }
    const missing = await createStaticDriver({ path: '/nonexistent/recording.json' }).open();
    expect(missing.ok === false && missing.unavailable.code).toBe('library-not-found');
  });

  it('refuses a snapshot from a newer gpuwise, saying which schema, and reads this one\'s and older ones', () => {
    const newer = parseRecording([1, 2].map((v) => JSON.stringify(recordedSnapshot(7, { schemaVersion: v }))).join('\n'));
    expect(newer).toEqual({ ok: false, newerSchema: 2, detail: expect.stringMatching(/^item 2 was written by a newer gpuwise \(snapshot schema 2; this one reads schema 1\): update gpuwise/) });
    for (const schemaVersion of [1, 0, undefined, 'two']) {
      const parsed = parseRecording(JSON.stringify(recordedSnapshot(7, { schemaVersion })));
      expect(parsed.ok && parsed.readings[0]!.devices[0]!.gpuUtilPercent).toBe(7);
    }
  });

  it('wrong types and impossible values in a recording become null with a reason, through a session', async () => {
    const hostile = recordedSnapshot(1);
    Object.assign(hostile.devices[0]!, { name: { evil: true }, temperatureCelsius: 'hot', powerDrawWatts: 4294967.295, memoryTotalBytes: 8e10 });
    delete (hostile.devices[0] as Record<string, unknown>).smClockMhz; // an older recording's missing field
    const session = await openSession({ drivers: [createStaticDriver({ path: file(JSON.stringify(hostile)) })] });
    const snapshot = await session.take();
    const d = snapshot.devices[0]!;
    expect(d.name).toBeNull();
    expect(d.temperatureCelsius).toBeNull();
    expect(d.unavailable.temperatureCelsius).toBe('out-of-range');
    expect(d.powerDrawWatts).toBeNull();
    expect(d.unavailable.powerDrawWatts).toBe('out-of-range');
    expect(d.smClockMhz).toBeNull();
    expect(d.unavailable.smClockMhz).toBe('not-reported');
    expect(d.memoryTotalBytes).toBe(8e10);
    expect(snapshot.backend).toBe('static');
    await session.close();
  });

  it('is reachable as --backend static with GPUWISE_REPLAY, and says what to do without it', async () => {
    const without = await backendDriver('static', { env: {} }).open();
    expect(without.ok === false && without.unavailable.detail).toMatch(/GPUWISE_REPLAY/);
    const withFile = await backendDriver('static', { env: { GPUWISE_REPLAY: file(JSON.stringify(recordedSnapshot(42))) } }).open();
    expect(withFile.ok).toBe(true);
  });
});
