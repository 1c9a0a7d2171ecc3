// The job's family from /proc's parent links (fake /proc trees here; supervisor.test.ts has real
// processes): a process that left the group is found through its parent and remembered after
// the parent ends, and a PID the kernel gave to another process is never signalled.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStat, trackFamily } from './family.js';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fake /proc: pid → [ppid, pgid, start ticks, state]. */
function fakeProc(table: Record<number, [number, number, number, string?]>): string {
  const root = mkdtempSync(join(tmpdir(), 'gpuwise-proc-'));
  roots.push(root);
  writeTable(root, table);
  return root;
}

function writeTable(root: string, table: Record<number, [number, number, number, string?]>): void {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root);
  for (const [pid, [ppid, pgid, ticks, state]] of Object.entries(table)) {
    mkdirSync(join(root, pid));
    // Fields 3… of /proc/<pid>/stat: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime priority nice num_threads itrealvalue starttime …
    writeFileSync(join(root, pid, 'stat'), `${pid} (a b) c) ${state ?? 'S'} ${ppid} ${pgid} ${pgid} 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 ${ticks} 0 0\n`);
  }
}

describe('parseStat', () => {
  it('reads the fields after the last ")" (a command may hold spaces and parentheses)', () => {
    expect(parseStat(7, '7 (evil) 1 2) S 5 6 6 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 4242 0 0')).toEqual({ pid: 7, ppid: 5, pgid: 6, startTicks: 4242, zombie: false });
    expect(parseStat(7, 'garbage')).toBeNull();
  });
});

describe('trackFamily', () => {
  it('signals a descendant that left the group, found while its parent lived, after that parent ended', () => {
    // 100 leads group 100; 101 is in the group; 102 (child of 101) ran setsid; 200 is unrelated.
    const root = fakeProc({ 100: [1, 100, 10], 101: [100, 100, 11], 102: [101, 102, 12], 200: [1, 200, 13] });
    const sent: string[] = [];
    const family = trackFamily(100, { procRoot: root, enabled: true, kill: (pid, signal) => void sent.push(`${pid} ${signal}`) });
    family.scan();
    // 101 and the leader end; 102 is reparented to init and is found by what was seen before.
    writeTable(root, { 102: [1, 102, 12], 200: [1, 200, 13], 103: [102, 102, 14] });
    family.scan();
    expect(family.escapedAlive()).toBe(true);
    expect(family.signalEscaped('SIGTERM')).toBe(2);
    expect(sent.sort()).toEqual(['102 SIGTERM', '103 SIGTERM']);
    expect([...family.seen()].sort()).toEqual([100, 101, 102, 103]);
  });

  it('never signals a PID the kernel has since given to another process, nor a zombie', () => {
    const root = fakeProc({ 100: [1, 100, 10], 102: [100, 102, 12], 104: [100, 104, 15] });
    const sent: number[] = [];
    const family = trackFamily(100, { procRoot: root, enabled: true, kill: (pid) => void sent.push(pid) });
    family.scan();
    // 102 ended and its PID went to an unrelated process (another start time); 104 is a zombie.
    writeTable(root, { 102: [1, 102, 99], 104: [1, 104, 15, 'Z'] });
    expect(family.escapedAlive()).toBe(false);
    expect(family.signalEscaped('SIGKILL')).toBe(0);
    expect(sent).toEqual([]);
  });

  it('does not adopt the children of a process that got the leader\'s PID after the leader ended', () => {
    const root = fakeProc({ 100: [1, 100, 10] });
    const sent: number[] = [];
    const family = trackFamily(100, { procRoot: root, enabled: true, kill: (pid) => void sent.push(pid) });
    family.scan();
    writeTable(root, { 100: [1, 300, 50], 301: [100, 301, 51] });
    family.scan();
    family.signalEscaped('SIGTERM');
    expect(sent).toEqual([]);
  });

  it('does nothing off Linux', () => {
    const family = trackFamily(100, { procRoot: '/nonexistent', enabled: false });
    family.scan();
    expect(family.escapedAlive()).toBe(false);
    expect([...family.seen()]).toEqual([100]);
  });
});
