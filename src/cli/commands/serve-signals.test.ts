import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectingContext } from '../../../test/helpers/cli-context.js';
import { closeWithin, listenForStop } from './serve-signals.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** process.exit replaced by a recorder (the test process must not end). */
function recordExits(): number[] {
  const codes: number[] = [];
  vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
    codes.push(code ?? 0);
    return undefined as never;
  }) as typeof process.exit);
  return codes;
}

describe('serve signals', () => {
  it('the first signal asks for a clean stop; a repeated SIGTERM waits; a second Ctrl-C quits at once', async () => {
    const exits = recordExits();
    const cli = collectingContext('zh-CN');
    const before = process.listenerCount('SIGINT');
    const signals = listenForStop(cli);
    process.emit('SIGTERM', 'SIGTERM');
    expect(await signals.requested).toBe('SIGTERM');
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGHUP', 'SIGHUP');
    expect(exits).toEqual([]);
    process.emit('SIGINT', 'SIGINT');
    expect(exits).toEqual([130]);
    expect(cli.stderr.join('')).toContain('已立即退出');
    signals.dispose();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });

  it('gives up on a stop that does not finish, saying so, with exit 1', async () => {
    const exits = recordExits();
    const cli = collectingContext('en');
    let finish: () => void = () => {};
    const stuck = closeWithin(cli, () => new Promise<void>((resolve) => (finish = resolve)), 20);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(exits).toEqual([1]);
    expect(cli.stderr.join('')).toContain('Stopping took longer than 0.02 s');
    finish();
    await stuck;
    // A stop that finishes in time says nothing and exits nothing.
    const quiet = collectingContext('en');
    await closeWithin(quiet, async () => {}, 1000);
    expect(quiet.stderr).toEqual([]);
    expect(exits).toEqual([1]);
  });
});
