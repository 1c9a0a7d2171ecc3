import { describe, expect, it } from 'vitest';
import { loadGpuCatalog } from './index.js';
import { resolveGpuName, splitGpuQueries, type GpuResolution } from './resolve.js';

const answer = (query: string): string => {
  const r: GpuResolution = resolveGpuName(query);
  if (r.kind === 'one') return r.resolvedBy === 'flagship-variant' ? `${r.entry.id} (flagship of ${[r.entry.id, ...r.alternatives].sort().join(' ')})` : r.entry.id;
  return r.kind === 'several' ? `several: ${r.candidates.join(' ')}` : `none${r.suggestions.length > 0 ? `: ${r.suggestions.join(' ')}` : ''}`;
};

/** The median of five timings: one run on a shared machine says little. */
function medianMs(run: () => void): number {
  const times = Array.from({ length: 5 }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[2] ?? 0;
}

const VENDOR_WORDS = /\b(?:NVIDIA|GeForce|Tesla|AMD|Radeon|Instinct|Intel|Habana|Huawei)\s+/gi;
/** "NVIDIA GeForce RTX 4090" → "RTX4090": vendors dropped, a series word glued to its model number. */
const compact = (name: string) => name.replace(VENDOR_WORDS, '').replace(/\b([A-Za-z]+) (\d+)(?![\d.]*\s*GB)/gi, '$1$2');

describe('the one GPU name resolver', () => {
  // Every name of every entry, in every form a person or a driver writes it, names that entry.
  const entries = loadGpuCatalog().gpus;
  const table = entries.flatMap((gpu) => {
    const names = [gpu.name, ...gpu.aliases];
    const forms = [gpu.id, gpu.id.toUpperCase(), gpu.id.replaceAll('-', ' '), ...names, ...names.map((n) => n.toLowerCase()), ...names.map(compact), ...names.map((n) => n.replace(VENDOR_WORDS, ''))];
    return [...new Set(forms)].map((form) => [form, gpu.id] as const);
  });

  it.each(table)('%s → %s', (form, id) => {
    expect(answer(form)).toBe(id);
  });

  it('covers every catalog entry', () => {
    expect(new Set(table.map(([, id]) => id)).size).toBe(entries.length);
  });

  // The shorthand of issue 16, and the answers each command now gives alike.
  const SHORTHAND: Record<string, string> = {
    '4090': 'rtx-4090',
    '3090': 'rtx-3090',
    rtx4090: 'rtx-4090',
    'rtx 4090': 'rtx-4090',
    'GeForce 4090': 'rtx-4090',
    '4090d': 'rtx-4090-d',
    A6000: 'rtx-a6000',
    RTXA6000: 'rtx-a6000',
    mi300: 'mi300x',
    '7900xtx': 'rx-7900-xtx',
    '7900 XTX': 'rx-7900-xtx',
    'A100 80G': 'a100-sxm4-80gb (flagship of a100-pcie-80gb a100-sxm4-80gb)',
    'a100-80gb': 'a100-sxm4-80gb (flagship of a100-pcie-80gb a100-sxm4-80gb)',
    'A100 40 GB PCIe': 'a100-pcie-40gb',
    A100: 'a100-sxm4-80gb (flagship of a100-pcie-40gb a100-pcie-80gb a100-sxm4-40gb a100-sxm4-80gb)',
    V100: 'v100-sxm2-32gb (flagship of v100-pcie-16gb v100-pcie-32gb v100-sxm2-16gb v100-sxm2-32gb)',
    h100: 'h100-sxm5-80gb (flagship of h100-pcie-80gb h100-sxm5-80gb)',
    'h100 nvl': 'h100-nvl-94gb',
    gaudi: 'several: gaudi2 gaudi3',
    gaudi3: 'gaudi3',
    'rtx 6000': 'several: rtx-6000-ada rtx-a6000',
    t4: 't4',
    l4: 'l4',
    l40: 'l40',
    a10: 'a10',
    titan: 'titan-rtx',
    '3080': 'rtx-3080-10gb',
    '910b': 'several: ascend-910b2 ascend-910b3',
    'NVIDIA A100-SXM4-40GB MIG 1g.5gb': 'a100-sxm4-40gb',
    rtx5080: 'none: rtx-5090',
    // A size no variant has: the model it named is the closest name.
    '4090 48GB': 'none: rtx-4090',
    rtx: 'none',
    '': 'none',
    // The same GPU twice is two GPUs (split by splitGpuQueries), not one name.
    't4 t4': 'none: t4 l4',
  };
  it.each(Object.entries(SHORTHAND))('%s → %s', (query, expected) => {
    expect(answer(query)).toBe(expected);
  });

  it('says why an unlisted GPU is not there, with its closest entry', () => {
    const r = resolveGpuName('NVIDIA A10G');
    expect(r.kind).toBe('none');
    expect(r.kind === 'none' ? r.unlisted?.closestId : null).toBe('a10');
  });

  it('settles variants with the memory a driver reports', () => {
    const r = resolveGpuName('A100', { memoryTotalBytes: 40_960 * 1024 ** 2 });
    expect(r.kind === 'one' ? [r.entry.id, r.resolvedBy] : r.kind).toEqual(['a100-sxm4-40gb', 'flagship-variant']);
  });

  it('splits command-line words into GPUs: t4 l4 is two, A100 80G one', () => {
    expect(splitGpuQueries(['t4', 'l4'])).toEqual(['t4', 'l4']);
    expect(splitGpuQueries(['A100', '80G', 'V100'])).toEqual(['A100 80G', 'V100']);
    expect(splitGpuQueries(['NVIDIA', 'H100', '80GB', 'HBM3', 'rtx', '4090'])).toEqual(['NVIDIA H100 80GB HBM3', 'rtx 4090']);
    expect(splitGpuQueries(['a100', '40g', 'a100', '80g'])).toEqual(['a100 40g', 'a100 80g']);
    expect(splitGpuQueries(['nosuch', 't4'])).toEqual(['nosuch', 't4']);
    expect(splitGpuQueries(['rtx', '5080', 'no', 't4'])).toEqual(['rtx 5080 no', 't4']);
  });

  it('splits many words with work linear in their number', () => {
    // Work counted, not timed: each look at the catalog's entries is one unit of it.
    const catalog = loadGpuCatalog();
    let looks = 0;
    const counted = new Proxy(catalog, { get: (target, key, receiver) => (key === 'gpus' && looks++, Reflect.get(target, key, receiver)) });
    const work = (n: number) => {
      looks = 0;
      splitGpuQueries(Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 't4' : 'nosuch')), counted);
      return looks;
    };
    expect(work(60)).toBeLessThanOrEqual(work(30) * 2.2);
    expect(work(60)).toBeGreaterThan(0);
  });

  it('resolves hostile text without throwing, and in linear-ish time', () => {
    for (const text of ['\u0000\u202e4090', 'a'.repeat(10_000), '9'.repeat(5_000), ' - _ ', 'MIG 1g.5gb']) expect(() => resolveGpuName(text)).not.toThrow();
    const time = (n: number) => medianMs(() => resolveGpuName(`rtx ${'4090 '.repeat(n)}`));
    time(200);
    expect(time(4000)).toBeLessThan(Math.max(50, time(2000) * 3));
  });
});
