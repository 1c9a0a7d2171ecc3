import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../core/snapshot.js';
import { createTranslator } from '../../i18n/index.js';
import type { HistoryWindow } from '../../monitor/history.js';
import type { Sample, Sampler } from '../../monitor/sampler.js';
import { device, gpuProcess, snapshot } from '../render/__fixtures__/snapshot.js';
import { startTopApp, type TopAppOptions } from './app.js';
import { createTheme } from './theme.js';

const STARTED = '2026-11-29T11:00:00.000Z';
const at = Date.parse('2026-11-29T12:00:00.000Z');

function fixture(startedAt = STARTED): Snapshot {
  return snapshot([device({ index: 0, name: 'NVIDIA A100', uuid: 'GPU-a', gpuUtilPercent: 50, memoryTotalBytes: 2 ** 35, memoryUsedBytes: 2 ** 34 })], {
    processes: [gpuProcess({ pid: 4242, command: 'python3 train.py', startedAt }), gpuProcess({ pid: 4343, command: 'python3 eval.py', startedAt })],
  });
}

function fakeSampler(next: () => Snapshot = () => fixture()) {
  let listener: ((sample: Sample) => void) | null = null;
  let seq = 0;
  const intervals: number[] = [];
  let latest: Sample | null = null;
  const sample = (snap: Snapshot): Sample => ({ seq: ++seq, wallMs: Date.parse(snap.at), monotonicMs: seq, coversMs: null, backendMs: 1, hostMs: 1, snapshot: snap });
  const sampler = {
    session: null as never,
    intervalMs: 1000,
    setInterval: (ms: number) => {
      intervals.push(ms);
      return ms;
    },
    latest: () => latest,
    first: async () => latest!,
    subscribe: (l: (sample: Sample) => void) => {
      listener = l;
      return () => (listener = null);
    },
    window: (): HistoryWindow => ({ sinceMs: 0, devices: [], host: { timesMs: [], columns: {} } }),
    refresh: async () => {
      latest = sample(next());
      listener?.(latest);
      return latest;
    },
    start: () => {},
    stop: async () => {},
    historyBytes: () => 0,
  } satisfies Sampler;
  return { sampler, intervals, push: (snap: Snapshot) => (latest = sample(snap), listener?.(latest)) };
}

