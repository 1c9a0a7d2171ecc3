import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESTORE_SEQUENCE } from './terminal-session.js';

const CHILD = fileURLToPath(new URL('./__fixtures__/exit-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function leave(how: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CHILD, how], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
  const entered = result.stdout.indexOf('\u001b[?1049h');
  const restored = result.stdout.lastIndexOf(RESTORE_SEQUENCE);
  return { ...result, entered, restored, restoredOnce: result.stdout.split(RESTORE_SEQUENCE).length === 2 };
}

describe('every way out restores the terminal (a real process)', () => {
  it('a crash: restored first, then the error said, exit 1', () => {
    const result = leave('throw');
    expect(result.entered).toBeGreaterThanOrEqual(0);
    expect(result.restored).toBeGreaterThan(result.entered);
    expect(result.restoredOnce).toBe(true);
    expect(result.stderr).toContain('reported: boom in a timer');
    expect(result.status).toBe(1);
  });

  it('an unhandled rejection, and a crash handed over by a sampler subscriber: the same', () => {
    for (const how of ['reject', 'crash-helper']) {
      const result = leave(how);
      expect(result.restored, how).toBeGreaterThan(result.entered);
      expect(result.status, how).toBe(1);
      expect(result.stderr, how).toMatch(/reported: (rejected|subscriber failed)/);
    }
  });

  it('SIGTERM ends it cleanly with 143; a plain exit still restores', () => {
    const term = leave('sigterm');
    expect(term.stdout).toContain('[quit SIGTERM]');
    expect(term.restored).toBeGreaterThan(term.entered);
    expect(term.status).toBe(143);
    const exit = leave('exit');
    expect(exit.restored).toBeGreaterThan(exit.entered);
    expect(exit.status).toBe(3);
  });
});
