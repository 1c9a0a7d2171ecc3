import { describe, expect, it, vi } from 'vitest';
import { createApiClient, loginUrl, type FetchLike } from './client.js';
import { ApiError } from './errors.js';

function stubFetch(respond: (url: string) => Response | Promise<Response>) {
  const calls: string[] = [];
  const fetch: FetchLike = async (url) => {
    calls.push(url);
    return respond(url);
  };
  return { fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('api client requests', () => {
  it('asks history with the device, the metrics as one list, the range in ms and whole points', async () => {
    const { fetch, calls } = stubFetch(() => json({ device: 'GPU-a', tier: 'raw', stepMs: 1000, fromMs: 0, toMs: 1, series: [] }));
    const client = createApiClient({ fetch });
    await client.history({ device: 'GPU-a', metrics: ['gpuUtilPercent', 'memoryUsedBytes'], from: 1_000.4, to: 61_000, points: 799.6 });
    const url = new URL(calls[0]!, 'http://x');
    expect(url.pathname).toBe('/api/v1/history');
    expect(Object.fromEntries(url.searchParams)).toEqual({ device: 'GPU-a', metric: 'gpuUtilPercent,memoryUsedBytes', from: '1000', to: '61000', points: '800' });
  });

  it('leaves out what was not given (the server refuses unknown and empty parameters)', async () => {
    const { fetch, calls } = stubFetch(() => json({ fromMs: 0, toMs: 0, events: [] }));
    await createApiClient({ fetch }).events({ kinds: [] });
    expect(calls[0]).toBe('/api/v1/events');
  });

  it('adds the page language, and a range request always names a range', async () => {
    const { fetch, calls } = stubFetch(() => json({ fromMs: 0, toMs: 0, processes: [] }));
    const client = createApiClient({ fetch, lang: () => 'zh-CN' });
    await client.processesRange({ device: 3 });
    await client.events({ kinds: ['throttle-start', 'ecc-rising'], device: 'GPU-&?x', limit: 50 });
    expect(calls[0]).toBe('/api/v1/processes?from=-1h&device=3&lang=zh-CN');
    expect(new URL(calls[1]!, 'http://x').searchParams.get('device')).toBe('GPU-&?x');
    expect(new URL(calls[1]!, 'http://x').searchParams.get('kind')).toBe('throttle-start,ecc-rising');
  });
});

describe('api client errors', () => {
  it("turns the server's error body into an ApiError with key, message, details and Retry-After", async () => {
    const body = { error: { key: 'serve.api.badInteger', message: 'points 必须是 1 到 5000 之间的整数。', details: { parameter: 'points', min: 1, max: 5000 } } };
    const { fetch } = stubFetch(() => json(body, 400));
    const error = await createApiClient({ fetch }).history({ device: 0, metrics: ['gpuUtilPercent'], points: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, key: 'serve.api.badInteger', message: 'points 必须是 1 到 5000 之间的整数。', details: { parameter: 'points' } });
    expect((error as ApiError).retryable).toBe(false);

    const busy = stubFetch(() => json({ error: { key: 'serve.api.noSampleYet', message: 'not yet' } }, 503, { 'retry-after': '1' }));
    const notYet = (await createApiClient({ fetch: busy.fetch }).snapshot().catch((e: unknown) => e)) as ApiError;
    expect([notYet.key, notYet.retryAfterS, notYet.retryable]).toEqual(['serve.api.noSampleYet', 1, true]);
  });

  it('a body that is not the JSON error (a proxy page, empty, hostile) still gives the status', async () => {
    for (const body of ['<html>502 Bad Gateway</html>', '', '{"error":"x"}', '{"error":{"key":7}}', 'null']) {
      const { fetch } = stubFetch(() => new Response(body, { status: 502, statusText: 'Bad Gateway' }));
      const error = (await createApiClient({ fetch }).devices().catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect([error.status, error.key]).toEqual([502, 'http.502']);
    }
  });

  it('a 200 that is not a JSON object is a client.badAnswer, not a crash later', async () => {
    for (const body of ['<html></html>', '[1,2]', '42']) {
      const { fetch } = stubFetch(() => new Response(body, { status: 200 }));
      const error = (await createApiClient({ fetch }).devices().catch((e: unknown) => e)) as ApiError;
      expect(error.key).toBe('client.badAnswer');
    }
  });

  it('a network failure or an abort is an ApiError with status 0', async () => {
    const down: FetchLike = async () => { throw new TypeError('Failed to fetch'); };
    const error = (await createApiClient({ fetch: down }).health().catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.key, error.retryable]).toEqual([0, 'client.network', true]);
    const aborted: FetchLike = async () => { throw new DOMException('The operation was aborted.', 'AbortError'); };
    expect(((await createApiClient({ fetch: aborted }).health().catch((e: unknown) => e)) as ApiError).key).toBe('client.aborted');
  });

  it('a 401 calls onUnauthorized and still rejects, so the page stops', async () => {
    const onUnauthorized = vi.fn();
    const { fetch } = stubFetch(() => json({ error: { key: 'serve.http.unauthorized', message: 'token needed' } }, 401));
    const error = (await createApiClient({ fetch, onUnauthorized }).events().catch((e: unknown) => e)) as ApiError;
    expect(error.unauthorized).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('health returns the stalled answer (503 with a body), but throws an error body', async () => {
    const stalled = stubFetch(() => json({ status: 'stalled' }, 503));
    expect(await createApiClient({ fetch: stalled.fetch }).health()).toEqual({ status: 'stalled' });
    const refused = stubFetch(() => json({ error: { key: 'serve.http.badHost', message: 'no' } }, 403));
    expect(((await createApiClient({ fetch: refused.fetch }).health().catch((e: unknown) => e)) as ApiError).key).toBe('serve.http.badHost');
  });
});

describe('loginUrl', () => {
  it('comes back to the same hash route', () => {
    expect(loginUrl({ pathname: '/', search: '', hash: '#/gpu/GPU-aa' })).toBe('/login?next=%2F%23%2Fgpu%2FGPU-aa');
  });
});
