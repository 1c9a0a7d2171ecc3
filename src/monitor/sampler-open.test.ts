// A sampler that fails to build after its session opened closes that session: left open, an
// isolateNvml session's worker thread kept the process alive for good.

import { describe, expect, it, vi } from 'vitest';
import type { BackendDriver } from '../core/backend.js';
import { createSampler } from './sampler.js';

vi.mock('./history.js', () => ({
  SampleHistory: class {
    constructor() {
      throw new Error('no memory for the history');
    }
  },
}));

describe('createSampler that fails after opening its session', () => {
  it('closes the session it opened, and throws what failed', async () => {
    let closes = 0;
    const driver: BackendDriver = {
      id: 'nvml',
      open: async () => ({ ok: true, backend: { id: 'nvml', capabilities: { metrics: true, processes: true }, read: async () => ({ driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} }, devices: [], processes: [], problems: [] }), close: async () => void closes++ } }),
    };
    await expect(createSampler({ sessionOptions: { drivers: [driver], completeFirstSnapshot: false } })).rejects.toThrow('no memory for the history');
    expect(closes).toBe(1);
  });
});
