import { describe, expect, it } from 'vitest';
import { decodeKeys } from './keys.js';

describe('decodeKeys', () => {
  it('reads arrows and paging keys in both the CSI and the SS3 forms', () => {
    expect(decodeKeys('\u001b[A\u001b[B\u001bOC\u001bOD\u001b[5~\u001b[6~\u001b[H\u001b[4~')).toEqual(
      ['up', 'down', 'right', 'left', 'pageup', 'pagedown', 'home', 'end'].map((name) => ({ kind: 'named', name })),
    );
    // xterm with modifiers: Ctrl-Up is still up
    expect(decodeKeys('\u001b[1;5A')).toEqual([{ kind: 'named', name: 'up' }]);
  });

  it('reads function keys, Enter, Backspace, Tab and Esc on its own', () => {
    expect(decodeKeys('\u001bOP\u001b[20~\u001b[15~')).toEqual([{ kind: 'named', name: 'f1' }, { kind: 'named', name: 'f9' }, { kind: 'named', name: 'f5' }]);
    expect(decodeKeys('\r\u007f\t\u001b')).toEqual([{ kind: 'named', name: 'enter' }, { kind: 'named', name: 'backspace' }, { kind: 'named', name: 'tab' }, { kind: 'named', name: 'escape' }]);
  });

  it('gives Ctrl-C and Ctrl-Z as control keys (raw mode sends bytes, not signals)', () => {
    expect(decodeKeys('\u0003\u001a')).toEqual([{ kind: 'ctrl', letter: 'c' }, { kind: 'ctrl', letter: 'z' }]);
  });

  it('keeps typed text whole, Chinese and emoji included', () => {
    expect(decodeKeys('q训😀')).toEqual([{ kind: 'char', char: 'q' }, { kind: 'char', char: '训' }, { kind: 'char', char: '😀' }]);
  });

  it('reads SGR mouse reports: button, position, press or release, the wheel', () => {
    expect(decodeKeys('\u001b[<0;12;7M\u001b[<0;12;7m\u001b[<64;3;4M\u001b[<65;3;4M')).toEqual([
      { kind: 'mouse', button: 'left', x: 12, y: 7, release: false },
      { kind: 'mouse', button: 'left', x: 12, y: 7, release: true },
      { kind: 'mouse', button: 'wheelup', x: 3, y: 4, release: false },
      { kind: 'mouse', button: 'wheeldown', x: 3, y: 4, release: false },
    ]);
  });

  it('drops sequences it does not know, C1 controls and a cut-off sequence, without eating the next key', () => {
    expect(decodeKeys('\u001b[?25h' + 'q')).toEqual([{ kind: 'char', char: 'q' }]);
    expect(decodeKeys('\u009bq')).toEqual([{ kind: 'char', char: 'q' }]);
    expect(decodeKeys('\u001b[12')).toEqual([]);
    expect(decodeKeys('\u001b[<0;;Mq')).toEqual([{ kind: 'char', char: 'q' }]);
  });
});
