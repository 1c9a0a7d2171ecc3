// kill -9 of a process in the middle of recording, several times over: the database opens,
// passes SQLite's integrity check, and holds every sample the child was told was committed.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../test/helpers/fuzz.js';
import { MAX_POINTS } from './query.js';
import { openHistoryStore } from './sqlite-store.js';

const CHILD = fileURLToPath(new URL('./__fixtures__/record-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gpuwise-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the child until it has committed for `afterMs`, then SIGKILLs it; the last seq it reported. */
function recordThenKill(path: string, firstSeq: number, base: number, afterMs: number): Promise<{ last: number; flushes: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path, String(firstSeq), String(base)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let last = -1;
    let flushes = 0;
    let pending = '';
    let stderr = '';
    let armed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const match = /^committed (\d+)$/.exec(line);
        if (!match) continue;
        last = Math.max(last, Number(match[1]));
        flushes++;
        if (!armed) {
          armed = true;
          setTimeout(() => child.kill('SIGKILL'), afterMs);
        }
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`child ended by itself (${code}): ${stderr}`));
      else resolve({ last, flushes, stderr });
    });
  });
}

describe('kill -9 while recording', () => {
  it('leaves a database that opens, is intact, and has every committed sample', async () => {
    const path = join(dir, 'history.db');
    const base = Date.now();
    const rng = createRandom(0x5eed);
    const runs: { first: number; last: number }[] = [];
    for (let run = 0; run < 5; run++) {
      const first = (run + 1) * 1_000_000;
      const { last, flushes, stderr } = await recordThenKill(path, first, base, 100 + Math.floor(rng() * 400));
      expect(stderr).toBe('');
      expect(flushes).toBeGreaterThan(1);
      runs.push({ first, last });
    }
    const store = openHistoryStore({ path });
    try {
      expect(store.integrityCheck()).toBe('ok');
      for (const run of runs) {
        // In pieces that fit history()'s cap on points, one bucket per sample (10 ms apart).
        for (let first = run.first; first <= run.last; first += MAX_POINTS) {
          const last = Math.min(run.last, first + MAX_POINTS - 1);
          const count = last - first + 1;
          const range = { fromMs: base + first * 10, toMs: base + last * 10 + 9, points: count };
          const host = store.history({ device: 'host', metrics: ['cpuUtilPercent'], ...range });
          expect(host.stepMs).toBe(10);
          expect(host.series[0]!.points.filter((p) => p.avg !== null)).toHaveLength(count);
          const gpu = store.history({ device: 'GPU-7', metrics: ['powerDrawWatts'], ...range });
          expect(gpu.series[0]!.points.every((p) => p.avg !== null)).toBe(true);
        }
      }
      expect(store.devices()).toHaveLength(8);
    } finally {
      store.close();
    }
  }, 120_000);
});
