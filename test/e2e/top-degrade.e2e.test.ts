// `gpuwise top` when things go wrong: a GPU that falls off the bus, one that hangs in the driver,
// a machine without GPUs — never a crash or a frozen screen — and the terminal given back as it
// was after q, Ctrl-C and SIGTERM.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { ensureBuilt } from './run-cli.js';
import { HAVE_TMUX, liveScenario, TopTerminal } from './top-tmux.js';

let terminal: TopTerminal | null = null;

beforeAll(ensureBuilt, 120_000);

afterEach(() => {
  terminal?.kill();
  terminal = null;
});

function open(env: Record<string, string>, args: string[] = [], columns = 120, rows = 36): TopTerminal {
  terminal = TopTerminal.start({ columns, rows, args: ['top', '--interval', '0.25', ...args], env });
  return terminal;
}

const clockOf = (screen: string) => /\b(\d\d:\d\d:\d\d)\b/.exec(screen.split('\n')[0] ?? '')?.[1];

/** The pane is back on the main screen with its cursor, no mouse reports, a cooked tty. */
function expectRestored(t: TopTerminal, screen: string, exitCode: number) {
  expect(screen).toContain(`[exit ${exitCode}]`);
  expect(t.format('#{alternate_on}')).toBe('0');
  expect(t.format('#{cursor_flag}')).toBe('1');
  expect(t.format('#{mouse_any_flag}')).toBe('0');
  expect(t.format('#{mouse_sgr_flag}')).toBe('0');
  expect(t.format('#{wrap_flag}')).toBe('1');
  const modes = /\n(.*)\[stty\]/.exec(screen)?.[1] ?? '';
  expect(modes.split(' ').filter(Boolean).sort()).toEqual(['echo', 'icanon', 'isig']);
}

describe.skipIf(!HAVE_TMUX)('gpuwise top degrades honestly', { timeout: 60_000 }, () => {
  it('a GPU that falls off the bus is shown lost while the other keeps updating, and the keys still work', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('gpu-falls-off-bus')));
    const screen = await t.waitFor('lost: not responding', 20_000);
    expect(screen).toMatch(/\[1\] +NVIDIA GeForce RTX 3090 +✗ lost: not responding — fell off the bus\?/);
    expect(screen).toMatch(/\[0\] +NVIDIA GeForce RTX 3090 +\S+ +P2 +\d+°C/);
    const before = clockOf(screen);
    await t.waitFor((s) => clockOf(s) !== before && /lost: .* for \d+s/.test(s), 10_000, 'the clock to move on');
    t.keys('h');
    await t.waitFor('keys and what the figures mean');
    t.keys('Escape', 'q');
    expectRestored(t, await t.waitFor('[stty]'), 0);
  });

  it('a GPU slow in the driver: the screen says it is not answering, the other GPU keeps updating, keys work', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('hung-gpu')));
    await t.waitFor('[1]', 20_000);
    const clock = (s: string) => /^gpuwise top .*?(\d\d:\d\d:\d\d)/m.exec(s)?.[1] ?? '';
    const screen = await t.waitFor(/\[1\] .*not answering/, 20_000);
    // GPU 1 is read apart (its calls take 2 s each): the readings, GPU 0's included, go on every second.
    await t.waitFor((s) => clock(s) !== clock(screen) && /\[1\] .*not answering/.test(s) && /^\s+GPU █+.*\d+%/m.test(s), 5000, 'a new reading with GPU 0 in it');
    t.keys('h');
    await t.waitFor('keys and what the figures mean', 3000);
    t.keys('Escape', 'q');
    expectRestored(t, await t.waitFor('[stty]', 15_000), 0);
  });

  it('a GPU hung past the read deadline is marked as not answering, the screen keeps going, q still quits', async () => {
    // hung-gpu with GPU 1 blocking 8 s per call: past the worker's 5 s deadline.
    const live = liveScenario('hung-gpu', [], (scenario) => {
      const devices = scenario.devices as { hangMs?: Record<string, number> }[];
      devices[1]!.hangMs = { nvmlDeviceGetMemoryInfo: 8000 };
      for (const frame of scenario.timeline) frame.devices = frame.devices.map((d) => ({ ...d, processes: [] }));
    });
    try {
      const t = open(live.env);
      const screen = await t.waitFor(/\[1\] .*⚠ not answering: the driver did not return within the deadline/, 30_000);
      // how long, counting up while the reads go on
      const since = (s: string) => Number(/\[1\] .*for (\d+)s/.exec(s)?.[1] ?? -1);
      const first = since(screen);
      await t.waitFor((s) => since(s) > first, 20_000, 'the time since to grow');
      t.keys('q');
      expectRestored(t, await t.waitFor('[stty]', 20_000), 0);
    } finally {
      live.cleanup();
    }
  });

  it('no GPU: says so and what it tried; the host and the keys work', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('no-gpus')));
    const screen = await t.waitFor('No GPU with a working driver was found.', 20_000);
    expect(screen).toMatch(/^CPU /m);
    t.keys('h');
    await t.waitFor('keys and what the figures mean');
    t.keys('q'); // closes the help
    await t.waitFor((s) => !s.includes('keys and what the figures mean'), 10_000, 'help closed');
    t.keys('q');
    expectRestored(t, await t.waitFor('[stty]'), 0);
  });

  it('a pinned backend that cannot start: says why and exits 1 before taking the screen', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('8x-h100')), ['--backend', 'nvidia-smi']);
    const screen = await t.waitFor('[stty]', 20_000);
    expect(screen).toContain('Backend nvidia-smi could not start: nvidia-smi is not on PATH');
    expectRestored(t, screen, 1);
  });

  it('a pinned AMD backend names its own tool, and in Chinese labels the backend\'s own words', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('8x-h100')), ['--backend', 'amd-smi', '--lang', 'zh-CN']);
    const screen = await t.waitFor('[stty]', 20_000);
    expect(screen).toContain('后端 amd-smi 无法启动：未安装 amd-smi（PATH 中找不到）');
    expect(screen).not.toContain('nvidia-smi');
    expect(screen).toMatch(/\n {2}后端的原始说明：/);
    expectRestored(t, screen, 1);
  });

  it('gives the terminal back after Ctrl-C', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('8x-h100')));
    await t.waitFor('[7]', 20_000);
    expect(t.format('#{alternate_on}')).toBe('1');
    expect(t.format('#{mouse_sgr_flag}')).toBe('1');
    t.keys('C-c');
    expectRestored(t, await t.waitFor('[stty]'), 0);
  });

  it('gives the terminal back after SIGTERM, with the exit code a shell expects', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('8x-h100')), ['--no-mouse']);
    await t.waitFor('[7]', 20_000);
    expect(t.format('#{mouse_any_flag}')).toBe('0');
    process.kill(t.programPid(), 'SIGTERM');
    expectRestored(t, await t.waitFor('[stty]'), 143);
  });

  it('gives the terminal back after Ctrl-C while a filter is being typed', async () => {
    const t = open(fakeNvmlEnv(scenarioPath('8x-h100')));
    await t.waitFor('[7]', 20_000);
    t.keys('/');
    t.type('abc');
    t.keys('C-c');
    expectRestored(t, await t.waitFor('[stty]'), 0);
  });
});
