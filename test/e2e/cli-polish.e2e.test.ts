// Issue 16 through the built CLI, in both languages: errors in one style naming the typed
// command's help, `help <path>`, bare `gpuwise` off a terminal, plurals.

import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, gpuwise } from './run-cli.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';

const ZH = { LANG: 'zh_CN.UTF-8' };

beforeAll(ensureBuilt, 180_000);

describe('errors and help that help', () => {
  it('says an unknown command in `help` is unknown and exits 2, in both languages', () => {
    const en = gpuwise(['help', 'nosuch']);
    expect(en.code).toBe(2);
    expect(en.stdout).toBe('');
    expect(en.stderr).toContain('Error: Unknown command nosuch.');
    expect(en.stderr).toContain('Run `gpuwise --help` to see the commands.');
    const zh = gpuwise(['help', 'nosuch'], ZH);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('错误：未知命令 nosuch。');
    // The same words as a mistyped command, with commander's suggestion kept.
    const typo = gpuwise(['infp'], ZH);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('错误：未知命令 infp。');
    expect(typo.stderr).toContain('info');
  });

  it('`help gpus compare` shows that subcommand’s help, translated', () => {
    const en = gpuwise(['help', 'gpus', 'compare']);
    expect(en.code).toBe(0);
    expect(en.stdout).toMatch(/^Usage: gpuwise gpus compare \[options\] <gpu\.\.\.>/);
    const zh = gpuwise(['help', 'gpus', 'compare'], ZH);
    expect(zh.stdout).toMatch(/^用法：gpuwise gpus compare \[选项\] <gpu\.\.\.>/);
    expect(gpuwise(['help', 'gpus', 'nosuch']).stderr).toContain('Run `gpuwise gpus --help` to see the commands.');
  });

  it('bare `gpuwise` off a terminal prints the help to stdout and exits 0', () => {
    const result = gpuwise([]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: gpuwise \[options\] \[command\]/);
    // Every command's summary starts the same way (no "Run a …" next to "show every …").
    const commands = result.stdout.split('Commands:')[1] ?? '';
    expect(commands).not.toMatch(/^ {2}\S+(?: \S+)* {2,}[A-Z][a-z]/m);
    expect(gpuwise([], ZH).stdout).toMatch(/^用法：gpuwise \[选项\] \[命令\]/);
  });

  it('an option error names the subcommand’s own help, with no double space', () => {
    const en = gpuwise(['estimate', '--bogus']);
    expect(en.code).toBe(2);
    expect(en.stderr).toBe('Error: Unknown option --bogus.\nRun `gpuwise estimate --help` to see what it accepts.\n');
    const nested = gpuwise(['gpus', 'compare', 'a100', '--bogus'], ZH);
    expect(nested.stderr).toContain('运行 `gpuwise gpus compare --help` 查看可用的写法。');
    for (const result of [en, nested]) expect(result.stderr).not.toMatch(/\S {2}\S/);
    // A command's own usage errors have the same shape.
    for (const [args, command] of [[['run'], 'run'], [['servers', '--gpu', 'nosuch'], 'servers'], [['fleet'], 'fleet']] as const) {
      const own = gpuwise([...args], ZH);
      expect(own.code, args.join(' ')).toBe(2);
      expect(own.stderr).toMatch(/^错误：/);
      expect(own.stderr).toContain(`运行 \`gpuwise ${command} --help\` 查看可用的写法。`);
    }
  });

  it('takes numbers only as decimals: no empty value as 0, no hex', () => {
    for (const args of [['info', '--cpu-sample', ''], ['info', '--cpu-sample', '0x10'], ['info', '--cpu-sample', ' 5'], ['top', '--interval', '0x10'], ['top', '--interval', ' ']]) {
      const result = gpuwise(args);
      expect(result.code, JSON.stringify(args)).toBe(2);
      expect(result.stderr, JSON.stringify(args)).toMatch(/^Error: .*expected/);
    }
  });

  it('translates commander’s choice, excess-argument and missing-argument errors', () => {
    const choice = gpuwise(['estimate', '--task', 'x'], ZH);
    expect(choice.code).toBe(2);
    expect(choice.stderr).toContain('错误：--task <task> 的值 "x" 无效：只能是 train、finetune、inference 之一。');
    expect(gpuwise(['estimate', '--task', 'x']).stderr).toContain('it must be one of train, finetune, inference.');
    const excess = gpuwise(['info', 'extra'], ZH);
    expect(excess.code).toBe(2);
    expect(excess.stderr).toContain('错误：参数过多：此命令最多接受 0 个，实际给了 1 个。');
    expect(gpuwise(['info', 'extra']).stderr).toContain('takes at most 0 arguments and got 1');
    const missing = gpuwise(['gpus', 'compare'], ZH);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('错误：缺少必需的参数 <gpu>。');
    for (const result of [choice, excess, missing]) expect(result.stderr).not.toMatch(/error:|Allowed choices|Expected \d/);
  });

  it('help lists choices and defaults in the reader’s words', () => {
    // Help wraps its descriptions: read them as one line.
    const zh = gpuwise(['estimate', '--help'], ZH).stdout.replace(/\n\s+/g, '');
    expect(zh).toContain('可选值："train"、"finetune"、"inference"');
    expect(zh).not.toMatch(/\(choices:|default:/);
    expect(gpuwise(['estimate', '--help']).stdout.replace(/\n\s+/g, ' ')).toContain('choices: "train", "finetune", "inference"');
  });

  it('counts in English by plural rules, never "(s)"', () => {
    const env = fakeNvmlEnv(scenarioPath('hung-gpu'));
    const en = gpuwise(['info', '--cpu-sample', '0'], env);
    expect(en.stdout).toContain('1 problem while reading:');
    expect(en.stdout).not.toContain('(s)');
    expect(gpuwise(['info', '--cpu-sample', '0'], { ...env, ...ZH }).stdout).toContain('读取时遇到 1 个问题：');
  });

  it('says how long a hung GPU has been silent in tenths of a second, never "0 s"', () => {
    // The table's first read waits for GPU 1 (its calls take 2 s each) until the 3 s deadline; the
    // read after it reports the call still out, counted from when that call began.
    const env = fakeNvmlEnv(scenarioPath('hung-gpu'));
    const text = gpuwise(['info'], env).stdout;
    expect(text).toMatch(/GPU 1 timed out: NVML has not answered for \d\.\d s/);
    expect(text).not.toMatch(/for 0(\.0)? s/);
  });
});

describe('Chinese all the way through', () => {
  it('estimate shows option values in Chinese, not as typed', () => {
    const zh = gpuwise(['estimate', '--params', '7e9', '--task', 'finetune'], ZH).stdout;
    expect(zh).toMatch(/^自定义模型 — 微调/);
    expect(zh).toContain('BF16 混合精度，AdamW，全参数微调');
    expect(zh).toContain('；不重计算；');
    expect(zh).not.toMatch(/重计算 none|custom|mixed-bf16/);
    const en = gpuwise(['estimate', '--params', '7e9', '--task', 'finetune']).stdout;
    expect(en).toMatch(/^custom model — fine-tuning/);
    expect(en).toContain('mixed BF16, AdamW, full fine-tuning');
  });

  it('servers: CPU facts and labels with Chinese words and full-width punctuation', () => {
    const zh = gpuwise(['servers', '--gpu', 'a100-sxm4-40gb'], ZH).stdout;
    expect(zh).toContain('（Rome，64 核）');
    expect(zh).toMatch(/— 服务器，\d+U 机架式/);
    expect(zh).toMatch(/^ {2}GPU 数量：最多/m);
    expect(zh).not.toMatch(/cores\)|as submitted|GPU 数量: |服务器, /);
    expect(gpuwise(['servers', '--gpu', 'a100-sxm4-40gb']).stdout).toContain('(Rome, 64 cores)');
  });

  it('cost writes money one way in both languages', () => {
    for (const env of [{}, ZH]) {
      const { stdout } = gpuwise(['cost', '--gpu', 'rtx-4090'], env);
      expect(stdout).toMatch(/\$1,825/);
      expect(stdout).toMatch(/\$0\.\d{3}/);
      // Money is written with its symbol; only an exchange-rate statement names the code.
      expect(stdout.replace(/1 USD = [\d.]+ CNY/g, '')).not.toMatch(/美元|\d USD/);
      expect(stdout).toMatch(/1 USD = 6\.\d+ CNY/);
    }
  });
});

