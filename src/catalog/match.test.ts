import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixtureGpuNames } from './fixture-names.js';
import { describeUnlistedGpu, matchGpuName } from './index.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const idOf = (name: string, memoryTotalBytes?: number) => matchGpuName(name, { memoryTotalBytes: memoryTotalBytes ?? null })?.entry.id ?? null;

/** Names as drivers print them → the entry they are, or null when the catalog lacks that GPU. */
const DRIVER_NAMES: Record<string, string | null> = {
  'NVIDIA A100-SXM4-80GB': 'a100-sxm4-80gb',
  'NVIDIA A100-SXM4-40GB': 'a100-sxm4-40gb',
  'NVIDIA A100-PCIE-40GB': 'a100-pcie-40gb',
  'NVIDIA A100 80GB PCIe': 'a100-pcie-80gb',
  'Tesla V100-SXM2-32GB': 'v100-sxm2-32gb',
  'Tesla V100-SXM2-16GB': 'v100-sxm2-16gb',
  'Tesla V100-PCIE-16GB': 'v100-pcie-16gb',
  'Tesla V100-PCIE-32GB': 'v100-pcie-32gb',
  'Tesla V100S-PCIE-32GB': 'v100s-pcie-32gb',
  'Tesla P100-PCIE-16GB': 'p100-pcie-16gb',
  'Tesla P100-PCIE-12GB': 'p100-pcie-12gb',
  'Tesla P100-SXM2-16GB': 'p100-sxm2-16gb',
  'Tesla T4': 't4',
  'NVIDIA H100 80GB HBM3': 'h100-sxm5-80gb',
  'NVIDIA H100 PCIe': 'h100-pcie-80gb',
  'NVIDIA H100 NVL': 'h100-nvl-94gb',
  'NVIDIA H200': 'h200-sxm-141gb',
  'NVIDIA H200 NVL': 'h200-nvl-141gb',
  'NVIDIA B200': 'b200-180gb',
  'NVIDIA GB200': 'gb200',
  // China-market parts, as nvidia-smi prints them.
  'NVIDIA H20': 'h20-96gb',
  'NVIDIA H800': 'h800-sxm5-80gb',
  'NVIDIA H800 80GB HBM3': 'h800-sxm5-80gb',
  'NVIDIA A800-SXM4-80GB': 'a800-sxm4-80gb',
  'NVIDIA A800 80GB PCIe': 'a800-pcie-80gb',
  'NVIDIA L20': 'l20',
  'NVIDIA GeForce RTX 4090 D': 'rtx-4090-d',
  'NVIDIA GeForce RTX 4080': 'rtx-4080',
  'NVIDIA GeForce RTX 4090': 'rtx-4090',
  'NVIDIA GeForce RTX 3080 Ti': 'rtx-3080-ti',
  'NVIDIA GeForce RTX 3090': 'rtx-3090',
  'NVIDIA GeForce RTX 5090': 'rtx-5090',
  'NVIDIA GeForce GTX 1080 Ti': 'gtx-1080-ti',
  'NVIDIA GeForce GTX 1660 SUPER': 'gtx-1660-super',
  'NVIDIA TITAN RTX': 'titan-rtx',
  'NVIDIA RTX A6000': 'rtx-a6000',
  'NVIDIA RTX 6000 Ada Generation': 'rtx-6000-ada',
  'NVIDIA L40S': 'l40s',
  'NVIDIA L40': 'l40',
  'NVIDIA L4': 'l4',
  'NVIDIA A10': 'a10',
  'NVIDIA A30': 'a30',
  'NVIDIA A40': 'a40',
  'AMD Instinct MI300X': 'mi300x',
  'AMD Instinct MI250X': 'mi250x',
  'AMD Radeon RX 7900 XTX': 'rx-7900-xtx',
  // Not in the catalog, and must not be forced onto a neighbour.
  'NVIDIA A10G': null,
  'NVIDIA GeForce RTX 3060 Laptop GPU': null,
  'NVIDIA GeForce RTX 2080': null,
  'NVIDIA GeForce RTX 2080 SUPER': null,
  'NVIDIA RTX A5000': null,
  'Quadro RTX 6000': null,
  'NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition': null,
  'AMD Instinct MI250': 'mi250',
  'AMD Instinct MI210': null,
  'GRID P4-1Q': null,
  'Graphics Device': null,
};

describe('matchGpuName on driver names', () => {
  it.each(Object.entries(DRIVER_NAMES))('%s → %s', (name, expected) => {
    expect(idOf(name)).toBe(expected);
  });

  it('is case-, spacing- and punctuation-insensitive', () => {
    expect(idOf('nvidia a100 sxm4 80 gb')).toBe('a100-sxm4-80gb');
    expect(idOf('  NVIDIA  GeForce  RTX  4090  ')).toBe('rtx-4090');
  });

  it('says how sure it is', () => {
    expect(matchGpuName('NVIDIA A100-SXM4-80GB')?.confidence).toBe('exact');
    expect(matchGpuName('NVIDIA GeForce RTX 3060')?.confidence).toBe('partial');
    expect(matchGpuName('NVIDIA GeForce RTX 3060', { memoryTotalBytes: 12288 * MIB })?.confidence).toBe('memory');
  });

  it('returns null for empty or meaningless input', () => {
    for (const name of ['', '   ', 'NVIDIA', 'GPU', '80GB', 'PCIe']) expect(matchGpuName(name)).toBeNull();
  });
});

