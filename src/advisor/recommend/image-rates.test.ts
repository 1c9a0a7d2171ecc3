// Images per second come from published benchmarks only; each expectation is one a buyer checks.

import { describe, expect, it } from 'vitest';
import { loadGpuCatalog } from '../../catalog/index.js';
import { renderNote } from '../notes.js';
import { PUBLISHED_IMAGE_RATES, publishedImageRate } from './image-rates.js';
import { recommend } from './recommend.js';
import type { RecommendOption } from './types.js';

const all = (r: ReturnType<typeof recommend>) => [...r.options, ...r.unranked, ...r.notFitting];
const find = (options: RecommendOption[], id: string) => {
  const found = options.find((o) => o.gpuId === id);
  if (!found) throw new Error(`no option for ${id}`);
  return found;
};

describe('the published table', () => {
  it('names catalog GPUs only, and a multi-GPU system never does more per GPU than one GPU alone (+5 %)', () => {
    const ids = new Set(loadGpuCatalog().gpus.map((g) => g.id));
    for (const row of PUBLISHED_IMAGE_RATES) {
      expect(ids.has(row.gpuId), row.gpuId).toBe(true);
      expect(row.url).toMatch(/^https:\/\/github\.com\//);
      const single = PUBLISHED_IMAGE_RATES.find((r) => r.model === row.model && r.work === row.work && r.gpuId === row.gpuId && r.gpus === 1 && r.fp32 === row.fp32);
      if (single && row.gpus > 1) expect(row.imagesPerSecond / row.gpus).toBeLessThanOrEqual(single.imagesPerSecond * 1.05);
    }
  });

  it('MLPerf Inference v4.0: one H100 SXM makes 1.64 SDXL images/s; 8 in a DGX H100 13.1', () => {
    expect(publishedImageRate('sdxl', 'inference', 'h100-sxm5-80gb', 1)?.perGpu).toBeCloseTo(1.64178, 5);
    expect((publishedImageRate('sdxl', 'inference', 'h100-sxm5-80gb', 8)?.perGpu ?? 0) * 8).toBeCloseTo(13.1263, 4);
    expect(publishedImageRate('sdxl', 'inference', 'rtx-4090', 1)).toBeNull();
  });
});

describe('recommend rates image models in images/s', () => {
  it('SDXL inference: the H100 at its MLPerf rate with the source in the reason; an RTX 4090 has no speed and says why', () => {
    const r = recommend({ task: 'inference', model: 'sdxl' });
    const h100 = find(all(r), 'h100-sxm5-80gb');
    expect(h100.throughput.rateUnit).toBe('image/s');
    expect(h100.throughput.rate).toBeCloseTo(1.64178, 5);
    expect(h100.reasons.map((n) => renderNote('en', n)).join(' ')).toContain('MLPerf Inference v4.0');
    const rtx = find(all(r), 'rtx-4090');
    expect(rtx.throughput.rate).toBeNull();
    expect(rtx.reasons.map((n) => n.key)).toContain('advisor.reason.noImageRate');
    const why = rtx.reasons.find((n) => n.key === 'advisor.reason.noImageRate');
    expect(why && renderNote('zh-CN', why)).toContain('不做猜测');
    expect(r.assumptions.map((n) => n.key)).toContain('advisor.assume.imageRates');
    expect(r.assumptions.map((n) => n.key)).not.toContain('advisor.assume.roofline');
  });

  it('--sort throughput ranks only GPUs with a published rate, fastest first; the rest are listed apart', () => {
    const r = recommend({ task: 'inference', model: 'sdxl', sortBy: 'throughput' });
    expect(r.options.map((o) => o.gpuId)).toEqual(['h200-sxm-141gb', 'h100-sxm5-80gb', 'gaudi2', 'l40s']);
    expect(r.unranked.every((o) => o.throughput.rate === null)).toBe(true);
  });

  it('ResNet-50 training on 8 A100s: NVIDIA’s published 16,621 images/s, 84 % of 8 × one GPU, never tokens', () => {
    const r = recommend({ task: 'train', model: 'resnet-50', maxGpuCount: 8, sortBy: 'throughput' });
    const one = find(all(r), 'a100-sxm4-80gb');
    expect(one.count).toBe(1);
    expect(one.throughput.rate).toBe(2470);
    expect(one.throughput.peakTokensPerSecond).toBeNull();
    const eight = publishedImageRate('resnet-50', 'train', 'a100-sxm4-80gb', 8);
    expect((eight?.perGpu ?? 0) * 8).toBe(16621);
    expect(eight?.publishedEfficiency).toBeCloseTo(16621 / 8 / 2470, 5);
  });

  it('fp32 training takes the TF32/FP32 column (938 images/s on an A100), not the mixed-precision one', () => {
    const r = recommend({ task: 'train', model: 'resnet-50', estimate: { precision: 'fp32' } });
    expect(find(all(r), 'a100-sxm4-80gb').throughput.rate).toBe(938);
  });

  it('SDXL LoRA is ranked by fit and price with no speed on any GPU, and says there is no published figure', () => {
    const r = recommend({ task: 'finetune', model: 'sdxl', estimate: { method: 'lora' } });
    expect(r.options.length).toBeGreaterThan(0);
    expect(r.options.every((o) => o.throughput.rate === null && o.memory.fits === true)).toBe(true);
    expect(r.options[0]?.reasons.map((n) => n.key)).toContain('advisor.reason.noImageRateAtAll');
  });
});

describe('another resolution', () => {
  it('has no published speed: SDXL at 768² is ranked by fit and price, and the reason names the published 1024²', () => {
    const r = recommend({ task: 'inference', model: 'sdxl', estimate: { imageResolution: 768 } });
    const h100 = find(all(r), 'h100-sxm5-80gb');
    expect(h100.throughput.rate).toBeNull();
    expect(renderNote('en', h100.reasons.find((n) => n.key === 'advisor.reason.noImageRateResolution') ?? { key: 'common.notAvailable', params: {} })).toContain('1024×1024');
  });
});

describe('ResNet-50 inference', () => {
  it('ranks the MLPerf systems by images/s per GPU count: one H100 (88,714) above one L40S (43,937 from Dell’s 4-GPU run) above one L4 (12,717)', () => {
    const r = recommend({ task: 'inference', model: 'resnet-50', sortBy: 'throughput' });
    const ids = r.options.map((o) => o.gpuId);
    expect(ids.indexOf('h100-sxm5-80gb')).toBeLessThan(ids.indexOf('l40s'));
    expect(ids.indexOf('l40s')).toBeLessThan(ids.indexOf('a100-pcie-80gb'));
    expect(ids.indexOf('a100-pcie-80gb')).toBeLessThan(ids.indexOf('l4'));
    expect(find(r.options, 'l40s').throughput.rate).toBeCloseTo(175746 / 4, 3);
  });
});
