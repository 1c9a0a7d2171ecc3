// The built CLI with its one-shot code cache (src/cli/one-shot-code-cache.ts) intact, damaged and
// gone: a copy of dist/ (inside the repository, so that koffi still resolves from node_modules),
// the real NVML path over the fake NVML. Whatever happens to the cache, the output is the same,
// and --version (which has none) starts as before.

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/core/snapshot.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { baseEnv, BIN, ensureBuilt, ROOT } from './run-cli.js';

const copy = join(ROOT, 'build', `e2e-code-cache-${process.pid}`);
const nodeFolder = () => join(copy, 'code-cache', readdirSync(join(copy, 'code-cache'))[0] ?? '');
/** Every cache file the build made (one folder per command). */
const cacheFiles = () => readdirSync(nodeFolder()).flatMap((command) => readdirSync(join(nodeFolder(), command)).map((name) => join(nodeFolder(), command, name)));

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [join(copy, 'cli.cjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: baseEnv(fakeNvmlEnv(scenarioPath('8x-h100'))),
    timeout: 30_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What does not change from one read to the next. */
function steady(stdout: string) {
  const snapshot = JSON.parse(stdout) as Snapshot;
  return { backend: snapshot.backend, devices: snapshot.devices.map((d) => [d.index, d.name, d.uuid, d.memoryTotalBytes]), pids: snapshot.processes.map((p) => p.pid) };
}

beforeAll(async () => {
  await ensureBuilt();
  mkdirSync(copy, { recursive: true });
  for (const entry of ['cli.cjs', 'chunks', 'messages', 'code-cache']) {
    if (existsSync(join(ROOT, 'dist', entry))) cpSync(join(ROOT, 'dist', entry), join(copy, entry), { recursive: true, filter: (path) => !path.endsWith('.map') });
  }
}, 180_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the built CLI and its code cache', () => {
  it('npm run build made one, and info --json, --version and a usage error read the same with it damaged or gone', () => {
    expect(readdirSync(nodeFolder()).sort()).toEqual(['info', 'info.json']);
    expect(cacheFiles().length).toBeGreaterThan(10);
    const intact = cli(['info', '--json']);
    expect(intact.code).toBe(0);
    expect(intact.stderr).toBe('');
    const version = cli(['--version']);
    const usage = cli(['info', '--bogus']);
    expect(usage.code).toBe(2);

    // Every cache file damaged in V8's data (V8 rejects it), one cut short (not used at all).
    const files = cacheFiles();
    for (const path of files) {
      const data = readFileSync(path);
      for (let i = data.length - 64; i < data.length - 32; i++) data[i] = (data[i] ?? 0) ^ 0x5a;
      writeFileSync(path, data);
    }
    writeFileSync(files[0] ?? '', readFileSync(files[0] ?? '').subarray(0, 100));
    const damaged = cli(['info', '--json']);
    expect(damaged).toMatchObject({ code: 0, stderr: '' });
    expect(steady(damaged.stdout)).toEqual(steady(intact.stdout));
    expect(cli(['--version'])).toEqual(version);
    expect(cli(['info', '--bogus'])).toEqual(usage);

    rmSync(join(copy, 'code-cache'), { recursive: true });
    const gone = cli(['info', '--json']);
    expect(gone).toMatchObject({ code: 0, stderr: '' });
    expect(steady(gone.stdout)).toEqual(steady(intact.stdout));
    expect(cli(['--version'])).toEqual(version);
    expect(cli(['info', '--bogus'])).toEqual(usage);
  });
});

describe('a one-shot start under Node options of its own (no code cache then)', () => {
  it('--no-deprecation (process.noDeprecation read-only), in NODE_OPTIONS too, and --pending-deprecation: the same output, no warning', () => {
    const run = (nodeArgs: string[], env: Record<string, string> = {}) => {
      const result = spawnSync(process.execPath, [...nodeArgs, BIN, 'info', '--json'], { cwd: ROOT, encoding: 'utf8', env: baseEnv({ ...fakeNvmlEnv(scenarioPath('8x-h100')), ...env }), timeout: 30_000 });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr };
    };
    const plain = run([]);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    for (const result of [run(['--no-deprecation']), run([], { NODE_OPTIONS: '--no-deprecation' }), run(['--pending-deprecation']), run(['--throw-deprecation', '--pending-deprecation'])]) {
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(steady(result.stdout)).toEqual(steady(plain.stdout));
    }
  });
});
