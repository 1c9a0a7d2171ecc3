// The fake NVML's scenarios: MIG, old-driver variants without symbols, the R535 process-struct
// quirk, the withheld-symbol and scenario checks at nvmlInit (with their messages), hangs and
// concurrent callers, and that every scenario file in scenarios/ plays.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import koffi from 'koffi';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  DEVICE_ATTRIBUTES,
  MEMORY_V1,
  MEMORY_V2,
  MEMORY_V2_VERSION,
  PROCESS_INFO_V2,
  processInfoLayoutFor,
  UTILIZATION,
} from '../../src/backends/nvml/layouts.js';
import { code, loadNvml, type LoadedNvml } from './nvml-binding.js';
import {
  ensureFakeNvmlBuilt,
  FAKE_NVML_LIBRARY,
  FAKE_NVML_SCENARIO_DIR,
  fakeNvmlEnv,
  fakeNvmlLibraryFor,
  scenarioPath,
} from './paths.js';
import {
  deviceCount,
  deviceHandle,
  editedScenario,
  initInChildProcess,
  initResult,
  MIB,
  readString,
  readUint,
  scenarioFile,
  withScenario,
  type Handle,
} from './session.js';

beforeAll(async () => {
  await ensureFakeNvmlBuilt();
}, 180_000);


function processPids(nvml: LoadedNvml, symbol: string, device: Handle, stride: number): number[] {
  const count = Buffer.alloc(4);
  count.writeUInt32LE(8);
  const records = Buffer.alloc(8 * stride);
  expect(nvml.fn(symbol)(device, count, records)).toBe(code('SUCCESS'));
  return Array.from({ length: count.readUInt32LE(0) }, (_, i) => records.readUInt32LE(i * stride));
}

function migHandle(nvml: LoadedNvml, gpu: Handle, index: number): { rc: number; handle: Handle } {
  const out: unknown[] = [null];
  const rc = Number(nvml.fn('nvmlDeviceGetMigDeviceHandleByIndex')(gpu, index, out));
  return { rc, handle: out[0] };
}

