// Where the fake NVML's libraries and scenarios live, for tests and benchmarks. A scenario that
// withholds symbols (an old driver) needs the variant library built without them; the library
// refuses, at nvmlInit, a scenario it was not built for.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runCommand } from '../../src/system/exec.js';

const FAKE_NVML_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(FAKE_NVML_DIR, '..', '..');
const LIBRARY_NAME = 'libnvidia-ml.so.1';
const BUILD_TIMEOUT_MS = 180_000;

export const FAKE_NVML_SCENARIO_DIR = join(FAKE_NVML_DIR, 'scenarios');
export const FAKE_NVML_BUILD_DIR = join(REPO_ROOT, 'build', 'fake-nvml');
/** The library that exports every symbol; any scenario without "withheldSymbols" runs on it. */
export const FAKE_NVML_LIBRARY = join(FAKE_NVML_BUILD_DIR, LIBRARY_NAME);

/** Absolute path of a scenario in test/fake-nvml/scenarios/, by name ("a100-mig" or "a100-mig.json"). */
export function scenarioPath(name: string): string {
  const file = name.endsWith('.json') ? name : `${name}.json`;
  const path = join(FAKE_NVML_SCENARIO_DIR, file);
  if (!existsSync(path)) {
    const known = readdirSync(FAKE_NVML_SCENARIO_DIR)
      .filter((entry) => entry.endsWith('.json'))
      .map((entry) => basename(entry, '.json'));
    throw new Error(`No fake NVML scenario "${name}". Known: ${known.join(', ')}`);
  }
  return path;
}

function withheldSymbolsOf(path: string): unknown[] {
  const scenario: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const withheld = typeof scenario === 'object' && scenario !== null ? Reflect.get(scenario, 'withheldSymbols') : undefined;
  return Array.isArray(withheld) ? withheld : [];
}

/** The library to load for a scenario: its variant if it withholds symbols, else FAKE_NVML_LIBRARY. */
export function fakeNvmlLibraryFor(scenarioFile: string): string {
  const path = resolve(scenarioFile);
  if (withheldSymbolsOf(path).length === 0) return FAKE_NVML_LIBRARY;
  if (dirname(path) !== FAKE_NVML_SCENARIO_DIR) {
    throw new Error(
      `${path} withholds symbols, but variants are built only for scenarios in ${FAKE_NVML_SCENARIO_DIR}; move it there`,
    );
  }
  return join(FAKE_NVML_BUILD_DIR, 'variants', basename(path, '.json'), LIBRARY_NAME);
}

/** The environment that makes gpuwise (GPUWISE_NVML_LIB) play a scenario through the fake. */
export function fakeNvmlEnv(scenarioFile: string, options: { step?: boolean } = {}): Record<string, string> {
  const env: Record<string, string> = {
    GPUWISE_NVML_LIB: fakeNvmlLibraryFor(scenarioFile),
    FAKE_NVML_SCENARIO: resolve(scenarioFile),
  };
  if (options.step === true) env.FAKE_NVML_STEP = '1';
  return env;
}

/** Builds the libraries if a source changed (a no-op otherwise); throws with the compiler's words. */
export async function ensureFakeNvmlBuilt(): Promise<void> {
  const script = join(FAKE_NVML_DIR, 'build.mjs');
  const result = await runCommand(process.execPath, [script], { timeoutMs: BUILD_TIMEOUT_MS, cwd: REPO_ROOT });
  if (result.kind === 'exited' && result.exitCode === 0) return;
  const detail = 'stderr' in result ? result.stderr.trim() : result.detail;
  throw new Error(`Building the fake NVML failed (${result.kind}): ${detail}`);
}
