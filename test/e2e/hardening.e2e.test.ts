// The built CLI against what an attacker or an unlucky user does to it: a process whose argv
// carries terminal escapes, driver strings with C1 and bidi controls, a full disk, a 0×0
// terminal, a driver that times out, an nvidia-smi that fails, a locale that is not UTF-8.

import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../src/core/snapshot.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { BARE_PATH, baseEnv, BIN, ensureBuilt, gpuwise, ROOT, shell } from './run-cli.js';

/** C0 (line feed aside: it ends our lines), DEL, C1, bidi and zero-width characters. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
const SGR = /\u001b\[[0-9;]*m/g;
const EVIL_ARGV0 = 'evil\u001b]0;pwned\u0007\u001b[2J';
const EVIL_SHOWN = 'evil\\e]0;pwned\\x07\\e[2J';
const HOSTILE_GPU_NAME = 'NVIDIA H100\u202e\u009b2J\u0007';
const LONG_ARGV0 = 'python3-train-a-long-model-name-for-this-test';

let dir = '';
const children: ChildProcess[] = [];

/** A real process whose argv[0] is `argv0` (bash's exec -a), once /proc shows the new argv. */
async function processNamed(argv0: string): Promise<number> {
  const child = spawn('bash', ['-c', 'exec -a "$ARGV0" sleep 300'], { stdio: 'ignore', env: { ...process.env, ARGV0: argv0 } });
  children.push(child);
  const pid = child.pid ?? 0;
  for (let attempt = 0; attempt < 200; attempt++) {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.startsWith(argv0)) return pid;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`process ${pid} never showed argv[0] ${JSON.stringify(argv0)}`);
}

type Scenario = {
  system: Record<string, unknown>;
  devices: { name: string }[];
  timeline: { devices: ({ processes?: { pid: number }[] } | null)[] }[];
};

/** 8×H100 with `pids[i]` as the process of GPU i, and whatever `edit` changes; returns its env. */
function scenarioWith(name: string, pids: number[], edit: (scenario: Scenario) => void = () => {}): Record<string, string> {
  const scenario = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as Scenario;
  for (const frame of scenario.timeline) {
    pids.forEach((pid, gpu) => {
      const processes = frame.devices[gpu]?.processes;
      if (processes?.[0]) processes[0].pid = pid;
    });
  }
  edit(scenario);
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return fakeNvmlEnv(file);
}

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-hardening-'));
}, 120_000);

