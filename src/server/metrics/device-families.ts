// The per-GPU series, derived from the field table (core/fields.ts): a field with a DCGM name
// is written under that name in DCGM's unit (MiB, mJ, ratios 0–1), with DCGM's type; a field
// without one — or whose DCGM unit loses precision (MiB, mJ) — is written as gpuwise's own series
// in base units. States, modes and identity strings become 0/1 series and an info series.

import { CLOCK_EVENT_REASON_BITS, type ClockEventReason } from '../../core/clock-events.js';
import { DEVICE_NUMERIC_FIELDS, ECC_COUNT_FIELDS, type NumericFieldMeta } from '../../core/fields.js';
import type { DeviceState, GpuDevice, ThrottleTimePercent } from '../../core/snapshot.js';
import { helpText } from './help.js';
import { gpuLabels, migLabels, migOwnLabels, type LabelContext } from './labels.js';
import { extendLabels, type ExpositionWriter, type MetricType } from './text.js';

type Field = keyof typeof DEVICE_NUMERIC_FIELDS;
const FIELDS = Object.entries(DEVICE_NUMERIC_FIELDS) as [Field, NumericFieldMeta][];

/**
 * DCGM reports memory as whole MiB and energy as whole mJ (int64 fields); so do we, so that a
 * rule comparing against an integer keeps working. The exact values are in gpuwise's series.
 */
function toDcgmUnit(meta: NumericFieldMeta, scale: number, value: number): number {
  if (meta.unit === 'bytes') return Math.floor(value * scale);
  if (meta.unit === 'joules') return Math.round(value * scale);
  // One multiplication's binary noise (0.462 × 0.01 = 0.0046200000000000005) is not data.
  return scale === 1 ? value : Number((value * scale).toPrecision(12));
}

const typeOf = (meta: NumericFieldMeta): MetricType => (meta.kind === 'counter' ? 'counter' : 'gauge');

/** gpuwise writes its own series too where DCGM's unit rounds (MiB, mJ). */
const ownSeriesToo = (meta: NumericFieldMeta) => meta.unit === 'bytes' || meta.unit === 'joules';

/**
 * In MIG mode dcgm-exporter (in its default "flex" mode) replaces a GPU by its instances, each
 * with GPU_I_PROFILE and GPU_I_ID; memory is what an instance has of its own. A sum over the box
 * must not count the GPU and its instances both, so these come per instance only.
 */
const MIG_SPLIT: ReadonlySet<Field> = new Set(['memoryUsedBytes', 'memoryFreeBytes']);
const MIG_VALUE = { memoryUsedBytes: 'memoryUsedBytes', memoryFreeBytes: 'memoryFreeBytes' } as const;

const THROTTLE_CAUSES = ['power', 'thermal', 'syncBoost', 'boardLimit', 'lowUtilization', 'reliability'] as const satisfies readonly (keyof ThrottleTimePercent)[];
const CLOCK_REASONS = Object.keys(CLOCK_EVENT_REASON_BITS) as ClockEventReason[];
const STATES: readonly DeviceState[] = ['ok', 'lost', 'error'];

const bit = (value: boolean | null) => (value === null ? null : value ? 1 : 0);

