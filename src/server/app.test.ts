// The REST routes through app.request (no port), over a hand-driven sampler and a memory store.

import { describe, expect, it } from 'vitest';
import { StoreError } from '../store/errors.js';
import { createServerApp } from './app.js';
import { createRecordingHealth } from './recording-health.js';
import { createFakeSampler } from './testing/fake-sampler.js';
import { json, memoryServer, noGpuSnapshot, sqliteStore, T0, testServer, twoGpus } from './testing/fixtures.js';

describe('live routes', () => {
  it('/api/v1/devices lists the live GPUs with their keys, and those only the store has seen', async () => {
    const { app, sampler, store } = testServer();
    // A GPU that fell off the bus: in the store's history, no longer in the latest sample.
    const gone = twoGpus(3);
    gone.devices = [gone.devices[0]!, { ...gone.devices[1]!, index: 2, uuid: 'GPU-gone' }];
    store.append([sampler.push(gone)]);
    sampler.push(twoGpus(4));
    const body = await json(await app.request('/api/v1/devices'));
    expect(body.devices).toEqual([
      expect.objectContaining({ key: 'GPU-aaaa', index: 0, live: true, state: 'ok', firstSeenMs: T0 }),
      expect.objectContaining({ key: 'GPU-bbbb', index: 1, live: true }),
      expect.objectContaining({ key: 'GPU-gone', index: 2, live: false, state: null, lastSeenMs: T0 + 3000 }),
    ]);
    expect(body.atMs).toBe(T0 + 4000);
  });

  it('/api/v1/snapshot is the latest sample; 503 with a clear body before the first', async () => {
    const sampler = createFakeSampler();
    const app = createServerApp({ sampler, store: null, auth: { token: null, metricsOpen: false }, allowedHosts: null, version: 't' });
    const early = await app.request('/api/v1/snapshot?lang=zh-CN');
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('1');
    expect((await json(early)).error).toEqual({ key: 'serve.api.noSampleYet', message: '还没有 GPU 读数：第一次读取正在进行，请稍后再试。' });
    sampler.push(twoGpus(0));
    sampler.push(twoGpus(1, 77));
    const body = await json(await app.request('/api/v1/snapshot'));
    expect(body).toMatchObject({ seq: 2, wallMs: T0 + 1000, snapshot: { devices: [{ gpuUtilPercent: 77 }, { gpuUtilPercent: 23 }] } });
    expect(body.noGpu).toBeUndefined();
  });

  it('with no GPU, the snapshot and devices say what the backend chain tried and why each failed', async () => {
    const sampler = createFakeSampler();
    sampler.push(noGpuSnapshot());
    const app = createServerApp({ sampler, store: null, auth: { token: null, metricsOpen: false }, allowedHosts: null, version: 't' });
    for (const path of ['/api/v1/snapshot', '/api/v1/devices']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      const body = await json(response);
      expect(body.noGpu).toMatchObject({
        key: 'serve.api.noGpu',
        backendAttempts: [{ backend: 'nvml', ok: false, code: 'library-not-found' }, { backend: 'nvidia-smi', ok: false }],
      });
      expect((body.noGpu as { message: string }).message).toMatch(/^No GPU was found\. The backends tried: nvml: library-not-found \(libnvidia-ml\.so\.1.*nvidia-smi: library-not-found/);
    }
  });

  it('a backend that opened but read no GPU: its problems in the asked language, from their keys', async () => {
    const sampler = createFakeSampler();
    const stuck = noGpuSnapshot();
    stuck.backend = 'nvml';
    stuck.backendAttempts = [{ backend: 'nvml', ok: true, code: null, detail: null }];
    stuck.problems = [
      { scope: 'devices', code: 'timeout', message: 'NVML has not answered for 3 s; the driver may be hung', key: 'problems.driverStuck', params: { seconds: 3 } },
      { scope: 'devices', code: 'ERROR_UNKNOWN', message: 'nvmlDeviceGetCount_v2: Unknown Error' },
    ];
    sampler.push(stuck);
    const app = createServerApp({ sampler, store: null, auth: { token: null, metricsOpen: false }, allowedHosts: null, version: 't' });
    const zh = (await json(await app.request('/api/v1/devices?lang=zh-CN'))).noGpu as { key: string; message: string };
    expect(zh).toMatchObject({ key: 'serve.api.noDevicesRead' });
    expect(zh.message).toBe('nvml 后端已打开，但读不到 GPU：超时（NVML 已有 3 秒没有应答，驱动可能已挂起）；未知错误（ERROR_UNKNOWN）（出自 nvmlDeviceGetCount_v2）。');
    const en = (await json(await app.request('/api/v1/snapshot?lang=en'))).noGpu as { message: string };
    expect(en.message).toBe('The nvml backend opened but could not read the GPUs: timed out (NVML has not answered for 3 s; the driver may be hung); unknown error (ERROR_UNKNOWN) (in nvmlDeviceGetCount_v2).');
  });

  it('/api/v1/processes: the current ones with their GPU key, filtered by device; hostile command lines escaped', async () => {
    const { app } = testServer();
    const response = await app.request('/api/v1/processes');
    const text = await response.text();
    // Bidi override and ESC travel as \u escapes: the JSON parses to the same text, but no raw control reaches a screen.
    expect(text).not.toMatch(/[\u001b\u202e]/);
    expect(text).toContain('\\u202e');
    const body = JSON.parse(text) as { processes: { pid: number; deviceKey: string; command: string }[] };
    expect(body.processes).toEqual([expect.objectContaining({ pid: 4242, deviceKey: 'GPU-aaaa', command: 'python3 train.py \u202e\u001b[2J' })]);
    expect((await json(await app.request('/api/v1/processes?device=1'))).processes).toEqual([]);
    expect((await json(await app.request('/api/v1/processes?device=GPU-AAAA'))).processes).toHaveLength(1);
  });

  it('/api/v1/processes?from=&to= answers those seen in the range, from the store', async () => {
    const { app } = testServer();
    const seen = await json(await app.request('/api/v1/processes?from=-1h'));
    expect(seen.processes).toEqual([expect.objectContaining({ pid: 4242, deviceKey: 'GPU-aaaa', firstSeenMs: T0, lastSeenMs: T0 + 2000 })]);
    const before = await json(await app.request(`/api/v1/processes?from=${T0 - 10_000}&to=${T0 - 5000}`));
    expect(before).toMatchObject({ fromMs: T0 - 10_000, toMs: T0 - 5000, processes: [] });
  });
});

describe('recorded routes', () => {
  it('/api/v1/history answers each metric asked for, for a GPU by index or key, and for the host', async () => {
    const { app } = testServer();
    const response = await app.request('/api/v1/history?device=0&metric=gpuUtilPercent,temperatureCelsius&from=-1h&points=100');
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({ device: 'GPU-aaaa', fromMs: T0 + 3000 - 3_600_000, toMs: T0 + 3000 });
    type Series = { metric: string; unit: string; points: { t: number; min: number | null; avg: number | null; max: number | null }[] };
    const filled = (series: Series) => series.points.filter((p) => p.avg !== null);
    const series = body.series as Series[];
    expect(series.map((s) => [s.metric, s.unit])).toEqual([['gpuUtilPercent', 'percent'], ['temperatureCelsius', 'celsius']]);
    expect(series[0]!.points.length).toBeLessThanOrEqual(100);
    // The three samples (10, 11, 12 %) fall in one bucket of 36 s; the others are null, never 0.
    expect(filled(series[0]!).map((p) => [p.min, p.avg, p.max])).toEqual([[10, 11, 12]]);
    expect(series[0]!.points.filter((p) => p.avg === null).every((p) => p.min === null && p.max === null)).toBe(true);
    const byKey = await json(await app.request(`/api/v1/history?device=GPU-bbbb&metric=gpuUtilPercent&from=${new Date(T0).toISOString()}&to=${T0 + 2999}&points=3`));
    expect(filled((byKey.series as Series[])[0]!).map((p) => p.avg)).toEqual([90, 89, 88]);
    const host = await json(await app.request('/api/v1/history?device=host&metric=cpuUtilPercent'));
    expect(host).toMatchObject({ device: 'host', series: [{ metric: 'cpuUtilPercent' }] });
  });

  it('/api/v1/events filters by range, device, kind and limit, and gives each event its text in the asked language', async () => {
    const { app, store } = testServer();
    store.append([], [
      { atMs: T0, kind: 'gpu-lost', severity: 'critical', deviceKey: 'GPU-bbbb', gpuIndex: 1, key: 'serve.api.noSampleYet', params: {} },
      { atMs: T0 + 1000, kind: 'process-start', severity: 'info', deviceKey: 'GPU-aaaa', gpuIndex: 0, key: 'no.such.key', params: { pid: 1 } },
    ]);
    const all = await json(await app.request('/api/v1/events?lang=zh-CN'));
    expect((all.events as { kind: string; message: string | null }[]).map((e) => [e.kind, e.message])).toEqual([
      ['process-start', null],
      ['gpu-lost', '还没有 GPU 读数：第一次读取正在进行，请稍后再试。'],
    ]);
    expect((await json(await app.request('/api/v1/events?kind=gpu-lost,gpu-back'))).events).toHaveLength(1);
    expect((await json(await app.request('/api/v1/events?device=0'))).events).toEqual([expect.objectContaining({ kind: 'process-start' })]);
    expect((await json(await app.request('/api/v1/events?limit=1'))).events).toHaveLength(1);
    expect((await json(await app.request(`/api/v1/events?to=${T0 - 1}`))).events).toEqual([]);
  });

  it('/api/v1/events says clock reasons by name and outside text escaped, as the dashboard, info and top do', async () => {
    const { app, store } = testServer();
    store.append([], [
      { atMs: T0, kind: 'throttle-start', severity: 'warning', deviceKey: 'GPU-aaaa', gpuIndex: 0, key: 'events.throttle.start', params: { gpu: 0, reasons: 'sw-power-cap,hw-thermal-slowdown' } },
      { atMs: T0 + 1000, kind: 'process-start', severity: 'info', deviceKey: 'GPU-aaaa', gpuIndex: 0, key: 'events.process.start', params: { gpu: 0, pid: 9, name: 'x\u001b]0;pwned\u0007' } },
    ]);
    const messages = async (lang: string) => ((await json(await app.request(`/api/v1/events?lang=${lang}`))).events as { message: string }[]).map((e) => e.message);
    const [zhProcess, zhThrottle] = await messages('zh-CN');
    expect(zhThrottle).toBe('GPU 0 开始降频：功率上限、过热（硬件）');
    expect(zhProcess).toContain('\\e]0;pwned\\x07');
    expect((await messages('en'))[1]).toBe('GPU 0 began throttling: power cap, thermal (hardware)');
  });

  it('without a store, history, ranges and events answer 503 saying recording is off; live routes still work', async () => {
    const { app } = testServer({ store: null });
    for (const path of ['/api/v1/history?device=0&metric=gpuUtilPercent', '/api/v1/events', '/api/v1/processes?from=-1h']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(503);
      expect((await json(response)).error?.key).toBe('serve.api.noStore');
    }
    expect((await app.request('/api/v1/snapshot')).status).toBe(200);
  });

  it('a store that fails answers 500 with the reason, not a crash; devices still come from the sampler', async () => {
    const { app, store } = memoryServer();
    store.failWith = new Error('database disk image is malformed');
    const response = await app.request('/api/v1/history?device=0&metric=gpuUtilPercent');
    expect(response.status).toBe(500);
    expect((await json(response)).error).toMatchObject({ key: 'serve.api.storeFailed', message: 'The history database could not answer: database disk image is malformed' });
    expect((await json(await app.request('/api/v1/devices'))).devices).toHaveLength(2);
    expect((await json(await app.request('/api/v1/health'))).store).toEqual({ error: 'database disk image is malformed' });
  });

  it('the SQLite store\'s own errors are told in the asked language', async () => {
    const store = sqliteStore();
    const { app } = testServer({}, 3, store);
    store.close();
    const en = await app.request('/api/v1/events');
    expect(en.status).toBe(500);
    const body = await json(en);
    expect(body.error).toMatchObject({ key: 'serve.api.storeFailed', details: { store: { code: 'closed' } } });
    const zh = await json(await app.request('/api/v1/events?lang=zh-CN'));
    expect(zh.error!.message).toMatch(/^历史数据库无法应答：/);
    expect(zh.error!.message).not.toBe(body.error!.message);
  });
});

describe('/api/v1/health', () => {
  it('says ok with the age of the last sample, the backend and the store; stalled (503) when sampling stopped', async () => {
    const { app, nowMs } = testServer();
    const ok = await app.request('/api/v1/health');
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({
      status: 'ok', version: '0.1.0-test', backend: 'nvml', gpus: 2,
      sampler: { alive: true, intervalMs: 1000, lastSampleAgeMs: 1000, seq: 3 },
      store: { stats: { rows: { raw: expect.any(Number) } } },
      streams: { clients: 0, max: 16 },
    });
    nowMs.value += 60_000;
    const stalled = await app.request('/api/v1/health');
    expect(stalled.status).toBe(503);
    expect(await json(stalled)).toMatchObject({ status: 'stalled', sampler: { alive: false, lastSampleAgeMs: 61_000 } });
  });

  it('is degraded (200) while the recorder’s writes fail, with the store’s error and when it began; ok again once one lands', async () => {
    const recording = createRecordingHealth(() => T0 + 2500);
    const { app } = testServer({ recording });
    recording.failed(new StoreError('disk-full', { path: '/d/history.db', detail: 'database or disk is full' }), { pending: 40, droppedSamples: 0 });
    const degraded = await app.request('/api/v1/health?lang=zh-CN');
    expect(degraded.status).toBe(200);
    const body = await json(degraded);
    expect(body).toMatchObject({
      status: 'degraded', sampler: { alive: true },
      store: {
        stats: expect.any(Object),
        recording: { ok: false, failingSinceMs: T0 + 2500, failures: 1, pendingSamples: 40, error: { code: 'disk-full', key: 'store.error.diskFull' } },
      },
    });
    expect((body.store as { recording: { error: { message: string } } }).recording.error.message).toMatch(/^\/d\/history\.db 所在的磁盘已满/);
    recording.wrote();
    expect(await json(await app.request('/api/v1/health'))).toMatchObject({ status: 'ok', store: { recording: { ok: true, failingSinceMs: null, error: null } } });
  });

  it('is starting before the first sample, then stalled if none comes', async () => {
    let now = T0;
    const app = createServerApp({ sampler: createFakeSampler(), store: null, auth: { token: null, metricsOpen: false }, allowedHosts: null, version: 't', now: () => now });
    expect(await json(await app.request('/api/v1/health'))).toMatchObject({ status: 'starting', sampler: { lastSampleAgeMs: null }, store: null });
    now += 31_000;
    expect((await app.request('/api/v1/health')).status).toBe(503);
  });
});

describe('bad input', () => {
  const cases: [string, string, string, RegExp, RegExp][] = [
    ['/api/v1/history?metric=gpuUtilPercent', 'serve.api.missingParameter', 'device', /device is required/, /缺少必需的参数 device/],
    ['/api/v1/history?device=0', 'serve.api.missingParameter', 'metric', /metric is required/, /参数 metric/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&from=yesterday', 'serve.api.badTime', 'from', /^from is not a time/, /^from 不是一个时间/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&to=12:00', 'serve.api.badTime', 'to', /^to is not a time/, /^to 不是一个时间/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&points=0', 'serve.api.badInteger', 'points', /from 1 to 5000/, /1 到 5000/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&points=5001', 'serve.api.badInteger', 'points', /from 1 to 5000/, /1 到 5000/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent,bogus', 'serve.api.badMetric', 'metric', /no metric "bogus".*gpuUtilPercent/, /没有指标 “bogus”/],
    ['/api/v1/history?device=host&metric=gpuUtilPercent', 'serve.api.badMetric', 'metric', /cpuUtilPercent/, /cpuUtilPercent/],
    ['/api/v1/history?device=7&metric=gpuUtilPercent', 'serve.api.badDevice', 'device', /No GPU "7"/, /没有 GPU “7”/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&from=-1h&to=-2h', 'serve.api.badRange', 'from', /from is after to/, /from 晚于 to/],
    ['/api/v1/history?device=0&metric=', 'serve.api.emptyList', 'metric', /metric is empty/, /metric 为空/],
    ['/api/v1/history?device=0&device=1&metric=gpuUtilPercent', 'serve.api.duplicateParameter', 'device', /more than once/, /不止一次/],
    ['/api/v1/snapshot?verbose=1', 'serve.api.unknownParameter', 'verbose', /Unknown parameter verbose/, /未知参数 verbose/],
    ['/api/v1/events?kind=gpu-exploded', 'serve.api.badKind', 'kind', /no event kind "gpu-exploded"/, /没有事件类型/],
    ['/api/v1/events?limit=100000', 'serve.api.badInteger', 'limit', /from 1 to 10000/, /1 到 10000/],
    ['/api/v1/processes?from=-1h&device=9', 'serve.api.badGpu', 'device', /No GPU "9"/, /没有 GPU/],
    // Days and hours the calendar does not have are refused, not moved on (Date.parse reads 02-30 as 03-02).
    ['/api/v1/history?device=0&metric=gpuUtilPercent&from=2026-02-30', 'serve.api.badTime', 'from', /^from is not a time/, /^from 不是一个时间/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&from=2026-04-31', 'serve.api.badTime', 'from', /^from is not a time/, /^from 不是一个时间/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&to=2026-02-31T12:00:00Z', 'serve.api.badTime', 'to', /^to is not a time/, /^to 不是一个时间/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&to=2026-12-01T24:00:00Z', 'serve.api.badTime', 'to', /^to is not a time/, /^to 不是一个时间/],
    // host is a device of the history only: elsewhere the message must not offer it.
    ['/api/v1/events?device=host', 'serve.api.badGpu', 'device', /^No GPU "host" is known here\. Give a key or an index from \/api\/v1\/devices \(host, .* only at \/api\/v1\/history\)\.$/, /只用于 \/api\/v1\/history/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&points=%20%205', 'serve.api.badInteger', 'points', /whole number/, /整数/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent&points=+5', 'serve.api.badInteger', 'points', /whole number/, /整数/],
    ['/api/v1/events?kind=xid,,gpu-lost', 'serve.api.emptyListItem', 'kind', /^kind has an empty name/, /^kind 的列表里有空名称/],
    ['/api/v1/history?device=0&metric=gpuUtilPercent,', 'serve.api.emptyListItem', 'metric', /^metric has an empty name/, /^metric 的列表里有空名称/],
    ['/api/v1/history?device=0&metric=,,', 'serve.api.emptyList', 'metric', /metric is empty/, /metric 为空/],
  ];

  it.each(cases)('%s → 400 %s, naming the parameter, in English and Chinese', async (path, key, parameter, en, zh) => {
    const { app } = testServer();
    const english = await app.request(path);
    expect(english.status).toBe(400);
    expect(english.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await json(english);
    expect(body.error).toMatchObject({ key, details: { parameter } });
    expect(body.error!.message).toMatch(en);
    const chinese = await app.request(path, { headers: { 'accept-language': 'fr;q=1, zh-TW;q=0.8, en;q=0.5' } });
    expect((await json(chinese)).error).toMatchObject({ key });
    expect((await json(await app.request(`${path}&lang=zh-CN`))).error!.message).toMatch(zh);
  });

  it('details.known is an array of names on every 400 that lists what is known', async () => {
    const { app } = testServer();
    const known = async (path: string) => ((await json(await app.request(path))).error!.details as { known: unknown }).known;
    expect(await known('/api/v1/history?device=0&metric=x')).toEqual(expect.arrayContaining(['gpuUtilPercent', 'temperatureCelsius']));
    expect(await known('/api/v1/events?kind=foo')).toEqual(expect.arrayContaining(['throttle-start', 'xid']));
    expect(await known('/api/v1/snapshot?verbose=1')).toEqual(['lang']);
    expect(await known('/api/v1/history?device=7&metric=gpuUtilPercent')).toEqual(expect.any(Array));
  });

  it('lang given twice is a 400 like any other parameter (which language was meant?)', async () => {
    const { app } = testServer();
    for (const path of ['/api/v1/devices?lang=zh-CN&lang=en', '/api/v1/history?device=0&metric=gpuUtilPercent&lang=en&lang=en']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(400);
      expect((await json(response)).error).toMatchObject({ key: 'serve.api.duplicateParameter', details: { parameter: 'lang' } });
    }
  });

  it('the 404 of an unknown /api path names every endpoint family', async () => {
    const { app } = testServer();
    for (const lang of ['en', 'zh-CN']) {
      const message = (await json(await app.request(`/api/v1/nope?lang=${lang}`))).error!.message;
      for (const endpoint of ['/api/v1/devices', '/api/v1/stream', '/api/v1/doctor', '/api/v1/advisor/recommend', '/api/v1/advisor/choices', '/api/v1/fleet/', 'docs/api.md']) {
        expect(message, `${lang} ${endpoint}`).toContain(endpoint);
      }
    }
  });

  it('?lang= wins over Accept-Language, and an unknown language reads English', async () => {
    const { app } = testServer();
    const headers = { 'accept-language': 'zh-CN' };
    expect((await json(await app.request('/api/v1/nope?lang=en', { headers }))).error!.message).toMatch(/^There is no endpoint/);
    expect((await json(await app.request('/api/v1/nope', { headers }))).error!.message).toMatch(/^没有接口/);
    expect((await json(await app.request('/api/v1/nope?lang=fr'))).error!.message).toMatch(/^There is no endpoint/);
  });

  it('unknown /api paths are JSON 404s; other methods are 405 with Allow', async () => {
    const { app } = testServer();
    const missing = await app.request('/api/v2/snapshot');
    expect(missing.status).toBe(404);
    expect((await json(missing)).error?.key).toBe('serve.api.notFound');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = await app.request('/api/v1/snapshot', { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect((await json(response)).error).toMatchObject({ key: 'serve.http.methodNotAllowed', details: { allow: 'GET, HEAD' } });
    }
    expect((await app.request('/login', { method: 'DELETE' })).headers.get('allow')).toBe('POST');
  });

  it('HEAD answers the headers of GET without a body', async () => {
    const { app } = testServer();
    const response = await app.request('/api/v1/snapshot', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it('an error nobody expected is a 500 JSON without its details, told to onError', async () => {
    const errors: unknown[] = [];
    const { app } = testServer({ metrics: () => { throw new Error('secret internals'); }, onError: (error) => errors.push(error) });
    const response = await app.request('/metrics');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret internals');
    expect(JSON.parse(text)).toMatchObject({ error: { key: 'serve.api.internal' } });
    expect(errors).toHaveLength(1);
  });
});

describe('the sampler is only read', () => {
  it('no route asks the sampler for a read (only latest()): a hung GPU cannot slow an answer', async () => {
    const { app, sampler } = testServer();
    const calls: string[] = [];
    sampler.refresh = () => (calls.push('refresh'), Promise.reject(new Error('no reads from routes')));
    sampler.setInterval = (ms) => (calls.push('setInterval'), ms);
    sampler.start = () => void calls.push('start');
    sampler.stop = async () => void calls.push('stop');
    for (const path of ['/api/v1/devices', '/api/v1/snapshot', '/api/v1/history?device=0&metric=gpuUtilPercent', '/api/v1/processes', '/api/v1/processes?from=-1h', '/api/v1/events', '/api/v1/health', '/metrics', '/']) {
      expect((await app.request(path)).status, path).toBe(200);
    }
    const stream = await app.request('/api/v1/stream');
    await stream.body!.cancel();
    expect(calls).toEqual([]);
  });
});

describe('/metrics and the index page', () => {
  it('mounts the renderer with Prometheus\' content type; 404 JSON without one', async () => {
    const { app } = testServer();
    const response = await app.request('/metrics');
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await response.text()).toBe('# HELP up\nup 1\n');
    const { app: bare } = testServer({ metrics: undefined });
    expect((await json(await bare.request('/metrics'))).error?.key).toBe('serve.api.noMetrics');
  });

  it('GET / without a built dashboard is an honest page listing the API, in either language', async () => {
    const { app } = testServer({ store: null });
    const en = await (await app.request('/')).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('The web dashboard is not part of this build yet');
    for (const path of ['/api/v1/devices', '/api/v1/snapshot', '/api/v1/history', '/api/v1/processes', '/api/v1/events', '/api/v1/health', '/api/v1/stream', '/metrics']) {
      expect(en).toContain(`href="${path}`);
    }
    expect(en).toContain('GPUs in the latest reading: 2 (via nvml).');
    expect(en).toContain('History is not recorded (--no-record)');
    const zh = await (await app.request('/', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })).text();
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('此版本尚未包含网页仪表盘');
    expect(zh).toContain('href="/?lang=en"');
  });
});
