// pick and claims together: a GPU another pick or run claimed is taken; what is picked is claimed,
// the next best when another claimer wins one first; a folder that takes no claim costs only the
// claim. And a GPU whose utilisation the driver did not give is not taken as idle.

import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { GpuDevice, MigDevice, Snapshot } from '../core/snapshot.js';
import type { Sample, Sampler } from '../monitor/index.js';
import type { ClaimStore, GpuClaim } from './claims.js';
import { pickFreeGpus } from './free.js';
import { pickGpus } from './pick.js';

const GIB = 1024 ** 3;

function gpu(index: number, values: { util?: number | null; mig?: MigDevice[] } = {}): GpuDevice {
  return Object.assign(emptyGpuDevice(index, 'nvidia'), {
    name: 'NVIDIA H100 80GB HBM3', uuid: `GPU-${index}`, state: 'ok',
    memoryTotalBytes: 80 * GIB, memoryUsedBytes: GIB, memoryFreeBytes: 79 * GIB,
    gpuUtilPercent: values.util === undefined ? 0 : values.util,
    migModeCurrent: values.mig !== undefined, migDevices: values.mig ?? [],
  });
}

const mig = (index: number): MigDevice => ({ index, uuid: `MIG-${index}`, name: 'MIG 1g.10gb', gpuInstanceId: index, computeInstanceId: 0, multiprocessorCount: 14, memoryTotalBytes: 10 * GIB, memoryUsedBytes: 0, memoryFreeBytes: 10 * GIB });
const snap = (devices: GpuDevice[]) => ({ devices, processes: [], problems: [] }) as unknown as Snapshot;
const claim = (key: string, by: GpuClaim['by'] = 'pick'): GpuClaim => ({ key, by, pid: 4242, startTicks: null, bootId: null, claimedMs: 1_000, expiresMs: null });

/** A sampler someone else runs, each read the same as `snapshot` (a read of its own). */
function steadySampler(snapshot: Snapshot): Sampler {
  const read = () => ({ snapshot: { ...snapshot } }) as Sample;
  return { latest: read, subscribe: () => () => undefined, refresh: async () => read(), stop: async () => undefined } as unknown as Sampler;
}

/** A store in memory: `held` are others' claims; `lose` the keys another claimer wins just before this one. */
function memoryStore(held: GpuClaim[], lose: string[] = [], fail: Error | null = null): ClaimStore & { mine: Set<string> } {
  const others = new Map(held.map((c) => [c.key, c]));
  const mine = new Set<string>();
  return {
    dir: '/memory',
    mine,
    others: () => new Map(others),
    claim(key, by) {
      if (fail !== null) throw fail;
      if (lose.includes(key)) others.set(key, claim(key, by));
      if (others.has(key)) return { ok: false, holder: others.get(key) ?? null };
      mine.add(key);
      return { ok: true };
    },
    release: (keys) => keys.forEach((key) => mine.delete(key)),
    releaseAll: () => mine.clear(),
  };
}

describe('pickGpus and claims', () => {
  it('takes a GPU another claimed, says by whom and since when, unless processes are allowed', () => {
    const window = [snap([gpu(0), gpu(1)]), snap([gpu(0), gpu(1)])];
    const claimedByOthers = new Map([['GPU-0', claim('GPU-0', 'run')]]);
    const result = pickGpus(window, { claimedByOthers, nowMs: 31_000 });
    expect(result.picked.map((g) => g.index)).toEqual([1]);
    expect(result.rejected).toEqual([expect.objectContaining({ index: 0, reasons: [{ key: 'pick.reason.claimed', params: { by: 'run', pid: 4242, seconds: 30 } }] })]);
    expect(pickGpus(window, { count: 2, claimedByOthers, allowProcesses: true }).picked.map((g) => g.index)).toEqual([0, 1]);
  });

  it('takes a MIG instance whose GPU as a whole is claimed', () => {
    const window = [snap([gpu(0, { mig: [mig(0)] }), gpu(1, { mig: [mig(1)] })])];
    const result = pickGpus(window, { claimedByOthers: new Map([['GPU-0', claim('GPU-0')]]) });
    expect(result.picked.map((g) => g.migUuid)).toEqual(['MIG-1']);
  });

  it('does not take a GPU whose utilisation the driver did not give as idle, but --max-util 100 accepts it, last', () => {
    const window = [snap([gpu(0, { util: null }), gpu(1, { util: 5 })])];
    const strict = pickGpus(window, { count: 2 });
    expect(strict.picked.map((g) => g.index)).toEqual([1]);
    expect(strict.rejected[0]?.reasons).toEqual([{ key: 'pick.reason.utilUnknown', params: { max: 10 } }]);
    expect(pickGpus(window, { count: 2, maxUtilPercent: 100 }).picked.map((g) => g.index)).toEqual([1, 0]);
  });
});

describe('pickFreeGpus claiming', () => {
  const window = () => steadySampler(snap([gpu(0, { util: 0 }), gpu(1, { util: 2 }), gpu(2, { util: 4 })]));

  it('claims what it picks, around what others hold', async () => {
    const store = memoryStore([claim('GPU-0')]);
    const result = await pickFreeGpus({ count: 2, sampler: window(), windowMs: 0, claiming: { store, claimAs: { by: 'pick', ttlMs: 60_000 } } });
    expect(result.picked.map((g) => g.index)).toEqual([1, 2]);
    expect(result.claimed).toEqual(['GPU-1', 'GPU-2']);
    expect([...store.mine]).toEqual(['GPU-1', 'GPU-2']);
  });

  it('takes the next best when another claimer wins a GPU first, and releases what it got of the first choice', async () => {
    const store = memoryStore([], ['GPU-1']);
    const result = await pickFreeGpus({ count: 2, sampler: window(), windowMs: 0, claiming: { store, claimAs: { by: 'run', ttlMs: null } } });
    expect(result.picked.map((g) => g.index)).toEqual([0, 2]);
    expect([...store.mine].sort()).toEqual(['GPU-0', 'GPU-2']);
    expect(result.rejected).toEqual([expect.objectContaining({ index: 1, reasons: [expect.objectContaining({ key: 'pick.reason.claimed' })] })]);
  });

  it('honours claims without making any when claimAs is null (a look, --no-claim)', async () => {
    const store = memoryStore([claim('GPU-0')]);
    const result = await pickFreeGpus({ sampler: window(), windowMs: 0, claiming: { store, claimAs: null } });
    expect(result.picked.map((g) => g.index)).toEqual([1]);
    expect(result.claimed).toEqual([]);
    expect(store.mine.size).toBe(0);
  });

  it('shares, without claiming, a GPU another holds under --allow-processes', async () => {
    const store = memoryStore([claim('GPU-0')]);
    const result = await pickFreeGpus({ count: 2, allowProcesses: true, sampler: window(), windowMs: 0, claiming: { store, claimAs: { by: 'pick', ttlMs: 60_000 } } });
    expect(result.picked.map((g) => g.index)).toEqual([0, 1]);
    expect(result.claimed).toEqual(['GPU-1']);
  });

  it('keeps its pick, unclaimed, when the folder takes no claim', async () => {
    const store = memoryStore([], [], Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' }));
    const result = await pickFreeGpus({ sampler: window(), windowMs: 0, claiming: { store, claimAs: { by: 'pick', ttlMs: 60_000 } } });
    expect(result.enough).toBe(true);
    expect(result.picked.map((g) => g.index)).toEqual([0]);
    expect(result.claimed).toEqual([]);
    expect(result.claimError?.message).toContain('EROFS');
  });
});
