// `gpus compare`'s table header: no name cut, every column at least two spaces from the last, and
// the zh-CN summary's lists in the Chinese separator.

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { ratioHeaders } from './gpus-compare-run.js';

describe('ratioHeaders', () => {
  it('names each other GPU by the fewest words that reach its model number and tell it apart', () => {
    expect(ratioHeaders(['NVIDIA A100 80GB SXM4', 'NVIDIA Tesla V100 SXM2 32GB', 'NVIDIA Tesla P100 SXM2 16GB'])).toEqual(['÷ V100', '÷ P100']);
    expect(ratioHeaders(['NVIDIA Tesla V100 SXM2 32GB', 'NVIDIA Tesla V100 PCIe 32GB'])).toEqual(['÷ V100 PCIe']);
    expect(ratioHeaders(['NVIDIA A100 80GB SXM4', 'NVIDIA GeForce RTX 4090'])).toEqual(['÷ GeForce RTX 4090']);
    expect(ratioHeaders(['NVIDIA A100 80GB SXM4', 'NVIDIA A100 80GB SXM4'])).toEqual(['÷ A100 80GB SXM4']);
  });
});

describe('gpuwise gpus compare with three GPUs', () => {
  it('prints every header whole, two spaces or more apart', async () => {
    const r = await run(['gpus', 'compare', 'A100-80GB', 'V100-32GB', 'P100']);
    expect(r.exitCode).toBe(0);
    const head = r.out.split('\n')[2] ?? '';
    expect(head.trim().split(/ {2,}/)).toEqual(['A100 80GB SXM4', 'V100 SXM2 32GB', 'P100 SXM2 16GB', '÷ V100', '÷ P100']);
    // The ratio column lines up under its header.
    const fp64 = r.out.split('\n').find((line) => line.startsWith('FP64')) ?? '';
    expect(fp64.indexOf('2.50×') + '2.50×'.length).toBe(head.indexOf('÷ V100') + '÷ V100'.length);
  });

  it('lists the other variants with the Chinese separator in zh-CN', async () => {
    const r = await run(['gpus', 'compare', 'A100-80GB', 'V100-32GB', 'P100'], 'zh-CN');
    expect(r.out).toContain('它也可能指 p100-pcie-16gb、p100-pcie-12gb');
    expect(r.out).not.toContain('p100-pcie-16gb, p100-pcie-12gb');
  });

  it('marks a tensor-core FP64 figure with the legend\'s * in every table it is divided into: per watt and per dollar too', async () => {
    const r = await run(['gpus', 'compare', 'a100-80gb-sxm4', 'h100-sxm5-80gb']);
    const fp64 = r.out.split('\n').filter((line) => line.startsWith('FP64'));
    expect(fp64).toHaveLength(3);
    for (const line of fp64) expect(line.match(/\d\*/g)).toHaveLength(2);
    // FP32 is no tensor figure: no mark.
    expect(r.out.split('\n').filter((line) => line.startsWith('FP32')).some((line) => line.includes('*'))).toBe(false);
    expect(r.out).toContain('* FP64 on tensor cores');
  });
});
