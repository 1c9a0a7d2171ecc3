// The host a set of GPUs needs — what "pair it with a strong CPU and enough memory" means in
// numbers, from reference machines and framework guidance:
//   - system RAM ≥ 2× the GPUs' total memory: pinned staging buffers, loading a checkpoint before
//     it is sharded, and the page cache of the data. NVIDIA's 8-GPU reference systems carry 2.5–4×
//     (DGX A100: 1–2 TB for 320–640 GB; DGX H100: 2 TB for 640 GB — DGX H100/A100 user guides), and
//     Puget Systems' ML workstation guidance asks for at least double the total VRAM. ZeRO-Offload
//     / ZeRO-Infinity keep the optimizer states (12 bytes per parameter with Adam) in host memory
//     instead (Ren et al. 2021, arXiv:2101.06840), on top of that;
//   - CPU cores: at least 4 per GPU for data loading and the framework's threads (Puget Systems);
//     vision training decodes and augments images on the CPU, for which NVIDIA's reference
//     machines give 14–16 cores per GPU (DGX H100: 112 cores for 8 GPUs; DGX A100: 128 for 8);
//   - PCIe: each GPU at its own generation ×16 — 16 lanes per GPU, through PCIe switches in
//     HGX/DGX machines; a desktop CPU has 16–24 lanes, so a second GPU runs at ×8;
//   - storage: reading the weights once in a minute (a model is loaded at every start), and for
//     training writing a checkpoint of the full states; NVMe at several GB/s, as DGX H100's
//     8 × 3.84 TB U.2 cache. Vision training also reads its dataset at the GPUs' images/s:
//     ImageNet's training set is 1,281,167 JPEGs in a 138 GB archive (ILSVRC2012_img_train.tar,
//     image-net.org) — 108 KB an image, so A100 ResNet-50 training at NVIDIA's published 2,470
//     images/s reads ≈ 266 MB/s per GPU;
//   - power: the GPUs' board power plus the rest of the system: NVIDIA asks for an 850 W supply
//     for one 450 W RTX 4090 (400 W for the rest), and DGX H100 is rated 10.2 kW for 5.6 kW of
//     GPUs (≈0.8× the GPU power for CPUs, NICs, fans, conversion losses); we take the larger of the
//     two. Every watt becomes heat: 3.412 BTU/h per W.

import type { MemoryEstimate } from '../estimate/types.js';
import type { HostSummary } from '../../core/snapshot.js';
import type { DeviceView } from './device.js';
import type { RecommendTask } from './types.js';

const RAM_PER_GPU_MEMORY = 2;
const CORES_PER_GPU = 4;
const VISION_CORES_PER_GPU = 14;
const LOAD_SECONDS = 60;
const PLATFORM_WATTS = 400;
const PLATFORM_SHARE = 0.8;
const BTU_PER_WATT = 3.412;
/** Adam in mixed precision offloads fp32 master weights, momentum and variance (ZeRO-Offload). */
const OFFLOAD_BYTES_PER_PARAM = 12;
/** ImageNet-1k training set: 138 GB for 1,281,167 images. */
const DATASET_BYTES_PER_IMAGE = 138e9 / 1_281_167;

export interface HostNeeds {
  systemRamBytes: number;
  /** Extra host memory if the optimizer states are offloaded (training only; null otherwise). */
  offloadRamBytes: number | null;
  cpuCores: number;
  pcieLanes: number;
  pcieGeneration: number | null;
  storageReadBytesPerSecond: number;
  /** Vision training: the dataset's reads at the published images/s (part of storageReadBytesPerSecond); null otherwise. */
  datasetReadBytesPerSecond: number | null;
  powerSupplyWatts: number;
  heatBtuPerHour: number;
  /** More than four cards of this power, or datacenter parts: server airflow or liquid cooling. */
  serverCooling: boolean;
}

export function hostNeeds(view: DeviceView, count: number, task: RecommendTask, estimate: MemoryEstimate | null, imagesPerSecond: number | null = null): HostNeeds {
  const gpuMemory = view.memoryBytes * count;
  const vision = estimate?.model.architecture === 'resnet' || estimate?.model.architecture === 'composite';
  const training = task === 'train' || task === 'finetune';
  const coresPerGpu = vision && training ? VISION_CORES_PER_GPU : CORES_PER_GPU;
  const weightsBytes = estimate === null ? gpuMemory / 2 : estimate.total.weightsBytes / Math.max(1, estimate.settings.gpuCount);
  const modelBytes = estimate?.model.parameterCount === undefined ? weightsBytes : Math.max(weightsBytes, estimate.model.parameterCount * 2);
  const gpuWatts = view.tdpWatts * count;
  const psu = gpuWatts + Math.max(PLATFORM_WATTS, PLATFORM_SHARE * gpuWatts);
  const boards = Math.ceil(count / view.devicesPerBoard);
  // A CNN reads JPEGs; a latent-diffusion recipe reads cached latents, whose rate is unknown here.
  const dataset = training && imagesPerSecond !== null && estimate?.model.architecture === 'resnet' ? imagesPerSecond * DATASET_BYTES_PER_IMAGE : null;
  return {
    systemRamBytes: RAM_PER_GPU_MEMORY * gpuMemory,
    offloadRamBytes: training && estimate !== null ? estimate.model.trainableParameterCount * OFFLOAD_BYTES_PER_PARAM : null,
    cpuCores: coresPerGpu * count,
    pcieLanes: 16 * boards,
    pcieGeneration: view.entry.pcieGeneration.value,
    storageReadBytesPerSecond: Math.max(modelBytes / LOAD_SECONDS, dataset ?? 0),
    datasetReadBytesPerSecond: dataset,
    powerSupplyWatts: Math.ceil(psu / 50) * 50,
    heatBtuPerHour: Math.round(psu * BTU_PER_WATT),
    serverCooling: view.entry.segment === 'datacenter' || (count > 4 && view.tdpWatts >= 300),
  };
}

export interface HostShortfall {
  what: 'systemRam' | 'cpuCores' | 'pcieWidth';
  have: number;
  need: number;
}

/**
 * What this machine lacks against `needs`: RAM, CPU threads, and — where the local GPUs report
 * their link — a slot narrower than ×16. Storage and the power supply cannot be read, so are not judged.
 */
export function hostShortfalls(needs: HostNeeds, host: HostSummary, devices: readonly { pcieLinkWidthMax: number | null }[] = []): HostShortfall[] {
  const out: HostShortfall[] = [];
  const widths = devices.map((d) => d.pcieLinkWidthMax).filter((w): w is number => w !== null && w > 0);
  const narrowest = widths.length === 0 ? null : Math.min(...widths);
  if (narrowest !== null && narrowest < 16) out.push({ what: 'pcieWidth', have: narrowest, need: 16 });
  if (host.memoryTotalBytes !== null && host.memoryTotalBytes < needs.systemRamBytes) out.push({ what: 'systemRam', have: host.memoryTotalBytes, need: needs.systemRamBytes });
  if (host.cpuLogicalCount !== null && host.cpuLogicalCount < needs.cpuCores) out.push({ what: 'cpuCores', have: host.cpuLogicalCount, need: needs.cpuCores });
  return out;
}
