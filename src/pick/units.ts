// What can be handed to a job: a whole GPU, or — on a GPU in MIG mode — each of its MIG
// instances (CUDA_VISIBLE_DEVICES takes their `MIG-…` UUIDs; the parent GPU itself cannot run a
// CUDA job while MIG is on). One unit's readings are gathered over every snapshot of the window.

import type { GpuDevice, GpuProcess, MigDevice, Snapshot } from '../core/snapshot.js';

export interface UnitReading {
  device: GpuDevice;
  mig: MigDevice | null;
  processes: GpuProcess[];
}

/** A stable key per unit across snapshots: the UUID, else the bus id, else the index. */
export function unitKey(device: GpuDevice, mig: MigDevice | null): string {
  const gpu = device.uuid ?? (device.pciBusId !== null ? `pci:${device.pciBusId}` : `index:${device.index}`);
  if (mig === null) return gpu;
  return mig.uuid ?? `${gpu}/mig:${mig.gpuInstanceId ?? '?'}.${mig.computeInstanceId ?? '?'}.${mig.index}`;
}

function processesOf(snapshot: Snapshot, device: GpuDevice, mig: MigDevice | null): GpuProcess[] {
  return snapshot.processes.filter((process) => {
    const sameGpu = device.uuid !== null && process.gpuUuid !== null ? process.gpuUuid === device.uuid : process.gpuIndex === device.index;
    if (!sameGpu) return false;
    if (mig === null) return true;
    return process.gpuInstanceId === mig.gpuInstanceId && (mig.computeInstanceId === null || process.computeInstanceId === null || process.computeInstanceId === mig.computeInstanceId);
  });
}

/** True when the GPU's own handle is not usable for a job: MIG is on and instances exist. */
export function splitIntoMig(device: GpuDevice, includeMig: boolean): boolean {
  return includeMig && device.migModeCurrent === true && device.migDevices.length > 0;
}

/** Every unit of one snapshot, in index order (MIG instances in their own order under their GPU). */
export function unitsOf(snapshot: Snapshot, includeMig: boolean): Map<string, UnitReading> {
  const units = new Map<string, UnitReading>();
  const devices = [...snapshot.devices].sort((a, b) => a.index - b.index);
  for (const device of devices) {
    if (splitIntoMig(device, includeMig)) {
      for (const mig of device.migDevices) units.set(unitKey(device, mig), { device, mig, processes: processesOf(snapshot, device, mig) });
    } else {
      units.set(unitKey(device, null), { device, mig: null, processes: processesOf(snapshot, device, null) });
    }
  }
  return units;
}
