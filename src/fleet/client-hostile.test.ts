// The Prometheus client against servers that are not quite Prometheus: a redirect loop, a body
// too big to hold, one that drips bytes past the timeout, and JSON of the wrong shape. Each ends
// in a FleetError a user can act on, never a TypeError, a hang or gigabytes held.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetFailure, serveOnLoopback, type LoopbackServer } from './__fixtures__/loopback.js';
import { createPrometheusClient } from './client.js';
import { fleetSummary } from './summary.js';

let server: LoopbackServer;
let base = '';
const ok = (data: unknown) => JSON.stringify({ status: 'success', data });

beforeAll(async () => {
  server = await serveOnLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const scenario = url.pathname.split('/')[1];
    if (scenario === 'loop') return void res.writeHead(302, { location: `${url.pathname}?token=secret` }).end();
    if (scenario === 'huge') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":"success","data":{"resultType":"vector","result":["');
      return void res.end(`${'x'.repeat(300_000)}"]}}`);
    }
    if (scenario === 'drip') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 100);
      return void res.on('close', () => clearInterval(timer));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (url.pathname.endsWith('/alerts')) return void res.end(ok({ alerts: [null, 7, { labels: { alertname: 5 }, annotations: null, state: 'firing' }] }));
    if (url.pathname.endsWith('/rules')) return void res.end(ok({ groups: [] }));
    if (url.pathname.endsWith('/query_range')) return void res.end(ok({ resultType: 'matrix', result: [null, { metric: null, values: [null, [1, '2'], 'x'] }] }));
    // Series without a gpu label, null entries, a number as a label, a string as a sample.
    res.end(ok({ resultType: 'vector', result: [null, 5, { metric: null, value: 'x' }, { metric: { instance: 'n1', job: 7 }, value: [1, '3'] }] }));
  });
  base = server.base;
});
afterAll(() => server.close());

const failure = fleetFailure;

describe('createPrometheusClient against servers that are not Prometheus', () => {
  it('says a redirect is one, with where it points (no query string), and does not follow it', async () => {
    const error = await failure(createPrometheusClient({ url: `${base}/loop` }).query('up'));
    expect(error.key).toBe('fleet.error.redirect');
    expect(error.params).toMatchObject({ status: 302, location: '/loop/api/v1/query' });
  });

  it('stops reading an answer past its size limit', async () => {
    const error = await failure(createPrometheusClient({ url: `${base}/huge`, maxBodyBytes: 100_000 }).query('up'));
    expect(error.key).toBe('fleet.error.tooLarge');
  });

  it('a body that drips past the timeout is a timeout, not "not Prometheus"', async () => {
    const error = await failure(createPrometheusClient({ url: `${base}/drip`, timeoutMs: 1000 }).query('up'));
    expect(error.key).toBe('fleet.error.timeout');
  });

  it('JSON of the wrong shape makes a summary of what is well formed, without throwing', async () => {
    const client = createPrometheusClient({ url: `${base}/shape` });
    expect(await client.query('up')).toEqual([{ metric: {}, value: null }, { metric: { instance: 'n1' }, value: 3 }]);
    expect(await client.queryRange('up', 0, 10, 5)).toEqual([{ metric: {}, values: [[1, 2]] }]);
    expect(await client.alerts()).toEqual([{ labels: {}, annotations: {}, state: 'firing' }]);
    const summary = await fleetSummary(client, { atSeconds: 1_800_000_000 });
    expect(summary.nodes.every((node) => node.gpus.length === 0)).toBe(true);
  });
});
