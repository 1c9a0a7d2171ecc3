// A first snapshot has two CPU windows to wait out — the host's (/proc/stat) and the GPU
// processes' (their stat files). The session starts the first before the GPU read and the second
// right after it, so they overlap: a one-shot `gpuwise info` waits about one window, not two.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BackendProcess, BackendReading } from '../core/backend.js';
import { createStaticDriver } from '../backends/static/index.js';
import { openSession } from '../snapshot/session.js';
import { createHostReader } from './index.js';

const TREE = fileURLToPath(new URL('../../test/fixtures/proc/tree/', import.meta.url));
const ETC = fileURLToPath(new URL('../../test/fixtures/proc/etc/', import.meta.url));

const trainer: BackendProcess = {
  pid: 100,
  gpuIndex: 0,
  gpuUuid: 'GPU-0',
  gpuInstanceId: null,
  computeInstanceId: null,
  type: 'compute',
  usedMemoryBytes: 1 << 30,
  smUtilPercent: null,
  memoryUtilPercent: null,
  encoderUtilPercent: null,
  decoderUtilPercent: null,
  name: null,
};

const reading: BackendReading = {
  driver: { driverVersion: '580.65.06', cudaDriverVersion: '13.0', nvmlVersion: null, unavailable: {} },
  devices: [],
  processes: [trainer],
  problems: [],
};

describe('the first snapshot’s CPU windows', () => {
  it('run at the same time, each once', async () => {
    const events: string[] = [];
    const host = createHostReader({
      procRoot: TREE,
      etcRoot: ETC,
      uidLookup: null,
      firstSampleWindowMs: 20,
      sleep: (ms) => {
        events.push('window starts');
        return new Promise((resolve) =>
          setTimeout(() => {
            events.push('window ends');
            resolve();
          }, ms),
        );
      },
    });
    const session = await openSession({ drivers: [createStaticDriver({ readings: [reading] })], host });
    const { snapshot, hostMs } = await session.takeTimed();
    expect(events).toEqual(['window starts', 'window starts', 'window ends', 'window ends']);
    expect(snapshot.processes[0]).toMatchObject({ pid: 100, command: 'python train.py --epochs 90', hostResolution: 'ok' });
    expect(snapshot.host.cpuTime).not.toBeUndefined();
    expect(hostMs).toBeGreaterThan(0);

    // Later snapshots have their baselines: no window at all.
    await session.take();
    expect(events).toHaveLength(4);
    await session.close();
  });
});
