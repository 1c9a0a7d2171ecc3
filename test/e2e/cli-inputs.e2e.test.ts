// Issue 16's "One way to name a GPU", "Inputs" and "Cost output", as a user meets them: the built
// CLI, in English and in Chinese.

import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, gpuwise } from './run-cli.js';

beforeAll(ensureBuilt, 120_000);

const zh = (args: string[]) => gpuwise([...args, '--lang', 'zh-CN']);

describe('one way to name a GPU', () => {
  it('takes shorthand in gpus show, several GPUs at once, and lists candidates', () => {
    for (const name of ['4090', '3090', 'rtx4090', 'A6000', 'mi300', '7900xtx', 'gaudi3', 't4']) {
      const result = gpuwise(['gpus', 'show', name]);
      expect(result.code, name).toBe(0);
    }
    const both = gpuwise(['gpus', 'show', 't4', 'l4']);
    expect(both.stdout).toContain('(t4)');
    expect(both.stdout).toContain('(l4)');
    const gaudi = zh(['gpus', 'show', 'gaudi']);
    expect(gaudi.code).toBe(2);
    expect(gaudi.stderr).toContain('错误：“gaudi”可能指多款不同的 GPU：gaudi2、gaudi3');
  });

  it('reads a model as the same flagship in show, compare, servers and cost, and says so', () => {
    const show = gpuwise(['gpus', 'show', 'A100']);
    const compare = gpuwise(['gpus', 'compare', 'A100', 'V100', '--json']);
    const servers = gpuwise(['servers', 'list', '--gpu', 'A100']);
    expect(show.stdout).toContain('(a100-sxm4-80gb)');
    expect(show.stdout).toContain('"A100" read as a100-sxm4-80gb, the flagship variant');
    expect((JSON.parse(compare.stdout) as { gpus: { id: string }[] }).gpus.map((gpu) => gpu.id)).toEqual(['a100-sxm4-80gb', 'v100-sxm2-32gb']);
    expect(servers.stdout).toContain('Servers that hold 1 × a100-sxm4-80gb');
    expect(zh(['cost', '--gpu', 'h100']).stdout).toContain('“h100”按旗舰型号 h100-sxm5-80gb 理解');
  });

  it('offers the closest names instead of a wall of ids', () => {
    const servers = gpuwise(['servers', '--gpu', 'rtx5080']);
    expect(servers.code).toBe(2);
    expect(servers.stderr).toContain('closest: rtx-5090');
    expect(servers.stderr).not.toContain('a100-sxm4-40gb');
    const cost = zh(['cost', '--gpu', 'rtx5080']);
    expect(cost.code).toBe(2);
    expect(cost.stderr).toContain('你是不是想找 rtx-5090');
  });
});