export function writeDeviceFamilies(out: ExpositionWriter, devices: readonly GpuDevice[], context: LabelContext): void {
  const labels = devices.map((device) => gpuLabels(device, context));
  const hasMig = devices.map((device) => device.migModeCurrent === true && device.migDevices.length > 0);

  for (const [field, meta] of FIELDS) {
    if (!meta.dcgm) continue;
    const { name, scale } = meta.dcgm;
    const add = out.family(name, typeOf(meta), helpText(`metrics.help.${name}`));
    devices.forEach((device, i) => {
      if (hasMig[i] && MIG_SPLIT.has(field)) {
        const key = MIG_VALUE[field as keyof typeof MIG_VALUE];
        for (const mig of device.migDevices) {
          const value = mig[key];
          if (value !== null) add(migLabels(device, mig, context), toDcgmUnit(meta, scale, value));
        }
        return;
      }
      const value = device[field];
      if (value !== null) add(labels[i]!, toDcgmUnit(meta, scale, value));
    });
  }

  for (const [unit, entry] of Object.entries(ECC_COUNT_FIELDS) as [keyof typeof ECC_COUNT_FIELDS, (typeof ECC_COUNT_FIELDS)[keyof typeof ECC_COUNT_FIELDS]][]) {
    const add = out.family(entry.dcgm.name, 'counter', helpText(`metrics.help.${entry.dcgm.name}`));
    devices.forEach((device, i) => add(labels[i]!, device.eccErrors?.[unit]));
  }

  for (const [field, meta] of FIELDS) {
    if (!meta.prometheus || (meta.dcgm && !ownSeriesToo(meta))) continue;
    const add = out.family(meta.prometheus, typeOf(meta), helpText(`field.${field}.help`));
    devices.forEach((device, i) => add(labels[i]!, device[field]));
  }

  const throttle = out.family('gpuwise_gpu_throttle_time_percent', 'gauge', helpText('metrics.help.gpuwise_gpu_throttle_time_percent'));
  const reasons = out.family('gpuwise_gpu_clock_event_reason_active', 'gauge', helpText('metrics.help.gpuwise_gpu_clock_event_reason_active'));
  devices.forEach((device, i) => {
    const shares = device.throttleTimePercent;
    if (shares) for (const cause of THROTTLE_CAUSES) throttle(extendLabels(labels[i]!, [['cause', cause]]), shares[cause]);
    const active = device.clockEventReasons;
    if (!active) return;
    for (const reason of CLOCK_REASONS) reasons(extendLabels(labels[i]!, [['reason', reason]]), active.includes(reason) ? 1 : 0);
    if (active.includes('unknown')) reasons(extendLabels(labels[i]!, [['reason', 'unknown']]), 1);
  });

  const modes = [
    ['gpuwise_gpu_ecc_mode_enabled', (d: GpuDevice) => d.eccModeCurrent],
    ['gpuwise_gpu_mig_mode_enabled', (d: GpuDevice) => d.migModeCurrent],
    ['gpuwise_gpu_persistence_mode_enabled', (d: GpuDevice) => d.persistenceMode],
  ] as const;
  for (const [name, read] of modes) {
    const add = out.family(name, 'gauge', helpText(`metrics.help.${name}`));
    devices.forEach((device, i) => add(labels[i]!, bit(read(device))));
  }

  const up = out.family('gpuwise_gpu_up', 'gauge', helpText('metrics.help.gpuwise_gpu_up'));
  devices.forEach((device, i) => up(labels[i]!, device.state === 'ok' ? 1 : 0));
  const state = out.family('gpuwise_gpu_state', 'gauge', helpText('metrics.help.gpuwise_gpu_state'));
  devices.forEach((device, i) => {
    for (const s of STATES) state(extendLabels(labels[i]!, [['state', s]]), device.state === s ? 1 : 0);
  });

  const info = out.family('gpuwise_gpu_info', 'gauge', helpText('metrics.help.gpuwise_gpu_info'));
  devices.forEach((device, i) => {
    const more = [
      ['serial', device.serial], ['vbios_version', device.vbiosVersion], ['architecture', device.architecture],
      ['compute_capability', device.computeCapability], ['compute_mode', device.computeMode], ['driver_model', device.driverModel],
    ] as const;
    info(extendLabels(labels[i]!, more), 1);
  });

  writeMigFamilies(out, devices, context);
}

function writeMigFamilies(out: ExpositionWriter, devices: readonly GpuDevice[], context: LabelContext): void {
  const series = [
    ['gpuwise_mig_memory_total_bytes', 'memoryTotalBytes'],
    ['gpuwise_mig_memory_used_bytes', 'memoryUsedBytes'],
    ['gpuwise_mig_memory_free_bytes', 'memoryFreeBytes'],
    ['gpuwise_mig_multiprocessors', 'multiprocessorCount'],
  ] as const;
  for (const [name, key] of series) {
    const add = out.family(name, 'gauge', helpText(`metrics.help.${name}`));
    for (const device of devices) for (const mig of device.migDevices) add(migOwnLabels(device, mig, context), mig[key]);
  }
}
