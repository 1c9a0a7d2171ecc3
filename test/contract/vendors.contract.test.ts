// The AMD backends through the shared contract (./backend-contract.ts): amd-smi and rocm-smi
// over recorded outputs through the exec seam, drm-sysfs over a recorded sysfs tree with a
// recorded /proc of DRM clients.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAmdSmiDriver } from '../../src/backends/amd-smi/index.js';
import { createDrmSysfsDriver } from '../../src/backends/drm-sysfs/index.js';
import { createMacDriver } from '../../src/backends/macos/index.js';
import { createRocmSmiDriver } from '../../src/backends/rocm-smi/index.js';
import { createWindowsDriver } from '../../src/backends/windows/index.js';
import type { FdinfoFs } from '../../src/host/drm-fdinfo.js';
import type { Exec } from '../../src/system/exec.js';
import { readVendorFixture, VENDOR_FIXTURES } from '../fixtures/vendors/paths.js';
import { materializeSysfsFixture, type MaterializedTree } from '../fixtures/sysfs/materialize.js';
import { describeBackendContract } from './backend-contract.js';

/** An exec that answers each argument list with a recorded output (exit 2 for anything else). */
export function recordedExec(answers: Record<string, string>): Exec {
  return async (_file, args) => {
    const stdout = answers[args.join(' ')];
    return stdout === undefined
      ? { kind: 'exited', exitCode: 2, stdout: '', stderr: `unexpected arguments: ${args.join(' ')}`, truncated: false, durationMs: 1 }
      : { kind: 'exited', exitCode: 0, stdout, stderr: '', truncated: false, durationMs: 1 };
  };
}

const amdProcesses = JSON.stringify([{ gpu: 0, process_list: [{ process_info: { name: 'python3', pid: 4242, memory_usage: { vram_mem: { value: 17179869184, unit: 'B' } } } }] }]);

describeBackendContract('amd-smi (MI300X in CPX mode, recorded outputs)', {
  driver: () =>
    createAmdSmiDriver({
      exec: recordedExec({
        'static --json': readVendorFixture('amd-smi/mi300x_cpx-nps1_amd-smi-list.json'),
        'metric --json': readVendorFixture('amd-smi/mi300x_cpx-nps1_amd-smi-metric.json'),
        'process --json': amdProcesses,
      }),
    }),
  deviceCount: 8,
  expectsProcesses: true,
});

const amdFdinfo = readFileSync(path.join(VENDOR_FIXTURES, 'fdinfo/amdgpu_legacy-memory-keys_rx-7900-xtx.txt'), 'utf8');
/** One ROCm process holding the MI210 at 0000:03:00.0 open through two fds (one client). */
const recordedProc: FdinfoFs = {
  readdir: (dir) => (dir === '/proc' ? ['1', '4242'] : dir === '/proc/4242/fd' ? ['5', '6'] : []),
  readlink: () => '/dev/dri/renderD128',
  readText: (file) => (file.endsWith('/comm') ? 'python3\n' : file.includes('/fdinfo/') ? amdFdinfo : null),
};

const rocm = readVendorFixture('rocm-smi/mi210_rocm-smi-showallinfo.json');
describeBackendContract('rocm-smi (MI210, recorded outputs, processes from fdinfo)', {
  driver: () =>
    createRocmSmiDriver({
      exec: recordedExec({ '--showallinfo --json': rocm, '--showuse --showmemuse --showmeminfo vram --showtemp --showpower --showclocks --showfan --json': rocm }),
      procRoot: '/proc',
      fdinfoFs: recordedProc,
    }),
  deviceCount: 1,
  expectsProcesses: true,
});

let tree: MaterializedTree | null = null;
// The sysfs tree needs symlinks and ':' in names, which a Windows checkout cannot make.
if (process.platform !== 'win32') {
  describeBackendContract('drm-sysfs (MI210 + RX 7900 XTX + Arc A770 sysfs tree)', {
    driver: async () => {
      tree = await materializeSysfsFixture('x86-radeon-arc-drm');
      return createDrmSysfsDriver({ platform: 'linux', sysfsRoot: tree.root, procRoot: '/proc', fdinfoFs: recordedProc, pciIdsPaths: [] });
    },
    deviceCount: 3,
    expectsProcesses: true,
    cleanup: () => tree?.remove(),
  });
}

// Windows and macOS through the exec seam: tested on Linux only, with recorded PowerShell,
// system_profiler and ioreg outputs (docs/backends.md says so).
describeBackendContract('windows (RTX 4070 laptop + Intel iGPU, recorded PowerShell outputs)', {
  driver: () =>
    createWindowsDriver({
      exec: async (_file, args) => ({
        kind: 'exited', exitCode: 0, stderr: '', truncated: false, durationMs: 1,
        stdout: readVendorFixture(String(args[args.length - 1]).includes('Get-Counter') ? 'windows/rtx-4070-laptop+intel-uhd_get-counter.json' : 'windows/rtx-4070-laptop+intel-uhd_gpuwise-inventory.json'),
      }),
    }),
  deviceCount: 2,
  expectsProcesses: true,
});

describeBackendContract('macos (Apple M2, recorded system_profiler and ioreg outputs)', {
  driver: () =>
    createMacDriver({
      unifiedMemoryBytes: 16 * 1024 ** 3,
      exec: async (file) => ({
        kind: 'exited', exitCode: 0, stderr: '', truncated: false, durationMs: 1,
        stdout: readVendorFixture(file.endsWith('ioreg') ? 'macos/m2-10core_ioreg-accelerator.txt' : 'macos/m2-10core_system-profiler-text.txt'),
      }),
    }),
  deviceCount: 1,
  expectsProcesses: false,
});
