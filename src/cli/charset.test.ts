import { describe, expect, it } from 'vitest';
import { foreignCharset } from './charset.js';

describe('foreign charset', () => {
  it('finds a locale that asks for a charset other than UTF-8', () => {
    expect(foreignCharset({ LANG: 'zh_CN.GB18030' })).toEqual({ variable: 'LANG', value: 'zh_CN.GB18030', charset: 'GB18030', suggestion: 'zh_CN.UTF-8' });
    expect(foreignCharset({ LC_ALL: 'de_DE.ISO-8859-15@euro', LANG: 'en_US.UTF-8' })).toMatchObject({ variable: 'LC_ALL', charset: 'ISO-8859-15', suggestion: 'de_DE.UTF-8@euro' });
  });

  it('says nothing for UTF-8 in any spelling, or for a locale that names no charset', () => {
    for (const value of ['en_US.UTF-8', 'zh_CN.utf8', 'C.UTF-8', 'C', 'POSIX', 'zh_CN', '']) {
      expect(foreignCharset({ LANG: value }), value).toBeNull();
    }
    expect(foreignCharset({})).toBeNull();
  });

  it('follows POSIX precedence: LC_ALL, then LC_CTYPE, then LANG', () => {
    expect(foreignCharset({ LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.GB18030' })).toBeNull();
    expect(foreignCharset({ LC_CTYPE: 'zh_CN.GBK', LANG: 'zh_CN.UTF-8' })).toMatchObject({ variable: 'LC_CTYPE', charset: 'GBK' });
    expect(foreignCharset({ LC_ALL: '', LC_CTYPE: 'en_US.UTF-8', LANG: 'zh_CN.GB18030' })).toBeNull();
  });
});
