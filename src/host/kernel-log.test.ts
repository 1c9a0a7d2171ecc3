import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { gpu } from '../events/__fixtures__/samples.js';
import type { EventPoller } from '../events/sources.js';
import { translate } from '../i18n/index.js';
import type { JournalProbe, JournalRunner, KmsgFs } from './kernel-log-sources.js';
import { createJournalRunner } from './kernel-log-sources.js';
import { createXidWatcher, type XidAvailability } from './kernel-log.js';

const DIR = fileURLToPath(new URL('./__fixtures__/kernel-log/', import.meta.url));
const RECORDS = fs.readFileSync(DIR + 'kmsg-records.txt', 'utf8').split(/\n(?! )/).filter((r) => r !== '');

function errno(code: string): Error {
  return Object.assign(new Error(`${code}: fake`), { code });
}

/** /dev/kmsg as the kernel serves it: one record per read, EAGAIN when there is none. */
function fakeKmsg(options: { openError?: string; backlog?: string[] } = {}) {
  const queue: (string | 'EPIPE')[] = [...(options.backlog ?? [])];
  let closed = false;
  const io: KmsgFs = {
    openSync() {
      if (options.openError) throw errno(options.openError);
      return 42;
    },
    readSync(_fd, buffer) {
      const next = queue.shift();
      if (next === undefined) throw errno('EAGAIN');
      if (next === 'EPIPE') throw errno('EPIPE');
      return buffer.write(next);
    },
    closeSync: () => void (closed = true),
  };
  return { io, log: (...records: (string | 'EPIPE')[]) => queue.push(...records), closed: () => closed };
}

function fakeJournal(probe: Partial<JournalProbe>): JournalRunner & { emit(line: string): void; end(detail: string): void; stopped: boolean } {
  let onLine: (line: string) => void = () => undefined;
  let onEnd: (detail: string) => void = () => undefined;
  const runner = {
    stopped: false,
    probe: async () => ({ code: 0, errno: null, stdout: '{"MESSAGE":"Linux version 6.8.0"}\n', stderr: '', ...probe }),
    follow(line: (l: string) => void, end: (d: string) => void) {
      onLine = line;
      onEnd = end;
      return { stop: () => void (runner.stopped = true) };
    },
    emit: (line: string) => onLine(line),
    end: (detail: string) => onEnd(detail),
  };
  return runner;
}

const NO_PERMISSION = {
  stdout: '',
  stderr: "Hint: You are currently not seeing messages from other users and the system.\n      Users in groups 'adm', 'systemd-journal' can see all messages.\n",
};
const NO_JOURNALCTL = { code: null, errno: 'ENOENT', stdout: '' };

const devices = [gpu(0), gpu(1), gpu(2)]; // 00000000:17:00.0, 18, 19
const sample = { wallMs: 1_800_000_000_000, snapshot: { devices } };

function expectTranslatable(availability: XidAvailability): void {
  for (const locale of ['en', 'zh-CN'] as const) expect(translate(locale, availability.key, availability.params)).not.toMatch(/\{\w+\}/);
}

