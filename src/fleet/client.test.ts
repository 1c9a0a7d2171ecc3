// The Prometheus client against a real HTTP server on loopback that answers as Prometheus does
// (and as a misconfigured proxy, a login page and a dead port do): auth headers, timeouts,
// errors a user can act on, and values that are not numbers.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetFailure, serveOnLoopback, type LoopbackServer } from './__fixtures__/loopback.js';
import { createPrometheusClient, FleetError } from './client.js';

let server: LoopbackServer;
let base = '';
const seen: { url: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = await serveOnLoopback((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/slow/')) return void setTimeout(() => json(200, { status: 'success', data: { resultType: 'vector', result: [] } }), 2000);
    if (url.pathname.startsWith('/locked/')) return json(401, { error: 'unauthorized' });
    if (url.pathname.startsWith('/html/')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    if (url.pathname === '/api/v1/query') {
      const query = url.searchParams.get('query');
      if (query === 'bad(') return json(400, { status: 'error', errorType: 'bad_data', error: 'parse error at char 5' });
      return json(200, { status: 'success', data: { resultType: 'vector', result: [
        { metric: { instance: 'n1:8478', gpu: '0' }, value: [1, '42.5'] },
        { metric: { instance: 'n1:8478', gpu: '1' }, value: [1, 'NaN'] },
      ] } });
    }
    if (url.pathname === '/prefix/api/v1/alerts') return json(200, { status: 'success', data: { alerts: [{ labels: { alertname: 'GpuLost' }, annotations: {}, state: 'firing' }] } });
    json(404, { status: 'error', error: 'not found' });
  });
  base = server.base;
});
afterAll(() => server.close());

const failure = fleetFailure;

describe('createPrometheusClient', () => {
  it('reads a vector; NaN is null, not a number', async () => {
    const client = createPrometheusClient({ url: base });
    expect(await client.query('DCGM_FI_DEV_GPU_UTIL', 1700000000)).toEqual([
      { metric: { instance: 'n1:8478', gpu: '0' }, value: 42.5 },
      { metric: { instance: 'n1:8478', gpu: '1' }, value: null },
    ]);
    expect(seen.at(-1)!.url).toContain('time=1700000000');
  });

  it('sends a bearer token or basic auth, and keeps a path prefix', async () => {
    await createPrometheusClient({ url: base, bearerToken: 'tok' }).query('up');
    expect(seen.at(-1)!.authorization).toBe('Bearer tok');
    await createPrometheusClient({ url: base, basic: { user: 'ana', password: 'p:w' } }).query('up');
    expect(seen.at(-1)!.authorization).toBe(`Basic ${Buffer.from('ana:p:w').toString('base64')}`);
    const alerts = await createPrometheusClient({ url: `${base}/prefix` }).alerts();
    expect(alerts.map((a) => a.labels.alertname)).toEqual(['GpuLost']);
  });

  it("takes a URL's user:password@ as basic auth, never names the password, and refuses it beside other credentials", async () => {
    const withUser = base.replace('http://', 'http://alice:s%40cret@');
    const client = createPrometheusClient({ url: withUser });
    await client.query('up');
    expect(seen.at(-1)!.authorization).toBe(`Basic ${Buffer.from('alice:s@cret').toString('base64')}`);
    expect(client.url).toBe(base);
    const refused = await failure(createPrometheusClient({ url: 'http://alice:secretpw@127.0.0.1:1' }).query('up'));
    expect(refused).toMatchObject({ key: 'fleet.error.unreachable', params: { url: 'http://127.0.0.1:1' } });
    // Not fetch()'s "Request cannot be constructed from a URL that includes credentials".
    expect(refused.params.detail).not.toMatch(/credentials/);
    const twice = [{ bearerToken: 'tok' }, { basic: { user: 'bob', password: 'x' } }].map((auth) => {
      try {
        createPrometheusClient({ url: 'http://alice:secretpw@prom:9090/p', ...auth });
        return null;
      } catch (error) {
        return error as FleetError;
      }
    });
    for (const error of twice) expect(error).toMatchObject({ key: 'fleet.error.credentialsTwice', params: { url: 'http://prom:9090/p' } });
    const bad = [() => createPrometheusClient({ url: 'ftp://alice:secretpw@x' }), () => createPrometheusClient({ url: 'http://alice:secret@pw@x:port' })].map((make) => {
      try {
        make();
        return null;
      } catch (error) {
        return error as FleetError;
      }
    });
    expect(bad.map((e) => e?.params.url)).toEqual(['ftp://alice:***@x', 'http://alice:***@x:port']);
    for (const error of [refused, ...twice, ...bad]) expect(`${error!.message} ${JSON.stringify(error!.params)}`).not.toMatch(/secret/);
  });

  it('says what went wrong: a refused port, a timeout, a 401, a login page, a bad query, a bad URL', async () => {
    expect((await failure(createPrometheusClient({ url: 'http://127.0.0.1:1' }).query('up'))).key).toBe('fleet.error.unreachable');
    const slow = await failure(createPrometheusClient({ url: `${base}/slow`, timeoutMs: 200 }).query('up'));
    expect(slow).toMatchObject({ key: 'fleet.error.timeout', params: { seconds: 0.2 } });
    expect((await failure(createPrometheusClient({ url: `${base}/locked` }).query('up'))).params).toMatchObject({ status: 401 });
    expect((await failure(createPrometheusClient({ url: `${base}/html` }).query('up'))).key).toBe('fleet.error.notPrometheus');
    const bad = await failure(createPrometheusClient({ url: base }).query('bad('));
    expect(bad).toMatchObject({ key: 'fleet.error.query' });
    expect(bad.params.detail).toMatch(/parse error/);
    expect(() => createPrometheusClient({ url: 'ftp://x' })).toThrow(FleetError);
    expect(() => createPrometheusClient({ url: 'not a url' })).toThrow(FleetError);
  });
});
