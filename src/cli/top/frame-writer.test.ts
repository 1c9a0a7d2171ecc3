import { describe, expect, it } from 'vitest';
import { FrameWriter } from './frame-writer.js';

function writer() {
  const writes: string[] = [];
  return { frames: new FrameWriter({ write: (text: string) => writes.push(text) }), writes };
}

describe('FrameWriter', () => {
  it('draws the whole screen first, then only the lines that changed, in one write each', () => {
    const { frames, writes } = writer();
    expect(frames.draw(['aaaa', 'bbbb', 'cccc'], 4, 3)).toBe(3);
    expect(writes[0]).toContain('\u001b[2J');
    expect(frames.draw(['aaaa', 'BBBB', 'cccc'], 4, 3)).toBe(1);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain('\u001b[2;1HBBBB');
    expect(writes[1]).not.toContain('aaaa');
    expect(frames.draw(['aaaa', 'BBBB', 'cccc'], 4, 3)).toBe(0);
    expect(writes).toHaveLength(2); // nothing changed: nothing written
  });

  it('redraws everything after a resize or when told to', () => {
    const { frames } = writer();
    frames.draw(['ab', 'cd'], 2, 2);
    expect(frames.draw(['ab', 'cd', 'ef'], 2, 3)).toBe(3);
    frames.invalidate();
    expect(frames.draw(['ab', 'cd', 'ef'], 2, 3)).toBe(3);
  });

  it('wraps each frame in a synchronised update and never erases to the end of a line (it would wipe the last column)', () => {
    const { frames, writes } = writer();
    frames.draw(['xy'], 2, 1);
    expect(writes[0]!.startsWith('\u001b[?2026h')).toBe(true);
    expect(writes[0]!.endsWith('\u001b[?2026l')).toBe(true);
    expect(writes[0]).not.toContain('\u001b[K');
  });
});
