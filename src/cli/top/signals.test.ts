import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { HostProcessTree } from '../../core/snapshot.js';
import { gpuProcess, device, snapshot } from '../render/__fixtures__/snapshot.js';
import { checkSignalable, identify, killProbe, sendSignal, type SignalPolicy } from './signals.js';
import type { SignalTarget } from './state.js';

const policy = (change: Partial<SignalPolicy> = {}): SignalPolicy => ({ readonly: false, selfPid: 1000, probe: () => 'ok', ...change });

describe('who may be signalled', () => {
  it('only a process this user may signal, on this host, that is not gpuwise or init', () => {
    expect(checkSignalable({ pid: 4242, resolution: 'ok' }, policy())).toEqual({ ok: true });
    expect(checkSignalable({ pid: 4242, resolution: 'ok' }, policy({ readonly: true }))).toEqual({ ok: false, key: 'top.signal.readonly' });
    expect(checkSignalable({ pid: 4242, resolution: 'other-namespace' }, policy())).toEqual({ ok: false, key: 'top.signal.otherNamespace' });
    expect(checkSignalable({ pid: 4242, resolution: 'gone' }, policy())).toEqual({ ok: false, key: 'top.signal.gone' });
    expect(checkSignalable({ pid: 4242, resolution: 'no-permission' }, policy())).toEqual({ ok: false, key: 'top.signal.unresolved' });
    expect(checkSignalable({ pid: 1000, resolution: 'ok' }, policy())).toEqual({ ok: false, key: 'top.signal.self' });
    expect(checkSignalable({ pid: 1, resolution: 'ok' }, policy())).toEqual({ ok: false, key: 'top.signal.notPermitted' });
    expect(checkSignalable({ pid: 4242, resolution: 'ok' }, policy({ probe: () => 'no-permission' }))).toEqual({ ok: false, key: 'top.signal.notPermitted' });
    expect(checkSignalable({ pid: 4242, resolution: 'ok' }, policy({ probe: () => 'gone' }))).toEqual({ ok: false, key: 'top.signal.gone' });
  });

  it('asks the kernel without sending anything (kill 0): a real child is there, then gone', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid!;
    expect(killProbe(pid)).toBe('ok');
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    expect(sendSignal(pid, 'SIGTERM')).toEqual({ ok: true });
    expect(await exited).toBe('SIGTERM');
    expect(killProbe(pid)).toBe('gone');
    expect(sendSignal(pid, 'SIGTERM')).toEqual({ ok: false, key: 'top.signal.gone' });
  });

  it('says why the kernel refused', () => {
    const refuse = (code: string) => () => {
      throw Object.assign(new Error(code), { code });
    };
    expect(sendSignal(5, 'SIGKILL', refuse('EPERM'))).toEqual({ ok: false, key: 'top.signal.notPermitted' });
    expect(sendSignal(5, 'SIGKILL', refuse('EINVAL'))).toEqual({ ok: false, key: 'top.signal.failed', reason: 'EINVAL' });
  });
});

describe('is it still the process the user chose', () => {
  const started = '2026-11-29T11:00:00.000Z';
  const target = (change: Partial<SignalTarget> = {}): SignalTarget => ({ pid: 300, rowKey: 'k', command: 'python3', user: 'alice', startedAt: started, rootPid: 300, depth: 0, ...change });
  const tree: HostProcessTree = { descendants: [{ pid: 301, parentPid: 300, depth: 1, name: null, command: null, state: 'S', cpuPercent: null, rssBytes: null, threadCount: null, usesGpu: false }], totalCpuPercent: null, totalRssBytes: null, source: 'ppid-scan', truncated: false };
  const fresh = (startedAt: string) => snapshot([device({})], { processes: [gpuProcess({ pid: 300, startedAt, tree })] });

  it('the same PID and start time: the same process; a later start: the PID was reused', () => {
    expect(identify(target(), fresh(started))).toBe('same');
    expect(identify(target(), fresh('2026-11-29T11:30:00.000Z'))).toBe('changed');
    expect(identify(target({ startedAt: null }), fresh(started))).toBe('unknown');
    expect(identify(target({ pid: 999, rootPid: 999 }), fresh(started))).toBe('unknown');
  });

  it('a worker: its GPU process must be the same and still have it', () => {
    expect(identify(target({ pid: 301, depth: 1 }), fresh(started))).toBe('same');
    expect(identify(target({ pid: 302, depth: 1 }), fresh(started))).toBe('gone');
    expect(identify(target({ pid: 301, depth: 1 }), fresh('2026-11-29T11:30:00.000Z'))).toBe('unknown');
  });
});
