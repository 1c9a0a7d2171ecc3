// The CLI's V8 flags (scripts/v8-flags.mjs) must keep holding on the Node versions we support:
// V8 resets the young generation's growth factor whenever an isolate is created, and the NVML
// worker thread is one. Each case runs in a fresh Node process that keeps part of what it
// allocates alive — as a sampler keeps its latest snapshot — and reports the young generation's
// size; without the flags the same work grows it past 2 MiB (the control that shows the check
// can fail).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FLAGS_MODULE = new URL('../../scripts/v8-flags.mjs', import.meta.url).href;
const MiB = 1024 * 1024;

function youngGenerationAfterWork(applyFlags: boolean): number {
  const script = `
    import v8 from 'node:v8';
    import { Worker } from 'node:worker_threads';
    import { applyCliV8Flags } from ${JSON.stringify(FLAGS_MODULE)};
    if (${applyFlags}) applyCliV8Flags();
    const worker = new Worker('setTimeout(() => {}, 10)', { eval: true });
    await new Promise((resolve) => worker.once('exit', resolve));
    const kept = [];
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 200000; i++) {
        const row = { index: i, label: 'gpu' + i, values: [i, i + 1] };
        if (i % 10 === 0) kept.push(row);
        if (kept.length > 40000) kept.length = 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(space.space_size);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`probe exited ${run.status}: ${run.stderr}`);
  return Number(run.stdout.trim());
}

describe("the CLI's V8 flags", () => {
  it('keep the young generation at 1 MiB semi-spaces after a worker thread has started', () => {
    expect(youngGenerationAfterWork(true)).toBeLessThanOrEqual(2 * MiB);
  });

  it('are what keeps it there: the same work without them grows it', () => {
    expect(youngGenerationAfterWork(false)).toBeGreaterThan(2 * MiB);
  });
});

/** Old space of a process that built rows by the hundred thousand and kept a few, 1.5 s later (compaction every 200 ms, or none). */
function oldSpaceAfterChurn(compact: boolean): { oldSpace: number; globalGc: string } {
  const script = `
    import v8 from 'node:v8';
    import { applyCliV8Flags, startHeapCompaction } from ${JSON.stringify(FLAGS_MODULE)};
    applyCliV8Flags();
    if (${compact}) startHeapCompaction(200);
    const kept = [];
    let rows = [];
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 20000; i++) rows.push({ index: i, label: 'gpu' + i + ':' + round, values: [i, i + 1, i + 2] });
      for (let i = 0; i < rows.length; i += 20) kept.push(rows[i]);
      rows = [];
    }
    kept.length = kept.length / 4;
    // Long enough for the timer to fire (a second and more on a loaded machine), kept alive meanwhile.
    const keepAlive = setInterval(() => {}, 1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    clearInterval(keepAlive);
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space');
    console.log(JSON.stringify({ oldSpace: space.space_size, globalGc: typeof globalThis.gc, kept: kept.length }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`probe exited ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout.trim()) as { oldSpace: number; globalGc: string };
}

describe('the CLI\'s periodic compaction', () => {
  it('gives back old-space pages that V8 keeps after the garbage is gone, without a global gc', () => {
    const without = oldSpaceAfterChurn(false);
    const withCompaction = oldSpaceAfterChurn(true);
    expect(withCompaction.oldSpace).toBeLessThan(without.oldSpace * 0.8);
    expect(withCompaction.globalGc).toBe('undefined');
  }, 120_000);
});