afterAll(() => {
  for (const child of children) child.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('hostile strings', () => {
  it('a process named with terminal escapes, and a GPU name with bidi and C1 controls, reach no terminal raw', async () => {
    const pid = await processNamed(EVIL_ARGV0);
    const env = scenarioWith('evil', [pid], (s) => {
      s.devices[1]!.name = HOSTILE_GPU_NAME;
    });

    const text = gpuwise(['info'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(RAW_CONTROL);
    expect(text.stdout).toContain(`${EVIL_SHOWN} 300`);
    expect(text.stdout).toContain('[1] NVIDIA H100\\u202e\\x9b2J\\x07');

    const coloured = gpuwise(['info'], { ...env, FORCE_COLOR: '1' });
    expect(coloured.stdout).toMatch(SGR);
    expect(coloured.stdout.replace(SGR, '')).not.toMatch(RAW_CONTROL);

    const json = gpuwise(['info', '--json'], env);
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect(json.stdout).toContain('evil\\u001b]0;pwned\\u0007\\u001b[2J 300');
    expect(json.stdout).toContain('NVIDIA H100\\u202e\\u009b2J\\u0007');
    // Escaped, not altered: a script reading the JSON gets the real values back.
    const snapshot = JSON.parse(json.stdout) as Snapshot;
    expect(snapshot.processes.find((p) => p.pid === pid)?.command).toBe(`${EVIL_ARGV0} 300`);
    expect(snapshot.devices[1]?.name).toBe(HOSTILE_GPU_NAME);
  });
});

describe('a full disk', () => {
  const oneLine = (stderr: string) => stderr.split('\n').filter((line) => line !== '');

  it('info --json > /dev/full: one line in the user\'s language, exit 1, no stack trace', () => {
    const env = fakeNvmlEnv(scenarioPath('8x-h100'));
    const en = shell('$GPUWISE info --json > /dev/full', env);
    expect(en.code).toBe(1);
    expect(oneLine(en.stderr)).toEqual(['gpuwise: cannot write the output: no space left on the device; free some space or write it elsewhere (ENOSPC).']);
    const zh = shell('$GPUWISE info > /dev/full', { ...env, LANG: 'zh_CN.UTF-8' });
    expect(zh.code).toBe(1);
    expect(oneLine(zh.stderr)).toEqual(['gpuwise：无法写出结果：设备空间已满，请清理空间或改写到别处（ENOSPC）。']);
  });

  it('info --watch --json > /dev/full stops at the first failed write with the same line', () => {
    const result = shell('$GPUWISE info --watch 0.2 --json > /dev/full', fakeNvmlEnv(scenarioPath('8x-h100')));
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toEqual(['gpuwise: cannot write the output: no space left on the device; free some space or write it elsewhere (ENOSPC).']);
  });

  it('holds for the catalog commands too', () => {
    const result = shell('$GPUWISE gpus list --json > /dev/full');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(ENOSPC)');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('a 0×0 terminal (script(1), docker exec -t)', () => {
  /** Runs `command` on a pty that says it has 0 columns and 0 rows. */
  const onZeroTerminal = (command: string, env: Record<string, string>) =>
    shell(`script -qec "stty cols 0 rows 0; ${command}" /dev/null`, { ...env, NO_COLOR: '1' });

  it('info does not cut commands to 12 columns', async () => {
    const env = scenarioWith('long-name', [await processNamed(LONG_ARGV0)]);
    const result = onZeroTerminal('$GPUWISE info', env);
    expect(result.stdout).toContain('[0] NVIDIA H100');
    expect(result.stdout).toContain(`${LONG_ARGV0} 300`);
  });

  it('info --watch draws the GPUs, not only "hide cursor"', async () => {
    const env = scenarioWith('long-name-watch', [await processNamed(LONG_ARGV0)]);
    const result = onZeroTerminal('timeout -s INT 4 $GPUWISE info --watch 0.5', env);
    expect(result.stdout).toContain('[7] NVIDIA H100');
    expect(result.stdout).toContain(`${LONG_ARGV0} 300`);
  });
});

describe('drivers and tools that misbehave', () => {
  it('when nvmlDeviceGetCount times out, says the driver did not answer', () => {
    const env = scenarioWith('count-timeout', [], (s) => {
      s.system.errors = { nvmlDeviceGetCount: 'TIMEOUT' };
    });
    const en = gpuwise(['info'], env);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('The GPU driver did not answer in time');
    expect(en.stdout).not.toContain('No GPU with a working driver was found');
    expect(gpuwise(['info'], { ...env, LANG: 'zh_CN.UTF-8' }).stdout).toContain('GPU 驱动没有及时响应');
  });

  it('shows a sentinel from the driver (0xFFFFFFFF °C) as N/A with its reason, in text and JSON', () => {
    const env = scenarioWith('sentinel', [], (s) => {
      const frame = s.timeline[0]!.devices[0] as Record<string, unknown>;
      frame.temperatureCelsius = 4294967295;
    });
    const text = gpuwise(['info'], env);
    expect(text.stdout).not.toContain('4294967295°C');
    expect(text.stdout).toMatch(/\[0\] NVIDIA H100 80GB HBM3\s+N\/A/);
    expect(text.stdout).toContain('the driver reported impossible values, shown as N/A: temperatureCelsius');
    expect(text.stdout).toContain('GPU 0 impossible value: temperatureCelsius: 4294967295 is not a possible value');
    const snapshot = JSON.parse(gpuwise(['info', '--json'], env).stdout) as Snapshot;
    expect(snapshot.devices[0]).toMatchObject({ temperatureCelsius: null, unavailable: { temperatureCelsius: 'out-of-range' } });
  });

  it('when nvidia-smi exits 9, shows what it said (escaped), not only "the command failed"', () => {
    const bin = path.join(dir, 'bin');
    shell(`mkdir -p "${bin}"`);
    const fake = path.join(bin, 'nvidia-smi');
    writeFileSync(fake, "#!/bin/sh\nprintf 'GPU access blocked\\033[2J by the operating system\\n' >&2\nexit 9\n");
    chmodSync(fake, 0o755);
    const result = gpuwise(['info'], { PATH: `${bin}:${BARE_PATH}`, GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('nvidia-smi: the command failed — exit code 9: GPU access blocked\\e[2J by the operating system');
    expect(result.stdout).not.toMatch(RAW_CONTROL);
  });

  /** A folder on PATH with `tools` (name → sh script body), and NVML out of the way. */
  function toolsEnv(name: string, tools: Record<string, string>): Record<string, string> {
    const bin = path.join(dir, name);
    shell(`mkdir -p "${bin}"`);
    for (const [tool, body] of Object.entries(tools)) {
      writeFileSync(path.join(bin, tool), `#!/bin/sh\n${body}\n`);
      chmodSync(path.join(bin, tool), 0o755);
    }
    return { PATH: `${bin}:${BARE_PATH}`, GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1' };
  }
  const vendorFixture = (file: string) => path.join(ROOT, 'test/fixtures/vendors', file);
  const AMD_SMI = `case "$1" in static) cat '${vendorFixture('amd-smi/mi250x_2-gcd_amd-smi-static.json')}';; *) echo '[]';; esac`;

  it('an nvidia-smi that finds no NVIDIA GPU does not hide the AMD GPUs amd-smi finds', () => {
    const env = toolsEnv('bin-no-nvidia', { 'nvidia-smi': "echo 'No devices were found'\nexit 6", 'amd-smi': AMD_SMI });
    const text = gpuwise(['info'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('via amd-smi');
    expect(text.stdout).toContain('[0] AMD Instinct MI250X');
    expect(text.stdout).not.toContain('No GPU with a working driver was found');
    const snapshot = JSON.parse(gpuwise(['info', '--json'], env).stdout) as Snapshot;
    expect(snapshot.backendAttempts.find((a) => a.backend === 'nvidia-smi')).toMatchObject({ ok: false, code: 'command-failed', detail: expect.stringContaining('No devices were found') });
    // With nothing after it that finds a GPU, the zero-GPU answer stands, and the rest are listed.
    const alone = gpuwise(['info'], toolsEnv('bin-nvidia-only', { 'nvidia-smi': "echo 'No devices were found'\nexit 6" }));
    expect(alone.stdout).toContain('via nvidia-smi');
    expect(alone.stdout).toContain('No GPU with a working driver was found');
    expect(alone.stdout).toContain('amd-smi: amd-smi is not installed');
  });

  it('an amd-smi that prints a traceback at open: the reason in the user\'s language, not a message key', () => {
    const env = toolsEnv('bin-amd-broken', { 'amd-smi': "printf 'Traceback (most recent call last):\\n  KeyError: foo\\n'" });
    const en = gpuwise(['info', '--backend', 'amd-smi'], env);
    expect(en.code).toBe(1);
    expect(en.stderr).toContain('This is not amd-smi-json output: no JSON object or list was found in it.');
    const zh = gpuwise(['info', '--backend', 'amd-smi'], { ...env, LANG: 'zh_CN.UTF-8' });
    expect(zh.stderr).toContain('这不是 amd-smi-json 的输出');
    for (const out of [en.stderr, zh.stderr, gpuwise(['info'], env).stdout]) expect(out).not.toMatch(/vendors\.parse|"format"/);
  });

  it('a rocm-smi whose live reads fail shows N/A, not the figures it printed at open', () => {
    const inventory = vendorFixture('rocm-smi/mi210_rocm-smi-showallinfo.json');
    const env = toolsEnv('bin-rocm-hung', { 'rocm-smi': `[ "$1" = --showallinfo ] && exec cat '${inventory}'\necho 'GPU hang' >&2\nexit 1` });
    const snapshot = JSON.parse(gpuwise(['info', '--backend', 'rocm-smi', '--json'], env).stdout) as Snapshot;
    expect(snapshot.devices[0]).toMatchObject({ temperatureCelsius: null, powerDrawWatts: null, gpuUtilPercent: null, memoryTotalBytes: 68702699520 });
    expect(snapshot.devices[0]!.unavailable).toMatchObject({ temperatureCelsius: 'error', powerDrawWatts: 'error', gpuUtilPercent: 'error' });
    const text = gpuwise(['info', '--backend', 'rocm-smi'], env).stdout;
    expect(text).not.toMatch(/43°C|211\/300 W/);
  });
});

describe('a locale that is not UTF-8', () => {
  it('says once, on stderr, that the output is UTF-8', () => {
    const gb = gpuwise(['gpus', 'list'], { LANG: 'zh_CN.GB18030' });
    expect(gb.code).toBe(0);
    expect(gb.stderr.match(/iconv -f UTF-8 -t GB18030/g)).toHaveLength(1);
    expect(gb.stderr).toContain('LANG=zh_CN.UTF-8');
    expect(gpuwise(['gpus', 'list'], { LANG: 'zh_CN.UTF-8' }).stderr).toBe('');
  });

  it('says it once for a whole --watch', async () => {
    const child = spawn(process.execPath, [BIN, 'info', '--json', '--watch', '0.2'], {
      cwd: ROOT,
      env: baseEnv({ ...fakeNvmlEnv(scenarioPath('8x-h100')), LC_ALL: 'en_US.ISO-8859-1' }),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').length > 3) child.kill('SIGINT');
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // Interrupted by Ctrl-C: 130, as on a terminal.
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(130);
    expect(err.match(/gpuwise writes UTF-8/g)).toHaveLength(1);
    expect(err).toContain('LC_ALL=en_US.ISO-8859-1');
  });
});
