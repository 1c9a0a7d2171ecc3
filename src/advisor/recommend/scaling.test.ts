import { describe, expect, it } from 'vitest';
import type { GpuEntry } from '../../catalog/index.js';
import { FIXTURE_GPUS } from '../__fixtures__/gpus.js';
import { estimateMemory } from '../estimate/estimate.js';
import { deviceView } from './device.js';
import { decodeScaling, ringLink, trainingScaling } from './scaling.js';

const base = FIXTURE_GPUS.find((g) => g.id === 'h100-sxm5-80gb') as GpuEntry;
const SRC = [{ source: 'advisor-fixture' }];
const withLink = (over: Partial<GpuEntry>): GpuEntry => ({ ...base, ...over });
const nvlink = withLink({ gpuLink: { value: { technology: 'nvlink', generation: 4, bandwidthGBps: 900 }, sources: SRC } });
const bridge = withLink({ formFactor: 'pcie', gpuLink: { value: { technology: 'nvlink-bridge', generation: 3, bandwidthGBps: 600 }, sources: SRC }, pcieGeneration: { value: 4, sources: SRC } });
const pcie = withLink({ formFactor: 'pcie', pcieGeneration: { value: 4, sources: SRC } });
const geforce = withLink({ formFactor: 'pcie', segment: 'consumer', pcieGeneration: { value: 4, sources: SRC } });

describe('the link a ring of GPUs runs over', () => {
  it('NVLink within a machine, a bridge only for a pair, PCIe beyond, GeForce without P2P at half, the network past 8', () => {
    expect(ringLink(deviceView(nvlink), 1).kind).toBe('none');
    expect(ringLink(deviceView(nvlink), 8)).toMatchObject({ kind: 'fast-link', bytesPerSecond: 450e9 });
    expect(ringLink(deviceView(bridge), 2).kind).toBe('fast-link');
    expect(ringLink(deviceView(bridge), 4).kind).toBe('pcie');
    expect(ringLink(deviceView(bridge), 4).bytesPerSecond).toBeCloseTo(31.5e9 * 0.8, -3);
    expect(ringLink(deviceView(geforce), 4).kind).toBe('pcie-no-p2p');
    expect(ringLink(deviceView(geforce), 4).bytesPerSecond).toBeCloseTo(31.5e9 * 0.4, -3);
    expect(ringLink(deviceView(nvlink), 16).kind).toBe('network');
    expect(ringLink(deviceView(geforce), 16).bytesPerSecond).toBeLessThan(ringLink(deviceView(nvlink), 16).bytesPerSecond);
  });
});

describe('what communication leaves of linear scaling', () => {
  const train = estimateMemory({ task: 'train', model: 'llama-3-8b', gpuCount: 8, zeroStage: 3 });
  const flops = 989.5e12;
  const perToken = 6 * train.model.activeParameterCount;
  const plan = { kind: 'zero', stage: 3, dataParallel: 8 } as const;

  it('ZeRO-3 training over 8 GPUs: NVLink ≥ PCIe > PCIe without P2P > the network, each below 1', () => {
    const e = (entry: GpuEntry, count = 8) => trainingScaling(count === 8 ? plan : { ...plan, dataParallel: count }, count, deviceView(entry), train, flops, perToken).efficiency;
    expect(e(nvlink)).toBeGreaterThan(0.9);
    expect(e(nvlink)).toBeGreaterThan(e(pcie));
    expect(e(pcie)).toBeGreaterThan(e(geforce));
    expect(e(geforce)).toBeLessThan(1);
    expect(e(nvlink, 16)).toBeLessThan(e(nvlink));
  });

  it('tensor parallel over PCIe costs more than over NVLink; a pipeline pays its bubble', () => {
    const tp = { kind: 'tensor', tensorParallel: 4, dataParallel: 1 } as const;
    const tpEstimate = estimateMemory({ task: 'train', model: 'llama-3-8b', gpuCount: 4, tensorParallel: 4, zeroStage: 0 });
    const overNvlink = trainingScaling(tp, 4, deviceView(nvlink), tpEstimate, flops, perToken).efficiency;
    const overPcie = trainingScaling(tp, 4, deviceView(pcie), tpEstimate, flops, perToken).efficiency;
    expect(overNvlink).toBeGreaterThan(overPcie);
    const pp = trainingScaling({ kind: 'pipeline', stages: 4, dataParallel: 1 }, 4, deviceView(pcie), tpEstimate, flops, perToken);
    // 128 micro-batches of 1 over 4 stages: bubble 3 / 131.
    expect(pp.efficiency).toBeCloseTo(1 - 3 / 131, 3);
  });

  it('decoding over 8 PCIe cards loses more than over NVLink, and one GPU loses nothing', () => {
    const infer = estimateMemory({ task: 'inference', model: 'llama-3-70b', gpuCount: 8 });
    const step = 0.02;
    expect(decodeScaling(1, deviceView(pcie), infer, step).efficiency).toBe(1);
    expect(decodeScaling(8, deviceView(nvlink), infer, step).efficiency).toBeGreaterThan(decodeScaling(8, deviceView(geforce), infer, step).efficiency);
  });
});
