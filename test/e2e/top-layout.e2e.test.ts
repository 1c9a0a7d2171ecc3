// `gpuwise top` as a user sees it, in a real terminal (tmux): the 8-GPU box at 80×24 and at
// 200×50, a live resize, Chinese columns, ASCII and no-colour modes, and what it does off a
// terminal. The built CLI over the fake NVML, with real processes of this test on its GPUs.

import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/cli/render/format.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { BIN, ROOT, baseEnv, ensureBuilt, shell } from './run-cli.js';
import { Children, HAVE_TMUX, liveScenario, TopTerminal, waitForChildren, type LiveScenario } from './top-tmux.js';

const children = new Children();
let scenario: LiveScenario;
let jobPid = 0;
let cjkPid = 0;
const terminals: TopTerminal[] = [];

function open(columns: number, rows: number, args: string[] = [], env: Record<string, string> = {}): TopTerminal {
  const terminal = TopTerminal.start({ columns, rows, args: ['top', '--interval', '0.25', ...args], env: { ...scenario.env, ...env } });
  terminals.push(terminal);
  return terminal;
}

beforeAll(async () => {
  await ensureBuilt();
  const job = children.spawn('sh', ['-c', 'sleep 300 & sleep 301 & wait', 'train.py']);
  const cjk = children.spawn('sh', ['-c', 'sleep 302', '训练任务']);
  jobPid = children.pid(job);
  cjkPid = children.pid(cjk);
  await waitForChildren(jobPid, 2);
  const perGpu = Array.from({ length: 8 }, (_, gpu) => [{ pid: 120431 + gpu, usedMemoryMiB: 9000 + gpu, smUtilPercent: 90 }]);
  perGpu[0] = [{ pid: jobPid, usedMemoryMiB: 30000, smUtilPercent: 80 }];
  perGpu[1] = [{ pid: cjkPid, usedMemoryMiB: 12000, smUtilPercent: 40 }];
  scenario = liveScenario('8x-h100', perGpu);
}, 120_000);

afterAll(() => {
  for (const terminal of terminals) terminal.kill();
  children.stop();
  scenario?.cleanup();
});

function widest(screen: string): number {
  return Math.max(...screen.split('\n').map((line) => displayWidth(line)));
}

