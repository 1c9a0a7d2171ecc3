import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { MAX_CONFIG_BYTES } from './model-config.js';

const dir = mkdtempSync(join(tmpdir(), 'gpuwise-config-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const LLAMA = { model_type: 'llama', hidden_size: 4096, intermediate_size: 14336, num_hidden_layers: 32, num_attention_heads: 32, num_key_value_heads: 8, vocab_size: 128256, max_position_embeddings: 8192, tie_word_embeddings: false };

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

  it('CNY prices the H20 from the Chinese reading in yuan, as recommend does, and says which', async () => {
    const en = await run(['cost', '--gpu', 'h20-96gb', '--currency', 'CNY']);
    expect(en.exitCode).toBe(0);
    expect(en.out).toMatch(/purchase\s+¥120,625/);
    expect(en.out).toContain('the middle of the street price range ¥110,000–131,250 (Chinese market, 2025-12-24) — source: Airstar Bank news');
    expect(en.out).toContain('Renting at ¥7.50 per GPU-hour: UCloud Compshare (优云智算)');
    // Only the US electricity average is converted, and it says so.
    expect(en.out.split('\n').filter((line) => line.includes('converted at'))).toEqual([expect.stringMatching(/Electricity at ¥0\.888\/kWh/)]);
    const zh = await run(['cost', '--gpu', 'h20-96gb', '--currency', 'CNY'], 'zh-CN');
    expect(zh.out).toMatch(/采购\s+¥120,625/);
    expect(zh.out).toContain('取市场价区间 ¥110,000–131,250 的中值（中国市场，2025-12-24）——来源：');
    expect(zh.out).toContain('按每 GPU 小时 ¥7.50 租用：优云智算 1x H20 96GB，按需价格');
    expect(zh.out + en.out).not.toContain('ucloud-compshare');
    const json = JSON.parse((await run(['cost', '--gpu', 'h20-96gb', '--currency', 'CNY', '--json'])).out);
    // --json keeps the provider's id: a script matches on it, the name is for people.
    expect(json.rent.rental).toMatchObject({ provider: 'ucloud-compshare', chargedIn: 'CNY' });
    expect(json.own.purchasePerGpu.reading).toMatchObject({ market: 'cn', quotedCurrency: 'CNY', low: 110000, high: 131250, converted: false });
  });

  it('USD takes the dollar reading of the H20 and converts the yuan rental, saying so', async () => {
    const en = await run(['cost', '--gpu', 'h20-96gb', '--currency', 'USD']);
    expect(en.out).toMatch(/purchase\s+\$11,500/);
    expect(en.out).toContain('street price range $10,000–13,000 (Chinese market, 2024)');
    expect(en.out).toContain('No rental charged in USD is in the catalog: UCloud Compshare (优云智算) charges ¥7.50 per GPU-hour in CNY, converted at 1 USD = 6.83 CNY (exchange rates of 2026-04-13).');
    const zh = await run(['cost', '--gpu', 'h20-96gb'], 'zh-CN');
    expect(zh.out).toContain('目录中没有以 USD 计费的租用：优云智算按每 GPU 小时 ¥7.50（CNY）收费');
  });

  it('converts only where the buyer’s market has no street price: RTX 4090 in CNY, A100 in EUR', async () => {
    const rtx = await run(['cost', '--gpu', 'rtx-4090', '--currency', 'CNY']);
    expect(rtx.out).toContain('(US market, 2024-11-19)');
    expect(rtx.out).toContain('No street price from the Chinese market or in CNY is in the catalog: the US market one, quoted in USD, is converted at 1 USD = 6.83 CNY');
    expect(rtx.out).toContain('The Chinese market launch price, ¥12,999 (2023-12), is not used');
    expect(rtx.out).toContain('Renting at ¥1.24 per GPU-hour: Suanjia Cloud (算家云)');
    const zh = await run(['cost', '--gpu', 'rtx-4090', '--currency', 'CNY'], 'zh-CN');
    expect(zh.out).toContain('目录中没有中国市场或以 CNY 计的市场价：美国市场以 USD 计的市场价按 1 USD = 6.83 CNY 换算');
    expect(zh.out).toContain('未采用中国市场的首发价 ¥12,999（2023-12）');
    const eur = await run(['cost', '--gpu', 'a100-sxm4-80gb', '--currency', 'EUR']);
    expect(eur.out).toContain('€6,838–12,821 (worldwide, 2026-03)');
    expect(eur.out).toContain('No street price from the European market or in EUR is in the catalog: the worldwide one, quoted in USD, is converted at 1 EUR = 1.17 USD');
    expect(eur.out).toContain('No rental charged in EUR is in the catalog: RunPod charges $1.39 per GPU-hour in USD');
    const eurZh = await run(['cost', '--gpu', 'a100-sxm4-80gb', '--currency', 'EUR'], 'zh-CN');
    expect(eurZh.out).toContain('目录中没有欧洲市场或以 EUR 计的市场价');
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
