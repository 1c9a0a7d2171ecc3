import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/index.js';
import { exitOnOutputErrors, keepRunningOnOutputErrors, outputErrorText } from './output-errors.js';

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: write failed`), { code });
}

function harness(locale: 'en' | 'zh-CN', exitCode?: number) {
  const stdout = new EventEmitter();
  const written: string[] = [];
  const stderr = Object.assign(new EventEmitter(), { write: (text: string) => written.push(text) });
  const exits: number[] = [];
  exitOnOutputErrors({ stdout, stderr }, { t: createTranslator(locale), exit: (code) => exits.push(code), exitCode: () => exitCode });
  return { stdout, stderr, written, exits };
}

describe('output errors', () => {
  it('a full disk on stdout: one translated line on stderr, exit 1, once', () => {
    const en = harness('en');
    en.stdout.emit('error', errno('ENOSPC'));
    en.stdout.emit('error', errno('ENOSPC'));
    expect(en.written).toEqual(['gpuwise: cannot write the output: no space left on the device; free some space or write it elsewhere (ENOSPC).\n']);
    expect(en.exits).toEqual([1]);
    const zh = harness('zh-CN');
    zh.stdout.emit('error', errno('EIO'));
    expect(zh.written).toEqual(['gpuwise：无法写出结果：设备报告了输入/输出错误（EIO）。\n']);
    expect(zh.exits).toEqual([1]);
  });

  it('a reader that went away (EPIPE): quiet, with the exit code the command set', () => {
    const closed = harness('en', 3);
    closed.stdout.emit('error', errno('EPIPE'));
    expect(closed.written).toEqual([]);
    expect(closed.exits).toEqual([3]);
    const plain = harness('en');
    plain.stdout.emit('error', errno('EPIPE'));
    expect(plain.exits).toEqual([0]);
  });

  it('a broken stderr cannot be written to: exit 1 without trying', () => {
    const broken = harness('en');
    broken.stderr.emit('error', errno('ENOSPC'));
    expect(broken.written).toEqual([]);
    expect(broken.exits).toEqual([1]);
  });

  it('names an unknown error by its code, and an error without a code by its name', () => {
    const t = createTranslator('en');
    expect(outputErrorText(errno('ECONNRESET'), t)).toBe('gpuwise: cannot write the output: the system refused the write (ECONNRESET).');
    expect(outputErrorText(errno('constructor'), t)).toContain('the system refused the write (constructor)');
    expect(outputErrorText(new TypeError('x'), t)).toContain('(TypeError)');
  });
});

describe('output errors while a daemon runs', () => {
  it('a reader that went away or a full disk ends nothing and prints nothing; once it stops, EPIPE exits again', () => {
    const daemon = harness('en');
    const stopped = keepRunningOnOutputErrors();
    daemon.stderr.emit('error', errno('EPIPE'));
    daemon.stdout.emit('error', errno('EPIPE'));
    daemon.stdout.emit('error', errno('ENOSPC'));
    daemon.stderr.emit('error', errno('EIO'));
    expect(daemon.exits).toEqual([]);
    expect(daemon.written).toEqual([]);
    stopped();
    stopped(); // idempotent: a second call does not count another daemon out
    const after = keepRunningOnOutputErrors();
    after();
    daemon.stderr.emit('error', errno('EPIPE'));
    expect(daemon.exits).toEqual([0]);
  });
});
