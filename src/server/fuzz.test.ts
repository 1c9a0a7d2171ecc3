// Hostile query strings and paths (seeded: a failure names its seed): every answer is a known
// status with a JSON body, an error has a key from the catalog, and no message carries a raw
// control, bidi or zero-width character a page or terminal would act on.

import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../test/helpers/fuzz.js';
import { isSafeText } from '../core/safe-text.js';
import { isMessageKey } from '../i18n/index.js';
import { testServer } from './testing/fixtures.js';

const ENDPOINTS: Record<string, string[]> = {
  '/api/v1/devices': [],
  '/api/v1/snapshot': [],
  '/api/v1/history': ['device', 'metric', 'from', 'to', 'points'],
  '/api/v1/processes': ['device', 'from', 'to'],
  '/api/v1/events': ['from', 'to', 'device', 'kind', 'limit'],
  '/api/v1/health': [],
};
/** encodeURIComponent, or for text it cannot encode (a lone surrogate) the UTF-8 of one, which no decoder accepts. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const GOOD_VALUES = ['0', '1', 'host', 'GPU-aaaa', 'gpuUtilPercent', 'gpuUtilPercent,temperatureCelsius', '-1h', 'now', '1796126400000', '2026-12-01T12:00:00Z', '100', 'gpu-lost', 'zh-CN'];

describe('fuzzed requests', () => {
  it.each([1, 2, 3])('seed %i: 150 hostile queries answer a known status with a clean JSON body', async (seed) => {
    const fuzz = createFuzzer(seed);
    const { app } = testServer();
    for (let i = 0; i < 150; i++) {
      const path = fuzz.pick(Object.keys(ENDPOINTS));
      const names = [...ENDPOINTS[path]!, 'lang', fuzz.text(6)];
      const params = Array.from({ length: fuzz.int(5) }, () => {
        const name = fuzz.int(4) === 0 ? fuzz.text(8) : fuzz.pick(names);
        const value = fuzz.int(2) === 0 ? fuzz.pick(GOOD_VALUES) : fuzz.mutate(fuzz.pick(GOOD_VALUES));
        return `${encode(name)}=${encode(value)}`;
      });
      const url = `${path}?${params.join('&')}`;
      const response = await app.request(url, { headers: { 'accept-language': fuzz.text(12).replace(/[^\x20-\x7e]/g, '') } });
      const context = `seed ${seed}, ${url}`;
      expect([200, 400, 414, 503], context).toContain(response.status);
      expect(response.headers.get('content-type'), context).toBe('application/json; charset=utf-8');
      const body = (await response.json()) as { error?: { key: string; message: string } };
      if (response.status >= 400) {
        expect(isMessageKey(body.error!.key), context).toBe(true);
        expect(isSafeText(body.error!.message), `${context}: ${JSON.stringify(body.error!.message)}`).toBe(true);
      }
    }
  }, 60_000);

  it('hostile paths never crash the server: 404 JSON, or a page', async () => {
    const fuzz = createFuzzer(7);
    const { app } = testServer();
    for (let i = 0; i < 200; i++) {
      const path = '/' + encode(fuzz.mutate(fuzz.pick(['api/v1/snapshot', 'assets/app.js', 'index.html', 'login', 'api/v1/../../etc/passwd']))).replace(/%2F/gi, fuzz.pick(['/', '%2F', '%2f']));
      const response = await app.request(path);
      expect([200, 303, 400, 404, 414], path).toContain(response.status);
      if (response.status === 404) {
        const body = (await response.json()) as { error: { key: string; message: string } };
        expect(isSafeText(body.error.message), path).toBe(true);
      }
    }
  }, 60_000);
});
