import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { GpuDevice, GpuProcess, MigDevice, Snapshot } from '../core/snapshot.js';
import { formatVisibleDevices, pickGpus } from './pick.js';

const GIB = 1024 ** 3;

function gpu(index: number, values: { util?: number | null; usedGiB?: number; totalGiB?: number; state?: GpuDevice['state']; mig?: MigDevice[] } = {}): GpuDevice {
  const device = emptyGpuDevice(index, 'nvidia');
  const total = (values.totalGiB ?? 80) * GIB;
  const used = (values.usedGiB ?? 0.5) * GIB;
  Object.assign(device, {
    name: 'NVIDIA H100 80GB HBM3',
    uuid: `GPU-${index}`,
    memoryTotalBytes: total,
    memoryUsedBytes: used,
    memoryFreeBytes: total - used,
    gpuUtilPercent: values.util === undefined ? 0 : values.util,
    state: values.state ?? 'ok',
    migModeCurrent: values.mig ? true : false,
    migDevices: values.mig ?? [],
  });
  return device;
}

function mig(index: number, gi: number, usedGiB: number, uuid: string | null = `MIG-${gi}`): MigDevice {
  return { index, uuid, name: 'NVIDIA A100-SXM4-40GB MIG 1g.5gb', gpuInstanceId: gi, computeInstanceId: 0, multiprocessorCount: 14, memoryTotalBytes: 5 * GIB, memoryUsedBytes: usedGiB * GIB, memoryFreeBytes: (5 - usedGiB) * GIB };
}

function proc(pid: number, gpuIndex: number, gi: number | null = null): GpuProcess {
  return { pid, gpuIndex, gpuUuid: `GPU-${gpuIndex}`, gpuInstanceId: gi, computeInstanceId: gi === null ? null : 0, type: 'compute', usedMemoryBytes: GIB, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: 'python', command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null, hostResolution: 'ok' };
}

function snap(devices: GpuDevice[], processes: GpuProcess[] = []): Snapshot {
  return { devices, processes, problems: [] } as unknown as Snapshot;
}

