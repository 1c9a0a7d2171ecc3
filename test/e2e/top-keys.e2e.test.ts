// The keys of `gpuwise top` in a real terminal: sorting, filtering, the tree view, the interval
// and span, help, the mouse — and signalling a real process this test started, with the
// confirmation, a refusal, and --readonly.

import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './run-cli.js';
import { Children, HAVE_TMUX, liveScenario, TopTerminal, waitForChildren, type LiveScenario } from './top-tmux.js';

const children = new Children();
let terminal: TopTerminal | null = null;
let job: ChildProcess;
let small: ChildProcess;
let jobPid = 0;
let smallPid = 0;

beforeAll(async () => {
  await ensureBuilt();
  job = children.spawn('sh', ['-c', 'sleep 300 & sleep 301 & wait', 'train.py']);
  small = children.spawn('sleep', ['303']);
  jobPid = children.pid(job);
  smallPid = children.pid(small);
  await waitForChildren(jobPid, 2);
}, 120_000);

afterEach(() => {
  terminal?.kill();
  terminal = null;
});

afterAll(() => children.stop());

/** The 8-GPU box with the job on GPU 0, a small process on GPU 2 and a PID that has exited on GPU 3. */
function scenario(extra: { pid: number; gpu: number }[] = []): LiveScenario {
  const perGpu: { pid: number; usedMemoryMiB: number; smUtilPercent?: number }[][] = Array.from({ length: 8 }, () => []);
  perGpu[0]!.push({ pid: jobPid, usedMemoryMiB: 30000, smUtilPercent: 80 });
  perGpu[2]!.push({ pid: smallPid, usedMemoryMiB: 500 });
  perGpu[3]!.push({ pid: 999_999, usedMemoryMiB: 8000 });
  for (const { pid, gpu } of extra) perGpu[gpu]!.push({ pid, usedMemoryMiB: 1000 });
  return liveScenario('8x-h100', perGpu);
}

async function open(live: LiveScenario, args: string[] = [], columns = 120, rows = 40): Promise<TopTerminal> {
  terminal = TopTerminal.start({ columns, rows, args: ['top', '--interval', '0.25', ...args], env: live.env });
  await terminal.waitFor((s) => s.includes(`${jobPid} root`) && s.includes(`${smallPid} root`), 20_000, 'the processes');
  return terminal;
}

/** Table rows (PIDs in screen order): a PID, then its user (root here, or ? for one that exited). */
function pids(screen: string): number[] {
  return screen.split('\n').flatMap((line) => {
    const match = /^[▶ ] +(\d+) (root|\?) /.exec(line);
    return match ? [Number(match[1])] : [];
  });
}

function exited(child: ChildProcess): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.signalCode);
    child.once('exit', (_code, signal) => resolve(signal));
  });
}

