// How much of N GPUs' speed survives communication — the reason 8 PCIe cards are not 8× one card.
// A cost model, stated so it can be checked:
//   - collectives are rings: an all-reduce of m bytes moves 2(n−1)/n · m through each GPU's link,
//     a reduce-scatter or all-gather (n−1)/n · m (NCCL's bus-bandwidth convention,
//     NVIDIA/nccl-tests doc/PERFORMANCE.md), plus a fixed latency per collective;
//   - the link is the slowest hop of the ring: NVLink/NVSwitch, Infinity Fabric, Gaudi's RoCE and
//     Ascend's HCCS at the catalog's per-GPU bandwidth (half per direction) within one 8-GPU
//     machine; an NVLink bridge joins only pairs, so beyond two GPUs the ring crosses PCIe; PCIe
//     runs at 80 % of its x16 rate (3.0: 15.75, 4.0: 31.5, 5.0: 63 GB/s per direction), and GeForce
//     cards, which cannot do peer-to-peer over PCIe (NVIDIA/nccl-tests#117;
//     tinygrad/open-gpu-kernel-modules#17), at half that through host memory; past 8 GPUs the
//     ring leaves the machine: one 400 Gb/s NIC per GPU for datacenter parts (DGX H100 reference
//     design), one 100 Gb/s NIC per 8-GPU box otherwise;
//   - data parallelism (ZeRO 0–2) all-reduces the bf16 gradients once per optimizer step, ZeRO-3
//     also gathers the weights for every forward and backward pass (1.5× the traffic: Rajbhandari
//     et al. 2020 §7) on every micro-batch; both overlap with the backward pass, so a step takes
//     max(compute, communication) (Li et al. 2020, "PyTorch Distributed", VLDB);
//   - tensor parallelism all-reduces the activations twice per layer forward and twice backward
//     (Shoeybi et al. 2019, "Megatron-LM" §3), on the critical path — it adds to the step;
//   - pipeline parallelism idles (p−1)/(m+p−1) of a 1F1B step with m micro-batches (Narayanan et
//     al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters" §2.2);
//   - tensor × pipeline (t-way tensor parallel inside each of p stages, "PTD-P" in the same paper
//     §3): each stage's t GPUs all-reduce the activations of its L/p layers as above, then the
//     bubble applies; the point-to-point sends between stages (one micro-batch's activations,
//     overlapped under 1F1B) are left out, as they are for pipeline alone;
//   - decoding with tensor parallelism all-reduces one token's activations twice per layer per
//     step; at small batches the latency dominates (Pope et al. 2022 §3).
// Latency per collective: 10 µs over NVLink-class links, 25 µs over PCIe, 50 µs between machines
// — round figures of nccl-tests small-message times, assumptions rather than measurements of
// your machine.

import type { MemoryEstimate } from '../estimate/types.js';
import type { DeviceView } from './device.js';

const PCIE_GBPS: Record<number, number> = { 3: 15.75, 4: 31.5, 5: 63, 6: 126 };
const PCIE_EFFICIENCY = 0.8;
const NO_P2P_FACTOR = 0.5;
const GPUS_PER_MACHINE = 8;
const DATACENTER_NIC_GBPS = 50;
const OTHER_NIC_GBPS_PER_GPU = 12.5 / GPUS_PER_MACHINE;
const LATENCY_S = { fast: 10e-6, pcie: 25e-6, network: 50e-6 } as const;
/** Sequences per optimizer step over all GPUs (a common fine-tuning global batch). */
export const GLOBAL_BATCH_SEQUENCES = 128;

export type LinkKind = 'none' | 'fast-link' | 'pcie' | 'pcie-no-p2p' | 'network';

export interface Link {
  kind: LinkKind;
  /** Per GPU, one direction. */
  bytesPerSecond: number;
  latencySeconds: number;
}

export function ringLink(view: DeviceView, count: number): Link {
  const entry = view.entry;
  if (count <= 1) return { kind: 'none', bytesPerSecond: Number.POSITIVE_INFINITY, latencySeconds: 0 };
  // A machine holds 8 boards: 16 GCDs of MI250X.
  if (count > GPUS_PER_MACHINE * view.devicesPerBoard) {
    const gbps = entry.segment === 'datacenter' ? DATACENTER_NIC_GBPS : OTHER_NIC_GBPS_PER_GPU;
    return { kind: 'network', bytesPerSecond: gbps * 1e9, latencySeconds: LATENCY_S.network };
  }
  const link = entry.gpuLink.value;
  if (link !== null && (link.technology !== 'nvlink-bridge' || count === 2)) {
    return { kind: 'fast-link', bytesPerSecond: (link.bandwidthGBps / 2) * 1e9, latencySeconds: LATENCY_S.fast };
  }
  const gen = entry.pcieGeneration.value ?? 4;
  const perDirection = (PCIE_GBPS[gen] ?? PCIE_GBPS[4] ?? 31.5) * PCIE_EFFICIENCY;
  const noP2p = entry.segment === 'consumer' && entry.vendor === 'nvidia';
  return { kind: noP2p ? 'pcie-no-p2p' : 'pcie', bytesPerSecond: (noP2p ? perDirection * NO_P2P_FACTOR : perDirection) * 1e9, latencySeconds: LATENCY_S.pcie };
}