describe('Xid watcher on /dev/kmsg', () => {
  it('skips what the log held before, then turns new records into events on the right GPUs', async () => {
    const kmsg = fakeKmsg({ backlog: RECORDS });
    const watcher = await createXidWatcher({ platform: 'linux', kmsgFs: kmsg.io });
    expect(watcher.availability()).toMatchObject({ available: true, source: 'kmsg', reason: null, key: 'events.xid.source.kmsg' });
    expectTranslatable(watcher.availability());
    expect(watcher.poll(sample)).toEqual([]);

    kmsg.log(...RECORDS);
    const events = watcher.poll(sample);
    expect(events.map((e) => `${e.params.xid} ${e.deviceKey} ${e.severity} ×${e.params.count}`)).toEqual([
      '13 GPU-0 warning ×3', // one SM exception logged as three lines
      '31 GPU-1 warning ×1',
      '79 GPU-2 critical ×1',
      '94 null warning ×1', // 0019:01:00 is no GPU of this sample
      '119 GPU-0 critical ×1',
    ]);
    expect(events[2]).toMatchObject({
      atMs: sample.wallMs, kind: 'xid', gpuIndex: 2, key: 'events.xid.79',
      params: { gpu: 2, pciBusId: '0000:19:00', pid: 1234, process: 'python', text: 'GPU has fallen off the bus.' },
    });
    expect(events[3]).toMatchObject({ gpuIndex: null, params: { gpu: '0019:01:00' } });
    // The record user space forged (user facility) is not among them.
    expect(events.some((e) => e.params.process === 'forged')).toBe(false);
    expect(watcher.poll(sample)).toEqual([]);
    watcher.close();
    expect(kmsg.closed()).toBe(true);
  });

  it('counts records the kernel overwrote before they were read', async () => {
    const kmsg = fakeKmsg();
    const watcher = await createXidWatcher({ platform: 'linux', kmsgFs: kmsg.io });
    kmsg.log('EPIPE', RECORDS[6]!);
    expect(watcher.poll(sample)).toHaveLength(1);
    expect(watcher.availability().lostRecords).toBe(1);
  });

  it('dates events by the poll when no sample is given', async () => {
    const kmsg = fakeKmsg();
    const watcher = await createXidWatcher({ platform: 'linux', kmsgFs: kmsg.io, now: () => 123 });
    // What the recorder's sampleEvents takes (a compile-time check as much as a run-time one).
    const poller: EventPoller = watcher;
    expect(poller.poll).toBe(watcher.poll);
    kmsg.log(RECORDS[6]!);
    expect(watcher.poll()).toMatchObject([{ atMs: 123, deviceKey: null, params: { gpu: '0000:19:00' } }]);
  });
});

describe('Xid watcher on journalctl', () => {
  it('is used where /dev/kmsg is closed and the journal is readable, with the journal’s own times', async () => {
    const journal = fakeJournal({});
    const watcher = await createXidWatcher({ platform: 'linux', kmsgFs: fakeKmsg({ openError: 'EPERM' }).io, journal });
    expect(watcher.availability()).toMatchObject({ available: true, source: 'journal', attempts: [{ source: 'kmsg', ok: false, detail: 'EPERM' }, { source: 'journal', ok: true }] });
    for (const line of fs.readFileSync(DIR + 'journal.jsonl', 'utf8').split('\n')) journal.emit(line);
    const events = watcher.poll(sample);
    expect(events.map((e) => `${e.params.xid} ${e.deviceKey} ${e.atMs}`)).toEqual([
      '79 GPU-2 1764590559000',
      '48 GPU-0 1764590561000',
      `92 GPU-1 ${sample.wallMs}`,
    ]);
    // The process name with ESC is kept as data here; eventText escapes it.
    expect(events[1]?.params.process).toBe('\u001b[2Jx');
    watcher.close();
    expect(journal.stopped).toBe(true);
  });

  it('keeps a bounded queue between polls, and says so when journalctl stops', async () => {
    const journal = fakeJournal({});
    const watcher = await createXidWatcher({ platform: 'linux', kmsgFs: fakeKmsg({ openError: 'ENOENT' }).io, journal, maxQueued: 2 });
    const line = (n: number) => JSON.stringify({ _TRANSPORT: 'kernel', MESSAGE: `NVRM: Xid (PCI:0000:17:00): 31, pid=${n}, name=p, fault` });
    for (let n = 1; n <= 5; n++) journal.emit(line(n));
    expect(watcher.poll(sample).map((e) => e.params.pid)).toEqual([4, 5]);
    expect(watcher.availability().lostRecords).toBe(3);
    journal.end('journalctl ended (exit 1)');
    expect(watcher.availability()).toMatchObject({ available: false, reason: 'source-ended', params: { detail: 'journalctl ended (exit 1)' }, lostRecords: 3 });
    expectTranslatable(watcher.availability());
  });
});

