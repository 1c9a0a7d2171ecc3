import { describe, expect, it } from 'vitest';
import { escapeJsonText, isSafeText, safeHtml, safeText, toSafeJson } from './safe-text.js';

describe('safeText', () => {
  it('leaves ordinary text, CJK and emoji alone (same string)', () => {
    for (const text of ['python3 train.py --lr 3e-4', '训练任务 /数据/模型', 'naïve café', '🚀 run']) {
      expect(safeText(text)).toBe(text);
      expect(isSafeText(text)).toBe(true);
    }
  });

  it('escapes the OSC title change, clear screen and colours of a hostile argv', () => {
    const hostile = 'evil\u001b]0;pwned\u0007\u001b[2J\u001b[31mred';
    const out = safeText(hostile);
    expect(out).toBe('evil\\e]0;pwned\\x07\\e[2J\\e[31mred');
    expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('escapes CR/LF (a forged row), backspace, tab and DEL', () => {
    expect(safeText('a\r\nb\bc\td\u007f')).toBe('a\\r\\nb\\x08c\\td\\x7f');
  });

  it('escapes C1 controls (8-bit CSI), bidi overrides, isolates and zero-width characters', () => {
    expect(safeText('x\u009b2Jy')).toBe('x\\x9b2Jy');
    expect(safeText('report\u202etxt.exe')).toBe('report\\u202etxt.exe');
    expect(safeText('a\u2066b\u2069c\u200bd\ufeffe\u2028f')).toBe('a\\u2066b\\u2069c\\u200bd\\ufeffe\\u2028f');
  });

  it('escapes lone surrogates but keeps valid pairs', () => {
    expect(safeText('a\ud800b')).toBe('a\\ud800b');
    expect(safeText('a\udc00b')).toBe('a\\udc00b');
    expect(safeText('a\ud83d\ude80b')).toBe('a\ud83d\ude80b');
  });

  it('is linear: 2 MB of controls is escaped in one pass', () => {
    const out = safeText('\u001b'.repeat(1_000_000) + 'x'.repeat(1_000_000));
    expect(out.length).toBe(3_000_000);
  });
});

describe('JSON for screens', () => {
  it('escapes DEL, C1, bidi and separators that JSON.stringify leaves raw, and parses back to the same value', () => {
    const value = { name: 'a\u007fb\u0085c\u202ed\u2028e\u200bf\u001bg' };
    const json = toSafeJson(value);
    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029\u200b]/);
    expect(JSON.parse(json)).toEqual(value);
    expect(escapeJsonText('{"a":"plain"}')).toBe('{"a":"plain"}');
  });
});

describe('safeHtml', () => {
  it('escapes markup and controls', () => {
    expect(safeHtml('<script>"x"&\'y\'\u001b[2J</script>')).toBe('&lt;script&gt;&quot;x&quot;&amp;&#39;y&#39;\\e[2J&lt;/script&gt;');
  });
});