describe('pickGpus', () => {
  it('picks idle GPUs best first and lists the busy ones with their reasons', () => {
    const result = pickGpus([snap([gpu(0, { util: 97, usedGiB: 70 }), gpu(1, { usedGiB: 10 }), gpu(2), gpu(3, { util: 0 })], [proc(100, 0)])], { count: 2 });
    expect(result.picked.map((g) => g.index)).toEqual([2, 3]);
    expect(result.enough).toBe(true);
    expect(result.spare).toBe(1);
    expect(result.rejected).toEqual([
      expect.objectContaining({ index: 0, reasons: [{ key: 'pick.reason.processes', params: { count: 1, pids: '100' } }, { key: 'pick.reason.util', params: { util: 97, max: 10 } }] }),
    ]);
    expect(formatVisibleDevices(result, 'index')).toBe('2,3');
    expect(formatVisibleDevices(result, 'uuid')).toBe('GPU-2,GPU-3');
  });

  it('does not count one idle instant in a window as free', () => {
    const window = [snap([gpu(0, { util: 98 }), gpu(1)]), snap([gpu(0, { util: 0 }), gpu(1)]), snap([gpu(0, { util: 95 }), gpu(1)])];
    const result = pickGpus(window, { count: 2 });
    expect(result.picked.map((g) => g.index)).toEqual([1]);
    expect(result.enough).toBe(false);
    expect(result.rejected[0]?.reasons[0]).toEqual({ key: 'pick.reason.util', params: { util: 98, max: 10 } });
  });

  it('counts a process seen in any read of the window, and the least free memory', () => {
    const window = [snap([gpu(0, { usedGiB: 1 })]), snap([gpu(0, { usedGiB: 70 })], [proc(7, 0)]), snap([gpu(0, { usedGiB: 1 })])];
    expect(pickGpus(window, { minFreeMemoryBytes: 20 * GIB }).rejected[0]?.reasons.map((r) => r.key)).toEqual(['pick.reason.processes', 'pick.reason.memory']);
    const allowed = pickGpus(window, { allowProcesses: true, minFreeMemoryBytes: 5 * GIB });
    expect(allowed.picked[0]?.freeMemoryBytes).toBe(10 * GIB);
  });

  it('applies --min-free-memory and --max-util', () => {
    const window = [snap([gpu(0, { util: 30, usedGiB: 10 }), gpu(1, { util: 5, usedGiB: 60 })])];
    expect(pickGpus(window, { maxUtilPercent: 50, count: 2 }).picked.map((g) => g.index)).toEqual([0, 1]);
    const strict = pickGpus(window, { maxUtilPercent: 50, minFreeMemoryBytes: 40 * GIB, count: 2 });
    expect(strict.picked.map((g) => g.index)).toEqual([0]);
    expect(strict.rejected[0]?.reasons).toEqual([{ key: 'pick.reason.memory', params: { freeGiB: 20, minGiB: 40 } }]);
  });

  it('rejects lost GPUs and a GPU missing from some reads, and unknown free memory when memory is asked for', () => {
    const lost = gpu(1, { state: 'lost' });
    lost.stateDetail = 'ERROR_GPU_IS_LOST';
    const unknown = gpu(2);
    unknown.memoryFreeBytes = null;
    unknown.memoryUsedBytes = null;
    const result = pickGpus([snap([gpu(0), lost, unknown]), snap([lost, unknown])], { minFreeMemoryBytes: GIB, count: 3 });
    expect(result.picked).toEqual([]);
    expect(result.rejected.map((r) => r.reasons.map((x) => x.key))).toEqual([['pick.reason.notAlwaysSeen'], ['pick.reason.state'], ['pick.reason.freeUnknown']]);
    expect(result.rejected[1]?.reasons[0]?.params).toEqual({ state: 'ERROR_GPU_IS_LOST' });
  });

  it('says why a GPU cannot be read with the reading\'s own message key, so the reader gets it in their language', () => {
    const hung = gpu(1, { state: 'error' });
    hung.stateDetail = 'NVML has not answered for 3.1 s; a GPU or the driver may be hung';
    const snapshot = { devices: [gpu(0), hung], processes: [], problems: [{ scope: 'device:1', code: 'timeout', message: hung.stateDetail, key: 'problems.deviceStuck', params: { seconds: 3.1 } }] } as unknown as Snapshot;
    const result = pickGpus([snapshot], { count: 2 });
    expect(result.rejected[0]?.reasons).toEqual([{ key: 'problems.deviceStuck', params: { seconds: 3.1 } }]);
  });

  it('offers MIG instances as units, by their MIG UUIDs, with processes matched to their instance', () => {
    const parent = gpu(0, { util: null, mig: [mig(0, 2, 4), mig(1, 9, 0.01), mig(2, 10, 0.02), mig(3, 11, 0, null)] });
    const result = pickGpus([snap([parent, gpu(1, { util: 99 })], [proc(5, 0, 2)])], { count: 2 });
    expect(result.picked.map((g) => g.migUuid)).toEqual(['MIG-9', 'MIG-10']);
    expect(formatVisibleDevices(result, 'index')).toBe('MIG-9,MIG-10');
    expect(result.rejected.map((r) => [r.index, r.migUuid ?? null, r.reasons[0]?.key])).toEqual([
      [0, 'MIG-2', 'pick.reason.processes'],
      [0, null, 'pick.reason.noMigUuid'],
      [1, null, 'pick.reason.util'],
    ]);
    const whole = pickGpus([snap([parent], [proc(5, 0, 2)])], { includeMig: false });
    expect(whole.picked).toEqual([]);
    expect(whole.rejected[0]?.migUuid).toBeUndefined();
  });

  it('answers an empty window with nothing picked, and a count below 1 as 1', () => {
    expect(pickGpus([], { count: 0 })).toMatchObject({ picked: [], rejected: [], enough: false, asked: 1 });
  });

  it('lists at most five pids and says there are more', () => {
    const processes = [1, 2, 3, 4, 5, 6, 7].map((pid) => proc(pid, 0));
    expect(pickGpus([snap([gpu(0)], processes)]).rejected[0]?.reasons[0]?.params?.pids).toBe('1, 2, 3, 4, 5, …');
  });
});
