import { describe, expect, it } from 'vitest';
import { RESTORE_SEQUENCE, TerminalSession } from './terminal-session.js';

function fakeTerminal() {
  const calls: string[] = [];
  const input = { isTTY: true, setRawMode: (mode: boolean) => calls.push(`raw:${mode}`), resume: () => calls.push('resume'), pause: () => calls.push('pause') };
  const written: string[] = [];
  return { input, calls, written, writeSync: (text: string) => void written.push(text) };
}

describe('TerminalSession', () => {
  it('takes the alternate screen, hides the cursor, reads raw keys, and asks for the mouse only when wanted', () => {
    const t = fakeTerminal();
    new TerminalSession({ ...t, mouse: true }).enter();
    expect(t.calls).toEqual(['raw:true', 'resume']);
    expect(t.written.join('')).toContain('\u001b[?1049h');
    expect(t.written.join('')).toContain('\u001b[?25l');
    expect(t.written.join('')).toContain('\u001b[?1006h');
    const quiet = fakeTerminal();
    new TerminalSession({ ...quiet, mouse: false }).enter();
    expect(quiet.written.join('')).not.toContain('\u001b[?1000h');
  });

  it('restores everything once, however many ways out call it', () => {
    const t = fakeTerminal();
    const session = new TerminalSession({ ...t, mouse: true });
    session.enter();
    session.restore();
    session.restore();
    expect(t.written.filter((w) => w === RESTORE_SEQUENCE)).toHaveLength(1);
    for (const part of ['\u001b[?1000l', '\u001b[?7h', '\u001b[?25h', '\u001b[?1049l']) expect(RESTORE_SEQUENCE).toContain(part);
    expect(t.calls.slice(-2)).toEqual(['raw:false', 'pause']);
    expect(session.isActive).toBe(false);
  });

  it('a terminal that is already gone (hang-up) does not make restoring throw', () => {
    const t = fakeTerminal();
    const session = new TerminalSession({
      input: { ...t.input, setRawMode: () => { throw new Error('EIO'); } },
      writeSync: (text) => {
        if (text === RESTORE_SEQUENCE) throw new Error('EIO');
      },
      mouse: false,
    });
    try {
      session.enter();
    } catch {
      // entering may fail on a dead terminal; restoring must not
    }
    expect(() => session.restore()).not.toThrow();
  });
});
