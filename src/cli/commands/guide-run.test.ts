// `gpuwise guide`'s usage errors: the one shape ("Error: …", then the command's help, exit 2),
// and the user's text echoed escaped, never passed to the terminal raw.

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';

const HOSTILE = '\u001b]0;pwned\u0007\u001b[31mRED\u202e';
const RAW = /[\u001b\u0007\u202e]/;

describe('gpuwise guide --for / --gpu errors', () => {
  it('an unknown target system is an error in the usual shape, exit 2', async () => {
    const en = await run(['guide', 'driver', '--for', 'foo']);
    expect(en.exitCode).toBe(2);
    expect(en.err).toMatch(/^Error: Unknown target system “foo”\. Use one of: ubuntu-24\.04, ubuntu-22\.04, .*\.\nRun `gpuwise guide --help` to see what it accepts\.\n$/);
    const zh = await run(['guide', 'driver', '--for', 'foo'], 'zh-CN');
    expect(zh.err).toMatch(/^错误：未知的目标系统“foo”。请使用以下之一：ubuntu-24\.04、ubuntu-22\.04、.*\n运行 `gpuwise guide --help` 查看可用的写法。\n$/);
  });

  it('an unknown target GPU is an error in the usual shape, with the closest names', async () => {
    const nope = await run(['guide', 'driver', '--for', 'ubuntu-22.04', '--gpu', 'nope']);
    expect(nope.exitCode).toBe(2);
    expect(nope.err).toBe('Error: No GPU in the catalog matches “nope”.\nRun `gpuwise guide --help` to see what it accepts.\n');
    const near = await run(['guide', 'driver', '--for', 'ubuntu-22.04', '--gpu', 'rtx5080']);
    expect(near.err).toMatch(/^Error: .*Did you mean: .*rtx-5090.*\?\nRun `gpuwise guide --help`/);
    const alone = await run(['guide', '--gpu', 'rtx-4090']);
    expect(alone.exitCode).toBe(2);
    expect(alone.err).toMatch(/^Error: --gpu describes the target of --for.*\nRun `gpuwise guide --help`/);
  });

  it.each([
    ['--for', ['guide', 'driver', '--for', HOSTILE]],
    ['--gpu', ['guide', 'driver', '--for', 'ubuntu-22.04', '--gpu', HOSTILE]],
  ])('echoes a %s value with terminal escapes escaped', async (_flag, args) => {
    const result = await run(args);
    expect(result.exitCode).toBe(2);
    expect(result.err).toContain('\\e]0;pwned\\x07\\e[31mRED\\u202e');
    expect(result.err).not.toMatch(RAW);
  });

  it('a target guide says what to check on that machine, not this one\'s state', async () => {
    const result = await run(['guide', 'driver', '--for', 'ubuntu-22.04', '--gpu', 'rtx-4090']);
    expect(result.exitCode).toBe(0);
    expect(result.out).toContain('$ mokutil --sb-state');
    expect(result.out).toContain('Driver for that machine: R580, open kernel module.');
    expect(result.out).not.toContain('Could not read the Secure Boot state');
  });
});

describe('gpuwise guide <unknown topic>', () => {
  it.each([
    ['pytorh', 'pytorch'], ['pytroch', 'pytorch'], ['torch', 'pytorch'], ['TF', 'tensorflow'], ['tensor', 'tensorflow'], ['cudn', 'cudnn'], ['docekr', 'docker'],
  ])('suggests the nearest guide for %s: %s', async (typed, topic) => {
    const result = await run(['guide', typed]);
    expect(result.code).toBe('commander.invalidArgument');
    expect(result.err).toContain(`there is no such guide. Did you mean ${topic}? The guides: driver | cuda`);
  });

  it('says it in Chinese, and suggests nothing for a far-off or hostile word', async () => {
    const zh = await run(['guide', 'pytrch'], 'zh-CN');
    expect(zh.err).toMatch(/^错误：<topic> 的值 "pytrch" 无效：没有这个指南。你是否要找 pytorch？可选的指南：driver \| cuda/);
    const far = await run(['guide', 'kubernetes']);
    expect(far.err).not.toContain('Did you mean');
    const hostile = await run(['guide', `py${'\u001b'}[2J`]);
    expect(hostile.err).not.toMatch(RAW);
  });
});
