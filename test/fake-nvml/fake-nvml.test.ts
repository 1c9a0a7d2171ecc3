// The fake NVML through the real FFI path (koffi): NVML's calling conventions, the struct layouts
// of src/backends/nvml/layouts.ts, and the scenario features the NVML reader is tested with.

import { beforeAll, describe, expect, it } from 'vitest';

import {
  MEMORY_V1,
  MEMORY_V2,
  MEMORY_V2_VERSION,
  PCI_INFO,
  PROCESS_INFO_V1,
  PROCESS_INFO_V2,
  PROCESS_UTILIZATION_SAMPLE,
  UINT_NOT_AVAILABLE,
  ULL_NOT_AVAILABLE,
  UTILIZATION,
  type ProcessInfoLayout,
} from '../../src/backends/nvml/layouts.js';
import { allSymbolDeclarations, code, loadNvml, type LoadedNvml } from './nvml-binding.js';
import { ensureFakeNvmlBuilt, FAKE_NVML_LIBRARY, scenarioPath } from './paths.js';
import {
  deviceCount,
  deviceHandle,
  editedScenario,
  MIB,
  readString,
  readUint,
  readUint64,
  withScenario,
  type Handle,
} from './session.js';

beforeAll(async () => {
  await ensureFakeNvmlBuilt();
}, 180_000);

function processList(nvml: LoadedNvml, symbol: string, device: Handle, layout: ProcessInfoLayout, slots: number) {
  const count = Buffer.alloc(4);
  count.writeUInt32LE(slots);
  const records = Buffer.alloc(Math.max(slots, 1) * layout.stride + 64, 0xaa);
  const rc = Number(nvml.fn(symbol)(device, count, slots > 0 ? records : null));
  const written = count.readUInt32LE(0);
  const entries = [];
  for (let i = 0; rc === code('SUCCESS') && i < written; i++) {
    const at = i * layout.stride;
    entries.push({
      pid: records.readUInt32LE(at + layout.pid),
      usedGpuMemory: records.readBigUInt64LE(at + layout.usedGpuMemory),
      gpuInstanceId: layout.gpuInstanceId === null ? null : records.readUInt32LE(at + layout.gpuInstanceId),
      computeInstanceId: layout.computeInstanceId === null ? null : records.readUInt32LE(at + layout.computeInstanceId),
    });
  }
  return { rc, count: written, entries, records };
}

describe('exports', () => {
  it('exports every symbol of src/backends/nvml/symbols.ts with a bindable prototype', () => {
    const nvml = loadNvml(FAKE_NVML_LIBRARY);
    const missing = [...allSymbolDeclarations()].filter(([name, declaration]) => {
      try {
        nvml.library.func(declaration);
        return false;
      } catch {
        return name.length > 0;
      }
    });
    expect(missing).toEqual([]);
    expect(allSymbolDeclarations().size).toBeGreaterThan(60);
  });
});

