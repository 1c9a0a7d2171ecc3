// The property every `--from` fuzz test checks: any text is read or refused with an ImportError,
// never another exception, and what is read is typed data (null with a reason, or a finite number).

import { expect } from 'vitest';
import { DEVICE_METRIC_FIELDS } from '../../src/core/empty-device.js';
import { importText } from '../../src/import/index.js';
import { ImportError } from '../../src/import/types.js';

export function expectReadOrRefused(text: string, options: { nonNegative?: boolean } = {}): void {
  try {
    const { reading } = importText(text);
    for (const device of reading.devices) {
      for (const field of DEVICE_METRIC_FIELDS) {
        const value = device[field];
        if (value === null) expect(device.unavailable).toHaveProperty(field);
        if (typeof value === 'number') {
          const ok = Number.isFinite(value) && !Object.is(value, -0) && (!options.nonNegative || value >= 0);
          expect(ok).toBe(true);
        }
      }
    }
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
  }
}
