// The fields that describe the interval since the previous reading: PCIe and NVLink bytes per
// second, average power, throttle time, GPM activity. Each comes from counters read now and the
// same counters remembered from last time (per GPU, keyed by UUID by the reader). Every one is
// optional: absent means null with a reason, never 0.

import type { DeviceMetricField, ThrottleTimePercent } from '../../core/snapshot.js';
import { millijoulesToJoules } from '../../core/units.js';
import type { UnavailableReason } from '../../core/unavailable.js';
import type { FieldRecorder } from './field-recorder.js';
import type { PcieThroughput } from './pcie-poller.js';
import { CounterSlot, type RateResult } from './rates.js';
import type { CounterBatch, CounterPoint, Read } from './read-counters.js';
import type { DeviceMetrics } from './read-metrics.js';
import type { GpmReading } from './read-gpm.js';
import { THROTTLE_CAUSES, type ThrottleCause, type ViolationReadings } from './read-violations.js';
import { NVML_ERROR_INVALID_ARGUMENT, unavailableReasonFor } from './return-codes.js';

/** One GPU's remembered counters. */
export class DeviceCounters {
  readonly pcieTx = new CounterSlot();
  readonly pcieRx = new CounterSlot();
  readonly nvlinkTx = new CounterSlot();
  readonly nvlinkRx = new CounterSlot();
  readonly energy = new CounterSlot();
  readonly throttle = Object.fromEntries(THROTTLE_CAUSES.map((cause) => [cause, new CounterSlot()])) as Record<ThrottleCause, CounterSlot>;
}

export interface RateInputs {
  batch: CounterBatch;
  /** The energy counter, from the batch or from its own call. */
  energy: Read<CounterPoint>;
  violations: Read<ViolationReadings>;
  /** The background PCIe measurement where the byte counters are missing; null when not measured. */
  pcieThroughput: PcieThroughput | null;
  /** Why PCIe rates are missing when neither counters nor a measurement give them. */
  pcieMissing: UnavailableReason | null;
  gpm: GpmReading;
}

/** A field value's own return code: an id the driver does not know is "not supported". */
export function fieldReason(code: number): UnavailableReason {
  return code === NVML_ERROR_INVALID_ARGUMENT ? 'not-supported' : unavailableReasonFor(code);
}

type RateField = Extract<DeviceMetricField, 'pcieTxBytesPerSecond' | 'pcieRxBytesPerSecond' | 'nvlinkTxBytesPerSecond' | 'nvlinkRxBytesPerSecond' | 'powerDrawAverageWatts'>;

/** Fills the interval fields of `m` from this reading's counters and the remembered ones. */
export function applyRates(m: DeviceMetrics, rec: FieldRecorder<DeviceMetricField>, slots: DeviceCounters, inputs: RateInputs): void {
  const set = (field: RateField, result: RateResult) => {
    if (result.ok) m[field] = result.value;
    else rec.unavailable[field] = result.reason;
  };
  const rate = (field: RateField, slot: CounterSlot, read: Read<CounterPoint>, scale: number) =>
    set(field, read.ok ? slot.rate(read.value, scale) : { ok: false, reason: fieldReason(read.code) });

  const { batch } = inputs;
  if (batch.pcieTxBytes.ok && batch.pcieRxBytes.ok) {
    rate('pcieTxBytesPerSecond', slots.pcieTx, batch.pcieTxBytes, 1);
    rate('pcieRxBytesPerSecond', slots.pcieRx, batch.pcieRxBytes, 1);
  } else if (inputs.pcieThroughput) {
    set('pcieTxBytesPerSecond', inputs.pcieThroughput.txBytesPerSecond);
    set('pcieRxBytesPerSecond', inputs.pcieThroughput.rxBytesPerSecond);
  } else {
    const reason = inputs.pcieMissing ?? 'not-supported';
    rec.unavailable.pcieTxBytesPerSecond = reason;
    rec.unavailable.pcieRxBytesPerSecond = reason;
  }
  // NVLink counters are KiB.
  rate('nvlinkTxBytesPerSecond', slots.nvlinkTx, batch.nvlinkTxKib, 1024);
  rate('nvlinkRxBytesPerSecond', slots.nvlinkRx, batch.nvlinkRxKib, 1024);

  // The energy counter is mJ: mJ per second / 1000 = W.
  if (inputs.energy.ok) m.energyConsumedJoules = millijoulesToJoules(inputs.energy.value.hi * 0x1_0000_0000 + inputs.energy.value.lo);
  else rec.unavailable.energyConsumedJoules = fieldReason(inputs.energy.code);
  rate('powerDrawAverageWatts', slots.energy, inputs.energy, 1 / 1000);

  applyThrottle(m, rec, slots, inputs.violations);
  applyGpm(m, rec, inputs.gpm);
}

function applyThrottle(m: DeviceMetrics, rec: FieldRecorder<DeviceMetricField>, slots: DeviceCounters, violations: Read<ViolationReadings>): void {
  if (!violations.ok) {
    rec.unavailable.throttleTimePercent = unavailableReasonFor(violations.code);
    return;
  }
  const shares = {} as ThrottleTimePercent;
  let firstReason: UnavailableReason | null = null;
  let any = false;
  for (const cause of THROTTLE_CAUSES) {
    const reading = violations.value[cause];
    // ns of violation per s of reference time, as a percentage.
    const result: RateResult = reading.ok ? slots.throttle[cause].rate(reading.value, 100 / 1e9) : { ok: false, reason: fieldReason(reading.code) };
    shares[cause] = result.ok ? Math.min(100, result.value) : null;
    if (result.ok) any = true;
    else firstReason ??= result.reason;
  }
  if (any) m.throttleTimePercent = shares;
  else rec.unavailable.throttleTimePercent = firstReason ?? 'not-supported';
}

function applyGpm(m: DeviceMetrics, rec: FieldRecorder<DeviceMetricField>, gpm: GpmReading): void {
  const fields = ['graphicsActivePercent', 'smActivePercent', 'smOccupancyPercent', 'tensorActivePercent', 'dramActivePercent'] as const;
  for (const field of fields) {
    const result = gpm.ok ? gpm.values[field] : { ok: false as const, reason: gpm.reason };
    if (result.ok) m[field] = Math.min(100, Math.max(0, result.value));
    else rec.unavailable[field] = result.reason;
  }
}

/** Priming: remember this reading's counters as the baselines, compute nothing. */
export function rememberCounters(slots: DeviceCounters, batch: CounterBatch, energy: Read<CounterPoint>, violations: Read<ViolationReadings>): void {
  if (batch.pcieTxBytes.ok) slots.pcieTx.set(batch.pcieTxBytes.value);
  if (batch.pcieRxBytes.ok) slots.pcieRx.set(batch.pcieRxBytes.value);
  if (batch.nvlinkTxKib.ok) slots.nvlinkTx.set(batch.nvlinkTxKib.value);
  if (batch.nvlinkRxKib.ok) slots.nvlinkRx.set(batch.nvlinkRxKib.value);
  if (energy.ok) slots.energy.set(energy.value);
  if (violations.ok) {
    for (const cause of THROTTLE_CAUSES) {
      const reading = violations.value[cause];
      if (reading.ok) slots.throttle[cause].set(reading.value);
    }
  }
}