describe('every scenario file', () => {
  const files = readdirSync(FAKE_NVML_SCENARIO_DIR).filter((name) => name.endsWith('.json'));

  it.each(files)('%s initialises on the library fakeNvmlLibraryFor names', (file) => {
    const expected = file === 'driver-not-loaded.json' ? code('ERROR_DRIVER_NOT_LOADED') : code('SUCCESS');
    expect(initResult(join(FAKE_NVML_SCENARIO_DIR, file))).toBe(expected);
  });

  it('includes the README’s example, which plays as documented', async () => {
    const readme = readFileSync(resolve(FAKE_NVML_SCENARIO_DIR, '..', 'README.md'), 'utf8');
    const example = /```json\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    await withScenario(
      scenarioFile(example ?? ''),
      (nvml) => {
        expect(readString(nvml, 'nvmlSystemGetNVMLVersion', []).rc).toBe(code('ERROR_NOT_SUPPORTED'));
        const gpu0 = deviceHandle(nvml, 0);
        const list = nvml.fn('nvmlDeviceGetComputeRunningProcesses_v3');
        expect(list(gpu0, Buffer.alloc(4), null)).toBe(code('ERROR_NO_PERMISSION'));
        expect(readUint(nvml, 'nvmlDeviceGetTotalEnergyConsumption', deviceHandle(nvml, 1)).rc).toBe(
          code('ERROR_NOT_SUPPORTED'),
        );
        expect(deviceCount(nvml)).toBe(2);
        expect(deviceCount(nvml)).toBe(2);
        expect(readUint(nvml, 'nvmlDeviceGetClockInfo', gpu0, 1)).toEqual({ rc: 0, value: 1275 });
        deviceCount(nvml);
        expect(nvml.fn('nvmlDeviceGetHandleByIndex_v2')(1, [null])).toBe(code('ERROR_GPU_IS_LOST'));
      },
      { step: true },
    );
  });

  it('has a variant library for each scenario that withholds symbols, and only for those', () => {
    expect(fakeNvmlLibraryFor(scenarioPath('old-driver'))).toMatch(/variants\/old-driver\/libnvidia-ml\.so\.1$/);
    expect(fakeNvmlLibraryFor(scenarioPath('r535-v3-struct'))).toMatch(/variants\/r535-v3-struct\//);
    expect(fakeNvmlLibraryFor(scenarioPath('8x-h100'))).toBe(FAKE_NVML_LIBRARY);
    expect(fakeNvmlEnv(scenarioPath('a100-mig'), { step: true })).toEqual({
      GPUWISE_NVML_LIB: FAKE_NVML_LIBRARY,
      FAKE_NVML_SCENARIO: scenarioPath('a100-mig'),
      FAKE_NVML_STEP: '1',
    });
    expect(() => scenarioPath('no-such-scenario')).toThrow(/Known: .*a100-mig/);
  });
});

describe('old drivers', () => {
  it('builds the old-driver variant without the withheld symbols (koffi cannot bind them)', () => {
    const library = koffi.load(fakeNvmlLibraryFor(scenarioPath('old-driver')));
    expect(() => library.func('int nvmlDeviceGetMemoryInfo_v2(void *device, void *memory)')).toThrow();
    expect(() => library.func('int nvmlDeviceGetComputeRunningProcesses_v3(void *d, void *c, void *i)')).toThrow();
    expect(() => library.func('int nvmlDeviceGetCurrentClocksEventReasons(void *d, void *r)')).toThrow();
    expect(() => library.func('int nvmlDeviceGetCurrentClocksThrottleReasons(void *d, void *r)')).not.toThrow();
    expect(() => library.func('int nvmlDeviceGetComputeRunningProcesses_v2(void *d, void *c, void *i)')).not.toThrow();
  });

  it('plays the old driver through the functions it still has', () =>
    withScenario('old-driver', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      expect(readUint(nvml, 'nvmlSystemGetCudaDriverVersion')).toEqual({ rc: 0, value: 11040 });
      const memory = Buffer.alloc(MEMORY_V1.size);
      expect(nvml.fn('nvmlDeviceGetMemoryInfo')(gpu, memory)).toBe(code('SUCCESS'));
      expect(memory.readBigUInt64LE(MEMORY_V1.total)).toBe(15109n * MIB);
      expect(processPids(nvml, 'nvmlDeviceGetComputeRunningProcesses_v2', gpu, PROCESS_INFO_V2.stride)).toEqual([
        2291, 2305,
      ]);
      expect(readUint(nvml, 'nvmlDeviceGetFanSpeed', gpu).rc).toBe(code('ERROR_NOT_SUPPORTED')); // passively cooled
    }));

  it('writes 32-byte _v3 records in the R535 window, which a 24-byte reader would garble', () =>
    withScenario('r535-v3-struct', (nvml) => {
      expect(() => nvml.fn('nvmlDeviceGetConfComputeMemSizeInfo')).not.toThrow();
      expect(() => nvml.fn('nvmlDeviceGetRunningProcessDetailList')).toThrow();
      const layout = processInfoLayoutFor('nvmlDeviceGetComputeRunningProcesses_v3', true, false);
      expect(layout.stride).toBe(32);
      const gpu = deviceHandle(nvml, 0);
      const symbol = 'nvmlDeviceGetComputeRunningProcesses_v3';
      expect(processPids(nvml, symbol, gpu, layout.stride)).toEqual([71524, 71980, 72013]);
      expect(processPids(nvml, symbol, gpu, PROCESS_INFO_V2.stride)).not.toEqual([71524, 71980, 72013]);
    }));
});

describe('the checks at nvmlInit', () => {
  it('refuses a scenario on a library built for other withheld symbols, and says which', async () => {
    const wrong = await initInChildProcess({
      GPUWISE_NVML_LIB: FAKE_NVML_LIBRARY,
      FAKE_NVML_SCENARIO: scenarioPath('old-driver'),
    });
    expect(wrong.rc).toBe(code('ERROR_UNKNOWN'));
    expect(wrong.stderr).toMatch(/the scenario withholds, but the library exports: .*nvmlDeviceGetMemoryInfo_v2/);
    expect(wrong.stderr).toContain('fakeNvmlLibraryFor');
    const reverse = await initInChildProcess({
      GPUWISE_NVML_LIB: fakeNvmlLibraryFor(scenarioPath('old-driver')),
      FAKE_NVML_SCENARIO: scenarioPath('no-gpus'),
    });
    expect(reverse.rc).toBe(code('ERROR_UNKNOWN'));
    expect(reverse.stderr).toMatch(/the library lacks, but the scenario does not withhold: .*_v3/);
  });

  it.each([
    ['no FAKE_NVML_SCENARIO', undefined, /FAKE_NVML_SCENARIO is not set/],
    ['a missing file', '/nonexistent/scenario.json', /cannot open the file/],
    ['invalid JSON', scenarioFile('{\n  "system": {\n    "driverVersion": "550.54.15",\n  }\n}'), /invalid JSON near line 4/],
    ['a misspelt key', 'misspelt', /timeline\[0\]\.devices\[0\]\.memoryUsedMib: unknown key/],
    ['a process on a missing MIG device', 'bad-mig', /processes\[0\]: in MIG mode a process needs/],
    ['an unknown rule target', 'bad-rule', /nvmlDeviceGetNothing" is not a function the fake NVML exports/],
  ])('fails nvmlInit with a message for %s', async (_, scenario, message) => {
    const misspelt = () =>
      editedScenario('4gpu-server-load', (s) => {
        const frame = (s.timeline as { devices: Record<string, unknown>[] }[])[0];
        if (frame?.devices[0]) frame.devices[0].memoryUsedMib = 1;
      });
    const badMig = () =>
      editedScenario('a100-mig', (s) => {
        const frame = (s.timeline as { devices: { processes: { gpuInstanceId: number }[] }[] }[])[0];
        const process = frame?.devices[0]?.processes[0];
        if (process) process.gpuInstanceId = 12;
      });
    const badRule = () =>
      editedScenario('no-gpus', (s) => {
        s.system = { ...(s.system as object), errors: { nvmlDeviceGetNothing: 'TIMEOUT' } };
      });
    const paths: Record<string, () => string> = { misspelt, 'bad-mig': badMig, 'bad-rule': badRule };
    const path = scenario === undefined ? undefined : (paths[scenario]?.() ?? scenario);
    const result = await initInChildProcess({ GPUWISE_NVML_LIB: FAKE_NVML_LIBRARY, FAKE_NVML_SCENARIO: path });
    expect(result.rc).toBe(code('ERROR_UNKNOWN'));
    expect(result.stderr).toMatch(message);
  });
});

describe('MIG', () => {
  it('reports no GPU utilisation in MIG mode and enumerates the MIG devices', () =>
    withScenario('a100-mig', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      expect(nvml.fn('nvmlDeviceGetUtilizationRates')(gpu, Buffer.alloc(UTILIZATION.size))).toBe(
        code('ERROR_NOT_SUPPORTED'),
      );
      const modes = [Buffer.alloc(4), Buffer.alloc(4)];
      expect(nvml.fn('nvmlDeviceGetMigMode')(gpu, ...modes)).toBe(code('SUCCESS'));
      expect(modes.map((mode) => mode.readUInt32LE(0))).toEqual([1, 1]);
      expect(readUint(nvml, 'nvmlDeviceGetMaxMigDeviceCount', gpu)).toEqual({ rc: 0, value: 7 });
      const names = [0, 1, 2, 3].map((index) => readString(nvml, 'nvmlDeviceGetName', [migHandle(nvml, gpu, index).handle]));
      expect(names.map((name) => name.value)).toEqual([
        'NVIDIA A100-SXM4-40GB MIG 3g.20gb',
        'NVIDIA A100-SXM4-40GB MIG 2g.10gb',
        'NVIDIA A100-SXM4-40GB MIG 1g.5gb',
        'NVIDIA A100-SXM4-40GB MIG 1g.5gb',
      ]);
      expect(migHandle(nvml, gpu, 4).rc).toBe(code('ERROR_NOT_FOUND'));
      expect(migHandle(nvml, gpu, 7).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(readUint(nvml, 'nvmlDeviceGetGpuInstanceId', gpu).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(nvml.fn('nvmlDeviceGetAttributes_v2')(gpu, Buffer.alloc(DEVICE_ATTRIBUTES.size))).toBe(
        code('ERROR_NOT_SUPPORTED'),
      );
    }));

  it('answers identity, memory, ids, attributes and processes for a MIG handle, and not the rest', () =>
    withScenario('a100-mig', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      const mig = migHandle(nvml, gpu, 0).handle;
      expect(readString(nvml, 'nvmlDeviceGetUUID', [mig]).value).toMatch(/^MIG-[0-9a-f-]{36}$/);
      expect(readUint(nvml, 'nvmlDeviceGetGpuInstanceId', mig)).toEqual({ rc: 0, value: 2 });
      expect(readUint(nvml, 'nvmlDeviceGetComputeInstanceId', mig)).toEqual({ rc: 0, value: 0 });
      const attributes = Buffer.alloc(DEVICE_ATTRIBUTES.size);
      expect(nvml.fn('nvmlDeviceGetAttributes_v2')(mig, attributes)).toBe(code('SUCCESS'));
      expect(attributes.readUInt32LE(DEVICE_ATTRIBUTES.multiprocessorCount)).toBe(42);
      expect(attributes.readBigUInt64LE(DEVICE_ATTRIBUTES.memorySizeMB)).toBe(19968n);
      const memory = Buffer.alloc(MEMORY_V2.size);
      memory.writeUInt32LE(MEMORY_V2_VERSION, MEMORY_V2.version);
      expect(nvml.fn('nvmlDeviceGetMemoryInfo_v2')(mig, memory)).toBe(code('SUCCESS'));
      expect(memory.readBigUInt64LE(MEMORY_V2.total)).toBe(19968n * MIB);
      expect(memory.readBigUInt64LE(MEMORY_V2.used)).toBe(15249n * MIB);
      const symbol = 'nvmlDeviceGetComputeRunningProcesses_v3';
      expect(processPids(nvml, symbol, mig, PROCESS_INFO_V2.stride)).toEqual([33010]);
      expect(processPids(nvml, symbol, gpu, PROCESS_INFO_V2.stride)).toEqual([33010, 33125, 33300]);
      expect(readUint(nvml, 'nvmlDeviceGetTemperature', mig, 0).rc).toBe(code('ERROR_NOT_SUPPORTED'));
      expect(readUint(nvml, 'nvmlDeviceGetMaxMigDeviceCount', mig).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
    }));
});

describe('hangs and concurrent callers', () => {
  it('lets other devices answer while one device’s call hangs', async () => {
    const path = editedScenario('4gpu-server-load', (scenario) => {
      const devices = scenario.devices as Record<string, unknown>[];
      devices[1] = { ...devices[1], hangMs: { nvmlDeviceGetMemoryInfo: 400 } };
    });
    await withScenario(path, async (nvml) => {
      const memory = nvml.fn('nvmlDeviceGetMemoryInfo');
      const finished: string[] = [];
      const call = (gpu: number, label: string) =>
        new Promise<number>((resolvePromise, reject) => {
          const out = Buffer.alloc(MEMORY_V1.size); // held by the callback: koffi does not keep it alive
          memory.async(deviceHandle(nvml, gpu), out, (error: unknown, rc: number) => {
            finished.push(label);
            out.fill(0);
            if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolvePromise(rc);
          });
        });
      const hung = call(1, 'hung GPU 1');
      await new Promise((wait) => setTimeout(wait, 50)); // let the hung call start sleeping
      const healthy = call(0, 'healthy GPU 0');
      expect(await Promise.all([hung, healthy])).toEqual([0, 0]);
      expect(finished).toEqual(['healthy GPU 0', 'hung GPU 1']);
    });
  });

  it('gives consistent answers to many concurrent callers', () =>
    withScenario('8x-h100', async (nvml) => {
      const name = nvml.fn('nvmlDeviceGetName');
      const calls = Array.from({ length: 256 }, (_, i) => {
        const buffer = Buffer.alloc(96);
        return new Promise<string>((resolvePromise, reject) => {
          name.async(deviceHandle(nvml, i % 8), buffer, 96, (error: unknown, rc: number) => {
            if (error || rc !== 0) reject(new Error(`rc ${rc}`));
            else resolvePromise(buffer.toString('latin1', 0, buffer.indexOf(0)));
          });
        });
      });
      const names = await Promise.all(calls);
      expect(new Set(names)).toEqual(new Set(['NVIDIA H100 80GB HBM3']));
    }));
});
