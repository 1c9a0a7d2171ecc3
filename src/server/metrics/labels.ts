// The label sets of dcgm-exporter (internal/pkg/rendermetrics/render_metrics.go), in its order:
// gpu, UUID, pci_bus_id, device, modelName, then GPU_I_PROFILE and GPU_I_ID for a MIG
// instance, then Hostname and the label fields (DCGM_FI_DRIVER_VERSION). Dashboards and alert
// rules written for dcgm-exporter select and group by these, so gpuwise's own per-GPU series
// carry the same set: one `on(gpu, Hostname)` joins any two of them.

import type { GpuDevice, MigDevice } from '../../core/snapshot.js';
import { extendLabels, formatLabels, type LabelPairs } from './text.js';

export interface LabelContext {
  hostname: string;
  driverVersion: string | null;
}

/**
 * Released dcgm-exporter versions (up to 4.4.2-4.7.1) write `Hostname`; its main branch renamed
 * it `hostname` in May 2026 (#655) after the release we match. Existing dashboards and rules use
 * the released name.
 */
export const HOSTNAME_LABEL = 'Hostname';
export const DRIVER_VERSION_LABEL = 'DCGM_FI_DRIVER_VERSION';

function identityPairs(device: GpuDevice): [string, string | null][] {
  return [
    ['gpu', String(device.index)],
    ['UUID', device.uuid],
    ['pci_bus_id', device.pciBusId],
    // dcgm-exporter names the device node after the GPU's index, as nvidia-smi numbers it.
    ['device', `nvidia${device.index}`],
    ['modelName', device.name],
  ];
}

function contextPairs(context: LabelContext): [string, string | null][] {
  return [
    [HOSTNAME_LABEL, context.hostname],
    [DRIVER_VERSION_LABEL, context.driverVersion],
  ];
}

/** `{gpu="0",UUID="GPU-…",…}` for a whole GPU. */
export function gpuLabels(device: GpuDevice, context: LabelContext): string {
  return formatLabels([...identityPairs(device), ...contextPairs(context)]);
}

/**
 * The profile in a MIG device's name ("NVIDIA A100-SXM4-40GB MIG 3g.20gb" → "3g.20gb"), as
 * dcgm-exporter's GPU_I_PROFILE label carries it; null when the name does not end in one.
 */
export function migProfile(mig: MigDevice): string | null {
  const match = /\bMIG\s+(\d+g\.\d+gb(?:\+\w+)*)\s*$/i.exec(mig.name ?? '');
  return match?.[1] ?? null;
}

/** The parent GPU's labels with GPU_I_PROFILE and GPU_I_ID where dcgm-exporter puts them. */
export function migLabels(device: GpuDevice, mig: MigDevice, context: LabelContext): string {
  const instance: [string, string | null][] = [];
  const profile = migProfile(mig);
  if (profile !== null) instance.push(['GPU_I_PROFILE', profile]);
  instance.push(['GPU_I_ID', mig.gpuInstanceId === null ? null : String(mig.gpuInstanceId)]);
  return formatLabels([...identityPairs(device), ...instance, ...contextPairs(context)]);
}

/** Labels for gpuwise's MIG series: the instance's own UUID and compute instance besides. */
export function migOwnLabels(device: GpuDevice, mig: MigDevice, context: LabelContext): string {
  const more: LabelPairs = [
    ['mig_uuid', mig.uuid],
    ['mig_index', String(mig.index)],
    ['compute_instance_id', mig.computeInstanceId === null ? null : String(mig.computeInstanceId)],
  ];
  return extendLabels(migLabels(device, mig, context), more);
}
