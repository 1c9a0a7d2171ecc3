// The service over real sockets: the fake NVML through the real sampler, C's app, D's /metrics,
// and fakes for the store and recorder where the test needs to watch the order of the stop.

import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../test/fake-nvml/paths.js';
import type { Sample } from '../monitor/sampler.js';
import { StoreError } from '../store/errors.js';
import { createRecorder } from '../store/recorder.js';
import { startService, ServiceStartError, type Service } from './service.js';
import type { ServiceRecorderOptions } from './service-parts.js';
import { createMemoryStore } from './testing/memory-store.js';

const TOKEN = 'test-token-0123456789abcdef';
const saved = { ...process.env };
const running: Service[] = [];

beforeAll(ensureFakeNvmlBuilt, 120_000);
afterEach(async () => {
  // One at a time: each closes its own NVML session.
  for (const service of running.splice(0)) await service.close();
  for (const key of ['GPUWISE_NVML_LIB', 'FAKE_NVML_SCENARIO']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

async function start(options: Parameters<typeof startService>[0] = {}): Promise<Service> {
  const service = await startService({ port: 0, history: null, intervalMs: 200, ...options });
  running.push(service);
  return service;
}

/** A GET with any Host header (fetch would not send a hostile one). */
function get(service: Service, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: service.port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startService', () => {
  it('serves the API and /metrics from the sampler, on the port it reports', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const service = await start({ metricsOpen: true });
    expect(service.url).toBe(`http://127.0.0.1:${service.port}/`);
    await service.sampler.first();
    expect((await get(service, '/api/v1/health')).status).toBe(200);
    const snapshot = JSON.parse((await get(service, '/api/v1/snapshot')).body) as { snapshot: { devices: unknown[] } };
    expect(snapshot.snapshot.devices).toHaveLength(8);
    const metrics = await get(service, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^DCGM_FI_DEV_GPU_TEMP\{gpu="7",/m);
  });

  it('a URL past Node’s header limit is the documented 414 JSON, not a bare 431', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const service = await start();
    const answer = await get(service, `/${'a'.repeat(16_500)}`);
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { key: 'serve.http.uriTooLong' } });
  });

  it('a request the HTTP adapter cannot read is the JSON 400 with the security headers, and the connection closes', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const service = await start();
    const here = `127.0.0.1:${service.port}`;
    const heads = [
      `GET /..\\package.json HTTP/1.1\r\nHost: ${here}\r\n`,
      'GET /api/v1/health HTTP/1.1\r\n', // curl -H 'Host:' sends none
      `GET /api/v1/health HTTP/1.1\r\nHost: ${here}.evil\r\n`,
      `GET /api/v1/health HTTP/1.1\r\nHost: localhost:${service.port},evil.example\r\nAccept-Language: zh-CN\r\n`,
    ];
    for (const head of heads) {
      // The whole answer, read until the server closes the connection (a kept-alive one never ends).
      const answer = await rawExchange(service.port, `${head}\r\n`);
      const [top = '', body = ''] = answer.split('\r\n\r\n');
      expect(top).toMatch(/^HTTP\/1\.1 400 /);
      expect(top.toLowerCase()).toContain('connection: close');
      expect(top.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(top.toLowerCase()).toContain('content-security-policy: ');
      const error = (JSON.parse(body) as { error: { key: string; message: string } }).error;
      expect(error.key).toBe('serve.http.badRequest');
      expect(error.message).toMatch(head.includes('zh-CN') ? /无法读取此请求/ : /This request cannot be read/);
    }
  });

  it('guards loopback against a hostile Host, and asks for the token when one is set', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const service = await start({ token: TOKEN });
    await service.sampler.first();
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect((await get(service, '/api/v1/health', { ...bearer, host: 'attacker.example' })).status).toBe(403);
    expect((await get(service, '/api/v1/devices', { host: `localhost:${service.port}` })).status).toBe(401);
    expect((await get(service, '/metrics')).status).toBe(401);
    expect((await get(service, '/api/v1/devices', { ...bearer, host: `localhost:${service.port}` })).status).toBe(200);
  });

  it('starts without a GPU, and the snapshot says what the chain tried', async () => {
    process.env.GPUWISE_NVML_LIB = '/nonexistent/libnvidia-ml.so.1';
    const service = await start({ backend: 'nvml' });
    await service.sampler.first();
    const answer = JSON.parse((await get(service, '/api/v1/snapshot')).body) as { noGpu: { message: string; backendAttempts: { backend: string; code: string }[] } };
    expect(answer.noGpu.backendAttempts).toEqual([expect.objectContaining({ backend: 'nvml', ok: false, code: 'library-not-found' })]);
    expect(answer.noGpu.message).toContain('No GPU was found');
  });

  it('says the port is in use, and leaves nothing running', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const store = createMemoryStore();
    let closed = false;
    const original = store.close.bind(store);
    store.close = () => {
      closed = true;
      original();
    };
    try {
      const error = await startService({ port, history: { path: '/unused' }, sessionOptions: { drivers: [] }, parts: fakeStoreParts(store, []) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceStartError);
      expect((error as ServiceStartError).failure).toBe('port-in-use');
      expect(closed).toBe(true);
    } finally {
      blocker.close();
    }
  });

  it('stops in order: streams end, the sampler stops, the recorder flushes, the database closes', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const steps: string[] = [];
    const store = createMemoryStore();
    const original = store.close.bind(store);
    store.close = () => {
      steps.push('store.close');
      original();
    };
    const service = await start({ history: { path: '/unused' }, parts: fakeStoreParts(store, steps) });
    await service.sampler.first();
    const stream = await new Promise<{ ended: Promise<void> }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: service.port, path: '/api/v1/stream' }, (res) => {
        res.resume();
        resolve({ ended: new Promise((done) => res.on('close', () => done())) });
      });
      req.on('error', reject);
      req.end();
    });
    const stopSampler = service.sampler.stop.bind(service.sampler);
    service.sampler.stop = async () => {
      steps.push('sampler.stop');
      await stopSampler();
    };
    await Promise.all([service.close(), service.close()]);
    await stream.ended;
    expect(steps).toEqual(['sampler.stop', 'recorder.stop', 'store.close']);
    expect(store.samples.length).toBeGreaterThan(0);
    await expect(get(service, '/api/v1/health')).rejects.toThrow();
  });

  it('says whether Xid errors are read as things are now, not as they were at start', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    let available = true;
    const availability = () => ({
      available, source: available ? ('journal' as const) : null, reason: available ? null : ('source-ended' as const),
      key: 'events.xid.source.journal' as const, params: {}, attempts: [], lostRecords: 0,
    });
    const store = createMemoryStore();
    const service = await start({
      history: { path: ':memory:' },
      parts: {
        ...fakeStoreParts(store, []),
        createEventSource: async () => ({ deriveEvents: () => [], get xid() { return availability(); }, close: () => undefined }),
      },
    });
    expect(service.xid?.available).toBe(true);
    available = false;
    expect(service.xid).toMatchObject({ available: false, reason: 'source-ended' });
  });

  it('exports each GPU’s last Xid as DCGM_FI_DEV_XID_ERRORS (0 for none) only while the kernel log is readable', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    let available = true;
    const lastXid = new Map<string, number>();
    const store = createMemoryStore();
    const service = await start({
      history: { path: ':memory:' },
      metricsOpen: true,
      parts: {
        ...fakeStoreParts(store, []),
        createEventSource: async () => ({
          deriveEvents: () => [],
          lastXid,
          get xid() {
            return { available, source: available ? ('kmsg' as const) : null, reason: available ? null : ('dmesg-restricted' as const), key: 'events.xid.source.journal' as const, params: {}, attempts: [], lostRecords: 0 };
          },
          close: () => undefined,
        }),
      },
    });
    await service.sampler.refresh();
    const uuid = service.sampler.latest()!.snapshot.devices[1]!.uuid!;
    lastXid.set(uuid, 79);
    const lines = (await get(service, '/metrics')).body.split('\n').filter((l) => l.startsWith('DCGM_FI_DEV_XID_ERRORS{'));
    expect(lines).toHaveLength(8);
    expect(lines.filter((l) => l.endsWith(' 79'))).toEqual([expect.stringContaining(`UUID="${uuid}"`)]);
    expect(lines.filter((l) => l.endsWith(' 0'))).toHaveLength(7);
    available = false;
    expect((await get(service, '/metrics')).body).not.toContain('DCGM_FI_DEV_XID_ERRORS');
  });
});