describe.skipIf(!HAVE_TMUX)('gpuwise top in a terminal', { timeout: 45_000 }, () => {
  it('the 8-GPU box at 80×24: one line per GPU, the host, the processes, nothing past the edge', async () => {
    const terminal = open(80, 24);
    const screen = await terminal.waitFor((s) => s.includes('[7]') && s.includes(`${jobPid} root`), 20_000, 'eight GPUs and the processes');
    const lines = screen.split('\n');
    for (let i = 0; i < 8; i++) expect(lines[1 + i], `GPU ${i}`).toMatch(new RegExp(`^\\[${i}\\] +H100 80GB HBM3 +GPU .*%.*MEM .*79\\.6G`));
    expect(screen).toMatch(/^CPU .*%/m);
    expect(screen).toMatch(/^RAM /m);
    expect(screen).toMatch(/PID +USER +GPU/);
    expect(screen).toContain('sh -c sleep 300');
    expect(widest(screen)).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^gpuwise top/);
    expect(lines[23]).toMatch(/select.*sort/);
  });

  it('at 200×50: bus id, clocks, PCIe and NVLink, SM/tensor/DRAM next to GPU-Util, graphs — and it resizes live', async () => {
    const terminal = open(80, 24);
    await terminal.waitFor('[7]', 20_000);
    terminal.resize(200, 50);
    const screen = await terminal.waitFor((s) => s.includes('Tensor'), 10_000, 'the full view after the resize');
    expect(screen).toMatch(/\[0\] +NVIDIA H100 80GB HBM3 +18:00\.0 +P0 .*MHz +PCIe ↓\S+ ↑\S+ +NVLink ↓\S+ ↑\S+ +ECC 0/);
    expect(screen).toMatch(/GPU [█▏▎▍▌▋▊▉░]+ +\d+% +SM +\d+% +Tensor +\d+% +DRAM +\d+% +MEM █/);
    expect(screen).toMatch(/GPU +[ ▁▂▃▄▅▆▇█]* │ MEM +[ ▁▂▃▄▅▆▇█]* │ PWR/);
    expect(widest(screen)).toBeLessThanOrEqual(200);
    terminal.resize(80, 24);
    await terminal.waitFor((s) => !s.includes('Tensor') && s.includes('[7]'), 10_000, 'compact again');
  });

  it('the graphs draw the driver’s sub-second samples, not one point per refresh', async () => {
    // One reading every 2 s over a 10 s span: rows alone would fill one cell in ten; the
    // driver's ~6 samples a second fill every cell.
    const terminal = open(200, 50, ['--interval', '2', '--span', '10']);
    const graphRow = /^ {4}GPU +[ ▁▂▃▄▅▆▇█]*?([▁▂▃▄▅▆▇█]{12,})[ ▁▂▃▄▅▆▇█]* │ MEM/m;
    const screen = await terminal.waitFor((s) => graphRow.test(s), 25_000, 'twelve graph cells in a row');
    expect(screen).toContain('graphs 10s');
  });

  it('in Chinese, columns line up across double-width headers, labels and commands', async () => {
    const terminal = open(120, 32, ['--lang', 'zh-CN']);
    const screen = await terminal.waitFor((s) => s.includes('训练任务') && s.includes('命令'), 20_000, 'the Chinese screen');
    const lines = screen.split('\n');
    const edge = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text) + text.length));
    const start = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text)));
    const header = lines.find((l) => l.includes('命令') && l.includes('显存'))!;
    const job = lines.find((l) => l.includes(`${jobPid} `))!;
    const cjk = lines.find((l) => l.includes('训练任务'))!;
    expect(edge(job, '29.3G')).toBe(edge(header, '显存'));
    expect(edge(cjk, '11.7G')).toBe(edge(header, '显存'));
    expect(start(job, 'sh -c')).toBe(start(header, '命令'));
    expect(start(cjk, 'sh -c')).toBe(start(header, '命令'));
    const gpuLines = lines.filter((l) => /^\[\d\]/.test(l));
    expect(gpuLines).toHaveLength(8);
    expect(new Set(gpuLines.map((l) => start(l, '显存'))).size).toBe(1);
    // Durations in Chinese too: the interval in the header, and each process's age right under 运行时长.
    expect(screen).toContain('每 250 毫秒');
    const age = / (\d+秒|\d+分\d{2}秒) /.exec(job)?.[1];
    expect(age, job).toBeDefined();
    expect(edge(job, ` ${age!} `) - 1).toBe(edge(header, '运行时长'));
    expect(screen).not.toMatch(/\b\d+m\d{2}s\b|\b\d+s\b/);
    expect(widest(screen)).toBeLessThanOrEqual(120);
  });

  it('a process name cannot drive the terminal: escapes are shown, not obeyed', async () => {
    const evil = children.spawn('sh', ['-c', 'sleep 306', '\u001b[2J\u001b]2;pwned\u0007\r[9] forged GPU']);
    const live = liveScenario('8x-h100', [[{ pid: children.pid(evil), usedMemoryMiB: 1000 }]]);
    try {
      const terminal = TopTerminal.start({ columns: 160, rows: 30, args: ['top', '--interval', '0.25'], env: live.env });
      terminals.push(terminal);
      const screen = await terminal.waitFor('sleep 306', 20_000);
      expect(screen).toContain('\\e[2J\\e]2;pwned\\x07\\r[9] forged GPU');
      expect(screen).not.toMatch(/^\[9\]/m);
      expect(terminal.format('#{pane_title}')).not.toContain('pwned');
    } finally {
      live.cleanup();
    }
  });

  it('MIG: the instances under their GPU, processes placed on them', async () => {
    const terminal = open(120, 30, [], fakeNvmlEnv(scenarioPath('a100-mig')));
    const screen = await terminal.waitFor('3g.20gb', 20_000);
    expect(screen).toMatch(/├─ 0\/0 3g\.20gb +GI 2 CI 0 +42 SMs +MEM 14\.9\/19\.5G/);
    expect(screen).toMatch(/└─ 0\/3 1g\.5gb/);
    expect(screen).toMatch(/33010 \? +0\/0 +14\.9G/);
    expect(screen).toMatch(/GPU ░+ N\/A/); // utilisation is not given in MIG mode
  });

  it('LANG=C draws in ASCII; --no-color writes no colour codes', async () => {
    const ascii = open(100, 30, [], { LANG: 'C', LC_ALL: 'C' });
    const plain = await ascii.waitFor('[7]', 20_000);
    expect(plain).toMatch(/GPU [#.]+ +\d+%/);
    expect(plain).not.toMatch(/[█░▁▂▃▄▅▆▇]/);
    const mono = open(100, 30, ['--no-color']);
    await mono.waitFor('[7]', 20_000);
    const escapes = mono.capture(true);
    expect(escapes).not.toMatch(/\u001b\[(3[0-7]|9[0-7])m/);
  });

  it('off a terminal it prints one info view and exits 0; `gpuwise` alone prints the help there', () => {
    const piped = shell('$GPUWISE top | cat', fakeNvmlEnv(scenarioPath('8x-h100')));
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain('[0] NVIDIA H100 80GB HBM3');
    expect(piped.stdout).toContain('[7] NVIDIA H100 80GB HBM3');
    expect(piped.stdout).not.toContain('\u001b[?1049h');
    const help = spawnSync(process.execPath, [BIN], { cwd: ROOT, encoding: 'utf8', env: baseEnv(), timeout: 30_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: gpuwise');
    expect(help.stdout).toMatch(/top \[options\] +live view of the GPUs/);
  });

  it('`gpuwise` alone on a terminal starts top', async () => {
    const terminal = TopTerminal.start({ columns: 100, rows: 30, args: [], env: scenario.env });
    terminals.push(terminal);
    await terminal.waitFor((s) => s.startsWith('gpuwise top') && s.includes('[7]'), 20_000, 'top');
    terminal.keys('q');
    expect(await terminal.waitFor('[stty]')).toContain('[exit 0]');
  });
});
