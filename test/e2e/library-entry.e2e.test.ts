// `import … from 'gpuwise'` as a library user writes it: the built entry (dist/index.mjs through
// package.json's exports), in a fresh process. Using the catalog must not load koffi's native
// addon (~3 MiB of RSS, and a .node binary an embedder may not want at all); the first NVML call
// must. Which native objects a process holds is read from Node's own diagnostic report.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Probe {
  result: unknown;
  /** Shared objects whose path names koffi, from process.report. */
  koffiObjects: string[];
  /** CommonJS modules under node_modules/koffi that were required. */
  koffiModules: string[];
  /** Shared objects of better-sqlite3 (the history store's native addon). */
  sqliteObjects: string[];
}

/** Runs `body` (an ES module body with `g` = the gpuwise module) in a fresh Node process. */
function probe(body: string, env: Record<string, string> = {}): Probe {
  const script = `
    import { createRequire } from 'node:module';
    const g = await import('gpuwise');
    const result = await (async () => { ${body} })();
    const objects = process.report.getReport().sharedObjects;
    const cache = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({
      result,
      koffiObjects: objects.filter((p) => /koffi/i.test(p)),
      koffiModules: cache.filter((p) => /[\\\\/]koffi[\\\\/]/.test(p)),
      sqliteObjects: objects.filter((p) => /better_sqlite3/i.test(p)),
    }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', LANG: 'en_US.UTF-8', ...env },
    timeout: 30_000,
  });
  if (run.status !== 0) throw new Error(`probe exited ${run.status}:\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop() ?? 'null') as Probe;
}

beforeAll(async () => {
  await ensureFakeNvmlBuilt();
  if (!existsSync(new URL('../../dist/index.mjs', import.meta.url))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
  }
}, 120_000);

describe("the library entry ('gpuwise')", () => {
  it("is require()d from CommonJS too (Node's require of an ES module, from 20.19), with the same exports", () => {
    const script = `const g = require('gpuwise'); console.log(JSON.stringify({ keys: Object.keys(g).length, gpus: g.listGpus().length, sampler: typeof g.createSampler }));`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } });
    expect(run.stderr).not.toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
    expect(run.status).toBe(0);
    const answer = JSON.parse(run.stdout) as { keys: number; gpus: number; sampler: string };
    expect(answer.sampler).toBe('function');
    expect(answer.gpus).toBeGreaterThan(50);
    expect(answer.keys).toBeGreaterThan(40);
  });

  it('answers catalog questions without loading koffi or its native addon', () => {
    const probed = probe(`
      const h100 = g.listGpus().find((gpu) => /H100/.test(gpu.name));
      return { gpus: g.listGpus().length, h100: h100?.name ?? null, match: g.matchGpuName('NVIDIA H100 80GB HBM3')?.entry.id ?? null };
    `);
    const result = probed.result as { gpus: number; h100: string | null; match: string | null };
    expect(result.gpus).toBeGreaterThan(10);
    expect(result.h100).toMatch(/H100/);
    expect(result.match).not.toBeNull();
    expect(probed.koffiObjects).toEqual([]);
    expect(probed.koffiModules).toEqual([]);
    expect(probed.sqliteObjects).toEqual([]);
  });

  it('analyses a diagnose trace (readTrace, diagnose) without loading koffi', () => {
    const probed = probe(`
      const observation = await g.readTrace('test/fixtures/diagnose/healthy.ndjson');
      const report = g.diagnose(observation);
      return { verdict: report.verdict, samples: report.sampleCount };
    `);
    expect(probed.result).toMatchObject({ verdict: 'healthy' });
    expect((probed.result as { samples: number }).samples).toBeGreaterThan(10);
    expect(probed.koffiObjects).toEqual([]);
    expect(probed.koffiModules).toEqual([]);
  });

  it('opens the SQLite history only when asked, and records samples into it', () => {
    const probed = probe(`
      const { mkdtempSync } = await import('node:fs');
      const { join } = await import('node:path');
      const { tmpdir } = await import('node:os');
      const path = join(mkdtempSync(join(tmpdir(), 'gpuwise-lib-')), 'h.db');
      const store = await g.openHistoryStore({ path });
      const result = { integrity: store.integrityCheck(), schema: store.stats().schemaVersion };
      store.close();
      return result;
    `);
    expect(probed.result).toMatchObject({ integrity: 'ok' });
    expect((probed.result as { schema: number }).schema).toBeGreaterThan(0);
    expect(probed.sqliteObjects.some((p) => p.endsWith('.node'))).toBe(true);
  });

  it('loads koffi on the first NVML call, and reads the fake GPUs through it', () => {
    const env = fakeNvmlEnv(scenarioPath('8x-h100'));
    const probed = probe(
      `
      const opened = g.openNvml({ env: process.env, platform: 'linux' });
      if (!opened.ok) return { error: opened.unavailable.detail };
      const reading = await opened.backend.read();
      await opened.backend.close();
      return { gpus: reading.devices.length };
    `,
      env,
    );
    expect(probed.result).toEqual({ gpus: 8 });
    // The check above would see the addon: it is there once NVML is used.
    expect(probed.koffiObjects.some((p) => p.endsWith('.node'))).toBe(true);
    expect(probed.koffiModules.length).toBeGreaterThan(0);
  });
});
