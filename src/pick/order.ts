// CUDA numbers GPUs fastest first unless CUDA_DEVICE_ORDER=PCI_BUS_ID; NVML (and so pick and
// nvidia-smi) numbers them in PCI bus order. On a machine whose GPUs are all one model the two
// orders agree; with different models, index 0 can be two different GPUs. UUIDs never differ.

import type { Snapshot } from '../core/snapshot.js';

/** True when indices printed for CUDA_VISIBLE_DEVICES could name other GPUs than pick meant. */
export function cudaOrderMayDiffer(snapshot: Snapshot | null, env: Readonly<Record<string, string | undefined>>): boolean {
  if (snapshot === null || env.CUDA_DEVICE_ORDER === 'PCI_BUS_ID') return false;
  return new Set(snapshot.devices.map((device) => device.name ?? `?${device.index}`)).size > 1;
}
