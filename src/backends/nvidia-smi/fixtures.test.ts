// Runs the parsers over every real capture: the project's copies (test/fixtures/nvidia-smi/) and,
// when present, the team's shared set (../shared/fixtures/nvidia-smi-csv/). Every file must parse
// without throwing and without a fake number; the captures we know get specific checks.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BackendProcess } from '../../core/backend.js';
import type { DeviceMetricField, GpuDevice } from '../../core/snapshot.js';
import { BYTES_PER_MIB } from '../../core/units.js';
import { parseCsvTable } from './parse-csv.js';
import { parseComputeApps, parseGpuQuery } from './parse-query.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PROJECT_DIR = path.join(REPO, 'test/fixtures/nvidia-smi');
// GPUWISE_SHARED_DIR, when set, is the only place looked at.
const SHARED_CANDIDATES = process.env.GPUWISE_SHARED_DIR
  ? [path.join(process.env.GPUWISE_SHARED_DIR, 'fixtures/nvidia-smi-csv')]
  : [path.join(REPO, '../shared/fixtures/nvidia-smi-csv'), path.join(REPO, 'shared/fixtures/nvidia-smi-csv')];
const SHARED_DIR = SHARED_CANDIDATES.find((dir) => existsSync(dir)) ?? null;

const csvFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.csv')).sort();
const read = (dir: string, name: string) => readFileSync(path.join(dir, name), 'utf8');
const isComputeApps = (text: string) => parseCsvTable(text).columns.some((column) => column.name === 'pid');

/** The GPUs a compute-apps capture refers to, built through the real GPU parser. */
function devicesOf(appsText: string): GpuDevice[] {
  const table = parseCsvTable(appsText, { freeTextColumn: 'process_name' });
  const uuidAt = table.columns.findIndex((c) => c.name === 'gpu_uuid');
  const busAt = table.columns.findIndex((c) => c.name === 'gpu_bus_id');
  const gpus = [...new Set(table.rows.map((row) => `${row.cells[uuidAt]}, ${row.cells[busAt]}`))];
  const csv = ['index, uuid, pci.bus_id', ...gpus.map((ids, index) => `${index}, ${ids}`)].join('\n');
  return parseGpuQuery(csv).devices;
}

type Range = readonly [number, number];
const MIB = BYTES_PER_MIB;
/** Sane ranges for every numeric device field; anything outside is a parsing bug. */
const RANGES: Partial<Record<DeviceMetricField, Range>> = {
  memoryTotalBytes: [MIB, 2 ** 50],
  memoryUsedBytes: [0, 2 ** 50],
  memoryFreeBytes: [0, 2 ** 50],
  memoryReservedBytes: [0, 2 ** 40],
  gpuUtilPercent: [0, 100],
  memoryUtilPercent: [0, 100],
  encoderUtilPercent: [0, 100],
  decoderUtilPercent: [0, 100],
  temperatureCelsius: [-40, 150],
  fanSpeedPercent: [0, 200],
  powerDrawWatts: [0, 5000],
  powerLimitWatts: [1, 5000],
  powerLimitDefaultWatts: [1, 5000],
  graphicsClockMhz: [0, 10_000],
  smClockMhz: [0, 10_000],
  memoryClockMhz: [0, 40_000],
  graphicsClockMaxMhz: [1, 10_000],
  smClockMaxMhz: [1, 10_000],
  memoryClockMaxMhz: [1, 40_000],
  pcieLinkGeneration: [1, 7],
  pcieLinkGenerationMax: [1, 7],
  pcieLinkWidth: [1, 64],
  pcieLinkWidthMax: [1, 64],
  performanceState: [0, 15],
};

function expectHonestDevice(device: GpuDevice, where: string): void {
  for (const [key, value] of Object.entries(device)) {
    if (['index', 'state', 'stateDetail', 'vendor', 'migDevices', 'unavailable'].includes(key)) continue;
    const field = key as DeviceMetricField;
    // Null exactly when a reason says why.
    if (value === null) expect(device.unavailable[field], `${where} ${field} null without reason`).toBeDefined();
    else expect(device.unavailable[field], `${where} ${field} has a value and a reason`).toBeUndefined();
    const range = RANGES[field];
    if (range && value !== null) {
      expect(typeof value, `${where} ${field}`).toBe('number');
      expect(Number.isFinite(value), `${where} ${field} finite`).toBe(true);
      expect(value as number, `${where} ${field} ≥ ${range[0]}`).toBeGreaterThanOrEqual(range[0]);
      expect(value as number, `${where} ${field} ≤ ${range[1]}`).toBeLessThanOrEqual(range[1]);
    }
  }
  for (const count of Object.values(device.eccErrors ?? {})) {
    if (count !== null) expect(Number.isSafeInteger(count) && count >= 0, `${where} ecc count`).toBe(true);
  }
  const { memoryTotalBytes: total, memoryUsedBytes: used, memoryFreeBytes: free, memoryReservedBytes: reserved } = device;
  if (total !== null && used !== null && free !== null && reserved !== null) {
    // nvidia-smi rounds each figure to a MiB, so the parts may miss the total by a MiB or two.
    expect(Math.abs(used + free + reserved - total), `${where} memory adds up`).toBeLessThanOrEqual(2 * MIB);
  }
}

