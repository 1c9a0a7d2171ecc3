import { describe, expect, it } from 'vitest';
import { colorEnabled, localeFromArgv } from './context.js';
import { runCliInProcess as run } from '../../test/helpers/cli-context.js';

describe('the gpuwise program', () => {
  it('translates an unknown option and points at --help', async () => {
    const zh = await run(['--bogus'], 'zh-CN');
    expect(zh.code).toBe('commander.unknownOption');
    expect(zh.err).toContain('未知选项 --bogus');
    expect(zh.err).toContain('gpuwise --help');
    const en = await run(['--bogus'], 'en');
    expect(en.err).toContain('Unknown option --bogus.');
  });

  it('says a mistyped subcommand of a command with its own action as the unknown command it is, with the nearest one', async () => {
    const zh = await run(['servers', 'lst'], 'zh-CN');
    expect(zh.err).toContain('错误：未知命令 lst。');
    expect(zh.err).toContain('你是不是想输入 list？');
    expect(zh.err).toContain('gpuwise servers --help');
    expect(zh.err).not.toContain('参数过多');
    const far = await run(['servers', 'nothing\u001b[2J'], 'en');
    expect(far.err).toContain('Error: Unknown command nothing\\e[2J.');
    expect(far.err).not.toContain('Did you mean');
    expect(far.err).not.toMatch(/\u001b/);
  });

  it('rejects a --lang it does not speak', async () => {
    const result = await run(['--lang', 'fr'], 'en');
    expect(result.code).toBe('commander.invalidArgument');
    expect(result.err).toContain('Invalid value "fr" for --lang <locale>');
  });

  it('quotes a bad value back without its terminal escapes', async () => {
    const result = await run(['--lang', 'fr\u001b[2J\u009b'], 'en');
    expect(result.err).toContain('Invalid value "fr\\e[2J\\x9b" for --lang <locale>');
    expect(result.err).not.toMatch(/[\u001b\u009b]/);
  });

  it('prints help with translated section titles', async () => {
    const result = await run(['--help'], 'zh-CN');
    expect(result.code).toBe('commander.helpDisplayed');
    expect(result.out).toContain('用法：');
    expect(result.out).toContain('选项：');
  });
});

describe('CLI context', () => {
  it('reads --lang before commander runs', () => {
    expect(localeFromArgv(['node', 'gpuwise', 'info', '--lang', 'en'], { LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(localeFromArgv(['node', 'gpuwise', '--lang=zh-CN'], { LANG: 'en_US' })).toBe('zh-CN');
    expect(localeFromArgv(['node', 'gpuwise'], { LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
  });

  it('turns colour off for NO_COLOR, --no-color and pipes', () => {
    expect(colorEnabled([], {}, true)).toBe(true);
    expect(colorEnabled([], { NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled(['--no-color'], {}, true)).toBe(false);
    expect(colorEnabled([], {}, false)).toBe(false);
  });

  it('leaves what follows `--` to the job: its --lang, --color and --no-color are not gpuwise\'s', () => {
    const job = (...args: string[]) => ['node', 'gpuwise', 'run', '--', 'python', 'train.py', ...args];
    expect(localeFromArgv(job('--lang', 'zh-CN'), { LANG: 'en_US.UTF-8' })).toBe('en');
    expect(localeFromArgv(job('--lang=zh-CN'), { LANG: 'en_US.UTF-8' })).toBe('en');
    expect(localeFromArgv(['node', 'gpuwise', 'run', '--lang', 'zh-CN', '--', 'x', '--lang', 'en'], {})).toBe('zh-CN');
    expect(colorEnabled(job('--color'), {}, false)).toBe(false);
    expect(colorEnabled(job('--no-color'), {}, true)).toBe(true);
    expect(colorEnabled(['node', 'gpuwise', 'run', '--no-color', '--', 'x', '--color'], {}, true)).toBe(false);
  });
});
