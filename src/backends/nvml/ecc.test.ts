// The ECC error totals through the real FFI path: from the field-values batch (NVML_FI_DEV_ECC_*,
// one call for all four) where the driver has them, else one nvmlDeviceGetTotalEccErrors call per
// total — the same values either way, and a total that neither path gives stays null.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackendReading } from '../../core/backend.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { openNvml } from './index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-nvml-ecc-'));
beforeAll(ensureFakeNvmlBuilt, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOTALS = { eccErrorsCorrectedVolatile: 11, eccErrorsUncorrectedVolatile: 22, eccErrorsCorrectedAggregate: 33, eccErrorsUncorrectedAggregate: 44 };
const EXPECTED = { correctedVolatile: 11, uncorrectedVolatile: 22, correctedAggregate: 33, uncorrectedAggregate: 44 };
const ECC_FIELDS = ['NVML_FI_DEV_ECC_SBE_VOL_TOTAL', 'NVML_FI_DEV_ECC_DBE_VOL_TOTAL', 'NVML_FI_DEV_ECC_SBE_AGG_TOTAL', 'NVML_FI_DEV_ECC_DBE_AGG_TOTAL'];

/** One read of 8x-h100 with GPU 0 given `rules` (scenario device keys) on top of distinct totals. */
async function readWith(name: string, rules: Record<string, unknown>): Promise<BackendReading> {
  const scenario = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as { devices: Record<string, unknown>[] };
  Object.assign(scenario.devices[0]!, TOTALS, rules);
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  const env = fakeNvmlEnv(file);
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  const opened = openNvml({ env, platform: 'linux' });
  if (!opened.ok) throw new Error(`NVML did not open: ${opened.unavailable.detail}`);
  try {
    return await opened.backend.read();
  } finally {
    await opened.backend.close();
  }
}

describe('ECC error totals', () => {
  it('come from the field-values batch: right even when nvmlDeviceGetTotalEccErrors would fail', async () => {
    const reading = await readWith('batch', { errors: { nvmlDeviceGetTotalEccErrors: 'UNKNOWN' } });
    expect(reading.devices[0]?.eccErrors).toEqual(EXPECTED);
    expect(reading.problems.filter((p) => p.scope === 'device:0')).toEqual([]);
  });

  it('fall back to one call per total where the batch lacks them, with the same values', async () => {
    const reading = await readWith('calls', { unsupportedFields: ECC_FIELDS });
    expect(reading.devices[0]?.eccErrors).toEqual(EXPECTED);
  });

  it('mix both per total: a field the batch lacks is asked for by its own call', async () => {
    const reading = await readWith('mixed', { unsupportedFields: ['NVML_FI_DEV_ECC_DBE_VOL_TOTAL'] });
    expect(reading.devices[0]?.eccErrors).toEqual(EXPECTED);
  });

  it('are null with the reason when neither path answers, and not read at all with ECC off', async () => {
    const failing = await readWith('neither', { unsupportedFields: ECC_FIELDS, errors: { nvmlDeviceGetTotalEccErrors: 'NOT_SUPPORTED' } });
    expect(failing.devices[0]?.eccErrors).toBeNull();
    expect(failing.devices[0]?.unavailable.eccErrors).toBe('not-supported');
    const off = await readWith('off', { eccModeCurrent: false });
    expect(off.devices[0]).toMatchObject({ eccModeCurrent: false, eccErrors: null });
    expect(off.devices[0]?.unavailable.eccErrors).toBe('not-supported');
    // The other GPUs keep their own (zero) totals.
    expect(off.devices[1]?.eccErrors).toEqual({ correctedVolatile: 0, uncorrectedVolatile: 0, correctedAggregate: 0, uncorrectedAggregate: 0 });
  });
});
