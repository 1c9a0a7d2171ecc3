import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { backoffDelayMs, createSampleStream, parseSample, type EventSourceLike, type StreamStatus } from './stream.js';
import type { SampleAnswer } from './types.js';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];
  addEventListener(_type: 'sample', listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(data: string) {
    for (const listener of this.listeners) listener({ data } as MessageEvent<string>);
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

const sample = (seq: number) => JSON.stringify({ seq, wallMs: 1000 * seq, coversMs: 1000, backendMs: 1, hostMs: 1, snapshot: { devices: [] } });

function harness(probe: () => Promise<unknown> = async () => ({})) {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const stream = createSampleStream({
    open: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    probe,
    random: () => 0.5,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  return { stream, sources, timers };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sample stream', () => {
  it('one connection for every listener, closed with the last', () => {
    const { stream, sources } = harness();
    const seen: number[][] = [[], []];
    const offA = stream.subscribe({ sample: (s) => seen[0]!.push(s.seq) });
    const offB = stream.subscribe({ sample: (s) => seen[1]!.push(s.seq) });
    expect(sources).toHaveLength(1);
    sources[0]!.open();
    sources[0]!.send(sample(1));
    offA();
    sources[0]!.send(sample(2));
    expect(seen).toEqual([[1], [1, 2]]);
    expect(sources[0]!.closed).toBe(false);
    offB();
    expect(sources[0]!.closed).toBe(true);
    expect(stream.status.state).toBe('closed');
  });

  it('drops a repeated seq (sent again after a reconnection), counts missed ones, ignores broken data', () => {
    const { stream, sources } = harness();
    const got: [number, number][] = [];
    stream.subscribe({ sample: (s, info) => got.push([s.seq, info.missed]) });
    const source = sources[0]!;
    for (const data of [sample(5), sample(5), 'not json', '{"seq":"6"}', 'null', sample(9), sample(1)]) source.send(data);
    expect(got).toEqual([[5, 0], [9, 3], [1, 0]]);
    expect(stream.latest?.seq).toBe(1);
  });

  it('leaves a dropped connection to the browser, but reopens a refused one after a growing delay', async () => {
    const { stream, sources, timers } = harness();
    const states: StreamStatus[] = [];
    stream.subscribe({ status: (s) => states.push(s) });
    sources[0]!.fail(false);
    expect(stream.status.state).toBe('reconnecting');
    expect(timers).toHaveLength(0);
    sources[0]!.fail(true);
    await flush();
    expect(timers.map((t) => t.ms)).toEqual([backoffDelayMs(1, 1000, 30_000, () => 0.5)]);
    timers[0]!.run();
    expect(sources).toHaveLength(2);
    sources[1]!.fail(true);
    await flush();
    expect(timers[1]!.ms).toBeGreaterThan(timers[0]!.ms);
    timers[1]!.run();
    sources[2]!.open();
    expect(stream.status).toMatchObject({ state: 'open', attempt: 0 });
  });

  it('a 401 from the probe ends the stream (the client went to /login); Retry-After is honoured', async () => {
    let answer: ApiError = new ApiError(503, 'serve.api.tooManyStreams', 'too many', null, 5);
    const { stream, sources, timers } = harness(async () => { throw answer; });
    stream.subscribe({});
    sources[0]!.fail(true);
    await flush();
    expect(timers[0]!.ms).toBe(5000);
    timers[0]!.run();
    answer = new ApiError(401, 'serve.http.unauthorized', 'token');
    sources[1]!.fail(true);
    await flush();
    expect(timers).toHaveLength(1);
    expect(stream.status).toMatchObject({ state: 'closed', error: { key: 'serve.http.unauthorized' } });
  });

  it('unsubscribing while a reconnection waits cancels it', async () => {
    const { stream, sources, timers } = harness();
    const off = stream.subscribe({});
    sources[0]!.fail(true);
    await flush();
    off();
    expect(timers[0]!.cleared).toBe(true);
  });
});

describe('backoffDelayMs and parseSample', () => {
  it('grows to the cap and stays between half and all of it', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelayMs(n, 1000, 30_000, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelayMs(50, 1000, 30_000, () => 0)).toBe(15_000);
    expect(backoffDelayMs(50, 1000, 30_000, () => 1)).toBe(30_000);
  });
  it('keeps a sample whole, hostile text included', () => {
    const hostile = { seq: 1, wallMs: 1, coversMs: null, backendMs: 1, hostMs: 1, snapshot: { processes: [{ command: '<img src=x onerror=alert(1)>\u202e' }] } };
    const parsed = parseSample(JSON.stringify(hostile)) as unknown as SampleAnswer & { snapshot: { processes: { command: string }[] } };
    expect(parsed.snapshot.processes[0]!.command).toBe('<img src=x onerror=alert(1)>\u202e');
  });
});
