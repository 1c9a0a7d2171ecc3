import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BYTES_PER_MIB } from '../../core/units.js';
import { readVendorFixture, sharedFixtureDir } from '../../../test/fixtures/vendors/paths.js';
import { VendorParseError } from '../vendor-common/reading.js';
import { parseAmdSmiDocuments } from './parse.js';

const SHARED = sharedFixtureDir('amd-smi');
const MIB = BYTES_PER_MIB;

/** What each shared JSON capture says: device count, names, VRAM totals (null: the file has none). */
const EXPECTED: Record<string, { devices: number; names: (string | null)[]; memoryTotalBytes: (number | null)[]; processes: number }> = {
  'mi210_amd-smi-static_kernel-6.14.0-24_json.json': { devices: 1, names: ['AMD Instinct MI210'], memoryTotalBytes: [65520 * MIB], processes: 0 },
  'rx-6600_navi23_amd-smi-metric_proxmox-kernel-7.0.0-3-pve.json': { devices: 1, names: [null], memoryTotalBytes: [8176 * MIB], processes: 0 },
  'rx-6600_navi23_amd-smi-static_proxmox-kernel-7.0.0-3-pve.json': { devices: 1, names: ['Navi 23 [Radeon RX 6600/6600 XT'], memoryTotalBytes: [8176 * MIB], processes: 0 },
  '2x-radeon-ai-pro-r9700_amd-smi-process_amdsmi-26.2.1_rocm-7.2.0.json': { devices: 2, names: [null, null], memoryTotalBytes: [null, null], processes: 8 },
};

describe.skipIf(!SHARED)('amd-smi JSON: every shared capture (skipped: ../shared/fixtures/amd-smi absent)', () => {
  const files = SHARED ? readdirSync(SHARED).filter((name) => name.endsWith('.json')) : [];
  it.each(files)('%s', (name) => {
    const reading = parseAmdSmiDocuments([readFileSync(path.join(SHARED!, name), 'utf8')]);
    const expected = EXPECTED[name];
    expect(expected, `add ${name} to the table`).toBeDefined();
    expect(reading.devices).toHaveLength(expected!.devices);
    expect(reading.devices.map((d) => d.name)).toEqual(expected!.names);
    expect(reading.devices.map((d) => d.memoryTotalBytes)).toEqual(expected!.memoryTotalBytes);
    expect(reading.processes).toHaveLength(expected!.processes);
  });
});

describe.skipIf(!SHARED)('amd-smi JSON: static + metric of one RX 6600 merge into one device (skipped: ../shared/fixtures/amd-smi absent)', () => {
  it('reads identity from static and live values from metric, N/A as typed null', () => {
    const read = (name: string) => readFileSync(path.join(SHARED!, name), 'utf8');
    const reading = parseAmdSmiDocuments([
      read('rx-6600_navi23_amd-smi-static_proxmox-kernel-7.0.0-3-pve.json'),
      read('rx-6600_navi23_amd-smi-metric_proxmox-kernel-7.0.0-3-pve.json'),
    ]);
    const [gpu] = reading.devices;
    expect(gpu).toMatchObject({
      vendor: 'amd', pciBusId: '00000000:0B:00.0', vbiosVersion: '020.003.000.030.000000', powerLimitWatts: 100,
      gpuUtilPercent: 1, memoryUtilPercent: 0, powerDrawWatts: 6, temperatureCelsius: 36, temperatureSlowdownCelsius: 100,
      graphicsClockMhz: 800, graphicsClockMaxMhz: 2750, memoryClockMhz: 541, pcieLinkWidth: 8, pcieLinkGeneration: 4,
      pcieLinkWidthMax: 16, pcieLinkGenerationMax: 4, memoryUsedBytes: 202 * MIB, memoryFreeBytes: 7974 * MIB,
    });
    expect(gpu!.serial).toBeNull();
    expect(gpu!.unavailable.serial).toBe('not-reported');
    expect(gpu!.unavailable.computeCapability).toBe('not-supported');
    expect(reading.driver).toMatchObject({ driverVersion: '7.0.0-3-pve', cudaDriverVersion: null });
    expect(reading.problems).toEqual([]);
  });

  it('MI210: the /proc/version amd-smi squeezes into driver.version becomes the kernel release; gfx90a is CDNA2', () => {
    const reading = parseAmdSmiDocuments([readFileSync(path.join(SHARED!, 'mi210_amd-smi-static_kernel-6.14.0-24_json.json'), 'utf8')]);
    expect(reading.driver.driverVersion).toBe('6.14.0-24-generic');
    expect(reading.devices[0]).toMatchObject({ architecture: 'cdna2', temperatureShutdownCelsius: 99 });
  });

  it('process --json: PIDs with VRAM in bytes under each GPU', () => {
    const reading = parseAmdSmiDocuments([readFileSync(path.join(SHARED!, '2x-radeon-ai-pro-r9700_amd-smi-process_amdsmi-26.2.1_rocm-7.2.0.json'), 'utf8')]);
    expect(reading.processes.find((p) => p.pid === 213952 && p.gpuIndex === 0)).toMatchObject({ usedMemoryBytes: 21008920000, name: '/usr/bin/python3.12' });
  });
});

