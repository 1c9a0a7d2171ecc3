#!/usr/bin/env node
// Records the diagnose trace fixtures (test/fixtures/diagnose/*.ndjson) from the fake NVML's
// diagnose-* scenarios, through the built CLI as a user runs it: a real job is started (workers
// burning CPU, a spinning main thread, two ranks, or an idle process), the scenario's placeholder
// pids (4242, 4243) are replaced by the job's real ones, and `gpuwise diagnose --pid N --record`
// watches it. The replay tests (test/e2e/diagnose.e2e.test.ts) check the verdicts of these files.
//
//   npm run build && npm run build:fake-nvml && node scripts/diagnose/record-fake-traces.mjs [name…]
//
// Real-GPU traces come from scripts/device/diagnose.sh instead.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT_DIR = join(ROOT, 'test/fixtures/diagnose');
const BURN = 'for (;;) {}';
const SLEEP = 'setInterval(() => {}, 1000);';
const JOBS = {
  workers: `const { spawn } = require('node:child_process');
    for (let i = 0; i < 2; i++) spawn(process.execPath, ['-e', ${JSON.stringify(BURN)}], { stdio: 'ignore' });
    console.log('ready ' + process.pid); ${SLEEP}`,
  spin: `console.log('ready ' + process.pid); ${BURN}`,
  idle: `console.log('ready ' + process.pid); ${SLEEP}`,
  ranks: `const { spawn } = require('node:child_process');
    const rank1 = spawn(process.execPath, ['-e', ${JSON.stringify(SLEEP)}], { stdio: 'ignore' });
    console.log('ready ' + process.pid + ' ' + rank1.pid); ${SLEEP}`,
};
/** name → [scenario, job, watch]: watch 'pid' follows the job's tree, a number watches that GPU only. */
const CASES = {
  'input-bound': ['diagnose-input-bound', 'workers', 'pid'],
  'launch-bound': ['diagnose-launch-bound', 'spin', 'pid'],
  'small-model': ['diagnose-small-model', 'idle', 'pid'],
  'transfer-bound': ['diagnose-transfer-bound', 'idle', 'pid'],
  'idle-holding-memory': ['diagnose-idle-holding', 'idle', 0],
  throttled: ['diagnose-throttled', null, 0],
  'memory-nearly-full': ['diagnose-memory-full', null, 0],
  imbalance: ['diagnose-imbalance', 'ranks', 'pid'],
  healthy: ['diagnose-healthy', 'idle', 'pid'],
  'healthy-sawtooth': ['diagnose-healthy-sawtooth', 'workers', 'pid'],
};

async function startJob(script) {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`job exited (${code}) before it was ready`)));
  });
  return { child, pids: line.replace(/^ready /, '').split(' ').map(Number) };
}

const tmp = mkdtempSync(join(tmpdir(), 'gpuwise-record-'));
mkdirSync(OUT_DIR, { recursive: true });
const names = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(CASES);
try {
  for (const name of names) {
    const [scenario, jobName, watch] = CASES[name] ?? [];
    if (scenario === undefined) throw new Error(`unknown case ${name}; known: ${Object.keys(CASES).join(', ')}`);
    const job = jobName ? await startJob(JOBS[jobName]) : null;
    let text = readFileSync(join(ROOT, 'test/fake-nvml/scenarios', `${scenario}.json`), 'utf8');
    (job?.pids ?? []).forEach((pid, k) => (text = text.replaceAll(`"pid": ${4242 + k}`, `"pid": ${pid}`)));
    const scenarioFile = join(tmp, `${scenario}.json`);
    writeFileSync(scenarioFile, text);
    const target = watch === 'pid' ? ['--pid', String(job.pids[0])] : ['--gpu', String(watch)];
    const trace = join(OUT_DIR, `${name}.ndjson`);
    const run = spawnSync(process.execPath, ['bin/gpuwise.mjs', 'diagnose', ...target, '--duration', '4s', '--interval', '250ms', '--record', trace, '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, LANG: 'en_US.UTF-8', GPUWISE_NVML_LIB: join(ROOT, 'build/fake-nvml/libnvidia-ml.so.1'), FAKE_NVML_SCENARIO: scenarioFile },
    });
    if (job) process.kill(-job.child.pid, 'SIGKILL');
    if (run.status !== 0) throw new Error(`${name}: diagnose exited ${run.status}\n${run.stderr}`);
    const { report } = JSON.parse(run.stdout);
    console.log(`${name.padEnd(20)} ${report.verdict.padEnd(9)} ${report.findings.map((f) => f.rule + (f.variant ? `/${f.variant}` : '')).join(', ')}`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
