import { describe, expect, it } from 'vitest';
import { derive, summary } from '../__fixtures__/run.js';
import { gpu } from '../__fixtures__/samples.js';

const ok = (index: number) => gpu(index);
const lost = (index: number) => gpu(index, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' });
const failing = (index: number) => gpu(index, { state: 'error', stateDetail: 'timeout' });

describe('a GPU lost, back, or new', () => {
  it('does not call the GPUs of the first sample new, but one that shows up later', () => {
    const events = derive([{ devices: [ok(0), ok(1)] }, { devices: [ok(0), ok(1)] }, { devices: [ok(0), ok(1), ok(2)] }]);
    expect(summary(events)).toEqual(['2:gpu-appeared:events.gpu.appeared']);
    expect(events[0]).toMatchObject({ severity: 'info', deviceKey: 'GPU-2', gpuIndex: 2, params: { name: 'NVIDIA H100 80GB HBM3' } });
  });

  it('tells a GPU the driver calls lost at once, as critical, and when it answers again', () => {
    const events = derive([{ devices: [ok(0), ok(1)] }, { devices: [ok(0), lost(1)] }, { devices: [ok(0), lost(1)] }, { devices: [ok(0), ok(1)] }]);
    expect(summary(events)).toEqual(['1:gpu-lost:events.gpu.lost', '3:gpu-back:events.gpu.back']);
    expect(events[0]).toMatchObject({ severity: 'critical', deviceKey: 'GPU-1', params: { gpu: 1, cause: 'lost', detail: 'ERROR_GPU_IS_LOST' } });
  });

  it('needs two failed reads in a row before calling a GPU that does not answer lost', () => {
    expect(derive([{ devices: [ok(0)] }, { devices: [failing(0)] }, { devices: [ok(0)] }, { devices: [failing(0)] }, { devices: [ok(0)] }])).toEqual([]);
    const events = derive([{ devices: [ok(0)] }, { devices: [failing(0)] }, { devices: [failing(0)] }, { devices: [failing(0)] }, { devices: [ok(0)] }]);
    expect(summary(events)).toEqual(['2:gpu-lost:events.gpu.error', '4:gpu-back:events.gpu.back']);
    expect(events[0]?.params).toMatchObject({ cause: 'error', detail: 'timeout' });
    expect(summary(derive([{ devices: [ok(0)] }, { devices: [failing(0)] }], { downAfterSamples: 1 }))).toEqual(['1:gpu-lost:events.gpu.error']);
  });

  it('calls a GPU gone from the list missing, keeping its last index, and back when it returns', () => {
    const events = derive([{ devices: [ok(0), ok(1)] }, { devices: [ok(0)] }, { devices: [ok(0)] }, { devices: [ok(0)] }, { devices: [ok(0), ok(1)] }]);
    expect(summary(events)).toEqual(['2:gpu-lost:events.gpu.missing', '4:gpu-back:events.gpu.back']);
    expect(events[0]).toMatchObject({ deviceKey: 'GPU-1', gpuIndex: 1, params: { cause: 'missing', detail: '' } });
  });

  it('reports a GPU already lost at the first sample', () => {
    const events = derive([{ devices: [ok(0), lost(1)] }, { devices: [ok(0), lost(1)] }]);
    expect(summary(events)).toEqual(['0:gpu-lost:events.gpu.lost']);
  });

  it('keys a GPU by UUID, so a renumbering after a reset is neither a loss nor an arrival', () => {
    const a = gpu(0, { uuid: 'GPU-aaaa' });
    const b = gpu(1, { uuid: 'GPU-bbbb' });
    const events = derive([{ devices: [a, b] }, { devices: [{ ...b, index: 0 }, { ...a, index: 1 }] }]);
    expect(events).toEqual([]);
  });
});