describe('variants told apart by memory', () => {
  it('an RTX 3060 reporting 12 GB is the 12 GB card; one reporting 8 GB is a card we do not list', () => {
    expect(idOf('NVIDIA GeForce RTX 3060', 12288 * MIB)).toBe('rtx-3060-12gb');
    expect(idOf('NVIDIA GeForce RTX 3060', 8192 * MIB)).toBeNull();
  });

  it('a bare family name with memory picks the variant', () => {
    expect(idOf('NVIDIA A100', 81920 * MIB)).toBe('a100-sxm4-80gb');
    expect(idOf('NVIDIA A100', 40960 * MIB)).toBe('a100-sxm4-40gb');
    expect(matchGpuName('NVIDIA A100', { memoryTotalBytes: 40960 * MIB })?.alternatives.map((g) => g.id)).toEqual(['a100-pcie-40gb']);
  });

  it('accepts what drivers really report (ECC and reserved memory make it smaller)', () => {
    expect(idOf('NVIDIA A40', 46068 * MIB)).toBe('a40');
    expect(idOf('NVIDIA H200', 143771 * MIB)).toBe('h200-sxm-141gb');
    expect(idOf('Tesla T4', 15360 * MIB)).toBe('t4');
  });

  it('counts each die of a two-die MI250X as the board', () => {
    expect(idOf('AMD Instinct MI250X', 64 * GIB)).toBe('mi250x');
  });

  it('a name without its variant lists the others as alternatives', () => {
    const match = matchGpuName('NVIDIA H100');
    expect(match?.confidence).toBe('partial');
    expect([match?.entry.id, ...(match?.alternatives.map((g) => g.id) ?? [])].sort()).toEqual(['h100-pcie-80gb', 'h100-sxm5-80gb']);
  });
});

describe('MIG instances and cut-off names', () => {
  it('maps a MIG device to its parent GPU and keeps the profile', () => {
    const match = matchGpuName('NVIDIA A100-SXM4-40GB MIG 1g.5gb', { memoryTotalBytes: 4864 * MIB });
    expect(match?.entry.id).toBe('a100-sxm4-40gb');
    expect(match?.migProfile).toBe('1g.5gb');
    expect(matchGpuName('NVIDIA H100 80GB HBM3 MIG 3g.40gb')?.entry.id).toBe('h100-sxm5-80gb');
  });

  it('does not guess a name nvidia-smi cut off, unless the memory vouches for it', () => {
    expect(matchGpuName('NVIDIA GeForce RTX 2080 ...')).toBeNull();
    expect(matchGpuName('NVIDIA GeForce RTX 2080 ...', { memoryTotalBytes: 8192 * MIB })).toBeNull();
    const ti = matchGpuName('NVIDIA GeForce RTX 2080 ...', { memoryTotalBytes: 11264 * MIB });
    expect(ti?.entry.id).toBe('rtx-2080-ti');
    expect(ti?.confidence).toBe('partial');
  });
});

describe('known GPUs the catalog leaves out', () => {
  it('explains the A10G instead of pretending it is an A10', () => {
    expect(matchGpuName('NVIDIA A10G')).toBeNull();
    const why = describeUnlistedGpu('NVIDIA A10G');
    expect(why?.closestId).toBe('a10');
    expect(why?.reason.en).toMatch(/AWS/);
    expect(why?.reason['zh-CN']).toMatch(/AWS/);
    expect(describeUnlistedGpu('NVIDIA A100-SXM4-80GB')).toBeNull();
  });

  it('explains the L2 (no sourced TDP) instead of reading it as an L20 or L4', () => {
    for (const name of ['NVIDIA L2', 'NVIDIA L2 PCIe']) {
      expect(matchGpuName(name), name).toBeNull();
      const why = describeUnlistedGpu(name);
      expect(why?.closestId, name).toBe('l4');
      expect(why?.reason.en).toMatch(/TDP/);
      expect(why?.reason['zh-CN']).toMatch(/TDP/);
    }
    expect(describeUnlistedGpu('NVIDIA L20')).toBeNull();
  });

  it('no longer calls the China-market parts unlisted: they are in the catalog', () => {
    for (const name of ['NVIDIA A800-SXM4-80GB', 'NVIDIA A800 80GB PCIe', 'NVIDIA H800', 'NVIDIA H20', 'NVIDIA GeForce RTX 4090 D']) {
      expect(matchGpuName(name)?.confidence, name).toBe('exact');
      expect(describeUnlistedGpu(name), name).toBeNull();
    }
  });

  it('does not read an RTX 4090 D as an RTX 4090, nor the reverse, nor an A800 as an A100', () => {
    expect(idOf('NVIDIA GeForce RTX 4090 D')).toBe('rtx-4090-d');
    expect(idOf('NVIDIA GeForce RTX 4090D')).toBe('rtx-4090-d');
    expect(idOf('NVIDIA GeForce RTX 4090')).toBe('rtx-4090');
    expect(idOf('NVIDIA A800-SXM4-80GB')).not.toBe('a100-sxm4-80gb');
    expect(idOf('NVIDIA A100-SXM4-80GB')).toBe('a100-sxm4-80gb');
  });

  it('leaves China-market variants we do not list unmatched (H800 PCIe, a 141 GB H20)', () => {
    expect(matchGpuName('NVIDIA H800 PCIe')).toBeNull();
    expect(matchGpuName('NVIDIA H20 141GB')).toBeNull();
  });

  it('settles a plain "NVIDIA A800" by the memory the driver reports', () => {
    const sxm = matchGpuName('NVIDIA A800', { memoryTotalBytes: 81920 * MIB });
    expect(sxm?.entry.family).toBe('A800');
    expect(matchGpuName('NVIDIA A800', { memoryTotalBytes: 24 * GIB })).toBeNull();
  });
});

