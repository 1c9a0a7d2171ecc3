import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { collectingContext } from '../../../test/helpers/cli-context.js';
import { buildProgram } from '../program.js';
import { MAX_CONFIG_BYTES } from './model-config.js';

async function run(args: string[], locale: 'en' | 'zh-CN' = 'en') {
  const cli = collectingContext(locale);
  try {
    await buildProgram(cli).parseAsync(['node', 'gpuwise', ...args]);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
  }
  return { exitCode: process.exitCode, out: cli.stdout.join(''), err: cli.stderr.join('') };
}

const dir = mkdtempSync(join(tmpdir(), 'gpuwise-config-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const LLAMA = { model_type: 'llama', hidden_size: 4096, intermediate_size: 14336, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 8, vocab_size: 128256, max_position_embeddings: 8192, tie_word_embeddings: false };

afterEach(() => {
  process.exitCode = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('recommend: budgets and currencies', () => {
  it('--budget ¥400000 --currency CNY shows prices in yuan and says how many options had no price', async () => {
    const r = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--budget', '¥400000', '--currency', 'CNY']);
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain('¥');
    expect(r.out).toMatch(/Price unknown: \d+ options? not checked against the budget/);
  });

  it('a budget in dollars with --currency CNY is converted, and --fx overrides the rate', async () => {
    const r = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--budget', '$60,000', '--currency', 'CNY', '--fx', 'USD:CNY=7.1', '--json']);
    const result = JSON.parse(r.out);
    expect(result.fx.perUsd.CNY).toBe(7.1);
    for (const o of result.options) expect(o.price.amount).toBeLessThanOrEqual(60000 * 7.1);
  });

  it.each([
    ['en', 'Cannot read the amount'],
    ['zh-CN', '无法识别金额'],
  ] as const)('a garbage budget is a usage error (%s)', async (locale, text) => {
    const r = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--budget', 'lots\u001b[2J'], locale);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain(text);
    expect(r.err).not.toContain('\u001b[2J');
  });

  it('a bad exchange rate is a usage error', async () => {
    const r = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--fx', 'USD:CNY=zero']);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain('USD:CNY=7.1');
  });

  it('--segment datacenter leaves every consumer card out in one flag', async () => {
    const r = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--segment', 'datacenter', '--json']);
    const result = JSON.parse(r.out);
    expect(result.options.length).toBeGreaterThan(0);
    expect([...result.options, ...result.notFitting].every((o: { segment: string }) => o.segment === 'datacenter')).toBe(true);
    const bad = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--segment', 'datacenter,gaming']);
    expect(bad.err).toContain('unknown value "gaming"');
  });

  it('options that do not fit are listed apart from the ranking', async () => {
    const r = await run(['recommend', '--task', 'train', '--model', 'llama-3-70b']);
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain('Do not fit at any allowed count (not ranked):');
    const ranked = r.out.split('Do not fit')[0] ?? '';
    expect(ranked).not.toMatch(/^\d+\s.*\bno\b/m);
  });
});

describe('--config FILE', () => {
  it('estimates a model from a local config.json', async () => {
    const r = await run(['estimate', '--task', 'inference', '--config', file('llama.json', JSON.stringify(LLAMA))]);
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain('8.03');
  });

  it.each([
    ['broken JSON', () => file('broken.json', '{"hidden_size": 4096,'), 'is not valid JSON'],
    ['a JSON array', () => file('array.json', '[1,2]'), 'not a transformer config.json'],
    ['missing fields', () => file('empty.json', '{}'), 'num_hidden_layers'],
    ['a huge file', () => file('huge.json', ' '.repeat(MAX_CONFIG_BYTES + 1)), 'this is not one'],
    ['no such file', () => join(dir, 'missing.json'), 'Cannot read the model config'],
    ['a directory', () => dir, 'Cannot read the model config'],
    ['hostile text in values', () => file('hostile.json', JSON.stringify({ ...LLAMA, num_hidden_layers: '\u001b]0;pwned\u0007' })), 'not a transformer config.json'],
  ])('%s gives a clear usage error', async (_what, path, text) => {
    const r = await run(['estimate', '--task', 'inference', '--config', path()]);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain(text);
    expect(r.err).not.toContain('\u0007');
  });

  it('recommend takes the same file', async () => {
    const r = await run(['recommend', '--task', 'inference', '--config', file('llama-r.json', JSON.stringify(LLAMA)), '--json']);
    expect(r.exitCode).toBe(0);
    const result = JSON.parse(r.out);
    expect(result.options.length).toBeGreaterThan(0);
    expect(result.singleGpuNeedBytes).toBeGreaterThan(15 * 1024 ** 3);
  });

  it('--config with --model is refused', async () => {
    const r = await run(['estimate', '--config', file('llama2.json', JSON.stringify(LLAMA)), '--model', 'gpt2']);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain('--config');
  });
});

describe('estimate --gpu', () => {
  it('says whether it fits the card and the largest batch that does, in both languages', async () => {
    const en = await run(['estimate', '--task', 'inference', '--model', 'llama-3-8b', '--gpu', 'rtx-4090']);
    expect(en.out).toContain('On NVIDIA GeForce RTX 4090');
    expect(en.out).toMatch(/Largest batch that fits: \d+/);
    const zh = await run(['estimate', '--task', 'inference', '--model', 'llama-3-70b', '--gpu', 'rtx-4090'], 'zh-CN');
    expect(zh.out).toContain('放不下');
  });

  it('LoRA says gradient checkpointing is on', async () => {
    const r = await run(['estimate', '--task', 'finetune', '--model', 'llama-3-70b', '--method', 'qlora']);
    expect(r.out).toContain('Gradient checkpointing is on');
    expect(r.out).toMatch(/45\.\d GiB/);
  });
});

describe('cost --currency', () => {
  it('takes the prices in yuan and shows the result in yuan', async () => {
    const usd = await run(['cost', '--gpu', 'h100-sxm5-80gb', '--price', '30000', '--json']);
    const cny = await run(['cost', '--gpu', 'h100-sxm5-80gb', '--price', '213000', '--currency', 'CNY', '--fx', 'USD:CNY=7.1']);
    expect(cny.exitCode).toBe(0);
    expect(cny.out).toContain('¥213,000');
    expect(JSON.parse(usd.out).own.purchaseUsd).toBe(30000);
  });
});

describe('image models are described by images, not tokens', () => {
  it('ResNet-50 training and SDXL inference say images and no KV cache', async () => {
    const resnet = await run(['estimate', '--task', 'train', '--model', 'resnet-50']);
    expect(resnet.out).toContain('batch of 32 images');
    expect(resnet.out).not.toContain('tokens');
    const sdxl = await run(['estimate', '--task', 'inference', '--model', 'sdxl']);
    expect(sdxl.out).not.toContain('KV cache');
  });
});
