import { describe, expect, it } from 'vitest';
import { commandWord, isOneShot } from './one-shot.js';

const argv = (...args: string[]) => ['node', 'gpuwise', ...args];

describe('one-shot starts', () => {
  it('finds the command word behind the root options, and --version / -V', () => {
    expect(commandWord(argv('--lang', 'zh-CN', '--no-color', 'info', '--json'))).toEqual({ word: 'info', at: 5 });
    expect(commandWord(argv('--lang=en', '-V'))).toEqual({ word: '--version', at: 3 });
    expect(commandWord(argv('--lang'))).toBeNull();
    expect(commandWord(argv())).toBeNull();
  });

  it('info once, the catalog commands, doctor and --version are one-shot', () => {
    for (const args of [['info', '--json'], ['info'], ['--version'], ['gpus', 'list', '--json'], ['estimate', 'llama-70b'], ['recommend'], ['cost'], ['doctor'], ['guide'], ['servers']]) {
      expect(isOneShot(argv(...args)), args.join(' ')).toBe(true);
    }
  });

  it('info --watch in any spelling, the long-running commands and anything unclear are not', () => {
    for (const args of [
      ['info', '--watch'],
      ['info', '--json', '-w', '2'],
      ['info', '--watch=0.5'],
      ['info', '-vw'],
      ['top'],
      ['serve'],
      ['run', '--', 'python', 'train.py'],
      ['diagnose'],
      ['pick'],
      ['fleet'],
      ['version'],
      ['-h'],
      ['--help'],
      ['help', 'info'],
      ['--lang', 'en', '--bogus', 'info'],
      [],
    ]) {
      expect(isOneShot(argv(...args)), args.join(' ')).toBe(false);
    }
  });

  it('a -w after `--` is an operand, not --watch', () => {
    expect(isOneShot(argv('info', '--json', '--', '-w'))).toBe(true);
  });
});

describe('the CLI bundle clock (one-shot-clock.ts)', () => {
  it('for a one-shot start and any other: monotonic, in milliseconds', async () => {
    const { clockFor } = await import('./one-shot-clock.js');
    for (const now of [clockFor(argv('info', '--json')), clockFor(argv('top'))]) {
      let last = now();
      for (let i = 0; i < 1000; i++) {
        const next = now();
        expect(next).toBeGreaterThanOrEqual(last);
        last = next;
      }
      const start = now();
      const until = Date.now() + 5;
      while (Date.now() < until);
      expect(now() - start).toBeGreaterThanOrEqual(3);
      expect(now() - start).toBeLessThan(600_000);
    }
  });
});
