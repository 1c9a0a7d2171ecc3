// The shared contract every backend passes (hono's router/common.case.test.ts is the model):
// the same assertions over nvml (through the fake NVML), nvidia-smi (over recorded outputs)
// and pci (over a recorded sysfs tree). A backend-specific test only adds what is specific.

import { describe, expect, it } from 'vitest';
import { openFirstBackend } from '../../src/backends/chain.js';
import type { Backend, BackendDriver, BackendReading } from '../../src/core/backend.js';
import type { GpuDevice, GpuProcess } from '../../src/core/snapshot.js';

/** Keys a device has only in some readings: figures carried from an earlier read (a GPU read apart). */
type OptionalDeviceKey = 'readingAgeMs';
const OPTIONAL_DEVICE_KEYS: ReadonlySet<string> = new Set<OptionalDeviceKey>(['readingAgeMs']);

/** Every GpuDevice key, so a field added to the type but not to a backend fails here. */
const DEVICE_KEYS = {
  index: true, state: true, stateDetail: true, vendor: true, name: true, uuid: true, pciBusId: true,
  serial: true, architecture: true, computeCapability: true, vbiosVersion: true,
  memoryTotalBytes: true, memoryUsedBytes: true, memoryFreeBytes: true, memoryReservedBytes: true,
  gpuUtilPercent: true, memoryUtilPercent: true, encoderUtilPercent: true, decoderUtilPercent: true,
  temperatureCelsius: true, temperatureSlowdownCelsius: true, temperatureShutdownCelsius: true, fanSpeedPercent: true,
  powerDrawWatts: true, powerLimitWatts: true, powerLimitDefaultWatts: true, energyConsumedJoules: true,
  graphicsClockMhz: true, smClockMhz: true, memoryClockMhz: true,
  graphicsClockMaxMhz: true, smClockMaxMhz: true, memoryClockMaxMhz: true,
  pcieLinkGeneration: true, pcieLinkGenerationMax: true, pcieLinkWidth: true, pcieLinkWidthMax: true,
  pcieRxBytesPerSecond: true, pcieTxBytesPerSecond: true,
  nvlinkRxBytesPerSecond: true, nvlinkTxBytesPerSecond: true, powerDrawAverageWatts: true,
  graphicsActivePercent: true, smActivePercent: true, smOccupancyPercent: true, tensorActivePercent: true, dramActivePercent: true, throttleTimePercent: true,
  performanceState: true, clockEventReasons: true,
  eccModeCurrent: true, eccModePending: true, eccErrors: true,
  migModeCurrent: true, migModePending: true, migDevices: true,
  computeMode: true, persistenceMode: true, driverModel: true, unavailable: true,
} as const satisfies Record<Exclude<keyof GpuDevice, OptionalDeviceKey>, true>;

const NOT_METRICS = new Set(['index', 'state', 'stateDetail', 'vendor', 'migDevices', 'readingAgeMs', 'unavailable']);
const PERCENT_FIELDS = ['gpuUtilPercent', 'memoryUtilPercent', 'encoderUtilPercent', 'decoderUtilPercent'] as const;
const PROCESS_KEYS: (keyof GpuProcess)[] = [
  'pid', 'gpuIndex', 'gpuUuid', 'gpuInstanceId', 'computeInstanceId', 'type', 'usedMemoryBytes',
  'smUtilPercent', 'memoryUtilPercent', 'encoderUtilPercent', 'decoderUtilPercent', 'name',
];

export interface ContractCase {
  /** Opens the backend under test; called once per test. */
  driver: () => BackendDriver | Promise<BackendDriver>;
  /** How many devices the recorded machine has. */
  deviceCount: number;
  /** Whether this recording has processes to check. */
  expectsProcesses: boolean;
  cleanup?: () => void | Promise<void>;
}

async function open(testCase: ContractCase): Promise<Backend> {
  const result = await (await testCase.driver()).open();
  if (!result.ok) throw new Error(`backend did not open: ${result.unavailable.code} ${result.unavailable.detail}`);
  return result.backend;
}

