// observe() over the fake NVML (the real FFI path) with real jobs: the --gpu, -- command and
// --pid targets, and the errors a user can hit (no such process, no GPU, no such GPU, a command
// that does not exist).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../test/fake-nvml/paths.js';
import { DiagnoseError } from './errors.js';
import { observe, type ObserveOptions } from './observe.js';

beforeAll(ensureFakeNvmlBuilt, 120_000);
const saved = { ...process.env };
afterAll(() => {
  for (const key of ['GPUWISE_NVML_LIB', 'FAKE_NVML_SCENARIO', 'FAKE_NVML_STEP']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

function on(scenario: string): Pick<ObserveOptions, 'sessionOptions'> {
  const env = fakeNvmlEnv(scenarioPath(scenario));
  // The fake reads its scenario with getenv(): the process environment.
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  return { sessionOptions: { backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs: 0 } } };
}

const none = { pid: null, command: null, gpuIndices: null };

const keyOf = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: unknown) => (error instanceof DiagnoseError ? error.key : String(error)));

describe('observe over the fake NVML', () => {
  // First: the fake loads a scenario at its first nvmlInit, and a sampler stopped with a read in
  // flight can leave the previous one loaded for a moment.
  it('no GPU: says so before starting anything', async () => {
    expect(await keyOf(observe({ ...on('no-gpus'), target: none, command: ['/bin/true'], durationMs: 100 }))).toBe('diagnoseCli.error.noGpu');
  });

  it('--gpu: only those GPUs, read several times a second with the driver\'s sub-second samples', async () => {
    const progress: number[] = [];
    const observation = await observe({ ...on('4gpu-server-load'), target: { ...none, gpuIndices: [1] }, durationMs: 700, intervalMs: 100, onProgress: (p) => progress.push(p.sampleCount) });
    expect(observation.backend).toBe('nvml');
    expect(observation.samples.length).toBeGreaterThanOrEqual(4);
    expect(observation.samples.every((s) => s.devices.length === 1 && s.devices[0]!.index === 1)).toBe(true);
    expect(observation.samples.every((s) => s.processes.every((p) => p.gpuIndex === 1))).toBe(true);
    expect(observation.samples.some((s) => s.subSamples.length > 0)).toBe(true);
    expect(observation.samples.every((s) => s.tree === null)).toBe(true);
    expect(observation.intervalMs).toBe(100);
    expect(observation.driver.driverVersion).toBe('535.183.01');
    expect(progress.length).toBeGreaterThan(0);
  });

  it('-- command: starts the job in its own group, watches its tree until it exits, and records how it ended', async () => {
    const script = `const { spawn } = require('node:child_process');
      const w = spawn(process.execPath, ['-e', 'const end = Date.now() + 900; while (Date.now() < end) {}']);
      w.on('exit', () => process.exit(3));`;
    const observation = await observe({ ...on('8x-h100'), target: none, command: [process.execPath, '-e', script], intervalMs: 100, jobStdio: 'ignore' });
    expect(observation.job).toMatchObject({ exitCode: 3, signal: null });
    expect(observation.target.command![0]).toBe(process.execPath);
    const rootPid = observation.rootPid!;
    const trees = observation.samples.map((s) => s.tree!).filter((t) => t.processes.length > 1);
    expect(trees.length).toBeGreaterThan(0);
    expect(trees.every((t) => t.rootPid === rootPid && t.processes[0]!.pid === rootPid)).toBe(true);
    expect(Math.max(...trees.map((t) => t.processes[1]!.cpuPercent ?? 0))).toBeGreaterThan(15);
    // No process of the tree used a GPU (the scenario's pids are others): every GPU stays watched.
    expect(observation.samples[0]!.devices.length).toBeGreaterThan(1);
    expect(new Set(observation.samples.map((s) => s.devices.length)).size).toBe(1);
  });

  it('stops a job still running when the duration ends (SIGTERM to its group)', async () => {
    const observation = await observe({ ...on('8x-h100'), target: none, command: ['sleep', '30'], durationMs: 400, intervalMs: 100, jobStdio: 'ignore' });
    expect(observation.job).toMatchObject({ exitCode: null, signal: 'SIGTERM' });
  });

  it('says which error a user made: no such process, no such GPU, a command that does not exist', async () => {
    expect(await keyOf(observe({ ...on('8x-h100'), target: { ...none, pid: 999_999_999 }, durationMs: 100 }))).toBe('diagnoseCli.error.noSuchProcess');
    expect(await keyOf(observe({ ...on('8x-h100'), target: { ...none, gpuIndices: [8] }, durationMs: 100 }))).toBe('diagnoseCli.error.noSuchGpu');
    expect(await keyOf(observe({ ...on('8x-h100'), target: none, command: ['/nonexistent/train.py'], durationMs: 100 }))).toBe('diagnoseCli.error.jobFailed');
  });
});
