// What every rule sees of one sample, and how it makes an event. Rules are plain state machines
// over consecutive samples; the deriver (../derive.ts) keys GPUs and decides which are up.

import type { GpuDevice, GpuProcess, SnapshotProblem } from '../../core/snapshot.js';
import type { MessageKey } from '../../i18n/index.js';
import type { EventKind, EventSeverity, GpuEvent } from '../types.js';

export interface DeviceView {
  device: GpuDevice;
  /** History key (monitor deviceKey): UUID, else `pci:<bus id>`, else `index:<n>`. */
  key: string;
  /** First time this deriver sees the GPU (the baseline for it). */
  first: boolean;
  /** Answering this sample (state 'ok'). */
  up: boolean;
}

export interface SampleView {
  atMs: number;
  /** True for the deriver's first sample. */
  baseline: boolean;
  devices: DeviceView[];
  processes: readonly GpuProcess[];
  problems: readonly SnapshotProblem[];
}

/** A rule that looks at each GPU on its own. */
export interface DeviceRule {
  device(view: DeviceView, atMs: number): GpuEvent[];
}

export function gpuEvent(
  atMs: number,
  view: Pick<DeviceView, 'key' | 'device'>,
  kind: EventKind,
  severity: EventSeverity,
  key: MessageKey,
  params: Record<string, string | number> = {},
): GpuEvent {
  return { atMs, kind, severity, deviceKey: view.key, gpuIndex: view.device.index, key, params: { gpu: view.device.index, ...params } };
}

/** Rounds a share or a temperature for a message (the raw value is in the sample). */
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