describe('inputs', () => {
  it('names the flag typed, not the field behind it', () => {
    for (const [flag, value] of [['--utilization', '0'], ['--mfu', '0'], ['--years', '0'], ['--pue', '0.5']] as const) {
      const result = gpuwise(['cost', '--gpu', 'rtx-4090', '--run-gpu-hours', '10', flag, value]);
      expect(result.code, flag).toBe(2);
      expect(result.stderr, flag).toContain(`for ${flag} `);
      expect(result.stderr, flag).not.toMatch(/utilizationPercent|mfuPercent|years must|pue must/);
    }
  });

  it('gives every numeric option a range, in both languages', () => {
    const params = gpuwise(['estimate', '--params', '1e30']);
    expect(params.code).toBe(2);
    expect(params.stderr).toContain('must be a number from 100k to 10T');
    const batch = zh(['estimate', '--model', 'llama-3-8b', '--batch', '99999999999']);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toContain('必须是 1 到 1M 之间的整数');
    const memory = gpuwise(['recommend', '--task', 'inference', '--memory-gib', '0']);
    expect(memory.code).toBe(2);
    expect(memory.stderr).toContain('must be a number above 0, at most 100k');
    const watch = gpuwise(['info', '--watch', '3000000']);
    expect(watch.code).toBe(2);
    expect(watch.stderr).toContain('from 0.1 to 3,600');
  });

  it('accepts k/M/B suffixes on every number', () => {
    const result = gpuwise(['estimate', '--model', 'llama-3-8b', '--seq-len', '8k', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.stringify(JSON.parse(result.stdout))).toContain('8000');
  });

  it('refuses options that do not apply, saying what they need', () => {
    const cases: [string[], string, string][] = [
      [['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--memory-gib', '500'], '--memory-gib <x> cannot be used together with --model <preset>', '--memory-gib <x> 不能与 --model <preset>'],
      [['estimate', '--task', 'finetune', '--model', 'llama-3-8b', '--dtype', 'int4'], '--dtype applies only with --task inference.', '--dtype 只在 --task inference 时适用。'],
      [['estimate', '--task', 'inference', '--model', 'llama-3-8b', '--method', 'lora'], '--method applies only with --task finetune.', '--method 只在 --task finetune 时适用。'],
      [['doctor', '--warnings'], '--warnings applies only with --fix-script <file>.', '--warnings 只在 --fix-script <file> 时适用。'],
    ];
    for (const [args, en, chinese] of cases) {
      const english = gpuwise(args);
      expect(english.code, args.join(' ')).toBe(2);
      expect(english.stdout).toBe('');
      expect(english.stderr).toContain(en);
      expect(zh(args).stderr).toContain(chinese);
    }
  });
});

describe('cost output', () => {
  it('says a payback longer than the period does not happen within it', () => {
    const en = gpuwise(['cost', '--gpu', 'h100-sxm5-80gb', '--years', '0.5']);
    expect(en.code).toBe(0);
    expect(en.stdout).toMatch(/Buying does not pay for itself within the 6 months asked for \(at this rate it would take [\d.,]+ months\)\./);
    expect(en.stdout).not.toContain('pays for itself after');
    expect(zh(['cost', '--gpu', 'h100-sxm5-80gb', '--years', '0.5']).stdout).toContain('在所问的 6 个月内，自购无法回本');
  });

  it('keeps numbers grouped and rounded, and the amounts in one column', () => {
    const result = gpuwise(['cost', '--gpu', 'rtx-4090', '--price', '1B', '--cloud-price', '0.01']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('$1,000,000,000');
    expect(result.stdout).not.toMatch(/\d{7,}/);
    for (const lang of ['en', 'zh-CN']) {
      const out = gpuwise(['cost', '--gpu', 'h100-sxm5-80gb', '--lang', lang]).stdout;
      const amounts = out.split('\n').filter((line) => /^ {2}\S.*\$[\d,.]+$/.test(line));
      expect(amounts.length, lang).toBeGreaterThanOrEqual(4);
      // Right-aligned: every amount ends in the same column, the power row included.
      expect(new Set(amounts.map((line) => line.length + [...line].filter((c) => c.charCodeAt(0) > 0x2e80).length)).size, lang).toBe(1);
    }
  });

  it('warns that an SXM part needs a server and names the servers that hold it', () => {
    const en = gpuwise(['cost', '--gpu', 'h100-sxm5-80gb', '--count', '8']);
    expect(en.stdout).toContain('is an SXM module: it runs only on a server board');
    expect(en.stdout).toMatch(/Servers that hold 8 × h100-sxm5-80gb: .*dgx-h100/);
    expect(zh(['cost', '--gpu', 'h100-sxm5-80gb']).stdout).toContain('是 SXM 模组');
    expect(gpuwise(['cost', '--gpu', 'h100-sxm5-80gb', '--host-price', '100k']).stdout).not.toContain('SXM module');
    expect(gpuwise(['cost', '--gpu', 'rtx-4090']).stdout).not.toContain('module');
  });
});
