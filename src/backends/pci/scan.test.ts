import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeSysfsFixture, SYSFS_FIXTURES_DIR, type MaterializedTree } from '../../../test/fixtures/sysfs/materialize.js';
import type { Exec, ExecResult } from '../../system/exec.js';
import { scanPciDisplayDevices, type PciScanOptions } from './scan.js';
import { nodeSysfsFs } from './sysfs.js';
import type { PciScanResult, PciScanScanned } from './types.js';

const SYSTEM = join(SYSFS_FIXTURES_DIR, '_system');
const LSPCI_OUTPUT = readFileSync(join(SYSFS_FIXTURES_DIR, '..', 'lspci', 'x86-nvidia-server_lspci-Dnnk.txt'), 'utf8');
const NOWHERE = join(SYSFS_FIXTURES_DIR, 'no-such-dir');
const exec = (result: ExecResult): Exec => async () => result;
const noLspci = exec({ kind: 'not-found', detail: 'lspci: spawn lspci ENOENT' });

/** Options that see only fixtures, never this machine's /sys, pci.ids or modules. */
const isolated = (overrides: PciScanOptions): PciScanOptions => ({
  platform: 'linux',
  kernelRelease: '6.8.0-45-generic',
  sysfsRoot: NOWHERE,
  pciIdsPaths: [join(SYSTEM, 'pci.ids')],
  modulesAliasPaths: [join(SYSTEM, 'modules.alias')],
  exec: noLspci,
  ...overrides,
});

function scanned(result: PciScanResult): PciScanScanned {
  if (result.kind !== 'scanned') throw new Error(`expected a scan, got ${JSON.stringify(result)}`);
  return result;
}

describe.skipIf(process.platform === 'win32')('scanPciDisplayDevices from sysfs', () => {
  const trees: Record<string, MaterializedTree> = {};
  beforeAll(async () => {
    for (const name of ['x86-nvidia-server', 'x86-amd-mi300x', 'arm64-ampere-altra']) trees[name] = await materializeSysfsFixture(name);
  });
  afterAll(async () => {
    await Promise.all(Object.values(trees).map((tree) => tree.remove()));
  });
  const root = (name: string) => trees[name]?.root ?? NOWHERE;

  it('names, classifies and finds module candidates for every display device', async () => {
    const result = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('x86-nvidia-server') })));
    expect(result.source).toBe('sysfs');
    expect(result.wsl).toBe(false);
    expect(result.problems).toEqual([]);
    expect(result.devices.map((d) => [d.address, d.role, d.vendorName, d.deviceName, d.nameSource, d.driver])).toEqual([
      ['0000:03:00.0', 'other', 'ASPEED', 'ASPEED Graphics Family', 'pci.ids', 'ast'],
      ['0000:17:00.0', 'gpu', 'NVIDIA', 'H100 SXM5 80GB', 'pci.ids', 'nouveau'],
      ['0000:65:00.0', 'gpu', 'NVIDIA', 'H100 SXM5 80GB', 'pci.ids', null],
      ['0000:b1:00.0', 'gpu', 'NVIDIA', 'H100 PCIe', 'pci.ids', 'nvidia'],
      ['0000:ca:00.0', 'gpu', 'NVIDIA', null, null, 'vfio-pci'],
    ]);
    expect(result.devices[1]).toMatchObject({ chipName: 'GH100', isGpuVendor: true, kernelModules: ['nouveau', 'nvidia_drm', 'nvidia'] });
    expect(result.devices[0]).toMatchObject({ isGpuVendor: false, kernelModules: ['ast'] });
    // JSON-serialisable: what --json prints.
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('falls back to the built-in table when pci.ids is older than the card, or missing', async () => {
    const withOldFile = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('x86-amd-mi300x') })));
    expect(withOldFile.devices[0]).toMatchObject({ deviceName: 'Instinct MI300X', chipName: 'Aqua Vanjaram', nameSource: 'builtin', role: 'accelerator', vendorName: 'AMD' });

    const withoutFile = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('x86-nvidia-server'), pciIdsPaths: [] })));
    expect(withoutFile.devices[1]).toMatchObject({ deviceName: 'H100 SXM5 80GB', nameSource: 'builtin' });
    expect(withoutFile.devices[0]).toMatchObject({ vendorName: 'ASPEED', deviceName: null, nameSource: null });
  });

  it('keeps BMC displays, VFs and NPUs in the scan with the right roles', async () => {
    const result = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('x86-amd-mi300x') })));
    expect(result.devices.map((d) => [d.address, d.role, d.physicalFunction, d.kernelModules])).toEqual([
      ['0000:05:00.0', 'accelerator', null, ['amdgpu']],
      ['0000:05:02.0', 'accelerator', '0000:05:00.0', ['amdgpu']],
      ['0000:2a:00.0', 'other', null, ['hibmc_drm']],
      ['0000:85:00.0', 'other', null, ['intel_vpu']],
    ]);
    // pci.ids' "<chip> [<name>]" convention: "Hi171x Series [iBMC Intelligent Management system chip w/VGA support]".
    expect(result.devices[2]).toMatchObject({ vendorName: 'Huawei', deviceName: 'iBMC Intelligent Management system chip w/VGA support', chipName: 'Hi171x Series' });
  });

  it('answers "no GPU" on a multi-domain server whose only display is the BMC', async () => {
    const result = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('arm64-ampere-altra') })));
    expect(result.devices.map((d) => [d.address, d.role])).toEqual([['0003:02:00.0', 'other']]);
  });

  it('leaves module candidates unknown (null) without modules.alias, and says when it is unreadable', async () => {
    const none = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('x86-nvidia-server'), modulesAliasPaths: [] })));
    expect(none.devices.every((d) => d.kernelModules === null)).toBe(true);
    expect(none.problems).toEqual([]);

    const denied = scanned(
      await scanPciDisplayDevices(
        isolated({
          sysfsRoot: root('x86-nvidia-server'),
          readText: async (path) => Promise.reject(Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' })),
        }),
      ),
    );
    expect(denied.problems).toEqual([expect.objectContaining({ address: null, code: 'modules-alias' })]);
  });

  it('tells WSL apart', async () => {
    const result = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('arm64-ampere-altra'), kernelRelease: '5.15.167.4-microsoft-standard-WSL2' })));
    expect(result.wsl).toBe(true);
  });

  it('uses lspci when sysfs is unreadable, and says why', async () => {
    const sysfsFs = { ...nodeSysfsFs, readdir: async () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })) };
    const lspci = exec({ kind: 'exited', exitCode: 0, stdout: LSPCI_OUTPUT, stderr: '', truncated: false, durationMs: 3 });
    const result = scanned(await scanPciDisplayDevices(isolated({ sysfsRoot: root('x86-nvidia-server'), sysfsFs, exec: lspci })));
    expect(result.source).toBe('lspci');
    expect(result.problems).toEqual([expect.objectContaining({ address: null, code: 'no-permission' })]);
    expect(result.devices).toHaveLength(5);
  });
});

