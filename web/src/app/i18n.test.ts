import { describe, expect, it } from 'vitest';
import { initialLocale, isWebMessageKey, localeFromTag, translate } from './i18n.js';

describe('page language', () => {
  it('defaults from the browser’s languages, Chinese in any region reading zh-CN', () => {
    expect(initialLocale(null, ['zh-CN', 'en'])).toBe('zh-CN');
    expect(initialLocale(null, ['zh-TW'])).toBe('zh-CN');
    expect(initialLocale(null, ['zh-Hans-CN'])).toBe('zh-CN');
    expect(initialLocale(null, ['en-GB', 'zh-CN'])).toBe('en');
    expect(initialLocale(null, ['de-DE'])).toBe('en');
    expect(initialLocale(null, [])).toBe('en');
    expect(initialLocale(null, ['', '  ', 'zh'])).toBe('zh-CN');
  });

  it('keeps the choice saved in this browser, and ignores a saved value it does not know', () => {
    expect(initialLocale('en', ['zh-CN'])).toBe('en');
    expect(initialLocale('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(initialLocale('fr', ['zh-CN'])).toBe('zh-CN');
    expect(initialLocale('<script>', [])).toBe('en');
  });

  it('maps tags like src/i18n does', () => {
    expect(localeFromTag('zh_CN.UTF-8')).toBe('zh-CN');
    expect(localeFromTag('EN')).toBe('en');
    expect(localeFromTag(undefined)).toBeNull();
  });
});

describe('page messages', () => {
  it('come from the catalog in both languages, with placeholders filled', () => {
    expect(translate('en', 'web.nav.overview')).toBe('Overview');
    expect(translate('zh-CN', 'web.nav.overview')).toBe('总览');
    expect(translate('en', 'web.card.processCount', { count: 3 })).toBe('3 process(es)');
    expect(translate('zh-CN', 'web.card.processCount', { count: 3 })).toBe('3 个进程');
    // Field help and clock reasons are the CLI's own strings, not copies.
    expect(translate('en', 'field.gpuUtilPercent.help')).toMatch(/at least one kernel ran/);
    expect(translate('zh-CN', 'info.clock.sw-power-cap')).toBe('功率上限');
  });

  it('shows a missing parameter visibly and an unknown key by name instead of blanking', () => {
    expect(translate('en', 'web.card.processCount')).toBe('{count} process(es)');
    expect(translate('en', 'web.no.such' as 'web.nav.overview')).toBe('web.no.such');
    expect(isWebMessageKey('info.clock.hw-slowdown')).toBe(true);
    expect(isWebMessageKey('info.clock.made-up')).toBe(false);
    expect(isWebMessageKey('__proto__')).toBe(false);
  });
});
