import { describe, expect, it } from 'vitest';
import type { BackendUnavailableCode } from '../../../src/core/backend.js';
import { CLOCK_EVENT_REASON_BITS, type ClockEventReason } from '../../../src/core/clock-events.js';
import type { HostResolution } from '../../../src/core/snapshot.js';
import type { UnavailableReason } from '../../../src/core/unavailable.js';
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
    expect(translate('en', 'web.card.processCount', { count: 3 })).toBe('3 processes');
    expect(translate('en', 'web.card.processCount', { count: 1 })).toBe('1 process');
    expect(translate('zh-CN', 'web.card.processCount', { count: 3 })).toBe('3 个进程');
    // English agrees its verb with the count; Chinese has no plural forms.
    expect(translate('en', 'web.overview.summary.trouble', { count: 1 })).toBe('1 GPU needs attention');
    expect(translate('en', 'web.overview.summary.trouble', { count: 2 })).toBe('2 GPUs need attention');
    expect(translate('zh-CN', 'web.overview.summary.trouble', { count: 1 })).toBe(translate('zh-CN', 'web.overview.summary.trouble', { count: 2 }).replace('2', '1'));
    expect(['web.processes.count', 'web.events.count', 'web.doctor.count.warn'].map((key) => translate('en', key as 'web.nav.overview', { count: 1 }))).toEqual(['1 process', '1 event', '1 warning']);
    expect(translate('en', 'web.events.count', { count: 2 })).toBe('2 events');
    // Field help and clock reasons are the CLI's own strings, not copies.
    expect(translate('en', 'field.gpuUtilPercent.help')).toMatch(/at least one kernel ran/);
    expect(translate('zh-CN', 'info.clock.sw-power-cap')).toBe('功率上限');
  });

  it('shows a missing parameter visibly and an unknown key by name instead of blanking', () => {
    expect(translate('en', 'web.card.processCount')).toBe('{count} {count:process|processes}');
    expect(translate('en', 'web.no.such' as 'web.nav.overview')).toBe('web.no.such');
    expect(isWebMessageKey('info.clock.hw-slowdown')).toBe(true);
    expect(isWebMessageKey('info.clock.made-up')).toBe(false);
    expect(isWebMessageKey('__proto__')).toBe(false);
  });

  it('fills in outside text with its control and bidi characters shown escaped, the catalog text untouched', () => {
    const driver = '550.90\u001b]0;drv\u0007<b>\u202e';
    expect(translate('en', 'web.overview.driver', { version: driver })).toBe('Driver 550.90\\e]0;drv\\x07<b>\\u202e');
    expect(translate('zh-CN', 'web.history.title', { index: 4, name: 'GPU\u2066x\u200b\r\n' })).not.toMatch(/[\u0000-\u001f\u200b\u2066]/);
    // Text already escaped stays as it is (escaping twice would double the backslashes).
    expect(translate('en', 'web.overview.driver', { version: '550\\e' })).toBe('Driver 550\\e');
    expect(translate('zh-CN', 'web.overview.summary.of', { total: '1,200 W' })).toBe('共 1,200 W');
  });
});

describe('keys the page builds from data', () => {
  // Records over each union: a new value in the core's types fails the typecheck here until the
  // page can name it, and the test fails if its message is missing.
  const clockReasons: Record<ClockEventReason, true> = {
    'gpu-idle': true, 'applications-clocks-setting': true, 'sw-power-cap': true, 'hw-slowdown': true, 'sync-boost': true,
    'sw-thermal-slowdown': true, 'hw-thermal-slowdown': true, 'hw-power-brake-slowdown': true, 'display-clock-setting': true, unknown: true,
  };
  const unavailable: Record<UnavailableReason, true> = {
    'not-supported': true, 'symbol-missing': true, 'no-permission': true, 'gpu-lost': true, 'not-reported': true,
    timeout: true, 'out-of-range': true, 'first-sample': true, error: true,
  };
  const backendCodes: Record<BackendUnavailableCode, true> = {
    'library-not-found': true, 'init-failed': true, 'command-not-found': true, 'command-failed': true, timeout: true,
    'unsupported-platform': true, 'driver-not-loaded': true, 'no-permission': true, error: true,
  };
  const resolutions: Record<Exclude<HostResolution, 'ok'>, true> = { 'other-namespace': true, gone: true, 'no-permission': true, error: true, unsupported: true };

  it('has a message in both languages for every clock reason, missing-value reason, backend failure and host state', () => {
    const keys = [
      ...Object.keys(clockReasons).map((reason) => `info.clock.${reason}`),
      ...Object.keys(unavailable).map((reason) => `info.unavailable.${reason}`),
      ...Object.keys(backendCodes).map((code) => `info.reason.${code}`),
      ...Object.keys(resolutions).map((resolution) => `web.card.process.${resolution}`),
    ];
    expect(Object.keys(CLOCK_EVENT_REASON_BITS).every((reason) => reason in clockReasons)).toBe(true);
    for (const key of keys) {
      expect(isWebMessageKey(key), key).toBe(true);
      for (const locale of ['en', 'zh-CN'] as const) expect(translate(locale, key as 'web.nav.overview'), `${locale} ${key}`).not.toBe(key);
    }
  });
});
