import { describe, expect, it } from 'vitest';
import type { Backend, BackendDriver, BackendId } from '../core/backend.js';
import { openFirstBackend } from './chain.js';

function stubBackend(id: BackendId): Backend {
  return {
    id,
    capabilities: { metrics: true, processes: true },
    read: async () => ({
      driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} },
      devices: [],
      processes: [],
      problems: [],
    }),
    close: async () => {},
  };
}

const opens = (id: BackendId): BackendDriver => ({ id, open: async () => ({ ok: true, backend: stubBackend(id) }) });
const fails = (id: BackendId, detail: string): BackendDriver => ({
  id,
  open: async () => ({ ok: false, unavailable: { code: 'library-not-found', detail } }),
});

describe('openFirstBackend', () => {
  it('keeps the first backend that opens and records why the earlier ones did not', async () => {
    const result = await openFirstBackend([fails('nvml', 'libnvidia-ml.so.1: not found'), opens('nvidia-smi'), opens('pci')]);
    expect(result.backend?.id).toBe('nvidia-smi');
    expect(result.attempts.map((a) => [a.id, a.ok])).toEqual([
      ['nvml', false],
      ['nvidia-smi', true],
    ]);
    expect(result.attempts[0]?.unavailable).toEqual({ code: 'library-not-found', detail: 'libnvidia-ml.so.1: not found' });
  });

  it('returns no backend, with every reason, when none opens', async () => {
    const result = await openFirstBackend([fails('nvml', 'a'), fails('nvidia-smi', 'b')]);
    expect(result.backend).toBeNull();
    expect(result.attempts.map((a) => a.unavailable?.detail)).toEqual(['a', 'b']);
  });

  it('treats a driver that throws as unavailable and goes on', async () => {
    const throwing: BackendDriver = { id: 'nvml', open: async () => { throw new Error('koffi exploded'); } };
    const result = await openFirstBackend([throwing, opens('pci')]);
    expect(result.backend?.id).toBe('pci');
    expect(result.attempts[0]).toMatchObject({ ok: false, unavailable: { code: 'error', detail: 'Error: koffi exploded' } });
  });
});