describe('library lifecycle', () => {
  it('refuses calls before nvmlInit and counts nvmlInit calls until the matching nvmlShutdown', () => {
    process.env.FAKE_NVML_SCENARIO = scenarioPath('4gpu-server-load');
    delete process.env.FAKE_NVML_STEP;
    const nvml = loadNvml(FAKE_NVML_LIBRARY);
    const count = Buffer.alloc(4);
    expect(nvml.fn('nvmlDeviceGetCount_v2')(count)).toBe(code('ERROR_UNINITIALIZED'));
    expect(nvml.fn('nvmlShutdown')()).toBe(code('ERROR_UNINITIALIZED'));
    expect(nvml.fn('nvmlInit_v2')()).toBe(code('SUCCESS'));
    expect(nvml.fn('nvmlInit')()).toBe(code('SUCCESS'));
    expect(nvml.fn('nvmlShutdown')()).toBe(code('SUCCESS'));
    expect(nvml.fn('nvmlDeviceGetCount')(count)).toBe(code('SUCCESS'));
    expect(count.readUInt32LE(0)).toBe(4);
    expect(nvml.fn('nvmlShutdown')()).toBe(code('SUCCESS'));
    expect(nvml.fn('nvmlDeviceGetCount_v2')(count)).toBe(code('ERROR_UNINITIALIZED'));
    expect(nvml.fn('nvmlShutdown')()).toBe(code('ERROR_UNINITIALIZED'));
  });

  it('gives NVML’s error strings without being initialised', () => {
    const errorString = loadNvml(FAKE_NVML_LIBRARY).fn('nvmlErrorString');
    expect(errorString(code('SUCCESS'))).toBe('Success');
    expect(errorString(code('ERROR_INSUFFICIENT_SIZE'))).toBe('Insufficient Size');
    expect(errorString(code('ERROR_GPU_IS_LOST'))).toBe('GPU is lost');
    expect(errorString(code('ERROR_LIB_RM_VERSION_MISMATCH'))).toBe('RM has detected an NVML/RM version mismatch.');
    expect(errorString(4242)).toBe('Unknown Error');
  });

  it('imitates a broken driver: nvmlInit fails with the scenario’s error and NVML stays uninitialised', () => {
    const nvml = loadNvml(FAKE_NVML_LIBRARY);
    process.env.FAKE_NVML_SCENARIO = scenarioPath('driver-not-loaded');
    expect(nvml.fn('nvmlInit_v2')()).toBe(code('ERROR_DRIVER_NOT_LOADED'));
    expect(nvml.fn('nvmlDeviceGetCount_v2')(Buffer.alloc(4))).toBe(code('ERROR_UNINITIALIZED'));
    expect(nvml.fn('nvmlShutdown')()).toBe(code('ERROR_UNINITIALIZED'));
  });
});