function streams(columns = 100, rows = 30) {
  const input = new EventEmitter();
  const written: string[] = [];
  const output = Object.assign(new EventEmitter(), { columns, rows, write: (text: string) => written.push(text) });
  return { input, output, written };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(change: Partial<TopAppOptions> & { snapshots?: () => Snapshot } = {}) {
  const fake = fakeSampler(change.snapshots);
  const io = streams();
  const kills: [number, string][] = [];
  let clock = at;
  const app = startTopApp({
    sampler: fake.sampler, streams: io, env: {}, theme: createTheme({ color: false, ascii: false }), t: createTranslator('en'), locale: 'en',
    readonly: false, spanSeconds: 60, view: 'auto', now: () => clock, probe: () => 'ok', kill: (pid, signal) => void kills.push([pid, signal]), ...change,
  });
  fake.push(fixture());
  return { app, fake, io, kills, advance: (ms: number) => (clock += ms), keys: async (text: string) => (io.input.emit('data', text), await tick(), await tick()) };
}

describe('the top app', () => {
  it('draws each new sample, and q ends it', async () => {
    const { app, keys } = start();
    await tick();
    expect(app.frame().join('\n')).toMatch(/\[0\] +A100/);
    expect(app.frame().join('\n')).toContain('python3 train.py');
    let ended = false;
    void app.done.then(() => (ended = true));
    await keys('q');
    expect(ended).toBe(true);
  });

  it('frame after frame: a renamed process shows its new name (escaped when hostile), the selection stays on its row, the graphs read the history each frame', async () => {
    const { app, fake, keys } = start();
    let windows = 0;
    const window = fake.sampler.window;
    fake.sampler.window = () => (windows++, window());
    await tick();
    await keys('\u001b[B'); // down: 4343
    const renamed = (command: string) => {
      const snap = fixture();
      snap.at = new Date(at + 1000).toISOString();
      snap.processes[1] = { ...snap.processes[1]!, command };
      return snap;
    };
    fake.push(renamed('python3 serve.py'));
    await tick();
    expect(app.frame().join('\n')).toContain('python3 serve.py');
    expect(app.frame().find((line) => line.includes('serve.py'))).toMatch(/^▶/);
    fake.push(renamed('evil\u001b[2J\u202e'));
    await tick();
    const text = app.frame().join('\n');
    expect(text).toContain('evil\\e[2J\\u202e');
    expect(text).not.toContain('\u001b[2J');
    expect(windows).toBeGreaterThanOrEqual(3);
  });

  it('ends when the terminal’s input ends (the terminal went away)', async () => {
    const { app, io } = start();
    await tick();
    let ended = false;
    void app.done.then(() => (ended = true));
    io.input.emit('end');
    await tick();
    expect(ended).toBe(true);
  });

  it('signals the selected process only after the confirmation and a fresh check of its identity', async () => {
    const { app, kills, keys } = start();
    await tick();
    await keys('\u001b[B'); // down: 4343
    await keys('k');
    expect(app.frame().join('\n')).toContain('Send a signal to this process');
    await keys('2');
    expect(app.frame().join('\n')).toContain('Send SIGTERM to PID 4343?');
    expect(kills).toEqual([]);
    await keys('y');
    await tick();
    expect(kills).toEqual([[4343, 'SIGTERM']]);
    expect(app.frame().join('\n')).toContain('Sent SIGTERM to PID 4343.');
  });

  it('sends nothing when the PID now belongs to another process', async () => {
    const { app, kills, keys } = start({ snapshots: () => fixture('2026-11-29T11:59:59.000Z') });
    await tick();
    await keys('k');
    await keys('9');
    await keys('y');
    await tick();
    expect(kills).toEqual([]);
    expect(app.frame().join('\n')).toContain('PID 4242 is no longer the process you chose');
  });

  it('--readonly: no dialog, a note why', async () => {
    const { app, kills, keys } = start({ readonly: true });
    await tick();
    await keys('k');
    expect(app.frame().join('\n')).toContain('Read-only (--readonly): top sends no signals.');
    expect(app.frame().join('\n')).not.toContain('Send a signal');
    expect(kills).toEqual([]);
  });

  it('a process the user may not signal gets no dialog', async () => {
    const { app, keys } = start({ probe: () => 'no-permission' });
    await tick();
    await keys('k');
    expect(app.frame().join('\n')).toContain('You may not signal PID 4242');
  });

  it('+ and - change the sampler’s interval while it runs', async () => {
    const { app, fake, keys } = start();
    await tick();
    await keys('+');
    expect(fake.intervals).toEqual([500]);
    expect(app.frame()[0]).toContain('every 500ms');
    expect(app.frame().join('\n')).toContain('Reading every 500ms.');
  });

  it('in Chinese the new interval is said in Chinese units, in the header and in the message', async () => {
    const { app, keys } = start({ t: createTranslator('zh-CN'), locale: 'zh-CN' });
    await tick();
    await keys('+');
    expect(app.frame()[0]).toContain('每 500 毫秒');
    expect(app.frame().join('\n')).toContain('每 500 毫秒读取一次。');
    expect(app.frame().join('\n')).not.toMatch(/\d+ms\b/);
  });

  it('says how long since the last reading when the next is overdue', async () => {
    const { app, advance, keys } = start();
    await tick();
    advance(12_000);
    await keys('\u000c'); // Ctrl-L redraws
    expect(app.frame()[0]).toContain('no new reading for 12s');
  });

  it('a resize redraws the whole screen at the new size', async () => {
    const { app, io } = start();
    await tick();
    io.output.columns = 80;
    io.output.rows = 24;
    const before = io.written.length;
    io.output.emit('resize');
    await tick();
    expect(io.written.length).toBe(before + 1);
    expect(io.written.at(-1)).toContain('\u001b[2J');
    expect(app.frame()).toHaveLength(24);
  });
});
