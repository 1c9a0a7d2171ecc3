// One batched read of every GPU through NVML: driver facts, devices, processes. A GPU that
// errors or falls off the bus becomes a device with state 'lost'/'error' and null metrics;
// the others are read as usual.

import type { BackendProcess, BackendReading } from '../../core/backend.js';
import type { DeviceMetricField, DriverInfo, GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { FieldRecorder } from './field-recorder.js';
import { STRING_BUFFER_BYTES } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { emptyIdentity, readIdentity, type DeviceIdentity } from './read-identity.js';
import { emptyMetrics, readMetrics, type DeviceMetrics, type MetricOptions } from './read-metrics.js';
import { readMigDevices } from './read-mig.js';
import { ProcessReader } from './read-processes.js';
import { isDeviceLost, nvmlReturnName, NVML_SUCCESS, unavailableReasonFor } from './return-codes.js';
import { Scratch } from './scratch.js';

export type ReaderOptions = MetricOptions;

export interface DeviceProgress {
  /** How many GPUs this read will cover. */
  count: number;
  device: GpuDevice;
  processes: BackendProcess[];
  driver: DriverInfo;
}

export class NvmlReader {
  private readonly scratch = new Scratch();
  private readonly processes: ProcessReader;
  private readonly handles = new Map<number, bigint>();
  private readonly identities = new Map<number, { identity: DeviceIdentity; unavailable: GpuDevice['unavailable'] }>();
  private driver: DriverInfo | null = null;
  private layoutNoteReported = false;

  constructor(
    private readonly lib: NvmlLibrary,
    private readonly options: ReaderOptions,
  ) {
    this.processes = new ProcessReader(lib, this.scratch);
  }

  /**
   * Reads everything. `onDevice` hears about each GPU as soon as it is read, so a caller in
   * another thread can keep what it has when a later GPU hangs inside the driver.
   */
  read(onDevice?: (progress: DeviceProgress) => void): BackendReading {
    const problems: SnapshotProblem[] = [];
    this.driver ??= this.readDriver();
    const countCode = this.lib.fn.deviceCount(this.scratch.slot(0));
    if (countCode !== NVML_SUCCESS) {
      problems.push(this.problem('devices', countCode, 'nvmlDeviceGetCount'));
      return { driver: this.driver, devices: [], processes: [], problems };
    }
    const count = this.scratch.slotU32(0);
    const devices: GpuDevice[] = [];
    const processes: BackendProcess[] = [];
    for (let index = 0; index < count; index++) {
      try {
        const { device, deviceProcesses } = this.readDevice(index, problems);
        devices.push(device);
        processes.push(...deviceProcesses);
        onDevice?.({ count, device, processes: deviceProcesses, driver: this.driver });
      } catch (error) {
        // A bug or a koffi failure on one GPU must not hide the others.
        problems.push({ scope: `device:${index}`, code: 'exception', message: String(error) });
        devices.push(deviceWithoutData(index, emptyIdentity(), 'error', String(error), {}));
      }
    }
    if (this.processes.layoutNote && !this.layoutNoteReported) {
      this.layoutNoteReported = true;
      problems.push({ scope: 'processes', code: 'struct-layout', message: this.processes.layoutNote });
    }
    return { driver: this.driver, devices, processes, problems };
  }

  private readDevice(index: number, problems: SnapshotProblem[]): { device: GpuDevice; deviceProcesses: BackendProcess[] } {
    const handle = this.handleFor(index);
    if (typeof handle === 'number') {
      const state = isDeviceLost(handle) ? 'lost' : 'error';
      problems.push(this.problem(`device:${index}`, handle, 'nvmlDeviceGetHandleByIndex'));
      const reason = unavailableReasonFor(handle);
      return { device: deviceWithoutData(index, this.identities.get(index)?.identity ?? emptyIdentity(), state, nvmlReturnName(handle), allUnavailable(reason)), deviceProcesses: [] };
    }

    const cached = this.identities.get(index);
    let identity: DeviceIdentity;
    let recorder: FieldRecorder<DeviceMetricField>;
    if (cached) {
      identity = cached.identity;
      recorder = new FieldRecorder<DeviceMetricField>();
      // The reasons the identity fields are null belong to every reading, not just the first.
      Object.assign(recorder.unavailable, cached.unavailable);
    } else {
      const reading = readIdentity(this.lib, this.scratch, handle);
      identity = reading.identity;
      recorder = reading.recorder;
      // Cache only a complete answer; a GPU that failed mid-read is asked again next time.
      if (!recorder.lost && recorder.errors.length === 0) {
        this.identities.set(index, { identity, unavailable: { ...recorder.unavailable } });
      }
    }
    const metrics = recorder.lost ? emptyMetrics() : readMetrics(this.lib, this.scratch, handle, recorder, this.options);
    const mig = metrics.migModeCurrent && !recorder.lost ? readMigDevices(this.lib, this.scratch, handle) : null;
    if (mig?.errorCode != null) problems.push(this.problem(`device:${index}`, mig.errorCode, 'MIG devices'));

    for (const { field, code } of recorder.errors) problems.push(this.problem(`device:${index}`, code, field));
    if (recorder.lost) {
      this.handles.delete(index);
      problems.push(this.problem(`device:${index}`, recorder.lostCode ?? 0, 'device'));
      const unavailable = { ...allUnavailable('gpu-lost'), ...identityUnavailable(identity) };
      return { device: deviceWithoutData(index, identity, 'lost', nvmlReturnName(recorder.lostCode ?? 0), unavailable), deviceProcesses: [] };
    }

    const deviceProcesses = this.processes.read(handle, index, identity.uuid, metrics.migModeCurrent === true);
    for (const failure of deviceProcesses.failures) problems.push(this.problem(`device:${index}`, failure.code, failure.list));

    const device = assembleDevice(index, 'ok', null, identity, metrics, mig?.devices ?? [], recorder.unavailable);
    return { device, deviceProcesses: deviceProcesses.processes };
  }

  private handleFor(index: number): bigint | number {
    const cached = this.handles.get(index);
    if (cached !== undefined) return cached;
    const out: unknown[] = [null];
    const code = this.lib.fn.handleByIndex(index, out);
    if (code !== NVML_SUCCESS) return code;
    const handle = out[0] as bigint;
    this.handles.set(index, handle);
    return handle;
  }

  private readDriver(): DriverInfo {
    const s = this.scratch;
    const info: DriverInfo = { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} };
    let code = this.lib.fn.driverVersion(s.stringPointer, STRING_BUFFER_BYTES);
    if (code === NVML_SUCCESS) info.driverVersion = s.string();
    else info.unavailable.driverVersion = unavailableReasonFor(code);
    code = this.lib.fn.nvmlVersion(s.stringPointer, STRING_BUFFER_BYTES);
    if (code === NVML_SUCCESS) info.nvmlVersion = s.string();
    else info.unavailable.nvmlVersion = unavailableReasonFor(code);
    code = this.lib.fn.cudaDriverVersion(s.slot(0));
    if (code === NVML_SUCCESS) info.cudaDriverVersion = formatCudaVersion(s.slotI32(0));
    else info.unavailable.cudaDriverVersion = unavailableReasonFor(code);
    return info;
  }

  private problem(scope: string, code: number, what: string): SnapshotProblem {
    const text = this.lib.errorString(code) ?? nvmlReturnName(code);
    return { scope, code: nvmlReturnName(code), message: `${what}: ${text}` };
  }

  close(): void {
    this.processes.close();
    this.scratch.free();
  }
}

