// The rocm-smi backend through the exec seam: what a reading shows once the live flags stop
// answering (a hung GPU), and when they answer again.

import { describe, expect, it } from 'vitest';
import { readVendorFixture } from '../../../test/fixtures/vendors/paths.js';
import type { ExecResult } from '../../system/exec.js';
import { createRocmSmiDriver, ROCM_SMI_LIVE_FIELDS } from './index.js';

const INVENTORY = readVendorFixture('rocm-smi/mi210_rocm-smi-showallinfo.json');
/** The same card, hot and busy: what a live read at full load prints. */
const HOT = INVENTORY.replace('"43.0"', '"88.0"').replace('"211.0"', '"280.0"').replace('"GPU use (%)": "37"', '"GPU use (%)": "99"');
const exited = (stdout: string, exitCode = 0): ExecResult => ({ kind: 'exited', exitCode, stdout, stderr: exitCode === 0 ? '' : 'rocm-smi: GPU hang', truncated: false, durationMs: 1 });
const noFdinfo = { readdir: () => [], readlink: () => '', readText: () => null };

/** A rocm-smi whose live reads give `answers` in turn (the inventory at open always answers). */
async function openWith(answers: ExecResult[]) {
  let reads = 0;
  const opened = await createRocmSmiDriver({
    exec: async (_file, args) => (args[0] === '--showallinfo' ? exited(INVENTORY) : answers[Math.min(reads++, answers.length - 1)]!),
    fdinfoFs: noFdinfo,
  }).open();
  if (!opened.ok) throw new Error(opened.unavailable.detail);
  return opened.backend;
}

describe('rocm-smi backend: live figures', () => {
  it('a live read that fails leaves the live figures null with its reason, not the ones read at open', async () => {
    const backend = await openWith([exited(HOT), exited('', 1)]);
    expect((await backend.read()).devices[0]).toMatchObject({ temperatureCelsius: 88, powerDrawWatts: 280, gpuUtilPercent: 99 });
    const failed = (await backend.read()).devices[0]!;
    for (const field of ROCM_SMI_LIVE_FIELDS) {
      expect(failed[field], field).toBeNull();
      expect(failed.unavailable[field], field).toBe('error');
    }
    // What the inventory says of the card stays.
    expect(failed).toMatchObject({ name: expect.any(String), pciBusId: expect.any(String), memoryTotalBytes: 68702699520, powerLimitWatts: 300 });
  });

  it('a live read that hangs says timeout; one that prints garbage says error; one that answers again is shown', async () => {
    const backend = await openWith([{ kind: 'timeout', stdout: '', stderr: '', durationMs: 10_000 }, exited('Traceback (most recent call last):'), exited(HOT)]);
    const hung = await backend.read();
    expect(hung.devices[0]).toMatchObject({ temperatureCelsius: null, unavailable: { temperatureCelsius: 'timeout', powerDrawWatts: 'timeout' } });
    expect(hung.problems).toContainEqual(expect.objectContaining({ code: 'timeout' }));
    const garbage = await backend.read();
    expect(garbage.devices[0]).toMatchObject({ gpuUtilPercent: null, unavailable: { gpuUtilPercent: 'error' } });
    expect(garbage.problems).toContainEqual(expect.objectContaining({ key: 'vendors.parse.notJson' }));
    expect((await backend.read()).devices[0]).toMatchObject({ temperatureCelsius: 88, unavailable: {} });
  });

  it('a figure the live read gives as N/A is N/A, not the one read at open', async () => {
    const backend = await openWith([exited(INVENTORY.replace('"43.0"', '"N/A"'))]);
    const device = (await backend.read()).devices[0]!;
    expect(device.temperatureCelsius).toBeNull();
    expect(device.unavailable.temperatureCelsius).toBe('not-reported');
    expect(device.gpuUtilPercent).toBe(37);
  });
});
