// What pynvml-based tools call besides gpuwise's list (so gpustat and nvitop run on the fake
// unmodified), and the cost model: callCostUs / fieldCostUs really spend their time, a costly
// call does not hold up other GPUs, and 8x-h100-real-costs stays 8x-h100 with costs.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import koffi from 'koffi';
import { beforeAll, describe, expect, it } from 'vitest';

import { runCommand } from '../../src/system/exec.js';
import { code, type LoadedNvml } from './nvml-binding.js';
import { fieldValues } from './nvml-structs.js';
import { ensureFakeNvmlBuilt, FAKE_NVML_BUILD_DIR, FAKE_NVML_LIBRARY, scenarioPath } from './paths.js';
import { deviceHandle, editedScenario, initInChildProcess, withScenario, type Handle } from './session.js';

beforeAll(async () => {
  await ensureFakeNvmlBuilt();
}, 180_000);

const MIB = 1024n * 1024n;

function handleBy(nvml: LoadedNvml, declaration: string, key: string): { rc: number; handle: Handle } {
  const out: unknown[] = [null];
  const rc = Number(nvml.declared(declaration)(key, out));
  return { rc, handle: out[0] };
}
const BY_UUID = 'int nvmlDeviceGetHandleByUUID(const char *uuid, _Out_ void **device)';
const BY_PCI = 'int nvmlDeviceGetHandleByPciBusId_v2(const char *busId, _Out_ void **device)';

function migHandle(nvml: LoadedNvml, gpu: Handle, index: number): Handle {
  const out: unknown[] = [null];
  expect(nvml.fn('nvmlDeviceGetMigDeviceHandleByIndex')(gpu, index, out)).toBe(0);
  return out[0];
}

function bar1(nvml: LoadedNvml, device: Handle): { rc: number; total: bigint; free: bigint; used: bigint } {
  const out = Buffer.alloc(24, 0xee);
  const rc = Number(nvml.declared('int nvmlDeviceGetBAR1MemoryInfo(void *device, void *bar1)')(device, out));
  return { rc, total: out.readBigUInt64LE(0), free: out.readBigUInt64LE(8), used: out.readBigUInt64LE(16) };
}

/** A (device, unsigned int *) getter gpuwise does not bind, with this test's own declaration. */
function uint(nvml: LoadedNvml, symbol: string, device: Handle): { rc: number; value: number } {
  const out = Buffer.alloc(4, 0xee);
  const rc = Number(nvml.declared(`int ${symbol}(void *device, void *out)`)(device, out));
  return { rc, value: out.readUInt32LE(0) };
}