describe('system and identity', () => {
  it('returns version strings and enforces the buffer length', () =>
    withScenario('4gpu-server-load', (nvml) => {
      expect(readString(nvml, 'nvmlSystemGetDriverVersion', [])).toEqual({ rc: 0, value: '535.183.01' });
      expect(readString(nvml, 'nvmlSystemGetNVMLVersion', [])).toEqual({ rc: 0, value: '12.535.183.01' });
      const exact = '535.183.01'.length + 1;
      expect(readString(nvml, 'nvmlSystemGetDriverVersion', [], exact).rc).toBe(code('SUCCESS'));
      expect(readString(nvml, 'nvmlSystemGetDriverVersion', [], exact - 1).rc).toBe(code('ERROR_INSUFFICIENT_SIZE'));
      expect(readUint(nvml, 'nvmlSystemGetCudaDriverVersion_v2')).toEqual({ rc: 0, value: 12020 });
      expect(readUint(nvml, 'nvmlSystemGetCudaDriverVersion')).toEqual({ rc: 0, value: 12020 });
    }));

  it('names each device and rejects handles that are not the library’s', () =>
    withScenario('4gpu-server-load', (nvml) => {
      const gpu = deviceHandle(nvml, 3);
      expect(readString(nvml, 'nvmlDeviceGetName', [gpu])).toEqual({ rc: 0, value: 'NVIDIA RTX A6000' });
      expect(readString(nvml, 'nvmlDeviceGetUUID', [gpu]).value).toMatch(/^GPU-[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/);
      expect(readString(nvml, 'nvmlDeviceGetName', [gpu], 8).rc).toBe(code('ERROR_INSUFFICIENT_SIZE'));
      expect(readString(nvml, 'nvmlDeviceGetName', [null]).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(readString(nvml, 'nvmlDeviceGetName', [Buffer.alloc(64)]).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(nvml.fn('nvmlDeviceGetHandleByIndex_v2')(4, [null])).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(readUint(nvml, 'nvmlDeviceGetArchitecture', gpu)).toEqual({ rc: 0, value: 7 });
      expect(readUint(nvml, 'nvmlDeviceGetMaxPcieLinkGeneration', gpu)).toEqual({ rc: 0, value: 4 });
      expect(readUint(nvml, 'nvmlDeviceGetEnforcedPowerLimit', gpu)).toEqual({ rc: 0, value: 300_000 });
      const major = Buffer.alloc(4);
      const minor = Buffer.alloc(4);
      expect(nvml.fn('nvmlDeviceGetCudaComputeCapability')(gpu, major, minor)).toBe(code('SUCCESS'));
      expect([major.readInt32LE(0), minor.readInt32LE(0)]).toEqual([8, 6]);
    }));

  it('fills nvmlPciInfo_t at the layouts.ts offsets; the unversioned call writes only the old 52 bytes', () =>
    withScenario('4gpu-server-load', (nvml) => {
      const gpu = deviceHandle(nvml, 2);
      const pci = Buffer.alloc(PCI_INFO.size, 0xaa);
      expect(nvml.fn('nvmlDeviceGetPciInfo_v3')(gpu, pci)).toBe(code('SUCCESS'));
      const text = (field: { offset: number; length: number }) =>
        pci.toString('latin1', field.offset, pci.indexOf(0, field.offset));
      expect(text(PCI_INFO.busId)).toBe('00000000:B1:00.0');
      expect(text(PCI_INFO.busIdLegacy)).toBe('0000:B1:00.0');
      expect(pci.readUInt32LE(PCI_INFO.domain)).toBe(0);
      expect(pci.readUInt32LE(PCI_INFO.bus)).toBe(0xb1);
      expect(pci.readUInt32LE(PCI_INFO.device)).toBe(0);
      expect(pci.readUInt32LE(PCI_INFO.pciDeviceId)).toBe(0x223010de);
      expect(pci.readUInt32LE(PCI_INFO.pciSubSystemId)).toBe(0x145910de);
      const old = Buffer.alloc(PCI_INFO.size, 0xaa);
      expect(nvml.fn('nvmlDeviceGetPciInfo')(gpu, old)).toBe(code('SUCCESS'));
      expect(old.toString('latin1', 0, old.indexOf(0))).toBe('0000:B1:00.0');
      expect([...old.subarray(52)]).toEqual(new Array(PCI_INFO.size - 52).fill(0xaa));
    }));
});

describe('memory', () => {
  it('fills nvmlMemory_t (used includes the reserve) and nvmlMemory_v2_t (reserve apart)', () =>
    withScenario('4gpu-server-load', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      const total = 49140n * MIB;
      const reserved = 491n * MIB;
      const used = (30211n + 2918n + 2n) * MIB; // frame 0: rank 0, the notebook, and 2 MiB of context
      const v1 = Buffer.alloc(MEMORY_V1.size);
      expect(nvml.fn('nvmlDeviceGetMemoryInfo')(gpu, v1)).toBe(code('SUCCESS'));
      expect(v1.readBigUInt64LE(MEMORY_V1.total)).toBe(total);
      const v2 = Buffer.alloc(MEMORY_V2.size);
      v2.writeUInt32LE(MEMORY_V2_VERSION, MEMORY_V2.version);
      expect(nvml.fn('nvmlDeviceGetMemoryInfo_v2')(gpu, v2)).toBe(code('SUCCESS'));
      const v2Used = v2.readBigUInt64LE(MEMORY_V2.used);
      expect(v2Used).toBe(used);
      expect(v2.readBigUInt64LE(MEMORY_V2.reserved)).toBe(reserved);
      expect(v2.readBigUInt64LE(MEMORY_V2.free)).toBe(total - reserved - v2Used);
      expect(v1.readBigUInt64LE(MEMORY_V1.used)).toBe(v2Used + reserved);
      expect(v1.readBigUInt64LE(MEMORY_V1.free)).toBe(total - reserved - v2Used);
    }));

  it('rejects nvmlMemory_v2_t without its version word', () =>
    withScenario('4gpu-server-load', (nvml) => {
      const v2 = Buffer.alloc(MEMORY_V2.size);
      v2.writeUInt32LE(MEMORY_V2.size, MEMORY_V2.version); // the size without (2 << 24)
      expect(nvml.fn('nvmlDeviceGetMemoryInfo_v2')(deviceHandle(nvml, 0), v2)).toBe(
        code('ERROR_ARGUMENT_VERSION_MISMATCH'),
      );
    }));
});

describe('processes', () => {
  it('answers a zero count with INSUFFICIENT_SIZE and the count needed, then fills 24-byte records', () =>
    withScenario('4gpu-server-load', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      const probe = processList(nvml, 'nvmlDeviceGetComputeRunningProcesses_v3', gpu, PROCESS_INFO_V2, 0);
      expect(probe).toMatchObject({ rc: code('ERROR_INSUFFICIENT_SIZE'), count: 2 });
      const one = processList(nvml, 'nvmlDeviceGetComputeRunningProcesses_v3', gpu, PROCESS_INFO_V2, 1);
      expect(one).toMatchObject({ rc: code('ERROR_INSUFFICIENT_SIZE'), count: 2 });
      const full = processList(nvml, 'nvmlDeviceGetComputeRunningProcesses_v3', gpu, PROCESS_INFO_V2, 2);
      expect(full.rc).toBe(code('SUCCESS'));
      expect(full.entries).toEqual([
        { pid: 48211, usedGpuMemory: 30211n * MIB, gpuInstanceId: UINT_NOT_AVAILABLE, computeInstanceId: UINT_NOT_AVAILABLE },
        { pid: 40122, usedGpuMemory: 2918n * MIB, gpuInstanceId: UINT_NOT_AVAILABLE, computeInstanceId: UINT_NOT_AVAILABLE },
      ]);
      expect(full.records[2 * PROCESS_INFO_V2.stride]).toBe(0xaa); // nothing written past the records
    }));

  it('writes 16-byte records from the unversioned function and counts no graphics processes as SUCCESS', () =>
    withScenario('4gpu-server-load', (nvml) => {
      const gpu = deviceHandle(nvml, 2);
      const v1 = processList(nvml, 'nvmlDeviceGetComputeRunningProcesses', gpu, PROCESS_INFO_V1, 4);
      expect(v1.entries).toEqual([{ pid: 51873, usedGpuMemory: 12030n * MIB, gpuInstanceId: null, computeInstanceId: null }]);
      expect(v1.records[PROCESS_INFO_V1.stride]).toBe(0xaa);
      expect(processList(nvml, 'nvmlDeviceGetGraphicsRunningProcesses_v2', gpu, PROCESS_INFO_V2, 0)).toMatchObject({
        rc: code('SUCCESS'),
        count: 0,
      });
      expect(nvml.fn('nvmlDeviceGetComputeRunningProcesses_v2')(gpu, null, null)).toBe(code('ERROR_INVALID_ARGUMENT'));
    }));

  it('reports per-process used memory as not available under WDDM and lists C+G processes in both lists', () =>
    withScenario('windows-wddm', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      const compute = processList(nvml, 'nvmlDeviceGetComputeRunningProcesses_v3', gpu, PROCESS_INFO_V2, 8);
      const graphics = processList(nvml, 'nvmlDeviceGetGraphicsRunningProcesses_v3', gpu, PROCESS_INFO_V2, 8);
      expect(compute.entries.map((entry) => entry.pid)).toEqual([2140, 13160, 13504]);
      expect(graphics.entries.map((entry) => entry.pid)).toEqual([2140, 13160, 13504]);
      expect(compute.entries.every((entry) => entry.usedGpuMemory === ULL_NOT_AVAILABLE)).toBe(true);
      const models = [Buffer.alloc(4), Buffer.alloc(4)];
      expect(nvml.fn('nvmlDeviceGetDriverModel_v2')(gpu, ...models)).toBe(code('SUCCESS'));
      expect(models.map((buffer) => buffer.readUInt32LE(0))).toEqual([0, 0]); // WDDM
      expect(readUint(nvml, 'nvmlDeviceGetPersistenceMode', gpu).rc).toBe(code('ERROR_NOT_SUPPORTED'));
      expect(readString(nvml, 'nvmlDeviceGetSerial', [gpu]).rc).toBe(code('ERROR_NOT_SUPPORTED'));
    }));

  it('returns utilisation samples newer than lastSeenTimeStamp, NOT_FOUND when there are none', () =>
    withScenario(
      '4gpu-server-load',
      (nvml) => {
        deviceCount(nvml); // frame 0
        const gpu = deviceHandle(nvml, 0);
        const getSamples = nvml.fn('nvmlDeviceGetProcessUtilization');
        const count = Buffer.alloc(4);
        expect(getSamples(gpu, null, count, 0)).toBe(code('ERROR_INSUFFICIENT_SIZE'));
        expect(count.readUInt32LE(0)).toBe(1); // the notebook (pid 40122) had no utilisation
        const samples = Buffer.alloc(PROCESS_UTILIZATION_SAMPLE.size);
        expect(getSamples(gpu, samples, count, 0)).toBe(code('SUCCESS'));
        expect(samples.readUInt32LE(PROCESS_UTILIZATION_SAMPLE.pid)).toBe(48211);
        expect(samples.readUInt32LE(PROCESS_UTILIZATION_SAMPLE.smUtil)).toBe(12);
        expect(samples.readUInt32LE(PROCESS_UTILIZATION_SAMPLE.memUtil)).toBe(3);
        const seen = samples.readBigUInt64LE(PROCESS_UTILIZATION_SAMPLE.timeStamp);
        expect(getSamples(gpu, samples, count, seen)).toBe(code('ERROR_NOT_FOUND'));
        deviceCount(nvml); // frame 1, two seconds later
        count.writeUInt32LE(1);
        expect(getSamples(gpu, samples, count, seen)).toBe(code('SUCCESS'));
        expect(samples.readBigUInt64LE(PROCESS_UTILIZATION_SAMPLE.timeStamp)).toBe(seen + 2_000_000n);
        expect(samples.readUInt32LE(PROCESS_UTILIZATION_SAMPLE.smUtil)).toBe(98);
      },
      { step: true },
    ));
});

