import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BYTES_PER_MIB } from '../../core/units.js';
import { sharedFixtureDir } from '../../../test/fixtures/vendors/paths.js';
import { VendorParseError } from '../vendor-common/reading.js';
import { parseRocmSmiJson } from './parse.js';

const SHARED = sharedFixtureDir('rocm-smi');
const read = (name: string) => readFileSync(path.join(SHARED!, name), 'utf8');

/** What each shared capture says: device names and VRAM totals, one entry per card. */
const EXPECTED: Record<string, { names: (string | null)[]; memoryTotalBytes: (number | null)[] }> = {
  'hygon-dcu_device-0x6210_label-24.04.3_redacted.json': { names: ['DCU xxxx'], memoryTotalBytes: [65520 * BYTES_PER_MIB] },
  'mi100_rocm-5.7.1.json': { names: Array(6).fill('Arcturus GL-XL [Instinct MI100]'), memoryTotalBytes: Array(6).fill(34342961152) },
  'mi250-mcm-2-dies_rocm-smi-partial-flags_rocm-unrecorded_reformatted.json': {
    names: ['AMD INSTINCT MI250 (MCM) OAM AC MBA', 'AMD INSTINCT MI250 (MCM) OAM AC MBA'],
    memoryTotalBytes: [68702699520, 68702699520],
  },
  'rx-6600_navi23_rocm-smi-showallinfo_via-jq_proxmox-kernel-7.0.0-3-pve.json': { names: ['Navi 23 [Radeon RX 6600/6600 XT/6600M]'], memoryTotalBytes: [null] },
  // ROCm 4.3 printed the vendor id as the card's name; 0x73df is not in the built-in table either.
  'rx-6700-xt_rocm-4.3.0.json': { names: [null], memoryTotalBytes: [12868124672] },
  'rx-6700-xt_rocm-6.0.2.json': { names: ['Navi 22 [Radeon RX 6700/6700 XT / 6800M]'], memoryTotalBytes: [12868124672] },
  'rx-6700-xt_rocm-6.1.2.json': { names: ['Navi 22 [Radeon RX 6700/6700 XT / 6800M]'], memoryTotalBytes: [12868124672] },
  'rx-7800-xt_navi32_rocm-6.2.4_partial-flags.json': { names: ['Navi 32 [Radeon RX 7700 XT / 7800 XT]'], memoryTotalBytes: [17163091968] },
  'vega-20-wks-gl-xe_radeon-instinct-mi50-32gb_rocm-unrecorded_kernel-5.9.17.json': { names: ['Radeon Instinct MI50 32GB'], memoryTotalBytes: [34342961152] },
};

describe.skipIf(!SHARED)('rocm-smi JSON: every shared capture (skipped: ../shared/fixtures/rocm-smi absent)', () => {
  const files = SHARED ? readdirSync(SHARED).filter((name) => name.endsWith('.json')) : [];
  it.each(files)('%s, pretty and as the one compact line rocm-smi prints', (name) => {
    const expected = EXPECTED[name];
    expect(expected, `add ${name} to the table`).toBeDefined();
    const text = read(name);
    const reading = parseRocmSmiJson(text);
    expect(reading.devices.map((d) => d.name)).toEqual(expected!.names);
    expect(reading.devices.map((d) => d.memoryTotalBytes)).toEqual(expected!.memoryTotalBytes);
    expect(parseRocmSmiJson(JSON.stringify(JSON.parse(text)))).toEqual(reading);
  });

  it('MI250: the second die has no package power ("N/A (Secondary die)"): not supported, not 0', () => {
    const reading = parseRocmSmiJson(read('mi250-mcm-2-dies_rocm-smi-partial-flags_rocm-unrecorded_reformatted.json'));
    expect(reading.devices.map((d) => d.powerDrawWatts)).toEqual([92, null]);
    expect(reading.devices[1]!.unavailable.powerDrawWatts).toBe('not-supported');
    expect(reading.devices[0]).toMatchObject({ gpuUtilPercent: 50, memoryUsedBytes: 51527024640, architecture: 'cdna2' });
    expect(reading.problems).toEqual([]);
  });

  it('RX 6700 XT on ROCm 6.1: clocks, link, temperatures, driver', () => {
    const reading = parseRocmSmiJson(read('rx-6700-xt_rocm-6.1.2.json'));
    expect(reading.devices[0]).toMatchObject({
      pciBusId: '00000000:07:00.0', temperatureCelsius: 45, powerDrawWatts: 6, powerLimitWatts: 211, graphicsClockMhz: 0,
      memoryClockMhz: 96, pcieLinkGeneration: 4, pcieLinkWidth: 16, architecture: 'rdna2', memoryUtilPercent: 0,
    });
    expect(reading.driver.driverVersion).toBe('6.3.6');
  });

  it('Hygon DCU: its fork\'s labels (DCU use, MiB) and the empty key', () => {
    const reading = parseRocmSmiJson(read('hygon-dcu_device-0x6210_label-24.04.3_redacted.json'));
    expect(reading.devices[0]).toMatchObject({ gpuUtilPercent: 0, memoryUsedBytes: 2 * BYTES_PER_MIB, temperatureCelsius: 41, powerDrawWatts: 80 });
  });
});