const FIXTURES = '/work/shared/fixtures';

/** Every name the shared fixtures contain, and what it must match (null: not in the catalog). */
const FIXTURE_EXPECTATIONS: Record<string, string | null> = {
  'GRID P4-1Q': null,
  'Graphics Device': null,
  'NVIDIA A100-SXM4-40GB': 'a100-sxm4-40gb',
  'NVIDIA A100-SXM4-80GB': 'a100-sxm4-80gb',
  'NVIDIA A10G': null,
  'NVIDIA GeForce GT 1030': null,
  'NVIDIA GeForce RTX 2080': null,
  'NVIDIA GeForce RTX 3060': 'rtx-3060-12gb',
  'NVIDIA GeForce RTX 3060 Laptop GPU': null,
  'NVIDIA GeForce RTX 3080': 'rtx-3080-10gb',
  'NVIDIA GeForce RTX 3090': 'rtx-3090',
  'NVIDIA GeForce RTX 4090': 'rtx-4090',
  'NVIDIA RTX 4000 SFF Ada Generation': null,
  'NVIDIA RTX A5000': null,
  'NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition': null,
  'Quadro P400': null,
  'Tesla P100-PCIE-16GB': 'p100-pcie-16gb',
  'Tesla T4': 't4',
  'NVIDIA H100 80GB HBM3': 'h100-sxm5-80gb',
  'NVIDIA H200': 'h200-sxm-141gb',
  'NVIDIA GeForce RTX 2080 SUPER': null,
  'NVIDIA A40': 'a40',
  'NVIDIA L40S': 'l40s',
  'NVIDIA GeForce RTX 2080 ...': null,
  'AMD Instinct MI300X': 'mi300x',
  'AMD INSTINCT MI250 (MCM) OAM AC MBA': 'mi250',
  'AMD Instinct MI210': null,
  'DCU xxxx': null,
  'Navi 22 [Radeon RX 6700/6700 XT / 6800M]': null,
  'Navi 23 [Radeon RX 6600/6600 XT/6600M]': null,
  'Navi 23 [Radeon RX 6600/6600 XT': null,
  'Navi 32 [Radeon RX 7700 XT / 7800 XT]': null,
  'Arcturus GL-XL [Instinct MI100]': null,
  'Radeon Instinct MI50 32GB': null,
  '...Radeon AI PRO R9700': null,
};

describe.skipIf(!existsSync(FIXTURES))('every GPU name in the shared fixtures', () => {
  const found = readFixtureGpuNames(FIXTURES);

  it('finds names in every kind of output', () => {
    for (const folder of ['nvidia-smi-xml', 'nvidia-smi-csv', 'nvidia-smi-table', 'rocm-smi', 'amd-smi']) {
      expect(found.some((f) => f.file.startsWith(folder)), folder).toBe(true);
    }
  });

  it('has a decided outcome for each name (a new fixture name must be added here)', () => {
    const undecided = [...new Set(found.map((f) => f.name))].filter((name) => !(name in FIXTURE_EXPECTATIONS));
    expect(undecided).toEqual([]);
  });

  it('matches each name, with the memory the output reports, to the expected entry', () => {
    const wrong = found
      .map((f) => ({ ...f, got: idOf(f.name, f.memoryTotalBytes ?? undefined), want: FIXTURE_EXPECTATIONS[f.name] ?? null }))
      .filter((f) => f.got !== f.want)
      .map((f) => `${f.file}: "${f.name}" → ${f.got}, expected ${f.want}`);
    expect(wrong).toEqual([]);
  });
});
