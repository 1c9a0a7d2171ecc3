import { describe, expect, it } from 'vitest';
import { readVendorFixture } from '../../../test/fixtures/vendors/paths.js';
import type { FdinfoFs } from '../../host/drm-fdinfo.js';
import type { Exec } from '../../system/exec.js';
import { createAmdSmiDriver } from './index.js';

const answers: Record<string, string> = {
  'static --json': readVendorFixture('amd-smi/mi250x_2-gcd_amd-smi-static.json'),
  'metric --json': '[]',
  'process --json': '[]',
};
const exec: Exec = async (_file, args) => ({ kind: 'exited', exitCode: 0, stdout: answers[args.join(' ')] ?? '', stderr: '', truncated: false, durationMs: 1 });

describe('amd-smi backend through the exec seam', () => {
  it('without root amd-smi lists no process: DRM fdinfo gives the ones this user can see', async () => {
    const fdinfo = readVendorFixture('fdinfo/amdgpu_memory-stats-keys_mi250x-gcd.txt');
    const files: FdinfoFs = {
      readdir: (dir) => (dir === '/proc' ? ['777'] : dir === '/proc/777/fd' ? ['4'] : []),
      readlink: () => '/dev/dri/renderD128',
      readText: (file) => (file.endsWith('comm') ? 'python\n' : fdinfo),
    };
    const opened = await createAmdSmiDriver({ exec, procRoot: '/proc', fdinfoFs: files }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices).toHaveLength(2);
    // The fdinfo client is on 0000:c1:00.0, the first GCD.
    expect(reading.processes).toEqual([expect.objectContaining({ pid: 777, gpuIndex: 0, usedMemoryBytes: 48212 * 1024 * 1024, name: 'python' })]);
  });

  it('a live answer that is not JSON (a crash message) leaves the inventory and says why', async () => {
    const crashing: Exec = async (_file, args) => ({
      kind: 'exited', exitCode: 0, stderr: '', truncated: false, durationMs: 1,
      stdout: args[0] === 'static' ? answers['static --json']! : 'Traceback (most recent call last):\n  File "amdsmi_cli.py"',
    });
    const opened = await createAmdSmiDriver({ exec: crashing, fdinfoFs: { readdir: () => [], readlink: () => '', readText: () => null } }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices.map((d) => d.name)).toEqual(['AMD Instinct MI250X', 'AMD Instinct MI250X']);
    expect(reading.problems.map((p) => p.key)).toEqual(['vendors.parse.notJson', 'vendors.parse.notJson']);
  });

  it('a tool that prints something else at open does not open: the chain moves on', async () => {
    const broken: Exec = async () => ({ kind: 'exited', exitCode: 0, stdout: 'Segmentation fault', stderr: '', truncated: false, durationMs: 1 });
    expect(await createAmdSmiDriver({ exec: broken }).open()).toMatchObject({ ok: false, unavailable: { code: 'command-failed' } });
    const hung: Exec = async () => ({ kind: 'timeout', stdout: '', stderr: '', durationMs: 10000 });
    expect(await createAmdSmiDriver({ exec: hung }).open()).toMatchObject({ ok: false, unavailable: { code: 'timeout' } });
  });
});