describe('what gpustat and nvitop call', () => {
  it('initialises with flags, counted like nvmlInit', async () => {
    await withScenario('8x-h100', (nvml) => {
      const initWithFlags = nvml.declared('int nvmlInitWithFlags(unsigned int flags)');
      expect(initWithFlags(1)).toBe(0);
      expect(nvml.fn('nvmlShutdown')()).toBe(0); // still initialised by withScenario's nvmlInit
      expect(uint(nvml, 'nvmlDeviceGetIndex', deviceHandle(nvml, 5))).toEqual({ rc: 0, value: 5 });
    });
  });

  it('finds handles by UUID (GPU or MIG) and PCI bus id, and reports which kind a handle is', async () => {
    await withScenario('8x-h100', (nvml) => {
      const gpu1 = deviceHandle(nvml, 1);
      const byUuid = handleBy(nvml, BY_UUID, 'GPU-83f614dc-87a1-42f4-a0ca-36fe3d3db70b');
      expect(byUuid.rc).toBe(0);
      expect(koffi.address(byUuid.handle)).toBe(koffi.address(gpu1));
      expect(koffi.address(handleBy(nvml, BY_PCI, '00000000:2A:00.0').handle)).toBe(koffi.address(gpu1));
      expect(koffi.address(handleBy(nvml, BY_PCI, '2a:00.0').handle)).toBe(koffi.address(gpu1));
      expect(handleBy(nvml, BY_UUID, 'GPU-00000000-0000-0000-0000-000000000000').rc).toBe(code('ERROR_NOT_FOUND'));
      expect(handleBy(nvml, BY_PCI, '00000000:FF:00.0').rc).toBe(code('ERROR_NOT_FOUND'));
      expect(handleBy(nvml, BY_PCI, 'not a bus id').rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(uint(nvml, 'nvmlDeviceIsMigDeviceHandle', gpu1)).toEqual({ rc: 0, value: 0 });
    });
    await withScenario('a100-mig', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      const mig = handleBy(nvml, BY_UUID, 'MIG-5c2e9a41-8d07-5b3f-a1e6-2f4c7d90b318');
      expect(koffi.address(mig.handle)).toBe(koffi.address(migHandle(nvml, gpu, 0)));
      expect(uint(nvml, 'nvmlDeviceIsMigDeviceHandle', mig.handle)).toEqual({ rc: 0, value: 1 });
      const parent: unknown[] = [null];
      const fromMig = nvml.declared('int nvmlDeviceGetDeviceHandleFromMigDeviceHandle(void *mig, _Out_ void **device)');
      expect(fromMig(mig.handle, parent)).toBe(0);
      expect(koffi.address(parent[0])).toBe(koffi.address(gpu));
      expect(fromMig(gpu, parent)).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(uint(nvml, 'nvmlDeviceGetIndex', mig.handle).rc).toBe(code('ERROR_NOT_SUPPORTED'));
    });
  });

  it('reports the power management limit, display state, BAR1 and (no) MPS clients', async () => {
    await withScenario('8x-h100', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      expect(uint(nvml, 'nvmlDeviceGetPowerManagementLimit', gpu)).toEqual({ rc: 0, value: 700_000 });
      expect(uint(nvml, 'nvmlDeviceGetDisplayMode', gpu)).toEqual({ rc: 0, value: 0 });
      expect(uint(nvml, 'nvmlDeviceGetDisplayActive', gpu)).toEqual({ rc: 0, value: 0 });
      expect(bar1(nvml, gpu)).toEqual({ rc: 0, total: 131072n * MIB, used: 5n * MIB, free: 131067n * MIB });
      const count = Buffer.alloc(4);
      const mps = nvml.declared('int nvmlDeviceGetMPSComputeRunningProcesses_v3(void *device, void *count, void *infos)');
      expect(mps(gpu, count, null)).toBe(0);
      expect(count.readUInt32LE(0)).toBe(0);
    });
    await withScenario('a100-mig', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      expect(uint(nvml, 'nvmlDeviceGetDisplayMode', gpu).value).toBe(1);
      expect(bar1(nvml, gpu)).toMatchObject({ rc: 0, total: 65536n * MIB, used: 1n * MIB });
      expect(bar1(nvml, migHandle(nvml, gpu, 0))).toEqual({ rc: 0, total: 32767n * MIB, used: 0n, free: 32767n * MIB });
    });
    await withScenario('hung-gpu', (nvml) => {
      expect(bar1(nvml, deviceHandle(nvml, 0)).rc).toBe(code('ERROR_NOT_SUPPORTED')); // not in that scenario
      expect(uint(nvml, 'nvmlDeviceGetDisplayActive', deviceHandle(nvml, 0)).rc).toBe(code('ERROR_NOT_SUPPORTED'));
    });
  });
});

function withCosts(costs: { system?: Record<string, unknown>; device0?: Record<string, unknown> }): string {
  return editedScenario('8x-h100', (scenario) => {
    Object.assign(scenario.system as object, costs.system ?? {});
    Object.assign((scenario.devices as Record<string, unknown>[])[0] ?? {}, costs.device0 ?? {});
  });
}