describe('why Xid errors cannot be read', () => {
  const cases: [string, string | null, Partial<JournalProbe>, string][] = [
    ['kmsg restricted, journal hides the kernel from this user', 'EPERM', NO_PERMISSION, 'dmesg-restricted'],
    ['kmsg restricted, no journalctl', 'EACCES', NO_JOURNALCTL, 'dmesg-restricted'],
    ['no kmsg (a container), journal hides the kernel', 'ENOENT', NO_PERMISSION, 'journal-no-permission'],
    ['no kmsg, no journalctl', 'ENOENT', NO_JOURNALCTL, 'no-kernel-log'],
    ['no kmsg, a journal without kernel records', 'ENOENT', { stdout: '' }, 'no-kernel-log'],
    ['no kmsg, no journal files', 'ENOENT', { code: 1, stdout: '', stderr: 'No journal files were found.\n' }, 'no-kernel-log'],
    ['kmsg fails otherwise, journalctl fails', 'EIO', { code: 1, stdout: '', stderr: 'Failed to get boot id\n' }, 'error'],
  ];
  for (const [name, openError, probe, reason] of cases) {
    it(name, async () => {
      const watcher = await createXidWatcher({ platform: 'linux', kmsgFs: fakeKmsg({ openError: openError ?? undefined }).io, journal: fakeJournal(probe) });
      const availability = watcher.availability();
      expect(availability).toMatchObject({ available: false, source: null, reason });
      expect(availability.attempts.map((a) => a.source)).toEqual(['kmsg', 'journal']);
      expectTranslatable(availability);
      expect(watcher.poll(sample)).toEqual([]);
    });
  }

  it('off Linux, says where the driver writes them instead, and tries nothing', async () => {
    const watcher = await createXidWatcher({ platform: 'win32', kmsgFs: fakeKmsg({ openError: 'EPERM' }).io });
    expect(watcher.availability()).toMatchObject({ available: false, reason: 'not-linux', params: { platform: 'win32' }, attempts: [] });
    expect(translate('en', watcher.availability().key, watcher.availability().params)).toContain('Event Log');
  });

  it('tells the user the way out in their language', () => {
    const restricted = translate('zh-CN', 'events.xid.unavailable.dmesgRestricted', { errno: 'EPERM' });
    expect(restricted).toContain('systemd-journal');
    expect(restricted).toContain('kernel.dmesg_restrict=0');
  });
});

describe('the real journalctl runner', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuwise-journalctl-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = (name: string, body: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  };

  it('probes: what journalctl printed and how it ended; a missing command is ENOENT', async () => {
    const hint = script('hint', `echo "$@" ; echo 'Hint: You are currently not seeing messages from other users and the system.' >&2`);
    expect(await createJournalRunner(hint).probe()).toMatchObject({ code: 0, errno: null, stdout: '--dmesg --lines=1 --output=json --no-pager\n', stderr: expect.stringContaining('not seeing messages') });
    expect(await createJournalRunner(path.join(dir, 'absent')).probe()).toMatchObject({ code: null, errno: 'ENOENT' });
  });

  it('follows: lines as they come, split across writes, and the end when it exits', async () => {
    const follow = script('follow', `printf '{"MESSAGE":"NVRM: Xid (PCI:0000:17:00): 79, a"}\\n{"MESS'; sleep 0.1; printf 'AGE":"b"}\\n'; exit 3`);
    const lines: string[] = [];
    const ended = await new Promise<string>((resolve) => createJournalRunner(follow).follow((line) => lines.push(line), resolve));
    expect(lines).toEqual(['{"MESSAGE":"NVRM: Xid (PCI:0000:17:00): 79, a"}', '{"MESSAGE":"b"}']);
    expect(ended).toBe('journalctl ended (exit 3)');
  });

  it('stops a follower that runs on, without reporting it as ended', async () => {
    const forever = script('forever', 'exec sleep 30');
    let ended = false;
    const follower = createJournalRunner(forever).follow(() => undefined, () => void (ended = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    follower.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ended).toBe(false);
  });
});

describe('on this machine', () => {
  it.runIf(process.platform === 'linux')('opens whatever kernel log it may, or says why not, and polls without throwing', async () => {
    const watcher = await createXidWatcher();
    const availability = watcher.availability();
    if (availability.available) expect(['kmsg', 'journal']).toContain(availability.source);
    else expect(['dmesg-restricted', 'journal-no-permission', 'no-kernel-log', 'error']).toContain(availability.reason);
    expectTranslatable(availability);
    expect(Array.isArray(watcher.poll(sample))).toBe(true);
    watcher.close();
  });
});
