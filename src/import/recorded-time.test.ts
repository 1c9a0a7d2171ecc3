// An imported gpuwise snapshot is of the time it was taken, not of the time it was read back.

import { describe, expect, it } from 'vitest';
import { importText, openImportedSession } from './index.js';

const snapshot = (at: unknown) => JSON.stringify({ schemaVersion: 1, at, devices: [{ index: 0, name: 'NVIDIA A10', uuid: 'GPU-1' }], processes: [] });

describe('the time of an imported snapshot', () => {
  it('is the one the file says it was taken at', async () => {
    const imported = importText(snapshot('2026-11-30T08:15:00.250Z'));
    const session = await openImportedSession({ ...imported, source: 'x.json' });
    try {
      expect((await session.take()).at).toBe('2026-11-30T08:15:00.250Z');
    } finally {
      await session.close();
    }
  });

  it('is now when the file gives none, or one that is not a time', async () => {
    for (const at of [undefined, 'yesterday', 12]) {
      const before = Date.now();
      const session = await openImportedSession({ ...importText(snapshot(at)), source: 'x.json' });
      try {
        expect(Date.parse((await session.take()).at)).toBeGreaterThanOrEqual(before - 1000);
      } finally {
        await session.close();
      }
    }
  });
});
