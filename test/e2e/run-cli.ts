// Running the built CLI as a user does (bin/gpuwise.cjs, package.json's bin → dist/), for the e2e tests.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureFakeNvmlBuilt } from '../fake-nvml/paths.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/gpuwise.cjs', import.meta.url));
/** PATH with no nvidia-smi on it, so the machine looks like one without a driver. */
export const BARE_PATH = '/usr/local/bin:/usr/bin:/bin';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment every run starts from: no driver, English, UTF-8. */
export function baseEnv(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: BARE_PATH, HOME: process.env.HOME ?? '/tmp', LANG: 'en_US.UTF-8', ...env };
}

export function gpuwise(args: string[], env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env: baseEnv(env), timeout: 30_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A shell command line, for redirections (`> /dev/full`) and pipes; `$GPUWISE` runs the CLI. */
export function shell(script: string, env: Record<string, string> = {}): CliResult {
  const command = script.replaceAll('$GPUWISE', `'${process.execPath}' '${BIN}'`);
  const result = spawnSync('sh', ['-c', command], { cwd: ROOT, encoding: 'utf8', env: baseEnv(env), timeout: 30_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** For beforeAll: the fake NVML and the bundle the tests run. */
export async function ensureBuilt(): Promise<void> {
  await ensureFakeNvmlBuilt();
  if (!existsSync(new URL('../../dist/cli.cjs', import.meta.url))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
  }
}
