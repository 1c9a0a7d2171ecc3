import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLinear } from '../../../test/fuzz/scaling.js';
import { CATALOG } from '../../i18n/catalog.js';
import { createTranslator, type Locale, type MessageKey } from '../../i18n/index.js';
import { parseCudaOom } from './cuda-oom.js';
import { journalMessage, parseOomKill, watchOomKills } from './kernel-oom.js';
import { createRecognizer } from './recognize.js';
import type { Failure } from './types.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8').split('\n').filter((l) => l !== '');
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

function feed(name: string): Failure[] {
  const recognizer = createRecognizer();
  fixture(name).forEach((line, i) => recognizer.line(line, 1, i));
  return recognizer.failures();
}

/** Every text of the failures as the user reads it (the CLI and the report render it so). */
function shown(failures: readonly Failure[], locale: Locale): string {
  const t = createTranslator(locale);
  return failures.flatMap((f) => [f.title, ...f.fixes]).map((text) => t(text.key as MessageKey, text.params)).join('\n');
}

function expectTranslated(failure: Failure) {
  for (const text of [failure.title, ...failure.fixes]) {
    expect(CATALOG.en).toHaveProperty([text.key]);
    expect(CATALOG['zh-CN']).toHaveProperty([text.key]);
  }
}

describe('CUDA out of memory (real PyTorch messages)', () => {
  it('reads every size of the ≥ 2.1 message', () => {
    const oom = parseCudaOom(fixture('oom-new-format.txt')[0] ?? '');
    expect(oom).toEqual({
      gpu: 0, triedBytes: 22 * MIB, totalBytes: Math.round(23.65 * GIB), freeBytes: Math.round(11.06 * MIB),
      processBytes: Math.round(23.6 * GIB), allocatedBytes: Math.round(22.9 * GIB), reservedUnallocatedBytes: Math.round(194.87 * MIB),
    });
  });

  it('reads 2.1\'s "capacty" and "0 bytes is free"', () => {
    const oom = parseCudaOom(fixture('oom-capacty-2.1.txt')[0] ?? '');
    expect(oom).toMatchObject({ triedBytes: Math.round(1.7 * GIB), totalBytes: 6 * GIB, freeBytes: 0, processBytes: null });
  });

  it('reads the older "(GPU 0; … total capacity; …)" form', () => {
    const oom = parseCudaOom(fixture('oom-old-format.txt')[0] ?? '');
    expect(oom).toMatchObject({ gpu: 0, triedBytes: Math.round(2.26 * GIB), totalBytes: 6 * GIB, freeBytes: Math.round(3.03 * GIB), allocatedBytes: Math.round(781.59 * MIB) });
    expect(oom?.reservedUnallocatedBytes).toBe(Math.round(1.24 * GIB) - Math.round(781.59 * MIB));
  });

  it('advises a smaller batch with the sizes, and expandable segments when fragmented', () => {
    const [plain] = feed('oom-new-format.txt');
    expect(plain?.kind).toBe('cuda-oom');
    expect(plain?.fixes[0]).toMatchObject({ key: 'run.fix.oom.batchSized', params: { tried: '22.0 MiB', free: '11.1 MiB', divisor: 2 } });
    // 194.87 MiB reserved but unallocated, and 22 MiB could not be had: fragmented.
    expect(plain?.fixes.map((f) => f.key)).toContain('run.fix.oom.fragmented');
    const [old] = feed('oom-old-format.txt');
    expect(old?.fixes.map((f) => f.key)).toEqual(['run.fix.oom.batchSized', 'run.fix.oom.allocConf', 'run.fix.oom.memorySavers']);
    const [fragmented] = feed('oom-fragmented.txt');
    expect(fragmented?.fixes.map((f) => f.key)).toContain('run.fix.oom.fragmented');
    // 31.47 total − 18.73 this process − 12.73 free ≈ 0: no other process to blame.
    expect(fragmented?.fixes.map((f) => f.key)).not.toContain('run.fix.oom.otherProcesses');
    expectTranslated(plain as Failure);
    expectTranslated(fragmented as Failure);
  });
});

describe('NCCL', () => {
  it('recognises the watchdog timeout once, with its numbers, whatever the ranks repeat', () => {
    const failures = feed('nccl-watchdog.txt');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ kind: 'nccl-timeout', repeats: 1, details: { rank: 0, seqNum: 1580, opType: 'ALLREDUCE', timeoutMs: 600_000, ranForMs: 600_060 } });
    expect(feed('nccl-watchdog-old.txt')[0]).toMatchObject({ kind: 'nccl-timeout', details: { rank: 1, timeoutMs: 1_800_000 } });
    expectTranslated(failures[0] as Failure);
  });

  it('recognises an NCCL error with its version', () => {
    const failures = feed('nccl-unhandled-cuda.txt');
    expect(failures[0]).toMatchObject({ kind: 'nccl-error', details: { error: 'unhandled cuda error', ncclVersion: '2.20.5' } });
    expectTranslated(failures[0] as Failure);
  });
});

