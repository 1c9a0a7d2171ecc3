// The real spawn path: runCommand runs a fake `nvidia-smi` shell script found on PATH, which
// prints recorded outputs. POSIX only (the fakes are sh scripts).

import { appendFileSync, chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createNvidiaSmiDriver } from './driver.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/nvidia-smi/', import.meta.url));
const fixturePath = (name: string) => path.join(FIXTURES, name);
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const dirs: string[] = [];

/** Writes `nvidia-smi` (a sh script with `body`) into a fresh folder and returns that folder. */
function fakeNvidiaSmi(body: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-nvidia-smi-'));
  dirs.push(dir);
  const script = path.join(dir, 'nvidia-smi');
  writeFileSync(script, `#!/bin/sh\necho "$*" >> ${quote(path.join(dir, 'calls.log'))}\n${body}\n`);
  chmodSync(script, 0o755);
  return dir;
}

const calls = (dir: string) => readFileSync(path.join(dir, 'calls.log'), 'utf8').trim().split('\n');
const envWith = (dir: string) => ({ ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}` });

/** Answers each kind of run with a fixture. */
const RECORDED = `
case "$1" in
  --query-gpu=*) cat ${quote(fixturePath('handmade_3x-a100_lost-and-errors_nounits.csv'))} ;;
  --query-compute-apps=*) cat ${quote(fixturePath('handmade_compute-apps_nounits.csv'))} ;;
  -q) cat ${quote(fixturePath('rtx-2080-super_driver-610.57.04_q-header.txt'))} ;;
  *) echo "unexpected arguments: $*" >&2; exit 2 ;;
esac`;

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('nvidia-smi backend over a real spawn', () => {
  it('finds nvidia-smi on PATH and reads devices, processes and versions', async () => {
    const dir = fakeNvidiaSmi(RECORDED);
    const opened = await createNvidiaSmiDriver({ env: envWith(dir), platform: 'linux' }).open();
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    const reading = await opened.backend.read();
    expect(reading.devices.map((d) => [d.index, d.state])).toEqual([
      [0, 'ok'],
      [1, 'lost'],
      [2, 'ok'],
    ]);
    expect(reading.processes.map((p) => [p.pid, p.gpuIndex])).toEqual([
      [48121, 0],
      [48377, 0],
      [51002, 2],
    ]);
    expect(reading.driver).toMatchObject({ driverVersion: '535.104.05', cudaDriverVersion: '13.3' });
    expect(reading.problems.map((p) => p.code).sort()).toEqual(['device-error', 'unknown-gpu']);
    expect(calls(dir).filter((line) => line.startsWith('--query-gpu='))).toHaveLength(2);
  });

  it('retries without a field the driver rejects', async () => {
    const dir = fakeNvidiaSmi(`
case "$*" in *memory.reserved*) echo 'Field "memory.reserved" is not a valid field to query.'; echo; exit 2 ;; esac
${RECORDED}`);
    const opened = await createNvidiaSmiDriver({ env: envWith(dir), platform: 'linux' }).open();
    expect(opened.ok).toBe(true);
    const gpuQueries = calls(dir).filter((line) => line.startsWith('--query-gpu='));
    expect(gpuQueries).toHaveLength(2);
    expect(gpuQueries[0]).toContain('memory.reserved');
    expect(gpuQueries[1]).not.toContain('memory.reserved');
  });

  it('reports a driver that is not loaded', async () => {
    const message = readFileSync(fixturePath('handmade_driver-not-loaded.txt'), 'utf8');
    const dir = fakeNvidiaSmi(`cat ${quote(fixturePath('handmade_driver-not-loaded.txt'))}; exit 9`);
    const opened = await createNvidiaSmiDriver({ command: path.join(dir, 'nvidia-smi') }).open();
    expect(opened).toEqual({ ok: false, unavailable: { code: 'driver-not-loaded', detail: message.trim() } });
  });

  it('stops waiting for an nvidia-smi that hangs', async () => {
    const dir = fakeNvidiaSmi('sleep 30');
    const opened = await createNvidiaSmiDriver({ command: path.join(dir, 'nvidia-smi'), timeoutMs: 300 }).open();
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.unavailable.code).toBe('timeout');
  });

  it('says command-not-found for a path that does not exist', async () => {
    const opened = await createNvidiaSmiDriver({ command: '/nonexistent/gpuwise-test/nvidia-smi' }).open();
    expect(opened).toMatchObject({ ok: false, unavailable: { code: 'command-not-found' } });
  });

  it('keeps the devices when only the process query breaks', async () => {
    const dir = fakeNvidiaSmi(`case "$1" in --query-compute-apps=*) echo 'Segmentation fault' >&2; exit 139 ;; esac\n${RECORDED}`);
    const opened = await createNvidiaSmiDriver({ env: envWith(dir), platform: 'linux' }).open();
    if (!opened.ok) throw new Error(JSON.stringify(opened.unavailable));
    const reading = await opened.backend.read();
    expect(reading.devices).toHaveLength(3);
    expect(reading.processes).toEqual([]);
    expect(reading.problems).toContainEqual({ scope: 'processes', code: 'command-failed', message: 'exit code 139: Segmentation fault' });
  });
});

// Keeps the log helper honest: it must see what the script was called with.
describe.skipIf(process.platform === 'win32')('fake nvidia-smi helper', () => {
  it('logs its arguments', () => {
    const dir = fakeNvidiaSmi('exit 0');
    appendFileSync(path.join(dir, 'calls.log'), '--probe\n');
    expect(calls(dir)).toEqual(['--probe']);
  });
});
