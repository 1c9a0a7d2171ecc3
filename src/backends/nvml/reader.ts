// One batched read of every GPU through NVML: driver facts, devices, processes, and what changed
// since the previous read (rates, throttle time, GPM, the driver's sub-second samples). A GPU that
// errors or falls off the bus becomes a device with state 'lost'/'error' and null metrics; the
// others are read as usual. Every step is a plan (./plan.ts): `read` runs them synchronously,
// ./deadline.ts runs the same plans on the thread pool under one deadline.

import type { BackendProcess, BackendReading, DeviceSampleSeries } from '../../core/backend.js';
import type { DeviceMetricField, DriverInfo, GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { allUnavailable, assembleDevice, deviceWithoutData, identityUnavailable } from './assemble.js';
import { DeviceSlot } from './device-slot.js';
import { FieldRecorder } from './field-recorder.js';
import { STRING_BUFFER_BYTES } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { PcieThroughputPoller } from './pcie-poller.js';
import { call, runSync, type Plan } from './plan.js';
import type { CounterBatch, CounterPoint, Read } from './read-counters.js';
import { emptyIdentity, readIdentity, type DeviceIdentity } from './read-identity.js';
import { emptyMetrics, readMetrics, type MetricOptions } from './read-metrics.js';
import { readMigDevices } from './read-mig.js';
import { ProcessLayoutChoice } from './read-processes.js';
import { applyRates, DeviceCounters, rememberCounters, type RateInputs } from './read-rates.js';
import { readViolations, type ViolationReadings } from './read-violations.js';
import { isDeviceLost, nvmlReturnName, NVML_SUCCESS, unavailableReasonFor } from './return-codes.js';
import { Scratch } from './scratch.js';

export interface ReaderOptions extends MetricOptions {
  /** Read the driver's sub-second samples into BackendReading.samples. */
  subSecondSamples: boolean;
  /** Read GPM (Hopper and newer) activity. */
  gpm: boolean;
  /** The caller reads once (NvmlBackendOptions.singleReading): no baselines for a next reading. */
  singleReading: boolean;
  /** Monotonic ms for pacing slow process lists (./list-pacing.ts); default process.uptime in ms. Tests set it. */
  monotonicNow?: () => number;
}

export interface DeviceProgress {
  /** How many GPUs this read will cover. */
  count: number;
  device: GpuDevice;
  processes: BackendProcess[];
  driver: DriverInfo;
}

export interface DeviceResult {
  device: GpuDevice;
  processes: BackendProcess[];
  problems: SnapshotProblem[];
  samples: DeviceSampleSeries[];
}

export interface CounterReadings {
  batch: CounterBatch;
  /** The energy counter, from the batch or from its own call. */
  energy: Read<CounterPoint>;
  violations: Read<ViolationReadings>;
}

export class NvmlReader {
  readonly slots: DeviceSlot[] = [];
  /** For the system calls (count, driver version): not any GPU's buffers. */
  private readonly systemScratch = new Scratch();
  private readonly layout = new ProcessLayoutChoice();
  /** Remembered counters per GPU, by UUID: an index can change across a reset. */
  private readonly counters = new Map<string, DeviceCounters>();
  driver: DriverInfo | null = null;
  private layoutNoteReported = false;

  constructor(
    readonly lib: NvmlLibrary,
    private readonly options: ReaderOptions,
  ) {}

  /** Reads everything; `onDevice` hears about each GPU as soon as it is read (the worker thread). */
  read(onDevice?: (progress: DeviceProgress) => void): BackendReading {
    const driver = (this.driver ??= runSync(this.driverPlan()));
    const count = runSync(this.countPlan());
    if (!count.ok) return { driver, devices: [], processes: [], problems: [this.problem('devices', count.code, 'nvmlDeviceGetCount')] };
    const results: DeviceResult[] = [];
    for (let index = 0; index < count.value; index++) {
      const result = this.guarded(index, () => runSync(this.devicePlan(index)));
      results.push(result);
      onDevice?.({ count: count.value, device: result.device, processes: result.processes, driver });
    }
    return this.combine(driver, results, []);
  }

  /** Remembers every GPU's counters (and starts what is measured in the background); reads nothing else. */
  prime(): void {
    const count = runSync(this.countPlan());
    if (!count.ok) return;
    for (let index = 0; index < count.value; index++) {
      try {
        runSync(this.primePlan(index));
      } catch {
        // Priming is best effort: the read after it reports what is wrong.
      }
    }
  }

  combine(driver: DriverInfo, results: readonly DeviceResult[], extraProblems: readonly SnapshotProblem[]): BackendReading {
    const reading: BackendReading = { driver, devices: [], processes: [], problems: [] };
    const samples: DeviceSampleSeries[] = [];
    // Indexed: 200 processes a tick, and an iterator's every step is an object until optimised.
    for (let r = 0; r < results.length; r++) {
      const result = results[r]!;
      reading.devices.push(result.device);
      for (let i = 0; i < result.processes.length; i++) reading.processes.push(result.processes[i]!);
      for (let i = 0; i < result.problems.length; i++) reading.problems.push(result.problems[i]!);
      for (let i = 0; i < result.samples.length; i++) samples.push(result.samples[i]!);
    }
    reading.problems.push(...extraProblems);
    if (this.layout.note && !this.layoutNoteReported) {
      this.layoutNoteReported = true;
      reading.problems.push({ scope: 'processes', code: 'struct-layout', message: this.layout.note });
    }
    if (this.options.subSecondSamples) reading.samples = samples;
    return reading;
  }

  /** A bug or a koffi failure on one GPU must not hide the others. */
  guarded(index: number, read: () => DeviceResult): DeviceResult {
    try {
      return read();
    } catch (error) {
      const device = deviceWithoutData(index, emptyIdentity(), 'error', String(error), allUnavailable('error'));
      return { device, processes: [], problems: [{ scope: `device:${index}`, code: 'exception', message: String(error) }], samples: [] };
    }
  }

  slot(index: number): DeviceSlot {
    return (this.slots[index] ??= new DeviceSlot(this.lib, this.layout, this.options.platform, this.options.monotonicNow));
  }

  *countPlan(): Plan<Read<number>> {
    const s = this.systemScratch;
    const code = yield call(this.lib.fn.deviceCount, s.slot(0));
    return code === NVML_SUCCESS ? { ok: true, value: s.slotU32(0) } : { ok: false, code };
  }

  *driverPlan(): Plan<DriverInfo> {
    const s = this.systemScratch;
    const info: DriverInfo = { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} };
    let code = yield call(this.lib.fn.driverVersion, s.stringPointer, STRING_BUFFER_BYTES);
    if (code === NVML_SUCCESS) info.driverVersion = s.string();
    else info.unavailable.driverVersion = unavailableReasonFor(code);
    code = yield call(this.lib.fn.nvmlVersion, s.stringPointer, STRING_BUFFER_BYTES);
    if (code === NVML_SUCCESS) info.nvmlVersion = s.string();
    else info.unavailable.nvmlVersion = unavailableReasonFor(code);
    code = yield call(this.lib.fn.cudaDriverVersion, s.slot(0));
    if (code === NVML_SUCCESS) info.cudaDriverVersion = formatCudaVersion(s.slotI32(0));
    else info.unavailable.cudaDriverVersion = unavailableReasonFor(code);
    return info;
  }

  *devicePlan(index: number): Plan<DeviceResult> {
    const slot = this.slot(index);
    const problems: SnapshotProblem[] = [];
    const known = yield* this.identify(slot, index, problems);
    if (!('handle' in known)) return { device: known, processes: [], problems, samples: [] };
    const { handle, identity, rec } = known;
    const s = slot.scratch;
    if (rec.lost) return this.lostResult(slot, index, identity, rec, problems);
    const counters = yield* this.readCounters(slot, handle, rec);
    const metrics = rec.lost ? emptyMetrics() : yield* readMetrics(this.lib, s, handle, rec, this.options, counters.batch);
    const gpm = this.options.gpm && !rec.lost ? yield* slot.gpm.read(s, handle, true, !this.options.singleReading) : ({ ok: false, reason: 'not-reported' } as const);
    const pcie = this.pcieFallback(slot, counters.batch, handle);
    applyRates(metrics, rec, this.countersFor(identity.uuid, index), { ...counters, ...pcie, gpm });
    const samples = this.options.subSecondSamples && !rec.lost ? yield* slot.samples.read(s, handle, index, identity.uuid) : [];
    const mig = metrics.migModeCurrent && !rec.lost ? yield* readMigDevices(this.lib, s, handle) : null;
    if (mig?.errorCode != null) problems.push(this.problem(`device:${index}`, mig.errorCode, 'MIG devices'));

    if (rec.lost) return this.lostResult(slot, index, identity, rec, problems);
    for (const { field, code } of rec.errors) problems.push(this.problem(`device:${index}`, code, field));
    const listed = yield* slot.processes.read(s, handle, index, identity.uuid, metrics.migModeCurrent === true);
    for (const failure of listed.failures) problems.push(this.problem(`device:${index}`, failure.code, failure.list));
    const device = assembleDevice(index, 'ok', null, identity, metrics, mig?.devices ?? [], rec.unavailable);
    slot.lastSeen = device;
    return { device, processes: listed.processes, problems, samples };
  }

  private lostResult(slot: DeviceSlot, index: number, identity: DeviceIdentity, rec: FieldRecorder<DeviceMetricField>, problems: SnapshotProblem[]): DeviceResult {
    slot.handle = null;
    for (const { field, code } of rec.errors) problems.push(this.problem(`device:${index}`, code, field));
    problems.push(this.problem(`device:${index}`, rec.lostCode ?? 0, 'device'));
    const unavailable = { ...allUnavailable('gpu-lost'), ...identityUnavailable(identity) };
    return { device: deviceWithoutData(index, identity, 'lost', nvmlReturnName(rec.lostCode ?? 0), unavailable), processes: [], problems, samples: [] };
  }

  /** Only the counters (and a GPM sample, and a background PCIe measurement): a baseline. */
  *primePlan(index: number): Plan<void> {
    const slot = this.slot(index);
    const known = yield* this.identify(slot, index, []);
    if (!('handle' in known)) return;
    const { handle, identity, rec } = known;
    if (rec.lost) return;
    const counters = yield* this.readCounters(slot, handle, rec);
    if (rec.lost) return;
    if (this.options.gpm) yield* slot.gpm.read(slot.scratch, handle, false);
    this.pcieFallback(slot, counters.batch, handle);
    rememberCounters(this.countersFor(identity.uuid, index), counters.batch, counters.energy, counters.violations);
  }

  /** The handle and identity (cached after the first complete answer), or the device that failed. */
  private *identify(slot: DeviceSlot, index: number, problems: SnapshotProblem[]): Plan<{ handle: bigint; identity: DeviceIdentity; rec: FieldRecorder<DeviceMetricField> } | GpuDevice> {
    if (slot.handle === null) {
      const out: unknown[] = [null];
      const code = yield call(this.lib.fn.handleByIndex, index, out);
      if (code !== NVML_SUCCESS) {
        problems.push(this.problem(`device:${index}`, code, 'nvmlDeviceGetHandleByIndex'));
        const state = isDeviceLost(code) ? 'lost' : 'error';
        return deviceWithoutData(index, slot.identity?.identity ?? emptyIdentity(), state, nvmlReturnName(code), allUnavailable(unavailableReasonFor(code)));
      }
      slot.handle = out[0] as bigint;
    }
    const handle = slot.handle;
    const rec = new FieldRecorder<DeviceMetricField>();
    if (slot.identity) {
      // The reasons the identity fields are null belong to every reading, not just the first.
      Object.assign(rec.unavailable, slot.identity.unavailable);
      return { handle, identity: slot.identity.identity, rec };
    }
    const reading = yield* readIdentity(this.lib, slot.scratch, handle);
    // Cache only a complete answer; a GPU that failed mid-read is asked again next time.
    if (!reading.recorder.lost && reading.recorder.errors.length === 0) {
      slot.identity = { identity: reading.identity, unavailable: { ...reading.recorder.unavailable } };
    }
    return { handle, identity: reading.identity, rec: reading.recorder };
  }

  /** The field-values batch, the energy counter (from it or its own call) and the violation counters. */
  private *readCounters(slot: DeviceSlot, handle: bigint, rec: FieldRecorder<DeviceMetricField>): Plan<CounterReadings> {
    const s = slot.scratch;
    const batch = yield* slot.counters.read(this.lib, handle, this.options.platform);
    if (isDeviceLost(batch.callCode)) rec.missing('pcieTxBytesPerSecond', batch.callCode);
    let energy: Read<CounterPoint> = batch.energyMillijoules;
    if (!energy.ok && !rec.lost) {
      const code = yield call(this.lib.fn.totalEnergy, handle, s.slot(0));
      energy = code === NVML_SUCCESS ? { ok: true, value: { hi: s.u32(4), lo: s.u32(0), wide: true, driverUs: 0, localMs: performance.now() } } : { ok: false, code };
      if (!energy.ok) rec.missing('energyConsumedJoules', code);
    }
    const violations = rec.lost ? ({ ok: false, code: batch.callCode } as const) : yield* readViolations(this.lib, s, handle, batch);
    return { batch, energy, violations };
  }

  /** PCIe throughput measured in the background where the byte counters are missing. */
  private pcieFallback(slot: DeviceSlot, batch: CounterBatch, handle: bigint): Pick<RateInputs, 'pcieThroughput' | 'pcieMissing'> {
    if (batch.pcieTxBytes.ok && batch.pcieRxBytes.ok) return { pcieThroughput: null, pcieMissing: null };
    if (!this.options.pcieThroughput) return { pcieThroughput: null, pcieMissing: 'not-reported' };
    slot.pcie ??= new PcieThroughputPoller(this.lib.fn.pcieThroughput);
    return { pcieThroughput: slot.pcie.take(handle), pcieMissing: null };
  }

  private countersFor(uuid: string | null, index: number): DeviceCounters {
    const key = uuid ?? `index:${index}`;
    let counters = this.counters.get(key);
    if (!counters) this.counters.set(key, (counters = new DeviceCounters()));
    return counters;
  }

  problem(scope: string, code: number, what: string): SnapshotProblem {
    const text = this.lib.errorString(code) ?? nvmlReturnName(code);
    return { scope, code: nvmlReturnName(code), message: `${what}: ${text}` };
  }

  /**
   * Waits up to `timeoutMs` for the background PCIe measurements; true when none is left, so
   * nvmlShutdown will not pull the library from under a call.
   */
  async settle(timeoutMs: number): Promise<boolean> {
    const pollers = this.slots.flatMap((slot) => (slot?.pcie ? [slot.pcie.idle()] : []));
    if (pollers.length === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const settled = await Promise.race([Promise.all(pollers).then(() => true as const), timedOut]);
    clearTimeout(timer);
    return settled;
  }

  /** True while any call of a read that gave up on it is still in the driver. */
  get stuck(): boolean {
    return this.slots.some((slot) => slot?.stuckSince != null);
  }

  /** Frees the native buffers but those a call still in the driver will write to. */
  close(systemCallStuck = false): void {
    for (const slot of this.slots) slot?.close();
    if (!systemCallStuck) this.systemScratch.free();
  }
}

/** CUDA_VERSION-style integer (12040) to "12.4". */
export function formatCudaVersion(version: number): string {
  return `${Math.floor(version / 1000)}.${Math.floor((version % 1000) / 10)}`;
}