export function checkReading(reading: BackendReading, expectedDevices: number): void {
  expect(reading.devices).toHaveLength(expectedDevices);
  reading.devices.forEach((device, i) => checkDevice(device, i));
  const indexes = new Set(reading.devices.map((d) => d.index));
  for (const process of reading.processes) {
    expect(Object.keys(process).sort()).toEqual([...PROCESS_KEYS].sort());
    expect(Number.isInteger(process.pid) && process.pid > 0, `pid ${process.pid}`).toBe(true);
    expect(indexes.has(process.gpuIndex), `process ${process.pid} on unknown GPU ${process.gpuIndex}`).toBe(true);
    expect(['compute', 'graphics', 'compute+graphics']).toContain(process.type);
    if (process.usedMemoryBytes !== null) expect(process.usedMemoryBytes).toBeGreaterThanOrEqual(0);
  }
  for (const problem of reading.problems) {
    expect(typeof problem.scope === 'string' && typeof problem.code === 'string' && typeof problem.message === 'string').toBe(true);
  }
  for (const [field, value] of Object.entries(reading.driver)) {
    if (field !== 'unavailable' && value === null) expect(reading.driver.unavailable, `driver.${field}`).toHaveProperty(field);
  }
}

function checkDevice(device: GpuDevice, position: number): void {
  const where = `device ${device.index}`;
  expect(Object.keys(device).filter((key) => !OPTIONAL_DEVICE_KEYS.has(key)).sort(), where).toEqual(Object.keys(DEVICE_KEYS).sort());
  if (device.readingAgeMs !== undefined) expect(device.readingAgeMs, where).toBeGreaterThanOrEqual(0);
  expect(device.index, where).toBe(position);
  expect(['ok', 'lost', 'error']).toContain(device.state);
  for (const [field, value] of Object.entries(device)) {
    if (NOT_METRICS.has(field)) continue;
    // Missing is typed: a null says why, a present value has no stale reason next to it.
    if (value === null) expect(device.unavailable, `${where}: ${field} is null without a reason`).toHaveProperty(field);
    else expect(device.unavailable, `${where}: ${field} has a value and a reason`).not.toHaveProperty(field);
    if (typeof value === 'number') {
      expect(Number.isFinite(value), `${where}: ${field} = ${value}`).toBe(true);
      expect(value, `${where}: ${field}`).toBeGreaterThanOrEqual(0);
    }
  }
  for (const field of PERCENT_FIELDS) {
    const value = device[field];
    if (value !== null) expect(value, `${where}: ${field}`).toBeLessThanOrEqual(100);
  }
  const { memoryTotalBytes: total, memoryUsedBytes: used } = device;
  if (total !== null && used !== null) expect(used, `${where}: used ≤ total`).toBeLessThanOrEqual(total);
  if (device.state === 'ok' && device.uuid !== null) expect(device.uuid).toMatch(/^(GPU|MIG)-/);
}

export function describeBackendContract(name: string, testCase: ContractCase): void {
  describe(`backend contract: ${name}`, () => {
    it('opens, reads a well-formed reading, and reads again', async () => {
      const backend = await open(testCase);
      try {
        expect(typeof backend.id).toBe('string');
        const first = await backend.read();
        checkReading(first, testCase.deviceCount);
        if (testCase.expectsProcesses) expect(first.processes.length).toBeGreaterThan(0);
        if (!backend.capabilities.processes) expect(first.processes).toEqual([]);
        checkReading(await backend.read(), testCase.deviceCount);
      } finally {
        await backend.close();
        await testCase.cleanup?.();
      }
    });

    it('answers two reads at once and then a third: the two share one read, the third is a new one', async () => {
      // Through the chain, the one place every backend is opened (single-flight), as consumers get it.
      const { backend } = await openFirstBackend([await testCase.driver()]);
      if (!backend) throw new Error('backend did not open');
      try {
        const [first, second] = await Promise.all([backend.read(), backend.read()]);
        const third = await backend.read();
        for (const reading of [first, second, third]) {
          checkReading(reading, testCase.deviceCount);
          // A jammed backend answers "did not answer" from then on.
          expect(reading.problems.filter((p) => p.code === 'timeout')).toEqual([]);
        }
        expect(second).toBe(first);
        expect(third).not.toBe(first);
      } finally {
        await backend.close();
        await testCase.cleanup?.();
      }
    });

    it('closes twice without error', async () => {
      const backend = await open(testCase);
      await backend.close();
      await expect(backend.close()).resolves.toBeUndefined();
      await testCase.cleanup?.();
    });
  });
}