describe('device-side assert and segfault', () => {
  it('keeps the assertion a kernel named', () => {
    const failures = feed('device-assert.txt');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ kind: 'device-assert', details: { assertion: 't >= 0 && t < n_classes' } });
    expect(failures[0]?.fixes[0]).toMatchObject({ key: 'run.fix.assert.named' });
    expect(feed('device-assert-plain.txt')[0]).toMatchObject({ kind: 'device-assert', details: { assertion: null } });
    expectTranslated(failures[0] as Failure);
  });

  it('recognises a DataLoader worker segfault', () => {
    const failures = feed('segfault-dataloader.txt');
    expect(failures[0]).toMatchObject({ kind: 'segfault' });
    expect(failures.some((f) => f.details.worker === 'dataloader')).toBe(true);
  });

  it('reads a long line in linear time (the shared bound: input ×4 takes at most ×8 as long, in CPU time)', () => {
    // A line of about `bytes` characters with the words of both patterns repeated: what a
    // backtracking regular expression would take quadratic time over. 1 MiB, so that both of the
    // larger step's sizes (256 KiB, 1 MiB) sit above V8's 128 KiB large-object limit.
    const unit = 'NCCL error in: a, b c d e CUDA out of memory ';
    const make = (bytes: number) => {
      const n = Math.ceil(bytes / unit.length);
      return 'NCCL error in: a, b c d e '.repeat(n) + 'Tried to allocate ' + 'CUDA out of memory '.repeat(n);
    };
    expectLinear(make, (line) => createRecognizer().line(line, 1, 0), 2 ** 20);
  });

  it('ignores ordinary output and hostile text', () => {
    const recognizer = createRecognizer();
    for (const line of ['epoch 1 loss 0.3', 'out of memory? no', '\u001b[31mred\u001b[0m', 'x'.repeat(100_000), 'Tried to allocate 3 GiB']) recognizer.line(line, 1, 0);
    expect(recognizer.failures()).toEqual([]);
  });
});

describe('GPU events during the run', () => {
  it('an Xid and a rising ECC count become failures of the attempt, one per GPU and code', () => {
    const recognizer = createRecognizer();
    const xid = { atMs: 5, kind: 'xid' as const, severity: 'critical' as const, deviceKey: 'GPU-1', gpuIndex: 1, key: 'events.xid', params: { gpu: 1, xid: 79, text: 'GPU has fallen off the bus.' } };
    recognizer.event(xid, 2);
    recognizer.event({ ...xid, atMs: 6 }, 2);
    recognizer.event({ atMs: 7, kind: 'ecc-rising', severity: 'critical', deviceKey: 'GPU-1', gpuIndex: 1, key: 'events.ecc.rising', params: { delta: 3, counter: 'uncorrected' } }, 2);
    recognizer.event({ atMs: 8, kind: 'process-start', severity: 'info', deviceKey: 'GPU-1', gpuIndex: 1, key: 'events.process.start', params: {} }, 2);
    const failures = recognizer.failures();
    expect(failures.map((f) => [f.kind, f.attempt, f.repeats])).toEqual([['xid', 2, 1], ['ecc', 2, 0]]);
    expect(failures[0]?.title).toEqual({ key: 'run.failure.xid', params: { gpu: '1', xid: 79 } });
    failures.forEach(expectTranslated);
  });
});

describe('a GPU lost during the run', () => {
  const lost = (gpu: number, cause: string, atMs: number) => ({
    atMs, kind: 'gpu-lost' as const, severity: 'critical' as const, deviceKey: `GPU-${gpu}`, gpuIndex: gpu, key: `events.gpu.${cause}`, params: { gpu, cause, detail: cause === 'lost' ? 'ERROR_GPU_IS_LOST' : '' },
  });

  it('is a failure of the attempt, one per GPU, named in both languages', () => {
    const recognizer = createRecognizer();
    recognizer.event(lost(1, 'lost', 5), 1);
    recognizer.event(lost(1, 'lost', 9), 1);
    recognizer.event(lost(2, 'error', 6), 1);
    recognizer.event(lost(3, 'missing', 7), 1);
    recognizer.event({ ...lost(1, 'lost', 10), kind: 'gpu-back', key: 'events.gpu.back' }, 1);
    const failures = recognizer.failures();
    expect(failures.map((f) => [f.kind, f.details.gpu, f.repeats])).toEqual([['gpu-lost', '1', 1], ['gpu-lost', '2', 0], ['gpu-lost', '3', 0]]);
    expect(failures[0]).toMatchObject({ evidence: 'ERROR_GPU_IS_LOST', details: { cause: 'lost' } });
    failures.forEach(expectTranslated);
    expect(shown(failures, 'en')).toContain('GPU 1 was lost during the run');
    expect(shown(failures, 'en')).toContain('GPU 2 stopped answering during the run');
    expect(shown(failures, 'zh-CN')).toContain('GPU 1 在运行中丢失');
  });
});