function elapsedMs(call: () => unknown): number {
  const start = process.hrtime.bigint();
  call();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

describe('the cost model', () => {
  it('spends a callCostUs on every call, a device value overriding the system default', async () => {
    const path = withCosts({
      system: { callCostUs: { nvmlDeviceGetTemperature: 5000, nvmlDeviceGetCount: 5000 } },
      device0: { callCostUs: { nvmlDeviceGetTemperature: 20_000 } },
    });
    await withScenario(path, (nvml) => {
      const temperature = (gpu: number) => nvml.fn('nvmlDeviceGetTemperature')(deviceHandle(nvml, gpu), 0, Buffer.alloc(4));
      expect(elapsedMs(() => temperature(1))).toBeGreaterThanOrEqual(5);
      expect(elapsedMs(() => temperature(1))).toBeGreaterThanOrEqual(5); // every call, not only the first
      expect(elapsedMs(() => temperature(0))).toBeGreaterThanOrEqual(20);
      expect(elapsedMs(() => nvml.fn('nvmlDeviceGetCount_v2')(Buffer.alloc(4)))).toBeGreaterThanOrEqual(5);
    });
  });

  it('spends a costly call without the lock, so another GPU answers meanwhile', async () => {
    const path = withCosts({ device0: { callCostUs: { nvmlDeviceGetPcieThroughput: 400_000 } } });
    await withScenario(path, async (nvml) => {
      const finished: string[] = [];
      const throughput = nvml.fn('nvmlDeviceGetPcieThroughput');
      // The callback holds the out-buffer: koffi does not keep it alive for an async call, and a
      // buffer collected during the 400 ms would be written after it is freed.
      const kibPerSecond = Buffer.alloc(4);
      const slow = new Promise<number>((done) => {
        throughput.async(deviceHandle(nvml, 0), 0, kibPerSecond, () => {
          finished.push('GPU 0 PCIe window');
          done(kibPerSecond.readUInt32LE(0));
        });
      });
      await new Promise((wait) => setTimeout(wait, 50));
      expect(nvml.fn('nvmlDeviceGetTemperature')(deviceHandle(nvml, 1), 0, Buffer.alloc(4))).toBe(0);
      finished.push('GPU 1 temperature');
      expect(await slow).toBe(12); // frame 0's pcieTxKiBPerSecond
      expect(finished).toEqual(['GPU 1 temperature', 'GPU 0 PCIe window']);
    });
  });

  it('busy-waits costs under costSpinBelowUs (CPU time, as a driver polling its GSP) and sleeps longer ones', async () => {
    /** Share of the call's wall time this thread spent on the CPU. */
    const cpuShare = (call: () => unknown) => {
      const cpu = process.cpuUsage();
      const ms = elapsedMs(call);
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / 1000 / ms;
    };
    const cost = { nvmlDeviceGetTemperature: 3000 };
    const temperatureOn = (nvml: Parameters<Parameters<typeof withScenario>[1]>[0]) => () =>
      nvml.fn('nvmlDeviceGetTemperature')(deviceHandle(nvml, 0), 0, Buffer.alloc(4));
    // The default limit, 200 µs: a 3 ms call sleeps.
    await withScenario(withCosts({ system: { callCostUs: cost } }), (nvml) => {
      expect(cpuShare(temperatureOn(nvml))).toBeLessThan(0.3);
    });
    await withScenario(withCosts({ system: { callCostUs: cost, costSpinBelowUs: 10_000 } }), (nvml) => {
      expect(cpuShare(temperatureOn(nvml))).toBeGreaterThan(0.3);
    });
  });

  it('adds each requested field’s fieldCostUs and reports it as that entry’s latencyUsec', async () => {
    await withScenario('8x-h100-real-costs', (nvml) => {
      const gpu = deviceHandle(nvml, 0);
      let values: ReturnType<typeof fieldValues>['values'] = [];
      const ms = elapsedMs(() => (values = fieldValues(nvml, gpu, [197, 198, 185, 186, 999]).values));
      expect(values.map((v) => v.latencyUs)).toEqual([150n, 150n, 3300n, 3n, 0n]);
      expect(ms).toBeGreaterThanOrEqual(3.6);
      expect(elapsedMs(() => nvml.fn('nvmlDeviceGetPcieThroughput')(gpu, 0, Buffer.alloc(4)))).toBeGreaterThanOrEqual(20);
    });
  });

  it.each([
    ['a negative cost', { system: { callCostUs: { nvmlDeviceGetName: -1 } } }, /callCostUs.nvmlDeviceGetName: expected 0 to 10000000/],
    ['an unknown field name', { device0: { fieldCostUs: { NVML_FI_DEV_NOTHING: 1 } } }, /fieldCostUs.NVML_FI_DEV_NOTHING/],
    ['a field error of SUCCESS', { device0: { fieldErrors: { '197': 'SUCCESS' } } }, /fieldErrors.197: expected an NVML return code/],
    ['per-GPU field rules under system', { system: { unsupportedFields: [197] } }, /system.unsupportedFields: belongs under a device/],
    ['a system cost for no function', { system: { callCostUs: { nvmlNothing: 1 } } }, /"nvmlNothing" is not a function/],
    ['a negative spin limit', { system: { costSpinBelowUs: -1 } }, /system.costSpinBelowUs: expected microseconds/],
    ['a spin limit that is not a number', { system: { costSpinBelowUs: 'all' } }, /system.costSpinBelowUs/],
  ])('refuses %s at nvmlInit', async (_, costs, message) => {
    const result = await initInChildProcess({ GPUWISE_NVML_LIB: FAKE_NVML_LIBRARY, FAKE_NVML_SCENARIO: withCosts(costs) });
    expect(result.rc).toBe(code('ERROR_UNKNOWN'));
    expect(result.stderr).toMatch(message);
  });

  it('keeps 8x-h100-real-costs equal to 8x-h100 but for its costs, each with a source', () => {
    const read = (name: string) => JSON.parse(readFileSync(scenarioPath(name), 'utf8')) as Record<string, unknown>;
    const [plain, costed] = [read('8x-h100'), read('8x-h100-real-costs')];
    expect(costed.devices).toEqual(plain.devices);
    expect(costed.timeline).toEqual(plain.timeline);
    const sources = costed.sources as { cost: string; source: string }[];
    const text = JSON.stringify(sources);
    for (const cited of ['nvmlDeviceGetPcieThroughput 20000', 'POWER_INSTANT', 'POWER_AVERAGE', 'HandleByIndex', 'ClockInfo']) {
      expect(text).toContain(cited);
    }
    expect(sources.every((s) => s.source.length > 0)).toBe(true);
  });
});

// The peers need Debian's python3 with psutil, blessed, termcolor, cachetools, typing-extensions
// (../shared/peers/README.md); without them this part cannot run and says so by skipping.
const PEERS = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'peers');
const PYTHON = '/usr/bin/python3';
async function pythonHasPeerDependencies(): Promise<boolean> {
  if (!existsSync(join(PEERS, 'gpustat')) || !existsSync(PYTHON)) return false;
  const probe = await runCommand(PYTHON, ['-c', 'import psutil, blessed, termcolor, cachetools, typing_extensions'], {
    timeoutMs: 30_000,
  });
  return probe.kind === 'exited' && probe.exitCode === 0;
}
const peersAvailable = await pythonHasPeerDependencies();