export type ParallelPlan =
  | { kind: 'single' }
  | { kind: 'zero'; stage: number; dataParallel: number }
  | { kind: 'tensor'; tensorParallel: number; dataParallel: number }
  | { kind: 'pipeline'; stages: number; dataParallel: number }
  | { kind: 'tensor-pipeline'; tensorParallel: number; stages: number; dataParallel: number }
  | { kind: 'inference-tensor'; tensorParallel: number }
  | { kind: 'partition'; count: number };

export interface Scaling {
  /** Share of N × one GPU's speed left after communication (1 = linear). */
  efficiency: number;
  link: Link;
  /** Seconds per step: compute alone, and what communication adds or stalls. */
  computeSeconds: number | null;
  communicationSeconds: number | null;
}

const ring = (n: number, bytes: number, link: Link, factor: number) => (factor * ((n - 1) / n) * bytes) / link.bytesPerSecond + link.latencySeconds;

/**
 * Efficiency of a training step of `plan` on `count` GPUs that each compute at `gpuFlops`
 * (already at the chosen precision); `flopsPerToken` per trained token.
 */
export function trainingScaling(plan: ParallelPlan, count: number, view: DeviceView, estimate: MemoryEstimate, gpuFlops: number, flopsPerToken: number): Scaling {
  const link = ringLink(view, count);
  const { batchSize: micro, sequenceLength: seq } = estimate.settings;
  const gradBytes = estimate.model.trainableParameterCount * 2;
  const weightBytes = estimate.model.parameterCount * 2;
  const shape = estimate.model.shape;
  const none: Scaling = { efficiency: 1, link, computeSeconds: null, communicationSeconds: 0 };
  if (plan.kind === 'single' || plan.kind === 'partition' || plan.kind === 'inference-tensor') return none;

  const tensor = plan.kind === 'tensor' || plan.kind === 'tensor-pipeline' ? plan.tensorParallel : 1;
  const stages = plan.kind === 'pipeline' || plan.kind === 'tensor-pipeline' ? plan.stages : 1;
  const modelParallel = tensor * stages;
  // One micro-batch's compute on one GPU; model-parallel GPUs share one micro-batch.
  const compute = (micro * seq * flopsPerToken) / modelParallel / gpuFlops;
  const dp = plan.dataParallel;
  const accumulation = Math.max(1, Math.ceil(GLOBAL_BATCH_SEQUENCES / (dp * micro)));
  let overlapped = 0;
  let added = 0;
  if (dp > 1) {
    const shardBytes = gradBytes / modelParallel;
    if (plan.kind === 'zero' && plan.stage === 3) overlapped = ring(dp, (weightBytes / modelParallel) * 2 + shardBytes, link, 1);
    else overlapped = ring(dp, shardBytes, link, 2) / accumulation;
  }
  if (tensor > 1 && shape !== null) {
    // The layers one stage holds; a whole model when there is no pipeline.
    added = 4 * (shape.layers / stages) * ring(tensor, micro * seq * shape.hiddenSize * 2, ringLink(view, tensor), 2);
  }
  let step = Math.max(compute, overlapped) + added;
  if (stages > 1) step = step / (1 - (stages - 1) / (accumulation + stages - 1));
  return { efficiency: compute / step, link, computeSeconds: compute, communicationSeconds: step - compute };
}

/** Efficiency of one decode step split over `count` GPUs by tensor parallelism. */
export function decodeScaling(count: number, view: DeviceView, estimate: MemoryEstimate, stepSeconds: number): Scaling {
  const link = ringLink(view, count);
  const shape = estimate.model.shape;
  if (count <= 1 || shape === null) return { efficiency: 1, link, computeSeconds: stepSeconds, communicationSeconds: 0 };
  const comm = 2 * shape.layers * ring(count, estimate.settings.batchSize * shape.hiddenSize * 2, link, 2);
  return { efficiency: stepSeconds / (stepSeconds + comm), link, computeSeconds: stepSeconds, communicationSeconds: comm };
}