describe('rocm-smi JSON: broken input', () => {
  it('gives a typed error for what is not rocm-smi output', () => {
    for (const text of ['', '{}', '{"gpu_data": []}', '{"card0": {}, "other": 1}', '{"card0": ', '\u0000\u0001binary']) {
      expect(() => parseRocmSmiJson(text)).toThrow(VendorParseError);
    }
  });

  it('a value that is not a number is null with reason "error" and a problem naming the field', () => {
    const reading = parseRocmSmiJson('{"card0": {"GPU use (%)": "lots", "VRAM Total Memory (B)": "-1"}}');
    expect(reading.devices[0]!.gpuUtilPercent).toBeNull();
    expect(reading.devices[0]!.unavailable).toMatchObject({ gpuUtilPercent: 'error', memoryTotalBytes: 'not-reported' });
    expect(reading.problems[0]!.message).toContain('gpuUtilPercent');
  });
});

describe.skipIf(!SHARED)('rocm-smi concise table (skipped: ../shared/fixtures/rocm-smi absent)', () => {
  it('ROCm 6 layout: four MI300X with their name line, °C, W and Mhz cells, spaces inside cells', async () => {
    const { parseRocmSmiTable } = await import('./parse-table.js');
    const reading = parseRocmSmiTable(read('4x-mi300x_rocm-smi-concise_rocm-unrecorded.txt'));
    expect(reading.devices.map((d) => [d.name, d.temperatureCelsius, d.powerDrawWatts, d.graphicsClockMhz, d.memoryClockMhz, d.powerLimitWatts, d.gpuUtilPercent])).toEqual([
      ['AMD Instinct MI300X', 35, 133, 131, 900, 750, 0],
      ['AMD Instinct MI300X', 37, 131, 132, 900, 750, 0],
      ['AMD Instinct MI300X', 34, 131, 132, 900, 750, 0],
      ['AMD Instinct MI300X', 38, 137, 131, 900, 750, 0],
    ]);
  });

  it('newest layout: no name line, the DID names the card; fan and GPU% read', async () => {
    const { parseRocmSmiTable } = await import('./parse-table.js');
    const reading = parseRocmSmiTable(read('radeon-ai-pro-r9700_rocm-smi-concise-new-layout_kernel-6.18.20.txt'));
    expect(reading.devices[0]).toMatchObject({ name: 'Navi 48 [Radeon AI PRO R9700]', temperatureCelsius: 45, powerDrawWatts: 31, fanSpeedPercent: 29.8, gpuUtilPercent: 100, graphicsClockMhz: 2324 });
  });
});

describe('rocm-smi concise table: the legacy layout (ROCm 4–5)', () => {
  it('reads "47.0c" temperatures and the same right-hand columns', async () => {
    const { parseRocmSmiTable } = await import('./parse-table.js');
    // Layout of rocm-smi before ROCm 6 (as quoted in ROCm/ROCm#5706), values ours.
    const text = [
      '======================= ROCm System Management Interface =======================',
      '================================= Concise Info =================================',
      'GPU  Temp (DieEdge)  AvgPwr  SCLK    MCLK     Fan     Perf  PwrCap  VRAM%  GPU%',
      '0    47.0c           29.0W   800Mhz  1000Mhz  19.61%  auto  250.0W    3%   12%',
      '================================================================================',
      '============================= End of ROCm SMI Log ==============================',
    ].join('\n');
    expect(parseRocmSmiTable(text).devices[0]).toMatchObject({ temperatureCelsius: 47, powerDrawWatts: 29, graphicsClockMhz: 800, memoryClockMhz: 1000, fanSpeedPercent: 19.61, powerLimitWatts: 250, gpuUtilPercent: 12, name: null });
  });
});