async function peer(scenario: string, args: string[]): Promise<string> {
  const env = {
    ...process.env,
    PYTHONPATH: ['nvml', 'gpustat', 'nvitop'].map((dir) => join(PEERS, dir)).join(':'),
    LD_LIBRARY_PATH: FAKE_NVML_BUILD_DIR,
    FAKE_NVML_SCENARIO: scenarioPath(scenario),
    FAKE_NVML_STEP: undefined,
  };
  const result = await runCommand(PYTHON, args, { env, timeoutMs: 60_000 });
  if (result.kind !== 'exited' || result.exitCode !== 0) throw new Error(`${args.join(' ')}: ${JSON.stringify(result)}`);
  return result.stdout;
}

describe.skipIf(!peersAvailable)('gpustat and nvitop, unmodified, on the fake', () => {
  it('gpustat --json lists the 8 H100s with their real values', async () => {
    const report = JSON.parse(await peer('8x-h100', ['-m', 'gpustat', '--json'])) as { gpus: Record<string, unknown>[] };
    expect(report.gpus).toHaveLength(8);
    expect(report.gpus[3]).toMatchObject({
      index: 3,
      name: 'NVIDIA H100 80GB HBM3',
      'memory.total': 81559,
      'enforced.power.limit': 700,
      'temperature.gpu': 37,
    });
  }, 60_000);

  it('nvitop --once shows the GPUs, display state and the MIG devices with their BAR1', async () => {
    const h100 = await peer('8x-h100', ['-m', 'nvitop', '--once']);
    expect(h100.match(/H100 80GB HBM3/g)).toHaveLength(8);
    expect(h100).toContain('00000000:18:00.0 Off');
    expect(h100).toContain('118W / 700W');
    const mig = await peer('a100-mig', ['-m', 'nvitop', '--once']);
    expect(mig).toMatch(/3g\.20gb @ GI\/CI: 2\/0 .*BAR1:/);
  }, 60_000);
});
