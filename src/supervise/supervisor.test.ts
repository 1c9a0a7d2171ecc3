// The supervisor with real child processes (node scripts in __fixtures__/jobs) and a fake clock:
// waits are recorded and jump the clock instead of sleeping, so the back-off is checked exactly.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecognizer } from './failures/recognize.js';
import { openJobLogs, type JobLogs } from './job-logs.js';
import { supervise, type Clock, type SupervisorEvent, type SupervisorOptions } from './supervisor.js';

const JOBS = new URL('./__fixtures__/jobs/', import.meta.url).pathname;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fakeClock() {
  let now = 1_000_000;
  const waits: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, waits };
}

function setup(script: string, args: string[], extra: Partial<SupervisorOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-run-'));
  dirs.push(dir);
  const logs: JobLogs = openJobLogs({ dir });
  const events: SupervisorEvent[] = [];
  const { clock, waits } = fakeClock();
  const supervisor = supervise({
    command: process.execPath, args: [join(JOBS, script), ...args], logs, recognizer: createRecognizer(), clock, random: () => 0.5,
    policy: { backoffMinMs: 10_000, backoffMaxMs: 300_000, maxRestarts: 3 }, onEvent: (e) => events.push(e), graceMs: 3000, ...extra,
  });
  const done = supervisor.outcome.finally(() => logs.close());
  return { dir, logs, events, waits, supervisor, done, combined: () => readFileSync(join(dir, 'output.log'), 'utf8') };
}

