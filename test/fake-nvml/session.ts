// Test helpers around one NVML session on the fake: pick the scenario through the environment
// (read at nvmlInit), initialise, run, and shut down fully so the next test starts clean.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { runCommand } from '../../src/system/exec.js';
import { fakeNvmlLibraryFor, scenarioPath } from './paths.js';
import { code, loadNvml, type LoadedNvml } from './nvml-binding.js';

export interface SessionOptions {
  /** FAKE_NVML_STEP=1: each nvmlDeviceGetCount call selects the next frame. */
  step?: boolean;
  /** Load this library instead of the scenario's own. */
  library?: string;
}

function selectScenario(path: string, options: SessionOptions): LoadedNvml {
  process.env.FAKE_NVML_SCENARIO = path;
  if (options.step === true) process.env.FAKE_NVML_STEP = '1';
  else delete process.env.FAKE_NVML_STEP;
  return loadNvml(options.library ?? fakeNvmlLibraryFor(path));
}

function shutDownFully(nvml: LoadedNvml): void {
  const shutdown = nvml.fn('nvmlShutdown');
  while (shutdown() === code('SUCCESS')) {
    // NVML counts nvmlInit calls; keep going until it reports it is no longer initialised.
  }
}

/** Runs `body` in an initialised session on a scenario (a name in scenarios/ or a path). */
export async function withScenario<T>(
  scenario: string,
  body: (nvml: LoadedNvml) => T | Promise<T>,
  options: SessionOptions = {},
): Promise<T> {
  const path = scenario.includes('/') ? scenario : scenarioPath(scenario);
  const nvml = selectScenario(path, options);
  const rc: unknown = nvml.fn('nvmlInit_v2')();
  if (rc !== code('SUCCESS')) throw new Error(`nvmlInit_v2 on ${path} returned ${String(rc)}`);
  try {
    return await body(nvml);
  } finally {
    shutDownFully(nvml);
  }
}

/** nvmlInit_v2's return code for a scenario, leaving NVML shut down. */
export function initResult(scenario: string, options: SessionOptions = {}): number {
  const path = scenario.includes('/') ? scenario : scenarioPath(scenario);
  const nvml = selectScenario(path, options);
  const rc = Number(nvml.fn('nvmlInit_v2')());
  shutDownFully(nvml);
  return rc;
}

/** nvmlInit_v2 in a fresh Node process (the fake reports scenario problems on stderr). */
export async function initInChildProcess(env: Record<string, string | undefined>): Promise<{ rc: number; stderr: string }> {
  const script = `import koffi from 'koffi';
    const lib = koffi.load(process.env.GPUWISE_NVML_LIB);
    process.stdout.write(String(lib.func('int nvmlInit_v2(void)')()));`;
  const childEnv = { ...process.env, FAKE_NVML_SCENARIO: undefined, FAKE_NVML_STEP: undefined, ...env };
  const result = await runCommand(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: childEnv,
    timeoutMs: 30_000,
  });
  if (result.kind !== 'exited') throw new Error(`child process: ${result.kind}`);
  return { rc: Number(result.stdout), stderr: result.stderr };
}

/** A scenario from scenarios/ with `edit` applied, written to a temporary file; returns its path. */
export function editedScenario(name: string, edit: (scenario: Record<string, unknown>) => void): string {
  const scenario = JSON.parse(readFileSync(scenarioPath(name), 'utf8')) as Record<string, unknown>;
  edit(scenario);
  const path = join(mkdtempSync(join(tmpdir(), 'fake-nvml-')), `${name}-edited.json`);
  writeFileSync(path, JSON.stringify(scenario));
  return path;
}

/** A scenario written as given to a temporary file (text, so it may be invalid JSON). */
export function scenarioFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'fake-nvml-')), 'scenario.json');
  writeFileSync(path, text);
  return path;
}

// -- calling conventions ----------------------------------------------------------------------

export type Handle = unknown;

export function deviceHandle(nvml: LoadedNvml, index: number): Handle {
  const out: unknown[] = [null];
  const rc: unknown = nvml.fn('nvmlDeviceGetHandleByIndex_v2')(index, out);
  if (rc !== code('SUCCESS')) throw new Error(`nvmlDeviceGetHandleByIndex_v2(${index}) returned ${String(rc)}`);
  return out[0];
}

export function deviceCount(nvml: LoadedNvml): number {
  const out = Buffer.alloc(4);
  const rc: unknown = nvml.fn('nvmlDeviceGetCount_v2')(out);
  if (rc !== code('SUCCESS')) throw new Error(`nvmlDeviceGetCount_v2 returned ${String(rc)}`);
  return out.readUInt32LE(0);
}

/** Calls a function whose last argument is one unsigned int out-pointer. */
export function readUint(nvml: LoadedNvml, symbol: string, ...args: unknown[]): { rc: number; value: number } {
  const out = Buffer.alloc(4, 0xee);
  const rc = Number(nvml.fn(symbol)(...args, out));
  return { rc, value: out.readUInt32LE(0) };
}

/** Calls a function whose last argument is one unsigned long long out-pointer. */
export function readUint64(nvml: LoadedNvml, symbol: string, ...args: unknown[]): { rc: number; value: bigint } {
  const out = Buffer.alloc(8, 0xee);
  const rc = Number(nvml.fn(symbol)(...args, out));
  return { rc, value: out.readBigUInt64LE(0) };
}

/** Calls a (handle?, char *buffer, unsigned int length) string getter. */
export function readString(nvml: LoadedNvml, symbol: string, args: unknown[], length = 96): { rc: number; value: string } {
  const out = Buffer.alloc(Math.max(length, 1), 0);
  const rc = Number(nvml.fn(symbol)(...args, out, length));
  const end = out.indexOf(0);
  return { rc, value: out.toString('utf8', 0, end < 0 ? out.length : end) };
}

export const MIB = 1024n * 1024n;
