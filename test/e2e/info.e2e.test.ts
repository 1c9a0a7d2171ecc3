// `gpuwise info` as a user runs it: the built CLI (bin/gpuwise.mjs → dist/), a real process, the
// real NVML path over the fake NVML, and the real no-GPU path of this machine.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/core/snapshot.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { BARE_PATH, BIN, ensureBuilt, gpuwise, ROOT } from './run-cli.js';

const withFake = (scenario: string) => fakeNvmlEnv(scenarioPath(scenario));

beforeAll(ensureBuilt, 120_000);

describe('gpuwise info', () => {
  it('prints the snapshot as JSON with the documented field names', () => {
    const { code, stdout } = gpuwise(['info', '--json'], withFake('8x-h100'));
    expect(code).toBe(0);
    const snapshot = JSON.parse(stdout) as Snapshot;
    expect(snapshot.backend).toBe('nvml');
    expect(snapshot.devices).toHaveLength(8);
    expect(snapshot.devices[0]).toMatchObject({ index: 0, name: 'NVIDIA H100 80GB HBM3' });
    for (const field of ['uuid', 'memoryTotalBytes', 'memoryUsedBytes', 'gpuUtilPercent', 'temperatureCelsius', 'powerDrawWatts']) {
      expect(snapshot.devices[0], field).toHaveProperty(field);
    }
    expect(snapshot.processes[0]).toHaveProperty('pid', 120431);
    expect(snapshot.processes[0]).toHaveProperty('usedMemoryBytes');
    expect(Date.parse(snapshot.at)).not.toBeNaN();
  });

  it('shows one line per GPU with its processes, in English and in Chinese', () => {
    const en = gpuwise(['info'], withFake('4gpu-server-load'));
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('[0] NVIDIA RTX A6000');
    expect(en.stdout).toContain('driver 535.183.01 (CUDA ≤ 12.2)');
    expect(en.stdout).toMatch(/48211/);
    const zh = gpuwise(['info', '--lang', 'zh-CN'], withFake('4gpu-server-load'));
    expect(zh.stdout).toContain('驱动 535.183.01');
    expect(zh.stdout).toContain('显存');
  });

  it('shows who runs each GPU process and what it is, from the host', async () => {
    // A real process on this machine, placed on GPU 0 by a scenario written for this test.
    const child = spawn('sleep', ['300'], { stdio: 'ignore' });
    const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-e2e-'));
    try {
      const scenario = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as { timeline: { devices: ({ processes?: { pid: number }[] } | null)[] }[] };
      for (const frame of scenario.timeline) {
        const processes = frame.devices[0]?.processes;
        if (processes?.[0]) processes[0].pid = child.pid ?? 0;
      }
      const file = path.join(dir, 'real-pid.json');
      writeFileSync(file, JSON.stringify(scenario));
      const { code, stdout } = gpuwise(['info', '--json'], fakeNvmlEnv(file));
      expect(code).toBe(0);
      const snapshot = JSON.parse(stdout) as Snapshot;
      const process0 = snapshot.processes.find((p) => p.gpuIndex === 0);
      expect(process0).toMatchObject({ pid: child.pid, hostResolution: 'ok', command: 'sleep 300', user: userInfo().username });
      expect(process0?.rssBytes).toBeGreaterThan(0);
      expect(Date.parse(process0?.startedAt ?? '')).not.toBeNaN();
      const text = gpuwise(['info'], fakeNvmlEnv(file));
      expect(text.stdout).toMatch(new RegExp(`${child.pid} C +${userInfo().username}.*sleep 300`));
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on a machine without a driver, says so, says what it tried, and exits 0', () => {
    const { code, stdout } = gpuwise(['info'], { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1' });
    expect(code).toBe(0);
    expect(stdout).toContain('No GPU with a working driver was found.');
    expect(stdout).toContain('nvml: NVML library not found');
    expect(stdout).toContain('nvidia-smi: nvidia-smi is not on PATH');
    expect(stdout).toContain('gpuwise doctor');
    const zh = gpuwise(['info'], { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1', LANG: 'zh_CN.UTF-8' });
    expect(zh.stdout).toContain('没有发现驱动可用的 GPU');
  });

  it('exits 1 with the reason when the pinned backend cannot start', () => {
    const { code, stderr } = gpuwise(['info', '--backend', 'nvidia-smi']);
    expect(code).toBe(1);
    expect(stderr).toContain('Backend nvidia-smi could not start: nvidia-smi is not on PATH');
  });

  it('rejects a bad flag or value with exit 2 and a message in the user\'s language', () => {
    const unknown = gpuwise(['info', '--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown option --bogus');
    const badWatch = gpuwise(['info', '--watch', 'soon'], { LANG: 'zh_CN.UTF-8' });
    expect(badWatch.code).toBe(2);
    expect(badWatch.stderr).toContain('必须是 0.1 到 3,600 之间的数');
    const badBackend = gpuwise(['info', '--backend', 'cuda']);
    expect(badBackend.code).toBe(2);
    expect(badBackend.stderr).toContain('nvml, nvidia-smi, amd-smi, rocm-smi, drm-sysfs, windows, macos, pci');
  });

  it('stops quietly when the reader of its output goes away (| head)', () => {
    const result = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" gpus list --json | head -c 10`], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stdout).toHaveLength(10);
    expect(result.stderr).not.toContain('EPIPE');
  });

  it('--json --watch prints one snapshot per line until interrupted, then exits 130 as on a terminal', async () => {
    const child = spawn(process.execPath, [BIN, 'info', '--json', '--watch', '0.2'], {
      cwd: ROOT,
      env: { PATH: BARE_PATH, HOME: process.env.HOME ?? '/tmp', ...withFake('8x-h100') },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length > 3) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    // 128 + SIGINT, in a pipe as on a terminal: a script tells an interrupted watch from a finished one.
    expect(code).toBe(130);
    const lines = out.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const snapshots = lines.map((line) => JSON.parse(line) as Snapshot);
    expect(new Set(snapshots.map((s) => s.at)).size).toBe(snapshots.length);
  });
});
