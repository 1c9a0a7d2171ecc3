import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { Snapshot } from '../core/snapshot.js';
import { cudaOrderMayDiffer } from './order.js';

const snapshotOf = (...names: string[]) =>
  ({ devices: names.map((name, index) => Object.assign(emptyGpuDevice(index, 'nvidia'), { name })), processes: [] }) as unknown as Snapshot;

describe('CUDA device order', () => {
  it('matters only with different GPU models and no CUDA_DEVICE_ORDER=PCI_BUS_ID', () => {
    expect(cudaOrderMayDiffer(snapshotOf('NVIDIA H100 80GB HBM3', 'NVIDIA H100 80GB HBM3'), {})).toBe(false);
    expect(cudaOrderMayDiffer(snapshotOf('NVIDIA GeForce RTX 3060', 'NVIDIA GeForce RTX 4090'), {})).toBe(true);
    expect(cudaOrderMayDiffer(snapshotOf('NVIDIA GeForce RTX 3060', 'NVIDIA GeForce RTX 4090'), { CUDA_DEVICE_ORDER: 'PCI_BUS_ID' })).toBe(false);
    expect(cudaOrderMayDiffer(snapshotOf('NVIDIA GeForce RTX 3060', 'NVIDIA GeForce RTX 4090'), { CUDA_DEVICE_ORDER: 'FASTEST_FIRST' })).toBe(true);
    expect(cudaOrderMayDiffer(null, {})).toBe(false);
  });
});
