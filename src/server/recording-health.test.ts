import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { StoreError } from '../store/errors.js';
import { createRecordingHealth } from './recording-health.js';

const diskFull = () => new StoreError('disk-full', { path: '/d/history.db', detail: 'database or disk is full' });

describe('createRecordingHealth', () => {
  it('is failing from the first failure in a row until a write lands, and keeps the store error’s key', () => {
    let now = 1000;
    const health = createRecordingHealth(() => now);
    expect(health.state()).toMatchObject({ failingSinceMs: null, lastFailure: null, failures: 0 });
    health.failed(diskFull(), { pending: 50, droppedSamples: 0 });
    now = 6000;
    health.failed(diskFull(), { pending: 100, droppedSamples: 3 });
    expect(health.state()).toMatchObject({
      failingSinceMs: 1000, lastFailureAtMs: 6000, failures: 2, pendingSamples: 100, droppedSamples: 3,
      lastFailure: { code: 'disk-full', key: 'store.error.diskFull', params: { path: '/d/history.db' } },
    });
    now = 11_000;
    health.wrote();
    expect(health.state()).toMatchObject({ failingSinceMs: null, lastFailure: null, lastWriteAtMs: 11_000, failures: 2, pendingSamples: 0 });
  });

  it('keeps the text of an error that is not the store’s', () => {
    const health = createRecordingHealth(() => 5);
    health.failed(new Error('derive blew up'));
    expect(health.state().lastFailure).toEqual({ code: null, key: null, params: {}, message: 'derive blew up' });
  });
});

describe('serve.cli.recordFailed', () => {
  it('reads as one sentence after a store error’s message, which ends in its own period', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const line = translate(locale, 'serve.cli.recordFailed', { detail: diskFull().message });
      expect(line).not.toMatch(/\.\.|\.。/);
      expect(line.endsWith(diskFull().message)).toBe(true);
    }
  });
});
