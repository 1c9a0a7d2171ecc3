import { describe, expect, it } from 'vitest';
import { derive, summary } from '../__fixtures__/run.js';
import { gpu, proc } from '../__fixtures__/samples.js';

const two = () => [gpu(0), gpu(1)];

describe('processes starting and ending on a GPU', () => {
  it('takes what already runs at the first sample as the baseline, then tells starts and ends', () => {
    const events = derive([
      { devices: two(), processes: [proc(100, 0), proc(101, 1)] },
      { devices: two(), processes: [proc(100, 0), proc(101, 1), proc(102, 0, { name: null })] },
      { devices: two(), processes: [proc(101, 1), proc(102, 0, { name: null })] },
    ]);
    expect(summary(events)).toEqual(['1:process-start:events.process.startUnnamed', '2:process-end:events.process.end']);
    expect(events[0]).toMatchObject({ severity: 'info', deviceKey: 'GPU-0', gpuIndex: 0, params: { gpu: 0, pid: 102 } });
    expect(events[0]?.params).not.toHaveProperty('name');
    expect(events[1]).toMatchObject({ deviceKey: 'GPU-0', params: { pid: 100, name: 'python' } });
  });

  it('keys by PID and GPU: one process moving to a second GPU is a start there only', () => {
    const events = derive([
      { devices: two(), processes: [proc(100, 0)] },
      { devices: two(), processes: [proc(100, 0), proc(100, 1)] },
    ]);
    expect(events).toMatchObject([{ kind: 'process-start', deviceKey: 'GPU-1', params: { pid: 100 } }]);
  });

  it('sees a reused PID as one process ending and another starting, by its start time', () => {
    const before = proc(100, 0, { startedAt: '2026-12-01T11:00:00.000Z', name: 'train' });
    const reused = proc(100, 0, { startedAt: '2026-12-01T12:00:01.000Z', name: 'eval' });
    const events = derive([{ devices: [gpu(0)], processes: [before] }, { devices: [gpu(0)], processes: [reused] }]);
    expect(events.map((e) => `${e.kind} ${e.params.name}`)).toEqual(['process-end train', 'process-start eval']);
    // A read where the host could not resolve the start time is still the same process.
    const unresolved = { ...before, startedAt: null, hostResolution: 'gone' as const };
    expect(derive([{ devices: [gpu(0)], processes: [before] }, { devices: [gpu(0)], processes: [unresolved] }, { devices: [gpu(0)], processes: [before] }])).toEqual([]);
  });

  it('does not end the processes of a GPU that is lost; compares again once it answers', () => {
    const lost = gpu(1, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' });
    const events = derive([
      { devices: two(), processes: [proc(100, 0), proc(101, 1)] },
      { devices: [gpu(0), lost], processes: [proc(100, 0)] },
      { devices: [gpu(0), lost], processes: [proc(100, 0)] },
      { devices: [gpu(0)], processes: [proc(100, 0)] },
      { devices: two(), processes: [proc(100, 0)] },
    ]);
    expect(summary(events)).toEqual(['1:gpu-lost:events.gpu.lost', '4:gpu-back:events.gpu.back', '4:process-end:events.process.end']);
    expect(events[2]).toMatchObject({ deviceKey: 'GPU-1', params: { pid: 101 } });
  });

  it('does not end processes when the driver could not list them this time', () => {
    const events = derive([
      { devices: two(), processes: [proc(100, 0), proc(101, 1)] },
      { devices: two(), processes: [proc(101, 1)], problems: [{ scope: 'device:0', code: 'ERROR_UNKNOWN', message: 'computeProcesses: Unknown Error' }] },
      { devices: two(), processes: [], problems: [{ scope: 'processes', code: 'command-failed', message: 'nvidia-smi --query-compute-apps failed' }] },
      { devices: two(), processes: [proc(100, 0), proc(101, 1)] },
    ]);
    expect(events).toEqual([]);
  });

  it('counts a PID in two MIG instances of one GPU once', () => {
    const inMig = (gi: number) => proc(300, 0, { gpuInstanceId: gi, computeInstanceId: 0 });
    const events = derive([{ devices: [gpu(0)], processes: [] }, { devices: [gpu(0)], processes: [inMig(1), inMig(2)] }]);
    expect(summary(events)).toEqual(['1:process-start:events.process.start']);
  });
});