describe.skipIf(!HAVE_TMUX)('gpuwise top keys', { timeout: 60_000 }, () => {
  it('sorts by any column from the keyboard and with the mouse', async () => {
    const live = scenario();
    try {
      const t = await open(live);
      expect(pids(t.capture())).toEqual([jobPid, smallPid, 999_999]);
      t.keys('M'); // GPU memory, biggest first
      let screen = await t.waitFor('GPU-MEM▼');
      expect(pids(screen)).toEqual([jobPid, 999_999, smallPid]);
      t.keys('i');
      screen = await t.waitFor('GPU-MEM▲');
      expect(pids(screen)).toEqual([smallPid, 999_999, jobPid]);
      t.keys('<'); // the column before: GPU, ascending
      await t.waitFor('GPU▲');
      // A click on the PID title (SGR mouse report, as the terminal sends it)
      const header = t.lines().findIndex((line) => /PID +USER/.test(line));
      t.type(`\u001b[<0;6;${header + 1}M\u001b[<0;6;${header + 1}m`);
      screen = await t.waitFor('PID▲');
      expect(pids(screen)).toEqual([jobPid, smallPid, 999_999].sort((a, b) => a - b));
    } finally {
      live.cleanup();
    }
  });

  it('filters by text, by user and by GPU; Esc clears', async () => {
    const live = scenario();
    try {
      const t = await open(live);
      t.keys('/');
      t.type('sleep');
      let screen = await t.waitFor((s) => s.includes('Filter: sleep_'));
      expect(pids(screen)).toEqual([jobPid, smallPid]);
      t.keys('Enter');
      screen = await t.waitFor('filter "sleep"');
      t.keys('Escape');
      screen = await t.waitFor((s) => pids(s).length === 3, 10_000, 'all rows back');
      t.keys('u'); // the first user: root (the exited PID has no user)
      screen = await t.waitFor('user root');
      expect(pids(screen)).toEqual([jobPid, smallPid]);
      t.keys('Escape', 'g', 'g', 'g'); // GPU 0, 1, 2
      screen = await t.waitFor('GPU 2');
      expect(pids(screen)).toEqual([smallPid]);
      t.keys('g');
      screen = await t.waitFor('GPU 3');
      expect(pids(screen)).toEqual([999_999]);
    } finally {
      live.cleanup();
    }
  });

  it('tree view: the job with the processes it started', async () => {
    const live = scenario();
    try {
      const t = await open(live);
      const workers = await waitForChildren(jobPid, 2);
      t.keys('t');
      const screen = await t.waitFor((s) => s.includes('└─ sleep 301'), 10_000, 'the tree');
      const lines = screen.split('\n');
      const at = lines.findIndex((line) => line.includes(`${jobPid} root`));
      expect(lines[at + 1]).toMatch(new RegExp(`${workers[0]} root .*├─ sleep 300`));
      expect(lines[at + 2]).toMatch(new RegExp(`${workers[1]} root .*└─ sleep 301`));
      expect(screen).toMatch(/sort GPU▲ +tree/);
      t.keys('t');
      await t.waitFor((s) => !s.includes('└─ sleep 301') && s.includes('children: 2'), 10_000, 'the tree folded');
      // Enter: the job in full, its whole command line and its children's totals
      t.keys('Home', 'Enter');
      const details = await t.waitFor('children 2; with them CPU', 10_000);
      expect(details).toContain(`PID ${jobPid}  root`);
      expect(details).toContain('sh -c sleep 300 & sleep 301 & wait train.py');
      t.keys('Escape');
      await t.waitFor((s) => !s.includes('children 2; with them'), 10_000, 'the box closed');
    } finally {
      live.cleanup();
    }
  });

  it('changes the interval and the graphs’ span while running; h shows the help', async () => {
    const live = scenario();
    try {
      const t = await open(live);
      expect(t.lines()[0]).toContain('every 250ms');
      t.keys('-');
      await t.waitFor((s) => s.split('\n')[0]!.includes('every 500ms'));
      await t.waitFor('Reading every 500ms.');
      t.keys(']');
      await t.waitFor('graphs 2min');
      t.keys('h');
      await t.waitFor('gpuwise top — keys and what the figures mean');
      t.keys('Escape');
      await t.waitFor((s) => !s.includes('keys and what the figures mean'), 10_000, 'help closed');
    } finally {
      live.cleanup();
    }
  });

  it('signals a real process after the confirmation; n sends nothing', async () => {
    const target = children.spawn('sleep', ['304']);
    const pid = children.pid(target);
    const live = scenario([{ pid, gpu: 5 }]);
    try {
      const t = await open(live);
      t.keys('/');
      t.type(String(pid));
      t.keys('Enter');
      await t.waitFor((s) => pids(s).length === 1 && pids(s)[0] === pid, 10_000, 'only the target');
      t.keys('k');
      await t.waitFor('Send a signal to this process');
      t.keys('2');
      await t.waitFor(`Send SIGTERM to PID ${pid}?`);
      t.keys('n');
      await t.waitFor('Nothing was sent.');
      expect(target.exitCode).toBeNull();
      expect(target.signalCode).toBeNull();
      t.keys('k', '2');
      await t.waitFor(`Send SIGTERM to PID ${pid}?`);
      const gone = exited(target);
      t.keys('y');
      await t.waitFor(`Sent SIGTERM to PID ${pid}.`);
      expect(await gone).toBe('SIGTERM');
    } finally {
      live.cleanup();
    }
  });

  it('refuses what may not be signalled: an exited PID, and everything with --readonly', async () => {
    const target = children.spawn('sleep', ['305']);
    const pid = children.pid(target);
    const live = scenario([{ pid, gpu: 6 }]);
    try {
      let t = await open(live);
      t.keys('g', 'g', 'g', 'g'); // GPU 3: the PID that has exited
      await t.waitFor((s) => pids(s)[0] === 999_999);
      t.keys('k');
      await t.waitFor('PID 999999 has already ended.');
      expect(t.capture()).not.toContain('Send a signal');
      t.kill();
      t = await open(live, ['--readonly']);
      expect(t.lines()[0]).toContain('read-only');
      t.keys('/');
      t.type(String(pid));
      t.keys('Enter', 'k');
      await t.waitFor('Read-only (--readonly): top sends no signals.');
      t.keys('2', 'y');
      await t.waitFor((s) => !s.includes('Read-only (--readonly)'), 10_000, 'the note gone');
      expect(target.exitCode).toBeNull();
      expect(target.signalCode).toBeNull();
    } finally {
      live.cleanup();
    }
  });
});
