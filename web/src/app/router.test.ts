import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref } from './router.js';

describe('hash routes', () => {
  it('reads each page', () => {
    for (const hash of ['', '#', '#/', '#//']) expect(parseRoute(hash).name).toBe('overview');
    expect(parseRoute('#/processes').name).toBe('processes');
    expect(parseRoute('#/events/').name).toBe('events');
    expect(parseRoute('#/doctor').name).toBe('doctor');
    expect(parseRoute('#/advisor').name).toBe('advisor');
    expect(parseRoute('#/gpu')).toMatchObject({ name: 'gpu', key: null });
  });

  it('decodes a GPU key and round-trips keys with slashes, spaces and non-ASCII text', () => {
    for (const key of ['GPU-25318bf2-7b88-4975-9414-f6b506d002db', 'pci:00000000:18:00.0', 'index:3', 'a/b?c#d e', '显卡 0', '%zz']) {
      const href = routeHref('gpu', key);
      expect(parseRoute(href)).toMatchObject({ name: 'gpu', key });
    }
  });

  it('keeps the query for the page', () => {
    const route = parseRoute('#/events?kind=xid&device=0');
    expect(route.name).toBe('events');
    expect(route.query.get('kind')).toBe('xid');
    expect(routeHref('events', null, new URLSearchParams({ kind: 'xid' }))).toBe('#/events?kind=xid');
  });

  it('answers not-found for unknown, too deep, broken or prototype-named paths', () => {
    for (const hash of ['#/nope', '#/gpu/1/2', '#/processes/9', '#/gpu/%E0%A4%A', '#/__proto__', '#/constructor', '#/toString']) {
      expect(parseRoute(hash).name, hash).toBe('not-found');
    }
    expect(parseRoute('#/nope').path).toBe('/nope');
  });

  it('writes the overview as #/', () => {
    expect(routeHref('overview')).toBe('#/');
    expect(routeHref('doctor')).toBe('#/doctor');
  });
});
