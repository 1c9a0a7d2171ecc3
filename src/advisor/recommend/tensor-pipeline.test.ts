// Tensor × pipeline parallel training (PTD-P, Narayanan et al. 2021 §3) beside ZeRO, tensor and
// pipeline alone: what it holds per GPU, and what its communication costs.

import { describe, expect, it } from 'vitest';
import type { GpuEntry } from '../../catalog/index.js';
import { FIXTURE_GPUS } from '../__fixtures__/gpus.js';
import { estimateMemory } from '../estimate/estimate.js';
import { deviceView } from './device.js';
import { createMemoryPlanner } from './memory-plan.js';
import { trainingScaling } from './scaling.js';

const h100 = FIXTURE_GPUS.find((g) => g.id === 'h100-sxm5-80gb') as GpuEntry;
const SRC = [{ source: 'advisor-fixture' }];
const nvlink: GpuEntry = { ...h100, gpuLink: { value: { technology: 'nvlink', generation: 4, bandwidthGBps: 900 }, sources: SRC } };

describe('tensor × pipeline candidates', () => {
  const planner = createMemoryPlanner({ task: 'train', model: 'llama-3-70b' });

  it('are offered for every t ≤ 8 and p ≥ 2 that divide the GPU count, after the single-axis splits', () => {
    const plans = planner.candidates(16).map((c) => c.plan);
    const combined = plans.flatMap((p) => (p.kind === 'tensor-pipeline' ? [`${p.tensorParallel}x${p.stages}x${p.dataParallel}`] : []));
    expect(combined).toEqual(['2x2x4', '2x4x2', '2x8x1', '4x2x2', '4x4x1', '8x2x1']);
    expect(plans.findIndex((p) => p.kind === 'tensor-pipeline')).toBeGreaterThan(plans.findIndex((p) => p.kind === 'pipeline'));
    expect(planner.candidates(1).some((c) => c.plan.kind === 'tensor-pipeline')).toBe(false);
  });

  it('hold 1/p of a t-way replica\'s states and its tensor-sharded activations: t8 × p2 needs the least of all 16-GPU splits', () => {
    const list = planner.candidates(16);
    const tp8pp2 = list.find((c) => c.plan.kind === 'tensor-pipeline' && c.plan.tensorParallel === 8 && c.plan.stages === 2);
    const replica = estimateMemory({ task: 'train', model: 'llama-3-70b', gpuCount: 8, tensorParallel: 8, zeroStage: 0 }).perGpu;
    expect(tp8pp2?.breakdown?.weightsBytes).toBeCloseTo(replica.weightsBytes / 2, 0);
    expect(tp8pp2?.breakdown?.optimizerStatesBytes).toBeCloseTo(replica.optimizerStatesBytes / 2, 0);
    expect(tp8pp2?.breakdown?.activationsBytes).toBe(replica.activationsBytes);
    const needs = list.map((c) => c.perGpuNeedBytes ?? Infinity);
    expect(tp8pp2?.perGpuNeedBytes).toBe(Math.min(...needs));
  });
});

describe('tensor × pipeline communication', () => {
  const flops = 989.5e12;
  const estimate = estimateMemory({ task: 'train', model: 'llama-3-8b', gpuCount: 8, tensorParallel: 4, zeroStage: 0 });
  const perToken = 6 * estimate.model.activeParameterCount;

  it('all-reduces the activations of the L/p layers a stage holds, then pays the bubble', () => {
    const tensorOnly = trainingScaling({ kind: 'tensor', tensorParallel: 4, dataParallel: 1 }, 4, deviceView(nvlink), estimate, flops, perToken);
    const combined = trainingScaling({ kind: 'tensor-pipeline', tensorParallel: 4, stages: 2, dataParallel: 1 }, 8, deviceView(nvlink), estimate, flops, perToken);
    // 128 micro-batches of 1 over 2 stages: bubble 1 / 129.
    const bubbleFree = ((combined.computeSeconds ?? 0) + (combined.communicationSeconds ?? 0)) * (1 - 1 / 129);
    const tensorAllReduce = bubbleFree - (combined.computeSeconds ?? 0);
    expect(tensorAllReduce * 2).toBeCloseTo(tensorOnly.communicationSeconds ?? 0, 9);
    expect(combined.computeSeconds).toBeCloseTo((tensorOnly.computeSeconds ?? 0) / 2, 12);
    expect(combined.efficiency).toBeLessThan(1);
    expect(combined.efficiency).toBeGreaterThan(0);
  });
});
