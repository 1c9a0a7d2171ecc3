import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Exec, ExecResult } from '../../system/exec.js';
import { lspciOutputToFacts, scanWithLspci } from './lspci.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures', 'lspci');
const SERVER = readFileSync(join(FIXTURES, 'x86-nvidia-server_lspci-Dnnk.txt'), 'utf8');

function fakeExec(result: ExecResult, calls: Array<{ file: string; args: readonly string[]; timeoutMs: number }> = []): Exec {
  return async (file, args, options) => {
    calls.push({ file, args, timeoutMs: options.timeoutMs });
    return result;
  };
}
const exited = (stdout: string, exitCode = 0, stderr = ''): ExecResult => ({ kind: 'exited', exitCode, stdout, stderr, truncated: false, durationMs: 5 });

describe('scanWithLspci', () => {
  it('runs lspci -Dnnk with the timeout and keeps display and accelerator functions only', async () => {
    const calls: Array<{ file: string; args: readonly string[]; timeoutMs: number }> = [];
    const result = await scanWithLspci(fakeExec(exited(SERVER), calls), 'lspci', 1234);
    expect(calls).toEqual([{ file: 'lspci', args: ['-Dnnk'], timeoutMs: 1234 }]);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.problems).toEqual([]);
    expect(result.devices.map((d) => [d.address, d.driver, d.classKind])).toEqual([
      ['0000:03:00.0', 'ast', 'vga-controller'],
      ['0000:17:00.0', 'nouveau', '3d-controller'],
      ['0000:65:00.0', null, '3d-controller'],
      ['0000:b1:00.0', 'nvidia', '3d-controller'],
      ['0000:ca:00.0', 'vfio-pci', '3d-controller'],
    ]);
    // lspci -vv would need root for link figures: they are missing, not zero.
    expect(result.devices[1]).toMatchObject({ pcieLinkGeneration: null, pcieLinkWidth: null, numaNode: null, reportedDeviceName: 'GH100 [H100 SXM5 80GB]' });
  });

  it('says lspci is absent, failed, timed out or was denied — each differently', async () => {
    expect(await scanWithLspci(fakeExec({ kind: 'not-found', detail: 'lspci: ENOENT' }), 'lspci', 100)).toEqual({ kind: 'absent', detail: 'lspci: ENOENT' });
    expect(await scanWithLspci(fakeExec({ kind: 'no-permission', detail: 'lspci: EACCES' }), 'lspci', 100)).toMatchObject({ kind: 'failed', code: 'no-permission' });
    expect(await scanWithLspci(fakeExec({ kind: 'timeout', stdout: '', stderr: '', durationMs: 100 }), 'lspci', 100)).toEqual({
      kind: 'failed',
      code: 'timeout',
      detail: 'lspci -Dnnk: no answer in 100 ms',
    });
    expect(await scanWithLspci(fakeExec(exited('', 1, 'pcilib: Cannot open /proc/bus/pci\nlspci: Cannot find any working access method.\n')), 'lspci', 100)).toEqual({
      kind: 'failed',
      code: 'lspci-failed',
      detail: 'lspci exited with 1: pcilib: Cannot open /proc/bus/pci | lspci: Cannot find any working access method.',
    });
    expect(await scanWithLspci(fakeExec({ kind: 'signal', signal: 'SIGSEGV', stdout: '', stderr: '', durationMs: 1 }), 'lspci', 100)).toMatchObject({ kind: 'failed', code: 'lspci-failed' });
  });
});

describe('lspciOutputToFacts', () => {
  it('reports stderr warnings and unreadable lines as problems but keeps the devices', () => {
    const { devices, problems } = lspciOutputToFacts(`garbage line\n${SERVER}`, 'lspci: Unable to load libkmod resources: error -2\n');
    expect(devices).toHaveLength(5);
    expect(problems.map((p) => p.code)).toEqual(['lspci-warning', 'parse']);
    expect(problems[0]?.detail).toBe('lspci: Unable to load libkmod resources: error -2');
  });

  it('treats a missing "Kernel modules:" line as "no module claims it" (lspci -k omits it then)', () => {
    const { devices } = lspciOutputToFacts('0000:05:00.0 Processing accelerators [1200]: Device [1e52:401e]\n');
    expect(devices[0]).toMatchObject({ vendorId: '1e52', deviceId: '401e', kernelModules: [], classKind: 'processing-accelerator' });
  });

  it('reports a display line without ids instead of inventing them', () => {
    const { devices, problems } = lspciOutputToFacts('0000:03:00.0 VGA compatible controller [0300]: Some Vendor Some GPU\n');
    expect(devices).toEqual([]);
    expect(problems).toEqual([{ address: '0000:03:00.0', code: 'parse', detail: 'lspci printed no [vendor:device] ids for 0000:03:00.0' }]);
  });
});
