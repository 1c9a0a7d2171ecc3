import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVendorFixture, sharedFixtureDir } from '../../../test/fixtures/vendors/paths.js';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import type { Exec } from '../../system/exec.js';
import { VendorParseError } from '../vendor-common/reading.js';
import { nvidiaDriverVersion } from './adapters.js';
import { createWindowsDriver } from './index.js';
import { parseWin32Json, parseWin32Text, parseWindowsLive } from './parse.js';
import { textLayout } from './records.js';

const SHARED = sharedFixtureDir('win32-videocontroller');
const GIB = 1024 ** 3;

/** What each shared capture says: adapters (PCI only) with their names and memory (null: AdapterRAM is the 4 GiB cap). */
const EXPECTED: Record<string, { names: string[]; memory: (number | null)[]; capped: number }> = {
  'radeon-r5-m335+intel-hd-520_wmic-format-list_adapterram-capped.txt': { names: ['AMD Radeon (TM) R5 M335', 'Intel(R) HD Graphics 520'], memory: [null, 1 * GIB], capped: 1 },
  'rtx-3050-ti-laptop+intel-uhd_get-wmiobject-format-list_nvidia-32.0.15.6590.txt': { names: ['NVIDIA GeForce RTX 3050 Ti Laptop GPU', 'Intel(R) UHD Graphics'], memory: [null, 1 * GIB], capped: 1 },
  // The VNC mirror driver (ROOT\DISPLAY) is not a GPU.
  'vnc-mirror+gtx-660m_wmic-format-list_nvidia-10.18.13.6472.txt': { names: ['NVIDIA GeForce GTX 660M'], memory: [2 * GIB], capped: 0 },
};

describe.skipIf(!SHARED)('Win32_VideoController text: every shared capture (skipped: ../shared/fixtures/win32-videocontroller absent)', () => {
  const files = SHARED ? readdirSync(SHARED).filter((name) => name.endsWith('.txt')) : [];
  it.each(files)('%s', (name) => {
    const expected = EXPECTED[name];
    expect(expected, `add ${name} to the table`).toBeDefined();
    const reading = parseWin32Text(readFileSync(path.join(SHARED!, name), 'utf8'));
    expect(reading.devices.map((d) => d.name)).toEqual(expected!.names);
    expect(reading.devices.map((d) => d.memoryTotalBytes)).toEqual(expected!.memory);
    const capped = reading.problems.filter((p) => p.key === 'vendors.windows.adapterRamCappedUnknown');
    expect(capped).toHaveLength(expected!.capped);
    for (const device of reading.devices) if (device.memoryTotalBytes === null) expect(device.unavailable.memoryTotalBytes).toBe('out-of-range');
  });

  it('the NVIDIA driver in NVIDIA\'s numbering; the wrapped InstalledDisplayDrivers line does not leak into other fields', () => {
    const reading = parseWin32Text(readFileSync(path.join(SHARED!, 'rtx-3050-ti-laptop+intel-uhd_get-wmiobject-format-list_nvidia-32.0.15.6590.txt'), 'utf8'));
    expect(reading.driver.driverVersion).toBe('565.90');
    expect(reading.devices.map((d) => d.vendor)).toEqual(['nvidia', 'intel']);
  });
});

