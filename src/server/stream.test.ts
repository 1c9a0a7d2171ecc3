// /api/v1/stream through app.request: samples arrive as SSE; a client that never reads holds at
// most one pending sample however many the sampler makes; a disconnect drops the subscription.

import { describe, expect, it } from 'vitest';
import type { Sample } from '../monitor/sampler.js';
import { json, T0, testServer, twoGpus } from './testing/fixtures.js';

interface SseEvent {
  event?: string;
  id?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** Reads SSE blocks from a response body until `enough` says stop. */
async function readEvents(body: ReadableStream<Uint8Array>, enough: (events: SseEvent[]) => boolean): Promise<SseEvent[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  try {
    while (!enough(events)) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) event.comment = line.slice(1).trim();
          else {
            const colon = line.indexOf(':');
            const field = line.slice(0, colon) as keyof SseEvent;
            event[field] = (event[field] === undefined ? '' : `${event[field]}\n`) + line.slice(colon + 1).replace(/^ /, '');
          }
        }
        events.push(event);
      }
    }
  } finally {
    reader.releaseLock();
  }
  return events;
}

const samplesIn = (events: SseEvent[]) => events.filter((e) => e.event === 'sample').map((e) => JSON.parse(e.data!) as Sample);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('/api/v1/stream', () => {
  it('sends the latest sample at once, then every new one, as compact JSON events with the seq as id', async () => {
    const { app, sampler } = testServer();
    const response = await app.request('/api/v1/stream');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const body = response.body!;
    const first = await readEvents(body, (events) => samplesIn(events).length >= 1);
    expect(first[0]).toEqual({ retry: '2000' });
    sampler.push(twoGpus(3, 42));
    const second = await readEvents(body, (events) => samplesIn(events).length >= 1);
    sampler.push(twoGpus(4, 43));
    const third = await readEvents(body, (events) => samplesIn(events).length >= 1);
    const later = [...second, ...third];
    const all = [...samplesIn(first), ...samplesIn(later)];
    expect(all.map((s) => s.seq)).toEqual([3, 4, 5]);
    expect(all[2]!.snapshot.devices[0]!.gpuUtilPercent).toBe(43);
    expect(later.filter((e) => e.event === 'sample').map((e) => e.id)).toEqual(['4', '5']);
    // One data line per event: the JSON has no raw newline, and the hostile command line travels escaped.
    for (const event of later) expect(event.data ?? '').not.toMatch(/[\n\u001b\u202e]/);
    expect(all[2]!.snapshot.processes[0]!.command).toBe('python3 train.py \u202e\u001b[2J');
    await body.cancel();
  });

  it('a client that never reads holds at most one pending sample, coalesced to the newest', async () => {
    const { app, sampler } = testServer();
    const response = await app.request('/api/v1/stream');
    await tick();
    let pushed: Sample | null = null;
    for (let i = 0; i < 2000; i++) {
      pushed = sampler.push(twoGpus(3 + i));
      if (i % 100 === 0) await tick();
      const [client] = app.streamClients();
      expect(client!.pending).toBeLessThanOrEqual(1);
    }
    const [client] = app.streamClients();
    // What the stream's own buffers hold is a handful of events, not 2000.
    expect(client!.sent).toBeLessThanOrEqual(4);
    expect(client!.coalesced).toBeGreaterThanOrEqual(2000 - 5);
    // When it finally reads, it gets what was in flight and then the newest sample, not the backlog.
    const events = await readEvents(response.body!, (seen) => samplesIn(seen).some((s) => s.seq === pushed!.seq));
    expect(samplesIn(events).length).toBeLessThanOrEqual(5);
    await response.body!.cancel();
  });

  it('the bound holds as the number of samples doubles: pending stays at one, sent stays flat', async () => {
    const sentAfter = async (count: number) => {
      const { app, sampler } = testServer();
      const response = await app.request('/api/v1/stream');
      for (let i = 0; i < count; i++) {
        sampler.push(twoGpus(3 + i));
        if (i % 50 === 0) await tick();
      }
      const [client] = app.streamClients();
      await response.body!.cancel();
      return client!;
    };
    const small = await sentAfter(500);
    const large = await sentAfter(1000);
    expect([small.pending, large.pending].every((p) => p <= 1)).toBe(true);
    expect(large.sent).toBe(small.sent);
  });

  it('a disconnect drops the subscription and the client at once', async () => {
    const { app, sampler } = testServer();
    const before = sampler.subscribers();
    const response = await app.request('/api/v1/stream');
    await readEvents(response.body!, (events) => samplesIn(events).length >= 1);
    expect(sampler.subscribers()).toBe(before + 1);
    expect(app.streamClients()).toHaveLength(1);
    await response.body!.cancel();
    await tick();
    expect(sampler.subscribers()).toBe(before);
    expect(app.streamClients()).toEqual([]);
    expect((await json(await app.request('/api/v1/health'))).streams).toEqual({ clients: 0, max: 16 });
  });

  it('caps concurrent streams with a 503 that says so; a closed one frees its place', async () => {
    const { app } = testServer({ stream: { maxClients: 2 } });
    const a = await app.request('/api/v1/stream');
    const b = await app.request('/api/v1/stream');
    const refused = await app.request('/api/v1/stream?lang=zh-CN');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await json(refused)).error).toMatchObject({ key: 'serve.api.tooManyStreams', message: expect.stringContaining('已打开 2 个实时流') });
    await a.body!.cancel();
    await tick();
    const c = await app.request('/api/v1/stream');
    expect(c.status).toBe(200);
    await b.body!.cancel();
    await c.body!.cancel();
  });

  it('sends a heartbeat comment while no sample comes', async () => {
    const { app } = testServer({ stream: { heartbeatMs: 20 } });
    const response = await app.request('/api/v1/stream');
    const events = await readEvents(response.body!, (seen) => seen.some((e) => e.comment === 'heartbeat'));
    expect(events.some((e) => e.comment === 'heartbeat')).toBe(true);
    await response.body!.cancel();
  });

  it('closeStreams ends every stream (server shutdown), and HEAD opens none', async () => {
    const { app, sampler } = testServer();
    const head = await app.request('/api/v1/stream', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(app.streamClients()).toEqual([]);
    const response = await app.request('/api/v1/stream');
    await readEvents(response.body!, (events) => samplesIn(events).length >= 1);
    app.closeStreams();
    const rest = await readEvents(response.body!, () => false);
    expect(samplesIn(rest)).toEqual([]);
    expect(app.streamClients()).toEqual([]);
    expect(sampler.subscribers()).toBe(0);
    expect(T0).toBeGreaterThan(0);
  });
});
