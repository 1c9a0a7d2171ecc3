// The one-shot code cache (src/cli/one-shot-code-cache.ts), made at build time: the built CLI runs
// each command below once with GPUWISE_CODE_CACHE_RECORD=1 and, as it exits, writes V8's data for
// every chunk it ran into dist/code-cache/<arch>-<V8 version>/<command>/. Other one-shot commands
// start without one, as before. The data holds the bytecode of the functions that run, so `info`
// reads GPUs: through the fake NVML where the tests have built it
// (build/fake-nvml, 8 H100s; the path every NVML machine takes), else whatever this machine has
// (without a GPU the NVML chunks are cached without their reading code, which then compiles as
// before). A run that fails leaves no cache, and a CLI without one starts as it always did: the
// build never fails for it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The commands with a cache of their own (src/cli/one-shot-code-cache.ts, cacheName). */
// Not --version: its start is short enough that reading a cache costs it more memory (0.5 MiB)
// than compiling, for no time saved (docs/benchmarks.md, "Round five: one-shot start").
const COMMANDS = [['info', '--json'], ['info']];

export function recordCodeCache({ root, outdir }) {
  const folder = join(outdir, 'code-cache');
  rmSync(folder, { recursive: true, force: true });
  const env = { ...process.env, GPUWISE_CODE_CACHE_RECORD: '1', LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' };
  // Node's options turn the cache off (src/cli/one-shot-code-cache.ts): none for the recording.
  delete env.NODE_OPTIONS;
  for (const key of ['FAKE_NVML_STEP', 'GPUWISE_LANG']) delete env[key];
  const fake = join(root, 'build/fake-nvml/libnvidia-ml.so.1');
  if (existsSync(fake)) {
    env.GPUWISE_NVML_LIB = fake;
    env.FAKE_NVML_SCENARIO = join(root, 'test/fake-nvml/scenarios/8x-h100.json');
  }
  const runs = COMMANDS.map((args) => spawnSync(process.execPath, [join(outdir, 'cli.cjs'), ...args], { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 20_000 }));
  const made = existsSync(folder) ? readdirSync(folder).flatMap((node) => readdirSync(join(folder, node))) : [];
  if (made.length < COMMANDS.length) {
    const ends = runs.map((run, i) => `${COMMANDS[i]?.join(' ')}: ${run.error?.message ?? `status ${run.status}`}`).join('; ');
    console.warn(`build: the one-shot code cache is made for ${made.length} of ${COMMANDS.length} commands (${ends}); the CLI works without it, a little slower to start`);
  }
}
