// What a buyer in China (CNY, zh-CN) reads from cost, gpus show and gpus compare: yuan prices
// taken as quoted, every conversion with its rate, help and errors in the currency typed, and no
// English catalog text or a header naming another GPU.

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { currencyInArgs } from './cost.js';

describe('cost --currency CNY', () => {
  it('buys the H200 at the Chinese price in yuan, not Reuters’ dollars converted', async () => {
    const r = await run(['cost', '--gpu', 'h200-sxm-141gb', '--currency', 'CNY']);
    expect(r.exitCode).toBe(0);
    expect(r.out).toMatch(/purchase\s+¥182,500/);
    expect(r.out).toContain('the middle of the street price range ¥175,000–190,000 (Chinese market, 2026-01)');
    expect(r.out).not.toContain('¥184,410');
  });

  it('a rate set with --fx is called the user’s, in both languages', async () => {
    const args = ['cost', '--gpu', 'h100-sxm5-80gb', '--price', '213000', '--currency', 'CNY', '--fx', 'USD:CNY=7.1'];
    const en = await run(args);
    expect(en.out).toContain('converted at 1 USD = 7.1 CNY (your rate, set with --fx)');
    expect(en.out).not.toContain('exchange rates of 2026-04-13');
    const zh = await run(args, 'zh-CN');
    expect(zh.out).toContain('按 1 USD = 7.1 CNY 换算（你用 --fx 设定的汇率）');
    expect(zh.out).not.toContain('2026-04-13 的汇率');
  });

  it('a rental price you give is "your price", not "as of your price"', async () => {
    const zh = await run(['cost', '--gpu', 'rtx-4090', '--currency', 'CNY', '--cloud-price', '2'], 'zh-CN');
    expect(zh.out).toContain('按每 GPU 小时 ¥2.000 租用同样时长（你给出的价格）：');
    expect(zh.out).not.toContain('价格截至 你给出的价格');
    const en = await run(['cost', '--gpu', 'h20', '--currency', 'CNY', '--cloud-price', '15']);
    expect(en.out).toContain('Renting the same hours at ¥15.000 per GPU-hour (your price):');
    expect(en.out).not.toContain('as of your price');
  });

  it('help and errors name the currency the prices are typed in', async () => {
    const help = await run(['cost', '--currency', 'CNY', '--help'], 'zh-CN');
    expect(help.out).toMatch(/--price <cny>\s+每张 GPU 的采购价（CNY/);
    expect(help.out).toMatch(/--electricity <cny-per-kwh>\s+电价，CNY\/千瓦时/);
    expect(help.out).toContain('--cloud-price <cny-per-gpu-hour>');
    expect(help.out).not.toMatch(/<usd|美元/);
    // The currency typed after the bad value still names it.
    const bad = await run(['cost', '--gpu', 'h20', '--price', '-5', '--currency', 'CNY']);
    expect(bad.code).toBe('commander.invalidArgument');
    expect(bad.err).toContain('Invalid value "-5" for --price <cny>');
    const usd = await run(['cost', '--help']);
    expect(usd.out).toMatch(/--price <usd>\s+purchase price per GPU, in USD/);
  });

  it('reads --currency in either spelling', () => {
    expect(currencyInArgs(['--gpu', 'h20', '--currency', 'cny'])).toBe('CNY');
    expect(currencyInArgs(['--currency=EUR'])).toBe('EUR');
    expect(currencyInArgs(['--currency', 'JPY'])).toBe('USD');
    expect(currencyInArgs([])).toBe('USD');
  });
});

describe('gpus show and compare for a reader in China', () => {
  it('the module is described in Chinese', async () => {
    const r = await run(['gpus', 'show', 'h20'], 'zh-CN');
    expect(r.out).toMatch(/外形规格\s+SXM 模组 — 8 卡 HGX H20 基板上的 SXM 模组/);
    expect(r.out).not.toContain('SXM module on the 8-GPU HGX H20 board');
    const en = await run(['gpus', 'show', 'h20']);
    expect(en.out).toContain('SXM module on the 8-GPU HGX H20 board');
  });

  it('a ratio header never names another catalog GPU: the RTX 4090 D is not the RTX 4090', async () => {
    const r = await run(['gpus', 'compare', 'h100-sxm5-80gb', 'h20', 'rtx-4090-d']);
    expect(r.exitCode).toBe(0);
    const head = (r.out.split('\n')[2] ?? '').trim().split(/ {2,}/);
    expect(head.slice(-2)).toEqual(['÷ H20', '÷ GeForce RTX 4090 D']);
  });
});