describe('a recording that fails', () => {
  it('is degraded in health and a 0 for collector="recorder" on /metrics while writes fail; ok and 1 once they land', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const store = createMemoryStore();
    store.failWith = new StoreError('disk-full', { path: '/full/history.db', detail: 'database or disk is full' });
    const warnings: string[] = [];
    const service = await start({
      history: { path: '/full/history.db' },
      metricsOpen: true,
      onWarning: (warning) => warnings.push(warning.kind),
      // The real recorder, flushing often enough for a test.
      parts: { openStore: () => store, createRecorder: (options) => createRecorder({ ...options, flushEveryMs: 50 }) },
    });
    const recorderLine = async () => (await get(service, '/metrics')).body.split('\n').find((line) => line.startsWith('gpuwise_collector_success{collector="recorder"'));
    await waitFor(async () => (await recorderLine())?.endsWith(' 0') === true);
    const health = JSON.parse((await get(service, '/api/v1/health')).body) as { status: string; store: { recording: { ok: boolean; failingSinceMs: number; error: { code: string } } } };
    expect(health).toMatchObject({ status: 'degraded', store: { recording: { ok: false, failingSinceMs: expect.any(Number), error: { code: 'disk-full' } } } });
    expect(warnings).toContain('record-failed');
    store.failWith = null;
    await waitFor(async () => (await recorderLine())?.endsWith(' 1') === true);
    expect(JSON.parse((await get(service, '/api/v1/health')).body)).toMatchObject({ status: 'ok', store: { recording: { ok: true, error: null } } });
    expect(store.samples.length).toBeGreaterThan(0);
  });

  it('a stop whose last write fails says how many samples it lost and why, instead of a clean stop', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const store = createMemoryStore();
    const full = new StoreError('disk-full', { path: '/full/history.db', detail: 'database or disk is full' });
    const service = await startService({
      port: 0,
      intervalMs: 100,
      history: { path: '/full/history.db' },
      parts: { openStore: () => store, createRecorder: (options) => createRecorder({ ...options, flushEveryMs: 0 }) },
    });
    await service.sampler.first();
    store.failWith = full;
    const stopped = await service.close();
    expect(stopped.unwrittenSamples).toBeGreaterThan(0);
    expect(stopped.error).toBe(full);
    expect(store.samples).toEqual([]);
    // A stop whose write lands has nothing to say.
    const fine = await start({ history: { path: '/ok/history.db' }, parts: { openStore: () => createMemoryStore(), createRecorder: (options) => createRecorder({ ...options, flushEveryMs: 0 }) } });
    await fine.sampler.first();
    expect(await fine.close()).toEqual({ unwrittenSamples: 0, droppedSamples: 0, error: null });
  });

  it('without a store, /metrics has no recorder series', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const service = await start({ metricsOpen: true });
    await service.sampler.first();
    expect((await get(service, '/metrics')).body).not.toContain('collector="recorder"');
  });
});

/** Writes `bytes` on a fresh connection and resolves with all the server sent once it closed it. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function fakeStoreParts(store: ReturnType<typeof createMemoryStore>, steps: string[]) {
  return {
    openStore: () => store,
    createRecorder: (options: ServiceRecorderOptions) => {
      const pending: Sample[] = [];
      const unsubscribe = options.sampler.subscribe((sample) => pending.push(sample));
      const flush = () => void options.store.append(pending.splice(0));
      return {
        flush,
        stop: () => {
          steps.push('recorder.stop');
          unsubscribe();
          flush();
        },
      };
    },
  };
}