describe('amd-smi JSON: our own captures', () => {
  it('MI250X: two GCDs are two GPUs of 64 GB each; MI300X in CPX mode: one device per partition', () => {
    const mi250 = parseAmdSmiDocuments([readVendorFixture('amd-smi/mi250x_2-gcd_amd-smi-static.json')]);
    expect(mi250.devices.map((d) => [d.name, d.memoryTotalBytes])).toEqual([
      ['AMD Instinct MI250X', 65536 * MIB],
      ['AMD Instinct MI250X', 65536 * MIB],
    ]);
    const mi300 = parseAmdSmiDocuments([readVendorFixture('amd-smi/mi300x_cpx-nps1_amd-smi-list.json'), readVendorFixture('amd-smi/mi300x_cpx-nps1_amd-smi-metric.json')]);
    expect(mi300.devices).toHaveLength(8);
    expect(mi300.devices.map((d) => d.pciBusId)).toEqual(['00000000:05:00.0', '00000000:05:00.1', '00000000:05:00.2', '00000000:05:00.3', '00000000:05:00.4', '00000000:05:00.5', '00000000:05:00.6', '00000000:05:00.7']);
    expect(mi300.devices[0]).toMatchObject({ memoryTotalBytes: 24 * 1024 * MIB, architecture: null, temperatureCelsius: 41 });
  });

  it('single-line JSON (what rocm-smi-era tools really print) and a warning line before it read the same', () => {
    const pretty = readVendorFixture('amd-smi/mi250x_2-gcd_amd-smi-static.json');
    const compact = `WARNING: User is missing the following required groups: video\n${JSON.stringify(JSON.parse(pretty))}`;
    expect(parseAmdSmiDocuments([compact])).toEqual(parseAmdSmiDocuments([pretty]));
  });

  it('refuses what is not amd-smi JSON with a typed error', () => {
    for (const text of ['', 'hello', '{"card0": {}}', '[1, 2]', '{"gpu_data": [{"gpu": -1}]}', '[{"gpu": 0}', 'x'.repeat(17 * 1024 * 1024)]) {
      expect(() => parseAmdSmiDocuments([text])).toThrow(VendorParseError);
    }
  });
});

describe.skipIf(!SHARED)('amd-smi default table (skipped: ../shared/fixtures/amd-smi absent)', () => {
  it('two R9700: bus, left-cut name, use, temperature, power and cap, memory; processes with KB/MB/GB sizes', async () => {
    const { parseAmdSmiTable } = await import('./parse-table.js');
    const reading = parseAmdSmiTable(readFileSync(path.join(SHARED!, '2x-radeon-ai-pro-r9700_amd-smi-default-table_amdsmi-26.2.1_rocm-7.2.0.txt'), 'utf8'));
    expect(reading.devices.map((d) => [d.pciBusId, d.name, d.gpuUtilPercent, d.memoryUtilPercent, d.temperatureCelsius, d.powerDrawWatts, d.powerLimitWatts, d.fanSpeedPercent, d.memoryUsedBytes])).toEqual([
      ['00000000:03:00.0', 'Radeon AI PRO R9700', 100, 1, 79, 103, 300, 38.82, 29777 * MIB],
      ['00000000:43:00.0', 'Radeon AI PRO R9700', 100, 0, 80, 92, 300, 40, 29777 * MIB],
    ]);
    expect(reading.driver.driverVersion).toBe('6.16.6');
    expect(reading.processes.find((p) => p.pid === 213952 && p.gpuIndex === 1)!.usedMemoryBytes).toBe(Math.round(19.6 * 1024 * MIB));
  });
});