describe('timeline', () => {
  it('steps one frame per nvmlDeviceGetCount call with FAKE_NVML_STEP=1, clamping at the last', () =>
    withScenario(
      '4gpu-server-load',
      (nvml) => {
        const seen = [];
        for (let call = 0; call < 7; call++) {
          deviceCount(nvml);
          const utilization = Buffer.alloc(UTILIZATION.size);
          expect(nvml.fn('nvmlDeviceGetUtilizationRates')(deviceHandle(nvml, 0), utilization)).toBe(code('SUCCESS'));
          seen.push(utilization.readUInt32LE(UTILIZATION.gpu));
        }
        expect(seen).toEqual([12, 98, 100, 23, 97, 97, 97]);
      },
      { step: true },
    ));

  it('carries values forward and advances the energy counter by the power drawn between frames', () =>
    withScenario(
      '4gpu-server-load',
      (nvml) => {
        deviceCount(nvml);
        const gpu = deviceHandle(nvml, 0);
        const first = readUint64(nvml, 'nvmlDeviceGetTotalEnergyConsumption', gpu);
        expect(first).toEqual({ rc: 0, value: 24_102_377_512n });
        deviceCount(nvml);
        // 88.41 W for the 2 s between frame 0 and frame 1 = 176 820 mJ.
        expect(readUint64(nvml, 'nvmlDeviceGetTotalEnergyConsumption', gpu).value).toBe(24_102_377_512n + 176_820n);
        expect(readUint(nvml, 'nvmlDeviceGetEncoderUtilization', gpu, Buffer.alloc(4)).rc).toBe(code('SUCCESS'));
        expect(readUint(nvml, 'nvmlDeviceGetClockInfo', gpu, 1)).toEqual({ rc: 0, value: 1905 });
        expect(readUint(nvml, 'nvmlDeviceGetClockInfo', gpu, 4).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
        deviceCount(nvml);
        expect(readUint64(nvml, 'nvmlDeviceGetCurrentClocksEventReasons', gpu)).toEqual({ rc: 0, value: 4n });
        expect(readUint64(nvml, 'nvmlDeviceGetCurrentClocksThrottleReasons', gpu)).toEqual({ rc: 0, value: 4n });
      },
      { step: true },
    ));

  it('loses one GPU from its lostAtFrame on, including its handle, and leaves the other one working', () =>
    withScenario(
      'gpu-falls-off-bus',
      (nvml) => {
        const temperature = (gpu: Handle) => readUint(nvml, 'nvmlDeviceGetTemperature', gpu, 0);
        deviceCount(nvml);
        deviceCount(nvml);
        const lostLater = deviceHandle(nvml, 1);
        expect(temperature(lostLater)).toEqual({ rc: 0, value: 75 });
        expect(deviceCount(nvml)).toBe(2); // frame 2: GPU 1 is gone, but still counted
        expect(temperature(lostLater).rc).toBe(code('ERROR_GPU_IS_LOST'));
        expect(readString(nvml, 'nvmlDeviceGetName', [lostLater]).rc).toBe(code('ERROR_GPU_IS_LOST'));
        expect(nvml.fn('nvmlDeviceGetHandleByIndex_v2')(1, [null])).toBe(code('ERROR_GPU_IS_LOST'));
        expect(temperature(deviceHandle(nvml, 0))).toEqual({ rc: 0, value: 73 });
        expect(readUint(nvml, 'nvmlDeviceGetPowerUsage', deviceHandle(nvml, 0))).toEqual({ rc: 0, value: 118_640 });
      },
      { step: true },
    ));
});

describe('scenario rules', () => {
  it('injects errors per function group or exact version, and marks fields unsupported per device', async () => {
    const path = editedScenario('4gpu-server-load', (scenario) => {
      const devices = scenario.devices as Record<string, unknown>[];
      devices[0] = {
        ...devices[0],
        errors: {
          nvmlDeviceGetComputeRunningProcesses: 'NO_PERMISSION',
          nvmlDeviceGetComputeRunningProcesses_v2: 'NVML_ERROR_TIMEOUT',
        },
        unsupported: ['nvmlDeviceGetFanSpeed'],
      };
      scenario.system = { ...(scenario.system as object), errors: { nvmlSystemGetDriverVersion: 999 } };
    });
    await withScenario(path, (nvml) => {
      const [gpu0, gpu1] = [deviceHandle(nvml, 0), deviceHandle(nvml, 1)];
      const list = (symbol: string, gpu: Handle) => nvml.fn(symbol)(gpu, Buffer.alloc(4), null);
      expect(list('nvmlDeviceGetComputeRunningProcesses_v3', gpu0)).toBe(code('ERROR_NO_PERMISSION'));
      expect(list('nvmlDeviceGetComputeRunningProcesses', gpu0)).toBe(code('ERROR_NO_PERMISSION'));
      expect(list('nvmlDeviceGetComputeRunningProcesses_v2', gpu0)).toBe(code('ERROR_TIMEOUT'));
      expect(list('nvmlDeviceGetComputeRunningProcesses_v3', gpu1)).toBe(code('ERROR_INSUFFICIENT_SIZE'));
      expect(readUint(nvml, 'nvmlDeviceGetFanSpeed', gpu0).rc).toBe(code('ERROR_NOT_SUPPORTED'));
      expect(readUint(nvml, 'nvmlDeviceGetFanSpeed', gpu1)).toEqual({ rc: 0, value: 30 });
      expect(readString(nvml, 'nvmlSystemGetDriverVersion', []).rc).toBe(code('ERROR_UNKNOWN'));
    });
  });
});