describe('scanPciDisplayDevices without sysfs', () => {
  it('is unsupported, not an error, on Windows and macOS', async () => {
    expect(await scanPciDisplayDevices({ platform: 'win32' })).toEqual({ kind: 'unsupported', platform: 'win32' });
    expect(await scanPciDisplayDevices({ platform: 'darwin' })).toEqual({ kind: 'unsupported', platform: 'darwin' });
  });

  it('reads lspci -Dnnk when /sys/bus/pci is missing, with the same names and drivers as sysfs', async () => {
    const lspci = exec({ kind: 'exited', exitCode: 0, stdout: LSPCI_OUTPUT, stderr: '', truncated: false, durationMs: 3 });
    const result = scanned(await scanPciDisplayDevices(isolated({ exec: lspci })));
    expect(result.source).toBe('lspci');
    expect(result.devices.map((d) => [d.address, d.role, d.deviceName, d.nameSource, d.driver])).toEqual([
      ['0000:03:00.0', 'other', 'ASPEED Graphics Family', 'pci.ids', 'ast'],
      ['0000:17:00.0', 'gpu', 'H100 SXM5 80GB', 'pci.ids', 'nouveau'],
      ['0000:65:00.0', 'gpu', 'H100 SXM5 80GB', 'pci.ids', null],
      ['0000:b1:00.0', 'gpu', 'H100 PCIe', 'pci.ids', 'nvidia'],
      ['0000:ca:00.0', 'gpu', null, null, 'vfio-pci'],
    ]);
    expect(result.devices[1]?.kernelModules).toEqual(['nvidiafb', 'nouveau', 'nvidia_drm', 'nvidia']);
  });

  it('uses lspci\'s own names when there is no pci.ids file to read', async () => {
    const lspci = exec({ kind: 'exited', exitCode: 0, stdout: LSPCI_OUTPUT, stderr: '', truncated: false, durationMs: 3 });
    const result = scanned(await scanPciDisplayDevices(isolated({ exec: lspci, pciIdsPaths: [] })));
    expect(result.devices[0]).toMatchObject({ deviceName: 'ASPEED Graphics Family', nameSource: 'lspci', vendorName: 'ASPEED' });
  });

  it('fails with a reason when neither sysfs nor lspci exists, or lspci fails', async () => {
    const none = await scanPciDisplayDevices(isolated({}));
    expect(none).toMatchObject({ kind: 'failed', code: 'no-sysfs-no-lspci' });
    expect(none.kind === 'failed' && none.detail).toContain('ENOENT');

    const timeout = await scanPciDisplayDevices(isolated({ exec: exec({ kind: 'timeout', stdout: '', stderr: '', durationMs: 5000 }) }));
    expect(timeout).toMatchObject({ kind: 'failed', code: 'timeout' });
  });

  it('reports the sysfs permission problem when lspci cannot stand in', async () => {
    const sysfsFs = { ...nodeSysfsFs, readdir: async () => Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })) };
    const result = await scanPciDisplayDevices(isolated({ sysfsFs }));
    expect(result).toMatchObject({ kind: 'failed', code: 'no-permission' });
  });
});
