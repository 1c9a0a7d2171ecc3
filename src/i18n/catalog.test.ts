import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG, type MessageKey } from './catalog.js';
import { MessageError, translate } from './index.js';
import { detectLocale, normaliseLocaleTag } from './locale.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalog', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(Object.keys(CATALOG['zh-CN']).sort()).toEqual(Object.keys(CATALOG.en).sort());
  });

  it('uses the same placeholders in both languages', () => {
    for (const key of Object.keys(CATALOG.en) as MessageKey[]) {
      expect(placeholders(CATALOG['zh-CN'][key]), key).toEqual(placeholders(CATALOG.en[key]));
    }
  });

  it('has no empty message', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const [key, text] of Object.entries(CATALOG[locale])) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
      }
    }
  });

  it('fills placeholders, and under tests fails loudly on a forgotten one or an unknown key', () => {
    expect(translate('en', 'common.unexpectedError', { detail: 'boom' })).toBe('Unexpected error: boom');
    expect(translate('en', 'info.problems', { count: 0 })).toBe('0 problems while reading:');
    // A forgotten {count} would otherwise print "{count} problem(s)" to the user.
    expect(() => translate('en', 'info.problems')).toThrow(MessageError);
    expect(() => translate('zh-CN', 'info.problems', { total: 3 })).toThrow(/info\.problems.*\{count\}/);
    // A key built from an enum value the catalog lacks (what `as MessageKey` used to let through).
    expect(() => translate('en', 'info.reason.no-such-code' as MessageKey)).toThrow(/no message "info\.reason\.no-such-code"/);
  });
});

describe('message catalog for users (outside the test runner)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('degrades to the key name or the visible placeholder instead of crashing', async () => {
    vi.stubEnv('VITEST', '');
    vi.resetModules();
    const lenient = await import('./index.js');
    expect(lenient.translate('en', 'info.reason.no-such-code' as MessageKey)).toBe('info.reason.no-such-code');
    expect(lenient.translate('zh-CN', 'common.unexpectedError')).toBe('意外错误：{detail}');
    expect(lenient.translate('en', 'info.problems', { count: 2 })).toBe('2 problems while reading:');
  });
});

describe('locale detection', () => {
  it('maps locale tags', () => {
    expect(normaliseLocaleTag('zh_CN.UTF-8')).toBe('zh-CN');
    expect(normaliseLocaleTag('zh-Hans')).toBe('zh-CN');
    expect(normaliseLocaleTag('zh_TW.UTF-8')).toBe('zh-CN');
    expect(normaliseLocaleTag('en_US.UTF-8')).toBe('en');
    expect(normaliseLocaleTag('C')).toBe('en');
    expect(normaliseLocaleTag('')).toBeNull();
  });

  it('follows GPUWISE_LANG, then LC_ALL, LC_MESSAGES, LANG', () => {
    expect(detectLocale({ GPUWISE_LANG: 'en', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(detectLocale({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(detectLocale({ LC_MESSAGES: 'zh_CN', LANG: 'en_US' })).toBe('zh-CN');
    expect(detectLocale({ LANG: 'en_GB.UTF-8' })).toBe('en');
  });
});