describe('how an attempt ended', () => {
  const base = { attempt: 1, atMs: 5, pids: new Set([100, 101]), oomKills: [], kernelLogUnavailable: null, killedByUs: false };

  it('ties an OOM kill in the kernel log to the job by pid', () => {
    const kill = parseOomKill(fixture('kernel-oom-kill.txt')[1] ?? '');
    expect(kill).toEqual({ pid: 25315, name: 'python3', anonRssBytes: 31_451_456 * 1024, cgroup: false });
    const recognizer = createRecognizer();
    const out = recognizer.attemptEnded({ ...base, status: { code: null, signal: 'SIGKILL' }, pids: new Set([25315]), oomKills: [kill!] });
    expect(out[0]).toMatchObject({ kind: 'host-oom-kill', details: { pid: 25315, confirmed: 'kernel-log' } });
    expectTranslated(out[0] as Failure);
  });

  it('calls a SIGKILL probable OOM only when the log was unreadable, and never one gpuwise sent', () => {
    const unreadable = createRecognizer().attemptEnded({ ...base, status: { code: null, signal: 'SIGKILL' }, kernelLogUnavailable: 'EPERM; journal: no-permission' });
    expect(unreadable[0]?.title).toEqual({ key: 'run.failure.host-oom-kill-probable', params: { errno: 'EPERM' } });
    expectTranslated(unreadable[0] as Failure);
    expect(shown(unreadable, 'en')).toContain('the kernel log could not be read: EPERM');
    expect(shown(unreadable, 'en')).not.toContain('no-permission');
    expect(createRecognizer().attemptEnded({ ...base, status: { code: null, signal: 'SIGKILL' }, kernelLogUnavailable: 'EPERM', killedByUs: true })).toEqual([]);
  });

  it('a SIGKILL with the kernel log read and no OOM record is said not to be the OOM killer\'s', () => {
    const read = createRecognizer().attemptEnded({ ...base, status: { code: null, signal: 'SIGKILL' }, kernelLogUnavailable: null });
    expect(read.map((f) => f.kind)).toEqual(['sigkill']);
    expectTranslated(read[0] as Failure);
    expect(shown(read, 'en')).toContain('not by the host’s OOM killer');
    expect(shown(read, 'en')).not.toMatch(/most likely|could not be read/);
    expect(shown(read, 'zh-CN')).toContain('不是主机的 OOM killer');
  });

  it('no internal token reaches the text when the log was never watched', () => {
    for (const why of ['not-watched', 'not-linux']) {
      const out = createRecognizer().attemptEnded({ ...base, status: { code: null, signal: 'SIGKILL' }, kernelLogUnavailable: why });
      expect(out[0]?.title.key).toBe('run.failure.sigkill-unknown');
      expectTranslated(out[0] as Failure);
      for (const locale of ['en', 'zh-CN'] as const) expect(shown(out, locale)).not.toMatch(/not-watched|not-linux|\{/);
    }
  });

  it('an OOM kill of another pid is not the job\'s', () => {
    const other = { pid: 9, name: 'chrome', anonRssBytes: null, cgroup: false };
    expect(createRecognizer().attemptEnded({ ...base, status: { code: 1, signal: null }, oomKills: [other] })).toEqual([]);
  });

  it('reads OOM kills from the journal where /dev/kmsg is closed, and says why when neither is readable', async () => {
    const record = (message: unknown) => JSON.stringify({ MESSAGE: message, _TRANSPORT: 'kernel' });
    const text = fixture('kernel-oom-kill.txt')[1]!.replace(/^\[[^\]]*\] /, '');
    let feed: (line: string) => void = () => undefined;
    const journal = {
      probe: async () => ({ code: 0, errno: null, stdout: '{"MESSAGE":"Linux version"}\n', stderr: '' }),
      follow: (onLine: (line: string) => void) => ((feed = onLine), { stop: () => undefined }),
    };
    const closed = { openSync: () => { throw Object.assign(new Error('EPERM'), { code: 'EPERM' }); }, readSync: () => 0, closeSync: () => undefined };
    const watcher = await watchOomKills({ platform: 'linux', fs: closed, journal });
    expect(watcher.unavailable).toBeNull();
    feed(record('usb 1-1: new device'));
    feed(record(text));
    feed(record([...Buffer.from(text.replace('25315', '25316'))]));
    expect(watcher.read().map((k) => k.pid)).toEqual([25315, 25316]);
    expect(watcher.read()).toEqual([]);
    const denied = { ...journal, probe: async () => ({ code: 1, errno: null, stdout: '', stderr: 'Hint: You are currently not seeing messages from other users and the system.' }) };
    expect((await watchOomKills({ platform: 'linux', fs: closed, journal: denied })).unavailable).toBe('EPERM; journal: no-permission');
    expect(journalMessage('not json Killed process')).toBeNull();
  });

  it('SIGSEGV is a segfault', () => {
    expect(createRecognizer().attemptEnded({ ...base, status: { code: null, signal: 'SIGSEGV' } })[0]).toMatchObject({ kind: 'segfault' });
  });
});
