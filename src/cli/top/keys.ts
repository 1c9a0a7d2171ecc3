// Terminal input bytes → keys. In raw mode Ctrl-C arrives as a byte (0x03), arrows and function
// keys as escape sequences (both the CSI and SS3 forms terminals send), and — with SGR mouse
// reporting on — clicks and the wheel as CSI < b ; x ; y M|m.

export type NamedKey =
  | 'up' | 'down' | 'left' | 'right' | 'pageup' | 'pagedown' | 'home' | 'end'
  | 'enter' | 'escape' | 'backspace' | 'delete' | 'tab' | 'backtab'
  | 'f1' | 'f2' | 'f3' | 'f4' | 'f5' | 'f6' | 'f7' | 'f8' | 'f9' | 'f10' | 'f11' | 'f12';

export type MouseButton = 'left' | 'middle' | 'right' | 'wheelup' | 'wheeldown' | 'other';

export type Key =
  | { kind: 'char'; char: string }
  | { kind: 'ctrl'; letter: string }
  | { kind: 'named'; name: NamedKey }
  /** x and y from 1, as the terminal reports them; release: the button went up. */
  | { kind: 'mouse'; button: MouseButton; x: number; y: number; release: boolean };

const CSI_FINAL: Record<string, NamedKey> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', Z: 'backtab', P: 'f1', Q: 'f2', R: 'f3', S: 'f4' };
const SS3_FINAL: Record<string, NamedKey> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', P: 'f1', Q: 'f2', R: 'f3', S: 'f4', M: 'enter' };
const TILDE: Record<string, NamedKey> = {
  '1': 'home', '3': 'delete', '4': 'end', '5': 'pageup', '6': 'pagedown', '7': 'home', '8': 'end',
  '11': 'f1', '12': 'f2', '13': 'f3', '14': 'f4', '15': 'f5', '17': 'f6', '18': 'f7', '19': 'f8', '20': 'f9', '21': 'f10', '23': 'f11', '24': 'f12',
};

function mouseButton(code: number): MouseButton {
  if (code & 64) return (code & 1) === 0 ? 'wheelup' : 'wheeldown';
  if (code & 32) return 'other'; // motion
  return (['left', 'middle', 'right'] as const)[code & 3] ?? 'other';
}

/** Decodes one chunk of input (as read from stdin in utf8) into keys, in order. */
export function decodeKeys(input: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i]!;
    if (char === '\u001b') {
      const consumed = decodeEscape(input, i, keys);
      i += consumed;
      continue;
    }
    const code = char.charCodeAt(0);
    if (char === '\r' || char === '\n') keys.push({ kind: 'named', name: 'enter' });
    else if (char === '\u007f' || char === '\b') keys.push({ kind: 'named', name: 'backspace' });
    else if (char === '\t') keys.push({ kind: 'named', name: 'tab' });
    else if (code < 0x20) keys.push({ kind: 'ctrl', letter: String.fromCharCode(code + 0x60) });
    else {
      const point = input.codePointAt(i)!;
      const whole = String.fromCodePoint(point);
      // C1 controls and lone surrogates are not keys anyone typed.
      if (point >= 0x80 && point < 0xa0) {
        i += whole.length;
        continue;
      }
      keys.push({ kind: 'char', char: whole });
      i += whole.length;
      continue;
    }
    i++;
  }
  return keys;
}

/** Decodes the escape sequence at `start`; returns how many characters it took. */
function decodeEscape(input: string, start: number, keys: Key[]): number {
  const next = input[start + 1];
  if (next === undefined || next === '\u001b') {
    keys.push({ kind: 'named', name: 'escape' });
    return 1;
  }
  if (next === 'O') {
    const final = input[start + 2];
    const name = final === undefined ? undefined : SS3_FINAL[final];
    if (name) keys.push({ kind: 'named', name });
    return final === undefined ? 2 : 3;
  }
  if (next !== '[') {
    // Alt+key: the key itself.
    keys.push({ kind: 'named', name: 'escape' });
    return 1;
  }
  // CSI: parameters, then one final byte in @–~.
  let end = start + 2;
  while (end < input.length && !/[@-~]/.test(input[end]!)) end++;
  if (end >= input.length) return input.length - start;
  const params = input.slice(start + 2, end);
  const final = input[end]!;
  const length = end - start + 1;
  if (params.startsWith('<') && (final === 'M' || final === 'm')) {
    const match = /^<(\d{1,4});(\d{1,5});(\d{1,5})$/.exec(params);
    if (match) keys.push({ kind: 'mouse', button: mouseButton(Number(match[1])), x: Number(match[2]), y: Number(match[3]), release: final === 'm' });
    return length;
  }
  if (final === '~') {
    const name = TILDE[params.split(';')[0] ?? ''];
    if (name) keys.push({ kind: 'named', name });
    return length;
  }
  const name = CSI_FINAL[final];
  if (name) keys.push({ kind: 'named', name });
  return length;
}