function expectHonestProcess(process: BackendProcess, where: string): void {
  expect(Number.isSafeInteger(process.pid) && process.pid > 0, `${where} pid`).toBe(true);
  if (process.usedMemoryBytes !== null) {
    expect(Number.isFinite(process.usedMemoryBytes) && process.usedMemoryBytes >= 0, `${where} memory`).toBe(true);
  }
  if (process.name !== null) expect(process.name.trim(), `${where} name`).not.toBe('');
}

function checkEveryCapture(dir: string): void {
  for (const name of csvFiles(dir)) {
    it(`${name}: parses without a fake number`, () => {
      const text = read(dir, name);
      if (isComputeApps(text)) {
        const result = parseComputeApps(text, devicesOf(text));
        expect(result.problems).toEqual([]);
        result.processes.forEach((p, i) => expectHonestProcess(p, `${name} process ${i}`));
      } else {
        const result = parseGpuQuery(text);
        expect(result.devices.length).toBeGreaterThan(0);
        result.devices.forEach((d) => expectHonestDevice(d, `${name} GPU ${d.index}`));
        expect(result.problems.filter((p) => p.code === 'parse' && !p.message.includes('no GPU index'))).toEqual([]);
      }
    });
  }
}

/** Checks specific to captures we know; each runs on whichever folder holds the file. */
const KNOWN: Record<string, (text: string) => void> = {
  'h100-80gb-hbm3_driver-590.48.01_query-gpu-all-fields_idle.csv': (text) => {
    const { devices, driverVersion } = parseGpuQuery(text);
    const gpu = devices[0]!;
    expect(driverVersion).toBe('590.48.01');
    expect(gpu).toMatchObject({
      index: 0,
      state: 'ok',
      name: 'NVIDIA H100 80GB HBM3',
      pciBusId: '00000000:00:09.0',
      serial: '0000000000000',
      architecture: 'hopper',
      computeCapability: '9.0',
      vbiosVersion: '96.00.A5.00.01',
      memoryTotalBytes: 81559 * MIB,
      memoryReservedBytes: 479 * MIB,
      memoryUsedBytes: 0,
      memoryFreeBytes: 81081 * MIB,
      gpuUtilPercent: 0,
      temperatureCelsius: 41,
      fanSpeedPercent: null,
      powerDrawWatts: 69.85,
      powerLimitWatts: 700,
      powerLimitDefaultWatts: 700,
      graphicsClockMhz: 345,
      smClockMhz: 345,
      memoryClockMhz: 2619,
      graphicsClockMaxMhz: 1980,
      memoryClockMaxMhz: 2619,
      pcieLinkGeneration: 5,
      pcieLinkGenerationMax: 5,
      pcieLinkWidth: 16,
      performanceState: 0,
      clockEventReasons: ['gpu-idle'],
      eccModeCurrent: true,
      eccErrors: { correctedVolatile: 0, uncorrectedVolatile: 0, correctedAggregate: 0, uncorrectedAggregate: 0 },
      migModeCurrent: false,
      computeMode: 'default',
      persistenceMode: true,
      driverModel: null,
    });
    expect(gpu.unavailable).toMatchObject({ fanSpeedPercent: 'not-reported', driverModel: 'not-reported', pcieRxBytesPerSecond: 'not-reported' });
  },
  'h100-80gb-hbm3_mig_driver-590.48.01_query-gpu-all-fields_load.csv': (text) => {
    const { devices, problems } = parseGpuQuery(text);
    const gpu = devices[0]!;
    expect(gpu.migDevices).toEqual([]);
    expect(problems).toEqual([expect.objectContaining({ scope: 'device:0', code: 'not-supported' })]);
    expect(gpu.migModeCurrent).toBe(true);
    expect(gpu.migModePending).toBe(true);
    // Under 100 % load, yet nvidia-smi has no utilisation in MIG mode: null, not 0.
    for (const field of ['gpuUtilPercent', 'memoryUtilPercent', 'encoderUtilPercent', 'decoderUtilPercent'] as const) {
      expect(gpu[field]).toBeNull();
      expect(gpu.unavailable[field]).toBe('not-supported');
    }
    expect(gpu.memoryUsedBytes).toBe(11125 * MIB);
    expect(gpu.powerDrawWatts).toBe(433.78);
    expect(gpu.clockEventReasons).toEqual([]);
  },
  'rtx-2080-super_driver-610.57.04_query-gpu-all-fields_idle.csv': (text) => {
    const { devices, driverVersion } = parseGpuQuery(text);
    const gpu = devices[0]!;
    expect(driverVersion).toBe('610.57.04');
    expect(gpu).toMatchObject({
      architecture: 'turing',
      serial: null,
      fanSpeedPercent: 38,
      pcieLinkGeneration: 1,
      pcieLinkGenerationMax: 3,
      persistenceMode: false,
      performanceState: 8,
      eccModeCurrent: null,
      eccErrors: null,
      memoryReservedBytes: 400 * MIB,
    });
    expect(gpu.unavailable).toMatchObject({ serial: 'not-reported', eccErrors: 'not-reported', migModeCurrent: 'not-reported' });
  },
  'rtx-2080-super_windows-wddm_driver-591.86_query-gpu-all-fields_idle.csv': (text) => {
    const result = parseGpuQuery(text);
    expect(result.devices[0]).toMatchObject({ driverModel: 'WDDM', persistenceMode: null, vbiosVersion: '90.04.7a.40.73' });
    // Real nvidia-smi.exe writes CRLF; the capture was stored with LF.
    expect(parseGpuQuery(text.replaceAll('\n', '\r\n'))).toEqual(result);
  },
  'tesla-p100-pcie-16gb_driver-unrecorded_query-gpu.csv': (text) => {
    // Only 15 fields, `nounits` values, no trailing newline.
    const gpu = parseGpuQuery(text).devices[0]!;
    expect(gpu).toMatchObject({
      name: 'Tesla P100-PCIE-16GB',
      memoryReservedBytes: 103 * MIB,
      memoryFreeBytes: 16280 * MIB,
      memoryTotalBytes: null,
      fanSpeedPercent: null,
      powerDrawWatts: 28.16,
      smClockMhz: 405,
      performanceState: 0,
    });
    expect(gpu.unavailable.memoryTotalBytes).toBe('not-reported');
  },
  'h200_driver-590.48.01_query-compute-apps_load.csv': (text) => {
    const { processes } = parseComputeApps(text, devicesOf(text));
    expect(processes.map((p) => [p.pid, p.name, p.usedMemoryBytes, p.type, p.gpuIndex])).toEqual([
      [10291, '/root/tools/memhog', 2566 * MIB, 'compute', 0],
      [10293, '/root/tools/memhog', 1542 * MIB, 'compute', 0],
      [10309, './gpu_burn', 28234 * MIB, 'compute', 0],
    ]);
  },
  'rtx-2080-super_windows-wddm_driver-610.62_query-compute-apps_load.csv': (text) => {
    const result = parseComputeApps(text, devicesOf(text));
    expect(result.processes).toHaveLength(21);
    // WDDM: Windows, not the NVIDIA driver, manages the memory — so no per-process figure.
    expect(result.processes.every((p) => p.usedMemoryBytes === null)).toBe(true);
    const names = result.processes.map((p) => p.name);
    expect(names).toContain('C:\\Program Files\\NVIDIA Corporation\\NVIDIA App\\CEF\\NVIDIA Overlay.exe');
    expect(names).toContain('C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe');
    expect(parseComputeApps(text.replaceAll('\n', '\r\n'), devicesOf(text))).toEqual(result);
  },
};

function checkKnownCaptures(dir: string): void {
  for (const name of csvFiles(dir).filter((file) => file in KNOWN)) {
    it(`${name}: matches what the capture shows`, () => KNOWN[name]!(read(dir, name)));
  }
}

describe('project fixtures (test/fixtures/nvidia-smi)', () => {
  checkEveryCapture(PROJECT_DIR);
  checkKnownCaptures(PROJECT_DIR);

  it('include the captures the checks above rely on', () => {
    const present = csvFiles(PROJECT_DIR).filter((name) => name in KNOWN);
    expect(present.length).toBeGreaterThanOrEqual(6);
  });
});

if (SHARED_DIR) {
  describe(`shared fixtures (${SHARED_DIR})`, () => {
    checkEveryCapture(SHARED_DIR);
    checkKnownCaptures(SHARED_DIR);
  });
} else {
  describe('shared fixtures', () => {
    it.skip(`skipped: no shared fixture folder at ${SHARED_CANDIDATES.join(' or ')} (set GPUWISE_SHARED_DIR)`, () => {});
  });
}