/** CUDA_VERSION-style integer (12040) to "12.4". */
export function formatCudaVersion(version: number): string {
  return `${Math.floor(version / 1000)}.${Math.floor((version % 1000) / 10)}`;
}

const METRIC_FIELDS = Object.keys(emptyMetrics()) as (keyof ReturnType<typeof emptyMetrics>)[];

function allUnavailable(reason: ReturnType<typeof unavailableReasonFor>): GpuDevice['unavailable'] {
  return Object.fromEntries(METRIC_FIELDS.map((field) => [field, reason]));
}

function identityUnavailable(identity: DeviceIdentity): GpuDevice['unavailable'] {
  return Object.fromEntries(
    Object.entries(identity)
      .filter(([, value]) => value === null)
      .map(([field]) => [field, 'gpu-lost']),
  );
}

function deviceWithoutData(
  index: number,
  identity: DeviceIdentity,
  state: GpuDevice['state'],
  stateDetail: string,
  unavailable: GpuDevice['unavailable'],
): GpuDevice {
  return assembleDevice(index, state, stateDetail, identity, emptyMetrics(), [], unavailable);
}

/**
 * Every field named once, in one order: object spreads of two 20-field objects cost more than
 * all the native calls of a GPU, and one fixed shape keeps the consumers' property reads fast.
 */