describe('supervise (real processes)', () => {
  it('restarts a crash after the policy\'s back-off, appending the resume argument on restarts only', async () => {
    const run = setup('exit-by-attempt.mjs', ['1,1,0'], { resumeArgs: ['--resume', 'latest'] });
    const outcome = await run.done;
    expect(outcome.attempts.map((a) => a.exitCode)).toEqual([1, 1, 0]);
    expect(outcome).toMatchObject({ stop: 'succeeded', exitCode: 0 });
    expect(run.waits).toEqual([10_000, 20_000]);
    expect(outcome.attempts.map((a) => a.restartDelayMs)).toEqual([10_000, 20_000, null]);
    // The next attempt starts exactly one back-off after the previous ended (the fake clock only moves in sleep).
    expect(outcome.attempts[1]!.startedMs - outcome.attempts[0]!.endedMs).toBe(10_000);
    expect(outcome.attempts[2]!.startedMs - outcome.attempts[1]!.endedMs).toBe(20_000);
    const log = run.combined();
    expect(log).toContain('#1 out  attempt 1 args []');
    expect(log).toContain('#2 out  attempt 2 args ["--resume","latest"]');
    expect(log).toContain('#3 out  attempt 3 args ["--resume","latest"]');
  });

  it('stops a crash loop at the limit with the job\'s exit code', async () => {
    const run = setup('exit-by-attempt.mjs', ['7'], { policy: { maxRestarts: 2, backoffMinMs: 1000, backoffMaxMs: 60_000 } });
    const outcome = await run.done;
    expect(outcome.attempts).toHaveLength(3);
    expect(outcome).toMatchObject({ stop: 'restart-limit', exitCode: 7, failuresInWindow: 3 });
    expect(run.waits).toEqual([1000, 2000]);
  });

  it('does not restart a success, and never restarts under never', async () => {
    expect(await setup('exit-by-attempt.mjs', ['0']).done).toMatchObject({ stop: 'succeeded', exitCode: 0, attempts: [{ attempt: 1 }] });
    const never = await setup('exit-by-attempt.mjs', ['4'], { policy: { mode: 'never' } }).done;
    expect(never).toMatchObject({ stop: 'failed-no-restart', exitCode: 4 });
    expect(never.attempts).toHaveLength(1);
  });

  it('a kill -9 of the job: 137, and every line written before it is in the logs', async () => {
    const lines = 5000;
    let killed = false;
    const run = setup('chatty.mjs', [String(lines)], {
      policy: { maxRestarts: 0 },
      live: (stream, chunk) => {
        if (!killed && stream === 'err' && chunk.toString().includes('ready')) {
          killed = true;
          const start = run.events.find((e) => e.type === 'attempt-start');
          if (start?.type === 'attempt-start') process.kill(start.pid, 'SIGKILL');
        }
      },
    });
    const outcome = await run.done;
    expect(outcome.attempts[0]?.status).toEqual({ code: null, signal: 'SIGKILL' });
    expect(outcome.exitCode).toBe(137);
    const log = run.combined();
    const numbered = log.split('\n').filter((l) => / out {2}line \d+ /.test(l)).map((l) => Number(/line (\d+)/.exec(l)?.[1]));
    expect(numbered).toEqual(Array.from({ length: lines }, (_, i) => i));
    // ANSI kept in the raw copy, stripped in the combined log.
    expect(log).toContain('line 0 green\n');
    expect(readFileSync(join(run.dir, 'stdout.log'), 'utf8')).toContain('line 0 \u001b[32mgreen\u001b[0m\n');
    // The line without a newline and the binary one: there, marked, decoded safely.
    expect(log).toMatch(/ out {2}partial without newline\uFFFD\uFFFD\\x00A\n/);
  });

  it('a kill -9 from outside with the kernel log read and no OOM record: not blamed on the OOM killer', async () => {
    let killed = false;
    const run = setup('stubborn.mjs', [], {
      policy: { mode: 'never' },
      oomWatcher: { unavailable: null, read: () => [], close: () => undefined },
      live: (stream, chunk) => {
        if (!killed && stream === 'out' && chunk.toString().includes('ready')) {
          killed = true;
          const start = run.events.find((e) => e.type === 'attempt-start');
          if (start?.type === 'attempt-start') process.kill(start.pid, 'SIGKILL');
        }
      },
    });
    const outcome = await run.done;
    expect(outcome.exitCode).toBe(137);
    expect(outcome.failures.map((f) => [f.kind, f.title.key])).toEqual([['sigkill', 'run.failure.sigkill']]);
    expect(JSON.stringify(outcome.failures)).not.toContain('not-watched');
  });

  it('an OOM record that lags the kill (the journal\'s can) still names the OOM killer', async () => {
    let killedPid = 0;
    let reads = 0;
    const run = setup('stubborn.mjs', [], {
      policy: { mode: 'never' },
      // The record shows up on the third look, some 200 ms after the job ended.
      oomWatcher: { unavailable: null, read: () => (++reads >= 3 && killedPid > 0 ? [{ pid: killedPid, name: 'node', anonRssBytes: null, cgroup: false }] : []), close: () => undefined },
      live: (stream, chunk) => {
        if (killedPid === 0 && stream === 'out' && chunk.toString().includes('ready')) {
          const start = run.events.find((e) => e.type === 'attempt-start');
          if (start?.type === 'attempt-start') process.kill((killedPid = start.pid), 'SIGKILL');
        }
      },
    });
    const outcome = await run.done;
    expect(outcome.failures.map((f) => [f.kind, f.details.confirmed])).toEqual([['host-oom-kill', 'kernel-log']]);
  });

  it('SIGTERM reaches the job\'s whole group, grandchildren included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-sig-'));
    dirs.push(dir);
    const marks = join(dir, 'marks');
    let readyCount = 0;
    const run = setup('family.mjs', [marks], {
      live: (_stream, chunk) => {
        readyCount += (chunk.toString().match(/ready/g) ?? []).length;
        if (readyCount === 2) run.supervisor.signal('SIGTERM');
      },
    });
    const outcome = await run.done;
    expect(outcome).toMatchObject({ stop: 'stopped', stoppedBy: 'SIGTERM', exitCode: 3 });
    expect(outcome.attempts).toHaveLength(1);
    expect(readFileSync(marks, 'utf8').split('\n').sort()).toEqual(['', 'child SIGTERM', 'grandchild SIGTERM']);
  });

  it('Ctrl-C is forwarded to the group too (the job handles it; no restart after a stop)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-sig-'));
    dirs.push(dir);
    const marks = join(dir, 'marks');
    let readyCount = 0;
    const run = setup('family.mjs', [marks], {
      live: (_stream, chunk) => {
        readyCount += (chunk.toString().match(/ready/g) ?? []).length;
        if (readyCount === 2) run.supervisor.signal('SIGINT');
      },
    });
    const outcome = await run.done;
    expect(outcome).toMatchObject({ stop: 'stopped', stoppedBy: 'SIGINT', exitCode: 3 });
    expect(readFileSync(marks, 'utf8')).toContain('grandchild SIGINT');
  });

  it('a second Ctrl-C kills a job that ignores it after the grace period; no OOM blamed', async () => {
    let asked = false;
    const run = setup('stubborn.mjs', [], {
      graceMs: 300,
      oomWatcher: { unavailable: 'EPERM', read: () => [], close: () => undefined },
      live: (stream, chunk) => {
        if (!asked && stream === 'out' && chunk.toString().includes('ready')) {
          asked = true;
          run.supervisor.signal('SIGINT');
          setTimeout(() => run.supervisor.signal('SIGINT'), 200);
        }
      },
    });
    const outcome = await run.done;
    expect(outcome).toMatchObject({ stop: 'stopped', stoppedBy: 'SIGINT', exitCode: 137 });
    // The first Ctrl-C is the job's; the second starts the grace period, which then runs out.
    expect(run.events.map((e) => (e.type === 'stop-asked' ? `${e.type}:${e.phase}` : e.type === 'forcing' ? `${e.type}:${e.reason}` : e.type))).toEqual([
      'attempt-start', 'stop-asked:forwarded', 'stop-asked:grace', 'forcing:grace-over', 'attempt-end',
    ]);
    expect(outcome.failures).toEqual([]);
    expect(run.combined()).toContain('err  ignored SIGINT');
  });

  it('a third Ctrl-C kills at once, not as a grace period run out; SIGTERM starts the grace period by itself', async () => {
    let asked = false;
    const interrupted = setup('stubborn.mjs', [], {
      graceMs: 20_000,
      live: (stream, chunk) => {
        if (!asked && stream === 'out' && chunk.toString().includes('ready')) {
          asked = true;
          for (const ms of [0, 50, 100]) setTimeout(() => interrupted.supervisor.signal('SIGINT'), ms);
        }
      },
    });
    expect(await interrupted.done).toMatchObject({ exitCode: 137 });
    expect(interrupted.events.filter((e) => e.type === 'forcing')).toEqual([{ type: 'forcing', graceMs: 20_000, reason: 'asked' }]);
    let termed = false;
    const terminated = setup('stubborn.mjs', [], {
      graceMs: 300,
      live: (stream, chunk) => {
        if (!termed && stream === 'out' && chunk.toString().includes('ready')) {
          termed = true;
          terminated.supervisor.signal('SIGTERM');
        }
      },
    });
    expect(await terminated.done).toMatchObject({ exitCode: 137, stoppedBy: 'SIGTERM' });
    // No second signal is needed: SIGKILL follows the grace period on its own.
    expect(terminated.events.filter((e) => e.type === 'stop-asked' || e.type === 'forcing')).toEqual([
      { type: 'stop-asked', signal: 'SIGTERM', graceMs: 300, phase: 'grace' },
      { type: 'forcing', graceMs: 300, reason: 'grace-over' },
    ]);
  });

  it('a grandchild left running when the job exits is stopped before the next attempt', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-sig-'));
    dirs.push(dir);
    const marks = join(dir, 'marks');
    // sh starts the family in the background and exits 0 a second later, leaving both running.
    const orphan = supervise({
      command: 'sh', args: ['-c', `'${process.execPath}' '${join(JOBS, 'family.mjs')}' '${marks}.2' & sleep 1; exit 0`],
      logs: openJobLogs({ dir }), recognizer: createRecognizer(), clock: fakeClock().clock, graceMs: 3000,
    });
    expect(await orphan.outcome).toMatchObject({ stop: 'succeeded', exitCode: 0 });
    expect(readFileSync(`${marks}.2`, 'utf8')).toContain('child SIGTERM');
  }, 20_000);

  it('a stop reaches a child that left the group with setsid, and one left behind when the job exits is stopped too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-sig-'));
    dirs.push(dir);
    // Running, not a zombie waiting for init to reap it.
    const alive = (pid: number) => {
      try {
        return !/^\d+ \(.*\) [ZX]/s.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
      } catch {
        return false;
      }
    };
    let stopped = false;
    const stays = setup('escape.mjs', [join(dir, 'stays.pid')], {
      live: (_stream, chunk) => {
        if (!stopped && chunk.toString().includes('ready')) {
          stopped = true;
          stays.supervisor.signal('SIGTERM');
        }
      },
    });
    expect(await stays.done).toMatchObject({ stop: 'stopped', stoppedBy: 'SIGTERM' });
    expect(alive(Number(readFileSync(join(dir, 'stays.pid'), 'utf8')))).toBe(false);
    // The job ends by itself half a second after its child left; the 100 ms scans saw the child first.
    const leaves = setup('escape.mjs', [join(dir, 'leaves.pid'), 'leave'], { groupScanMs: 100 });
    expect(await leaves.done).toMatchObject({ stop: 'succeeded', exitCode: 0 });
    expect(alive(Number(readFileSync(join(dir, 'leaves.pid'), 'utf8')))).toBe(false);
  }, 20_000);

  it('keeps the order of lines across stdout and stderr as they arrive', async () => {
    const run = setup('alternate.mjs', ['30']);
    await run.done;
    const seq = run.combined().split('\n').flatMap((l) => /#1 (out|err) {2}seq (\d+)$/.exec(l) ?? []).filter((_, i) => i % 3 === 2).map(Number);
    expect(seq).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const tagged = run.combined().split('\n').filter((l) => / seq /.test(l)).map((l) => (l.includes(' out ') ? 'out' : 'err'));
    expect(tagged.slice(0, 4)).toEqual(['out', 'err', 'out', 'err']);
  });

  it('a stop during the back-off wait: no restart, 128 + the signal', async () => {
    const run = setup('exit-by-attempt.mjs', ['1,0'], {
      onEvent: (event) => {
        run.events.push(event);
        if (event.type === 'restart-scheduled') run.supervisor.signal('SIGTERM');
      },
    });
    const outcome = await run.done;
    expect(outcome).toMatchObject({ stop: 'stopped', stoppedBy: 'SIGTERM', exitCode: 143 });
    expect(outcome.attempts).toHaveLength(1);
    // No job runs in the wait: nothing is passed on, and that is what is said.
    expect(run.events.filter((e) => e.type === 'stop-asked')).toEqual([{ type: 'stop-asked', signal: 'SIGTERM', graceMs: 3000, phase: 'waiting' }]);
  });

  it('a command that does not exist: 127, no restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-run-'));
    dirs.push(dir);
    const outcome = await supervise({ command: 'gpuwise-no-such-command', args: [], logs: openJobLogs({ dir }), recognizer: createRecognizer(), clock: fakeClock().clock }).outcome;
    expect(outcome).toMatchObject({ stop: 'start-failed', exitCode: 127, attempts: [] });
    expect(outcome.startError).toMatch(/ENOENT/);
  });
});
