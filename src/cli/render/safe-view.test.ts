import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import { displayWidth } from './format.js';
import { safeLine, safeView } from './safe-view.js';

/** What must never reach a terminal raw (safe-text.ts's UNSAFE, lone surrogates aside). */
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

describe('safeView', () => {
  it('escapes every string at any depth and keeps numbers, nulls and the shape', () => {
    const hostile = {
      name: 'evil\u001b]0;pwned\u0007',
      list: [{ user: 'r\u202eoot', pid: 7 }, null, 3],
      nested: { deeper: { uuid: 'GPU-\u009b2J' } },
      count: 0,
      missing: null,
    };
    const view = safeView(hostile);
    expect(view).toEqual({
      name: 'evil\\e]0;pwned\\x07',
      list: [{ user: 'r\\u202eoot', pid: 7 }, null, 3],
      nested: { deeper: { uuid: 'GPU-\\x9b2J' } },
      count: 0,
      missing: null,
    });
    expect(hostile.name).toBe('evil\u001b]0;pwned\u0007'); // the input is left alone
  });

  it('returns clean values as they are, without copying', () => {
    const clean = { devices: [{ name: 'NVIDIA A100', index: 0 }], host: { hostname: '训练机' } };
    expect(safeView(clean)).toBe(clean);
  });

  it('puts the prose of tools (message, detail) on one line; elsewhere a line break stays visible', () => {
    const view = safeView({ detail: 'exit code 9:\n  Unable to determine\r\n  the device handle\n', command: 'a\nb' });
    expect(view.detail).toBe('exit code 9: Unable to determine the device handle');
    expect(view.command).toBe('a\\nb');
  });

  it('leaves no raw control in fuzzed text, and its width is its column count', () => {
    const fuzz = createFuzzer(7);
    const failures: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const text = fuzz.text(40);
      for (const shown of [safeView({ name: text }).name, safeLine(text)]) {
        // Nothing the width maths counts as 0 columns is left (the fuzz alphabet has no combining
        // marks), so padding and cutting see the columns the terminal draws.
        if (RAW_CONTROL.test(shown) || [...shown].some((char) => displayWidth(char) === 0)) failures.push(JSON.stringify(text));
      }
    }
    expect(failures).toEqual([]);
  });

  it('is linear on one long line of spaces', () => {
    expect(safeLine(`${' '.repeat(2_000_000)}x`)).toHaveLength(2_000_001);
  });
});