describe('Win32_VideoController: our captures', () => {
  it('gpuwise\'s inventory: the registry\'s qwMemorySize instead of the capped AdapterRAM, said plainly; REG_BINARY sizes; RDP adapter skipped', () => {
    const reading = parseWin32Json(readVendorFixture('windows/rtx-4070-laptop+intel-uhd_gpuwise-inventory.json'));
    expect(reading.devices.map((d) => [d.name, d.memoryTotalBytes])).toEqual([
      ['NVIDIA GeForce RTX 4070 Laptop GPU', 8585740288],
      ['Intel(R) UHD Graphics', 134217728],
    ]);
    expect(reading.problems).toEqual([
      expect.objectContaining({ key: 'vendors.windows.adapterRamCapped', params: { name: 'NVIDIA GeForce RTX 4070 Laptop GPU', adapterRam: 4293918720, real: 8585740288 } }),
    ]);
    expect(reading.driver).toMatchObject({ driverVersion: '566.14', cudaDriverVersion: null, unavailable: { cudaDriverVersion: 'not-reported' } });
  });

  it('Get-CimInstance | ConvertTo-Json (PowerShell 5.1 layout, CRLF): a 24 GB Radeon whose AdapterRAM says 4 GiB has no size, and the note says why', () => {
    const reading = parseWin32Json(readVendorFixture('windows/rx-7900-xtx_get-ciminstance-convertto-json.json'));
    expect(reading.devices).toHaveLength(1);
    expect(reading.devices[0]).toMatchObject({ vendor: 'amd', name: 'AMD Radeon RX 7900 XTX', memoryTotalBytes: null });
    expect(reading.problems[0]!.key).toBe('vendors.windows.adapterRamCappedUnknown');
    expect(reading.driver.driverVersion).toBe('32.0.11021.1011');
  });

  it('wmic get name,adapterram: the table people paste', () => {
    const text = readVendorFixture('windows/rtx-3060+intel-uhd-770_wmic-get-name-adapterram.txt');
    expect(textLayout(text)).toBe('wmic-table');
    const reading = parseWin32Text(text);
    expect(reading.devices.map((d) => [d.vendor, d.name, d.memoryTotalBytes])).toEqual([
      ['nvidia', 'NVIDIA GeForce RTX 3060', null],
      ['intel', 'Intel(R) UHD Graphics 770', GIB],
    ]);
  });

  it('counters: the busiest engine summed over processes, dedicated memory in use; linked by AdapterLuid', () => {
    const reading = parseWindowsLive(readVendorFixture('windows/rtx-4070-laptop+intel-uhd_gpuwise-inventory.json'), readVendorFixture('windows/rtx-4070-laptop+intel-uhd_get-counter.json'));
    const [nvidia, intel] = reading.devices;
    expect(nvidia!.gpuUtilPercent).toBeCloseTo(73.8, 5);
    expect(nvidia).toMatchObject({ memoryUsedBytes: 6012305408, memoryFreeBytes: 8585740288 - 6012305408 });
    expect(intel).toMatchObject({ gpuUtilPercent: 6.5, memoryUsedBytes: 0 });
    // Task Manager's per-process view: PID 0 (the kernel's share) is not a process.
    expect(reading.processes.map((p) => [p.pid, p.gpuIndex, p.type, p.usedMemoryBytes, p.smUtilPercent])).toEqual([
      [10432, 0, 'compute+graphics', 5368709120, 51.7],
      [8844, 0, 'compute', 536870912, 22.1],
      [3120, 1, 'graphics', 0, 6.5],
    ]);
  });

  it('NVIDIA version numbering', () => {
    expect(nvidiaDriverVersion('32.0.15.6590')).toBe('565.90');
    expect(nvidiaDriverVersion('31.0.15.3623')).toBe('536.23');
    expect(nvidiaDriverVersion('10.18.13.6472')).toBe('364.72');
    expect(nvidiaDriverVersion('garbage')).toBeNull();
  });

  it('not Win32_VideoController output: a typed error; fuzzed pastes never crash', () => {
    for (const text of ['', 'hello world', '{"foo": 1}', '[]', 'Name : \n', '\u0000\u0000']) {
      expect(() => (text.startsWith('{') || text.startsWith('[') ? parseWin32Json(text) : parseWin32Text(text))).toThrow(VendorParseError);
    }
    const fuzz = createFuzzer(1402);
    const bases = [readVendorFixture('windows/rtx-3060+intel-uhd-770_wmic-get-name-adapterram.txt'), ...(SHARED ? readdirSync(SHARED).filter((n) => n.endsWith('.txt')).map((n) => readFileSync(path.join(SHARED, n), 'utf8')) : [])];
    const counters = readVendorFixture('windows/rtx-4070-laptop+intel-uhd_get-counter.json');
    const inventory = readVendorFixture('windows/rtx-4070-laptop+intel-uhd_gpuwise-inventory.json');
    for (let i = 0; i < 200; i++) {
      try {
        const reading = parseWindowsLive(inventory, fuzz.mutate(counters));
        for (const d of reading.devices) if (d.gpuUtilPercent !== null) expect(d.gpuUtilPercent).toBeLessThanOrEqual(100);
      } catch (error) {
        expect(error).toBeInstanceOf(VendorParseError);
      }
    }
    for (let i = 0; i < 300; i++) {
      const text = fuzz.mutate(fuzz.pick(bases));
      try {
        const reading = parseWin32Text(text);
        for (const d of reading.devices) if (d.memoryTotalBytes !== null) expect(Number.isSafeInteger(d.memoryTotalBytes)).toBe(true);
      } catch (error) {
        expect(error).toBeInstanceOf(VendorParseError);
      }
    }
  });
});

describe('windows backend through the exec seam (tested on Linux only: PowerShell outputs recorded)', () => {
  const exec = (counters: string | null): Exec => async (_file, args) => {
    const script = args[args.length - 1] ?? '';
    const stdout = script.includes('Get-Counter') ? counters : readVendorFixture('windows/rtx-4070-laptop+intel-uhd_gpuwise-inventory.json');
    return stdout === null ? { kind: 'timeout', stdout: '', stderr: '', durationMs: 15000 } : { kind: 'exited', exitCode: 0, stdout, stderr: '', truncated: false, durationMs: 5 };
  };

  it('opens with the inventory and reads the counters at each read', async () => {
    const opened = await createWindowsDriver({ exec: exec(readVendorFixture('windows/rtx-4070-laptop+intel-uhd_get-counter.json')) }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices.map((d) => d.gpuUtilPercent)).toEqual([expect.closeTo(73.8, 5), 6.5]);
  });

  it('a Get-Counter answer that is not JSON leaves the inventory with a parse problem', async () => {
    const opened = await createWindowsDriver({ exec: exec('Get-Counter : The specified object was not found on the computer.') }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices).toHaveLength(2);
    expect(reading.problems.map((p) => p.code)).toContain('parse');
  });

  it('a Get-Counter that hangs leaves the inventory with a timeout problem', async () => {
    const opened = await createWindowsDriver({ exec: exec(null) }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices).toHaveLength(2);
    expect(reading.devices[0]!.unavailable.gpuUtilPercent).toBe('not-reported');
    expect(reading.problems.map((p) => p.code)).toContain('timeout');
  });
});
