import { describe, expect, it } from 'vitest';
import { localeWantsAscii } from './theme.js';

describe('localeWantsAscii', () => {
  it('picks ASCII for LANG=C, POSIX and non-UTF-8 charsets, in POSIX order of the variables', () => {
    expect(localeWantsAscii({ LANG: 'C' })).toBe(true);
    expect(localeWantsAscii({ LC_ALL: 'POSIX', LANG: 'en_US.UTF-8' })).toBe(true);
    expect(localeWantsAscii({ LANG: 'zh_CN.GB18030' })).toBe(true);
    expect(localeWantsAscii({ LC_CTYPE: 'en_US.UTF-8', LANG: 'C' })).toBe(false);
  });

  it('keeps Unicode for UTF-8 locales and where no locale is set (containers, whose terminals are UTF-8)', () => {
    expect(localeWantsAscii({ LANG: 'C.UTF-8' })).toBe(false);
    expect(localeWantsAscii({ LANG: 'zh_CN.utf8' })).toBe(false);
    expect(localeWantsAscii({})).toBe(false);
    expect(localeWantsAscii({ LANG: 'en_US' })).toBe(false);
  });
});