function assembleDevice(
  index: number,
  state: GpuDevice['state'],
  stateDetail: string | null,
  id: DeviceIdentity,
  m: DeviceMetrics,
  migDevices: GpuDevice['migDevices'],
  unavailable: GpuDevice['unavailable'],
): GpuDevice {
  return {
    index, state, stateDetail, vendor: 'nvidia',
    name: id.name, uuid: id.uuid, pciBusId: id.pciBusId, serial: id.serial,
    architecture: id.architecture, computeCapability: id.computeCapability, vbiosVersion: id.vbiosVersion,
    memoryTotalBytes: m.memoryTotalBytes, memoryUsedBytes: m.memoryUsedBytes,
    memoryFreeBytes: m.memoryFreeBytes, memoryReservedBytes: m.memoryReservedBytes,
    gpuUtilPercent: m.gpuUtilPercent, memoryUtilPercent: m.memoryUtilPercent,
    encoderUtilPercent: m.encoderUtilPercent, decoderUtilPercent: m.decoderUtilPercent,
    temperatureCelsius: m.temperatureCelsius,
    temperatureSlowdownCelsius: id.temperatureSlowdownCelsius, temperatureShutdownCelsius: id.temperatureShutdownCelsius,
    fanSpeedPercent: m.fanSpeedPercent,
    powerDrawWatts: m.powerDrawWatts, powerLimitWatts: m.powerLimitWatts,
    powerLimitDefaultWatts: id.powerLimitDefaultWatts, energyConsumedJoules: m.energyConsumedJoules,
    graphicsClockMhz: m.graphicsClockMhz, smClockMhz: m.smClockMhz, memoryClockMhz: m.memoryClockMhz,
    graphicsClockMaxMhz: id.graphicsClockMaxMhz, smClockMaxMhz: id.smClockMaxMhz, memoryClockMaxMhz: id.memoryClockMaxMhz,
    pcieLinkGeneration: m.pcieLinkGeneration, pcieLinkGenerationMax: id.pcieLinkGenerationMax,
    pcieLinkWidth: m.pcieLinkWidth, pcieLinkWidthMax: id.pcieLinkWidthMax,
    pcieRxBytesPerSecond: m.pcieRxBytesPerSecond, pcieTxBytesPerSecond: m.pcieTxBytesPerSecond,
    nvlinkRxBytesPerSecond: m.nvlinkRxBytesPerSecond, nvlinkTxBytesPerSecond: m.nvlinkTxBytesPerSecond,
    powerDrawAverageWatts: m.powerDrawAverageWatts,
    smActivePercent: m.smActivePercent, smOccupancyPercent: m.smOccupancyPercent,
    tensorActivePercent: m.tensorActivePercent, dramActivePercent: m.dramActivePercent,
    throttleTimePercent: m.throttleTimePercent,
    performanceState: m.performanceState, clockEventReasons: m.clockEventReasons,
    eccModeCurrent: m.eccModeCurrent, eccModePending: m.eccModePending, eccErrors: m.eccErrors,
    migModeCurrent: m.migModeCurrent, migModePending: m.migModePending, migDevices,
    computeMode: m.computeMode, persistenceMode: m.persistenceMode, driverModel: m.driverModel,
    unavailable,
  };
}
