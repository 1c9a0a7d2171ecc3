// The real spawn path: runCommand runs a fake `nvidia-smi` shell script found on PATH, which
// prints recorded outputs. POSIX only (the fakes are sh scripts).

import { appendFileSync, chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVICE_METRIC_FIELDS } from '../../core/empty-device.js';
import { validateReading } from '../../core/validate.js';
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

let scratch: string | null = null;
/** One scratch folder for the leftovers test (the fake's own folder is made after its script text). */
function dir0(): string {
  scratch ??= mkdtempSync(path.join(tmpdir(), 'gpuwise-nvidia-smi-pids-'));
  if (!dirs.includes(scratch)) dirs.push(scratch);
  return scratch;
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

/** Every number in `value`, with its path. */
function numbersIn(value: unknown, path = '$', out: [string, number][] = []): [string, number][] {
  if (typeof value === 'number') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => numbersIn(item, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) numbersIn(item, `${path}.${key}`, out);
  return out;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

describe.skipIf(process.platform === 'win32')('nvidia-smi backend over a real spawn, impossible numbers', () => {
  // Each cell is one the issue saw shown as a fact: 306 digits (Infinity bytes), -0, 2⁶⁴−1 MiB, Infinity, 1e308.
  const GPU_CSV = [
    'index, uuid, pci.bus_id, memory.total [MiB], memory.used [MiB], power.draw [W], temperature.gpu, clocks.current.sm [MHz], utilization.gpu [%]',
    `0, GPU-aaaa, 00000000:07:00.0, ${'9'.repeat(306)}, 18446744073709551615, -0, Infinity, 1e308, -0`,
  ].join('\n');
  const APPS_CSV = ['gpu_uuid, pid, process_name, used_gpu_memory [MiB]', `GPU-aaaa, -0, evil, 1`, `GPU-aaaa, 4242, python3, ${'9'.repeat(306)}`].join('\n');

  it('gives JSON with no Infinity or -0, and a reason for every null', async () => {
    const dir = fakeNvidiaSmi(`
case "$1" in
  --query-gpu=*) printf '%s\\n' ${quote(GPU_CSV)} ;;
  --query-compute-apps=*) printf '%s\\n' ${quote(APPS_CSV)} ;;
  *) exit 2 ;;
esac`);
    const opened = await createNvidiaSmiDriver({ command: path.join(dir, 'nvidia-smi') }).open();
    if (!opened.ok) throw new Error(JSON.stringify(opened.unavailable));
    const reading = validateReading(await opened.backend.read());
    expect(numbersIn(reading).filter(([, n]) => !Number.isFinite(n) || Object.is(n, -0))).toEqual([]);
    // JSON writes Infinity as null and -0 as 0: the document must hold exactly the numbers the reading does.
    expect(numbersIn(JSON.parse(JSON.stringify(reading)))).toEqual(numbersIn(reading));
    const gpu = reading.devices[0]!;
    for (const field of DEVICE_METRIC_FIELDS) if (gpu[field] === null) expect(gpu.unavailable[field], field).toBeDefined();
    for (const field of ['memoryTotalBytes', 'memoryUsedBytes', 'powerDrawWatts', 'temperatureCelsius', 'smClockMhz', 'gpuUtilPercent'] as const) {
      expect(gpu.unavailable[field], field).toBe('out-of-range');
    }
    expect(reading.processes.map((p) => [p.pid, p.usedMemoryBytes])).toEqual([[4242, null]]);
  });
});

describe.skipIf(process.platform === 'win32')('nvidia-smi backend over a real spawn, failures and leftovers', () => {
  it('keeps nvidia-smi’s own message when it exits 9', async () => {
    const dir = fakeNvidiaSmi(`echo 'NVIDIA-SMI has failed because it couldn'"'"'t communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.'; exit 9`);
    const opened = await createNvidiaSmiDriver({ command: path.join(dir, 'nvidia-smi') }).open();
    expect(opened).toMatchObject({ ok: false, unavailable: { code: 'driver-not-loaded' } });
    if (!opened.ok) expect(opened.unavailable.detail).toMatch(/^NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver\./);
  });

  it('keeps a message it does not recognise, from stderr, with the exit code', async () => {
    const dir = fakeNvidiaSmi(`echo 'GPU access blocked by the operating system' >&2; exit 9`);
    const opened = await createNvidiaSmiDriver({ command: path.join(dir, 'nvidia-smi') }).open();
    expect(opened).toEqual({ ok: false, unavailable: { code: 'command-failed', detail: 'exit code 9: GPU access blocked by the operating system' } });
  });

  it('leaves no grandchild of a normally exiting nvidia-smi running', async () => {
    const dir = fakeNvidiaSmi(`sleep 60 &\necho $! >> ${quote(path.join(dir0(), 'pids'))}\n${RECORDED}`);
    const opened = await createNvidiaSmiDriver({ env: envWith(dir), platform: 'linux' }).open();
    expect(opened.ok).toBe(true);
    const pids = readFileSync(path.join(dir0(), 'pids'), 'utf8').trim().split('\n').map(Number);
    expect(pids.length).toBeGreaterThanOrEqual(2);
    const deadline = Date.now() + 5000;
    while (pids.some(isRunning) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pids.filter(isRunning)).toEqual([]);
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
