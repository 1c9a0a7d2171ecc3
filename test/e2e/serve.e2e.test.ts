// `gpuwise serve` as a user runs it: the built CLI (bin/gpuwise.mjs → dist/) as a real process,
// on a free port, over the fake NVML and over a machine without a driver — start lines, the API
// on the socket, refusals, and a SIGTERM that leaves a database that reopens with the samples.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openHistoryStore } from '../../src/store/index.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { baseEnv, BIN, ensureBuilt, gpuwise, ROOT } from './run-cli.js';

const TOKEN = 'e2e-token-0123456789abcdef';
const MISSING_NVML = { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1' };

interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: Running[] = [];
const dirs: string[] = [];

beforeAll(ensureBuilt, 120_000);

afterEach(() => {
  for (const running of children.splice(0)) {
    // Its own process group: npm and the node under it go together.
    if (running.child.exitCode === null && running.child.pid !== undefined) {
      try {
        process.kill(-running.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-serve-e2e-'));
  dirs.push(dir);
  return dir;
}

function launch(command: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(command, args, { cwd: ROOT, env: baseEnv(env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const running = { child, stdout: () => stdout, stderr: () => stderr, exited };
  children.push(running);
  return running;
}

const serve = (args: string[], env: Record<string, string>) => launch(process.execPath, [BIN, 'serve', '--port', '0', ...args], env);

async function waitFor<T>(what: string, probe: () => T | null, running: Running, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null) return value;
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no ${what}; exit ${running.child.exitCode}\nstdout: ${running.stdout()}\nstderr: ${running.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface StartInfo {
  url: string;
  port: number;
  auth: string;
  history: { path: string } | null;
  backend: string | null;
  gpuCount: number | null;
  backendAttempts: { backend: string; ok: boolean; code: string | null }[];
  pid: number;
}

const startInfo = (running: Running) =>
  waitFor('start line', () => {
    const line = running.stdout().split('\n').find((l) => l.startsWith('{'));
    return line ? (JSON.parse(line) as StartInfo) : null;
  }, running);

async function stopWith(running: Running, signal: NodeJS.Signals) {
  running.child.kill(signal);
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 15_000);
  const result = await running.exited;
  clearTimeout(timer);
  return result;
}

describe('gpuwise serve (the built CLI)', { timeout: 60_000 }, () => {
  it('prints its URL, answers on it, and on SIGTERM exits 0 with a database that reopens with the samples', async () => {
    const db = path.join(tempDir(), 'nested', 'history.db');
    const running = serve(['--json', '--db', db, '--interval', '0.2'], fakeNvmlEnv(scenarioPath('8x-h100')));
    const info = await startInfo(running);
    expect(info).toMatchObject({ auth: 'loopback', backend: 'nvml', gpuCount: 8, history: { path: db } });
    expect(info.url).toBe(`http://127.0.0.1:${info.port}/`);
    const health = await fetch(`${info.url}api/v1/health`);
    expect(health.status).toBe(200);
    const devices = (await (await fetch(`${info.url}api/v1/devices`)).json()) as { devices: unknown[] };
    expect(devices.devices).toHaveLength(8);
    expect(await (await fetch(`${info.url}metrics`)).text()).toContain('DCGM_FI_DEV_GPU_TEMP{');
    // Enough samples for more than one flush to have been possible; the last ones come with the stop.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await stopWith(running, 'SIGTERM')).toEqual({ code: 0, signal: null });
    expect(running.stderr()).toContain('Stopped; the database is closed.');
    await expect(fetch(`${info.url}api/v1/health`)).rejects.toThrow();
    const store = openHistoryStore({ path: db });
    try {
      expect(store.integrityCheck()).toBe('ok');
      expect(store.stats().rows.raw).toBeGreaterThanOrEqual(8 * 5);
      expect(store.devices()).toHaveLength(8);
    } finally {
      store.close();
    }
  });

  it('says where it listens, who may connect and where the history goes, in English and Chinese; SIGINT stops it too', async () => {
    const dir = tempDir();
    const en = serve([], { ...fakeNvmlEnv(scenarioPath('8x-h100')), XDG_DATA_HOME: dir });
    const text = await waitFor('start lines', () => (en.stdout().includes('Ctrl-C') ? en.stdout() : null), en);
    expect(text).toMatch(/^gpuwise serve is listening on http:\/\/127\.0\.0\.1:\d+\/$/m);
    expect(text).toContain('auth: off — this machine only');
    expect(text).toContain(`history: ${path.join(dir, 'gpuwise', 'history.db')} (raw 1 d, per-minute 30 d, per-hour 365 d, at most 1 GiB)`);
    expect(text).toContain('GPUs: 8 via nvml, sampled every 1 s');
    expect(await stopWith(en, 'SIGINT')).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dir, 'gpuwise', 'history.db'))).toBe(true);

    const zh = serve(['--no-record'], { ...fakeNvmlEnv(scenarioPath('8x-h100')), LANG: 'zh_CN.UTF-8' });
    const zhText = await waitFor('start lines', () => (zh.stdout().includes('Ctrl-C') ? zh.stdout() : null), zh);
    expect(zhText).toMatch(/gpuwise serve 正在监听 http:\/\/127\.0\.0\.1:\d+\//);
    expect(zhText).toContain('历史：关闭（--no-record）');
    expect(await stopWith(zh, 'SIGTERM')).toEqual({ code: 0, signal: null });
    expect(zh.stderr()).toContain('已停止。');
  });

  it('refuses a public address without a token: exit 2, why and how, in both languages', () => {
    const en = gpuwise(['serve', '--host', '0.0.0.0'], MISSING_NVML);
    expect(en.code).toBe(2);
    expect(en.stderr).toContain('Refusing to listen on 0.0.0.0 without a token');
    expect(en.stderr).toContain('export GPUWISE_TOKEN="$(openssl rand -hex 32)"');
    expect(en.stdout).toBe('');
    const zh = gpuwise(['serve', '--host', '0.0.0.0'], { ...MISSING_NVML, LANG: 'zh_CN.UTF-8' });
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('拒绝在没有令牌的情况下监听 0.0.0.0');
    const weak = gpuwise(['serve', '--host', '0.0.0.0'], { ...MISSING_NVML, GPUWISE_TOKEN: 'short' });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('shorter than 16 characters');
  });

  it('with a token from GPUWISE_TOKEN listens on every interface and asks every request for it', async () => {
    const running = serve(['--host', '0.0.0.0', '--json', '--no-record'], { ...fakeNvmlEnv(scenarioPath('8x-h100')), GPUWISE_TOKEN: TOKEN });
    const info = await startInfo(running);
    expect(info.auth).toBe('token');
    const local = `http://127.0.0.1:${info.port}/api/v1/devices`;
    expect((await fetch(local)).status).toBe(401);
    expect((await fetch(local, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect(running.stderr()).not.toContain(TOKEN);
    expect(await stopWith(running, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('--insecure-no-auth opens a public address with a loud warning', async () => {
    const running = serve(['--host', '0.0.0.0', '--insecure-no-auth', '--json', '--no-record'], fakeNvmlEnv(scenarioPath('8x-h100')));
    const info = await startInfo(running);
    expect(info.auth).toBe('insecure');
    expect(running.stderr()).toContain('WARNING: authentication is OFF (--insecure-no-auth)');
    expect((await fetch(`http://127.0.0.1:${info.port}/api/v1/devices`)).status).toBe(200);
    expect(await stopWith(running, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('without a GPU it still starts, and the snapshot says what the chain tried', async () => {
    for (const args of [[], ['--backend', 'nvml']]) {
      const running = serve(['--json', '--no-record', ...args], MISSING_NVML);
      const info = await startInfo(running);
      expect(info.gpuCount).toBe(0);
      const answer = (await (await fetch(`${info.url}api/v1/snapshot`)).json()) as { noGpu: { message: string; backendAttempts: { backend: string; code: string }[] } };
      expect(answer.noGpu.message).toContain('No GPU was found');
      expect(answer.noGpu.backendAttempts[0]).toMatchObject({ backend: 'nvml', ok: false, code: 'library-not-found' });
      if (args.length === 0) expect(answer.noGpu.backendAttempts.map((a) => a.backend)).toContain('nvidia-smi');
      else expect(answer.noGpu.backendAttempts).toHaveLength(1);
      expect((await fetch(`${info.url}api/v1/health`)).status).toBe(200);
      expect(await stopWith(running, 'SIGTERM')).toEqual({ code: 0, signal: null });
    }
  });

  it('without a GPU (the PCI scan finds none either), the start lines say none was found and what was tried', async () => {
    const running = serve(['--no-record'], MISSING_NVML);
    const text = await waitFor('start lines', () => (running.stdout().includes('Ctrl-C') ? running.stdout() : null), running);
    expect(text).toContain('GPUs: none found');
    expect(text).toMatch(/nvml: NVML library not found/);
    expect(text).not.toContain('opened but read no GPU');
    expect(await stopWith(running, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('a GPU hung in the driver: the API keeps answering, says which GPU, and SIGTERM still exits 0', async () => {
    const running = serve(['--json', '--no-record', '--interval', '0.2'], fakeNvmlEnv(scenarioPath('hung-gpu')));
    const info = await startInfo(running);
    // Reads of GPU 1 block 2 s each in the driver; requests in the meantime are answered.
    for (let i = 0; i < 5; i++) expect((await fetch(`${info.url}api/v1/health`)).status).toBe(200);
    const devices = (await (await fetch(`${info.url}api/v1/devices`)).json()) as { devices: { index: number; state: string }[] };
    expect(devices.devices.map((d) => [d.index, d.state])).toEqual([
      [0, 'ok'],
      [1, 'error'],
    ]);
    expect(await (await fetch(`${info.url}metrics`)).text()).toMatch(/^DCGM_FI_DEV_GPU_TEMP\{gpu="0",/m);
    expect(await stopWith(running, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('a driver that does not answer is said as such, not as "no GPU", and SIGTERM still exits 0', async () => {
    const running = serve(['--no-record'], fakeNvmlEnv(scenarioPath('hung-driver')));
    const text = await waitFor('start lines', () => (running.stdout().includes('Ctrl-C') ? running.stdout() : null), running);
    expect(text).toContain('GPUs: nvml opened but read no GPU');
    expect(text).toMatch(/NVML has not answered for \d+(\.\d)? s; the driver may be hung/);
    expect(text).not.toContain('none found');
    expect(await stopWith(running, 'SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('says a port in use is in use, exit 1, no stack trace', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as { port: number }).port;
      const result = gpuwise(['serve', '--no-record', '--port', String(port)], MISSING_NVML);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Cannot listen on 127.0.0.1:${port}: the port is in use by another program.`);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      const zh = gpuwise(['serve', '--no-record', '--port', String(port)], { ...MISSING_NVML, LANG: 'zh_CN.UTF-8' });
      expect(zh.stderr).toContain('该端口已被其他程序占用');
    } finally {
      blocker.close();
    }
  });

  it('says a database it cannot use is one, exit 1', () => {
    const dir = tempDir();
    const notDb = path.join(dir, 'notes.txt');
    writeFileSync(notDb, 'these are my notes, not a database\n'.repeat(200));
    const result = gpuwise(['serve', '--db', notDb], MISSING_NVML);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot open the history database ${notDb}`);
    expect(result.stderr).toContain('--no-record');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('prints a systemd unit for this node and this gpuwise', () => {
    const result = gpuwise(['serve', '--print-systemd-unit', '--host', '0.0.0.0', '--metrics-open'], MISSING_NVML);
    expect(result.code).toBe(0);
    const exec = result.stdout.split('\n').find((line) => line.startsWith('ExecStart='));
    expect(exec).toBe(`ExecStart=${process.execPath} ${BIN} serve --host 0.0.0.0 --metrics-open --db /var/lib/gpuwise/history.db`);
    expect(result.stdout).toContain('Restart=on-failure');
  });

  it('npm start runs serve with its defaults and prints the URL', async () => {
    const dir = tempDir();
    // The default port may be taken on a shared machine; npm passes the rest of the words on.
    const running = launch('npm', ['start', '--silent', '--', '--port', '0', '--json'], { ...fakeNvmlEnv(scenarioPath('8x-h100')), XDG_DATA_HOME: dir, PATH: process.env.PATH ?? '' });
    const info = await startInfo(running);
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await fetch(`${info.url}api/v1/health`)).status).toBe(200);
    // SIGTERM to serve itself (as systemd or docker would); npm then ends with its exit code.
    process.kill(info.pid, 'SIGTERM');
    expect((await running.exited).code).toBe(0);
    expect(existsSync(path.join(dir, 'gpuwise', 'history.db'))).toBe(true);
  });
});

