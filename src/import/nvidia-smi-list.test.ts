// `nvidia-smi -L`: GPUs by name and UUID, and the MIG instances listed under each.

import { describe, expect, it } from 'vitest';
import { importText } from './index.js';

describe('nvidia-smi -L', () => {
  it('lists each GPU and the MIG instances under it (a made-up two-GPU listing in nvidia-smi’s layout)', () => {
    const text = [
      'GPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-11111111-2222-3333-4444-555555555555)',
      '  MIG 1g.10gb     Device  0: (UUID: MIG-66666666-7777-8888-9999-000000000000)',
      '  MIG 3g.20gb     Device  1: (UUID: MIG-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee)',
      'GPU 1: NVIDIA A100-SXM4-40GB (UUID: GPU-ffffffff-2222-3333-4444-555555555555)',
    ].join('\r\n');
    const { format, reading } = importText(text);
    expect(format.id).toBe('nvidia-smi-list');
    expect(reading.devices.map((d) => [d.index, d.uuid, d.migDevices.map((m) => m.name)])).toEqual([
      [0, 'GPU-11111111-2222-3333-4444-555555555555', ['1g.10gb', '3g.20gb']],
      [1, 'GPU-ffffffff-2222-3333-4444-555555555555', []],
    ]);
    expect(reading.devices[0]!.migModeCurrent).toBe(true);
    expect(reading.devices[1]!.migModeCurrent).toBeNull();
    expect(reading.devices[0]!.memoryTotalBytes).toBeNull();
  });
});
