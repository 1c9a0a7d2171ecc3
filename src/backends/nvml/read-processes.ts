// GPU processes of one device: compute and graphics lists, merged by PID, plus per-process
// utilisation where the driver samples it.
//
// The struct the _v3/_v2/plain functions fill has changed under the same symbol name across
// drivers (see layouts.ts). A wrong stride garbles PIDs and memory — the most common bug in GPU
// tools — so the first non-empty list is used to measure the real stride (./process-stride.ts),
// and the buffer always has room for the largest struct, so even a wrong guess cannot overflow.

import type { BackendProcess } from '../../core/backend.js';
import type { ProcessType } from '../../core/snapshot.js';
import { clampPercent } from '../../core/units.js';
import {
  PROCESS_INFO_V3,
  PROCESS_UTILIZATION_SAMPLE,
  processInfoLayoutFor,
  UINT_NOT_AVAILABLE,
  ULL_NOT_AVAILABLE,
  type ProcessInfoLayout,
} from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { measureProcessInfoStride } from './process-stride.js';
import { NVML_ERROR_INSUFFICIENT_SIZE, NVML_ERROR_NOT_FOUND, NVML_ERROR_NOT_SUPPORTED, NVML_SUCCESS } from './return-codes.js';
import { NativeBuffer, type Scratch } from './scratch.js';

type ProcessListKey = 'computeProcesses' | 'graphicsProcesses';

export interface ProcessListFailure {
  list: ProcessListKey | 'processUtilization';
  code: number;
}

export interface DeviceProcesses {
  processes: BackendProcess[];
  failures: ProcessListFailure[];
}

const MAX_RETRIES = 4;
const MAX_STRIDE = PROCESS_INFO_V3.stride;

/** State that lives as long as the NVML session: buffers, the chosen layout, sample cursors. */
export class ProcessReader {
  private buffer = new NativeBuffer(64 * MAX_STRIDE);
  private layout: ProcessInfoLayout | null = null;
  private layoutVerified = false;
  /** Why the stride probe disagreed with the symbol-based guess, once, for the problems list. */
  layoutNote: string | null = null;
  private readonly lastSampleTimestamp = new Map<number, bigint>();

  constructor(
    private readonly lib: NvmlLibrary,
    private readonly scratch: Scratch,
  ) {}

  /** The layout in use (for diagnostics and tests). */
  get processInfoLayout(): ProcessInfoLayout | null {
    return this.layout;
  }

  read(handle: bigint, gpuIndex: number, gpuUuid: string | null, migMode: boolean): DeviceProcesses {
    const failures: ProcessListFailure[] = [];
    const byPid = new Map<number, BackendProcess>();
    for (const [key, type] of [['computeProcesses', 'compute'], ['graphicsProcesses', 'graphics']] as const) {
      const list = this.readList(key, handle);
      if (typeof list === 'number') {
        if (list !== NVML_ERROR_NOT_SUPPORTED) failures.push({ list: key, code: list });
        continue;
      }
      for (const entry of list) mergeProcess(byPid, entry, type, gpuIndex, gpuUuid, migMode);
    }
    if (byPid.size > 0) {
      const code = this.readUtilization(handle, gpuIndex, byPid);
      if (code !== NVML_SUCCESS && code !== NVML_ERROR_NOT_SUPPORTED) failures.push({ list: 'processUtilization', code });
    }
    return { processes: [...byPid.values()], failures };
  }

  private layoutFor(key: ProcessListKey): ProcessInfoLayout {
    this.layout ??= processInfoLayoutFor(
      this.lib.symbolName(key) ?? '',
      this.lib.has('confComputeMemSizeInfo'),
      this.lib.has('runningProcessDetailList'),
    );
    return this.layout;
  }

  /** The raw entries, or the NVML error code. */
  private readList(key: ProcessListKey, handle: bigint): RawProcessInfo[] | number {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const capacity = Math.floor(this.buffer.size / MAX_STRIDE);
      this.scratch.setU32(0, capacity);
      const code = this.lib.fn[key](handle, this.scratch.slot(0), this.buffer.pointer);
      const count = this.scratch.slotU32(0);
      if (code === NVML_ERROR_INSUFFICIENT_SIZE) {
        this.grow((count + 8) * 2);
        continue;
      }
      if (code !== NVML_SUCCESS) return code;
      if (count > 0 && !this.layoutVerified) {
        this.verifyLayout(key, handle, capacity);
        continue; // the probe reused the buffer: read again with the layout now settled
      }
      return this.decode(key, count);
    }
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }

  private verifyLayout(key: ProcessListKey, handle: bigint, capacity: number): void {
    this.layoutVerified = true;
    const guessed = this.layoutFor(key);
    const measured = measureProcessInfoStride(this.lib, key, handle, this.buffer, capacity, this.scratch);
    if (measured && measured.stride !== guessed.stride) {
      this.layoutNote = `${this.lib.symbolName(key)} fills ${measured.stride}-byte entries, not the ${guessed.stride} its version suggests; using ${measured.stride}`;
      this.layout = measured;
    }
  }

  private decode(key: ProcessListKey, count: number): RawProcessInfo[] {
    const layout = this.layoutFor(key);
    const entries: RawProcessInfo[] = [];
    for (let i = 0; i < count; i++) {
      const base = i * layout.stride;
      const memory = this.buffer.u64(base + layout.usedGpuMemory);
      const gi = layout.gpuInstanceId === null ? UINT_NOT_AVAILABLE : this.buffer.u32(base + layout.gpuInstanceId);
      const ci = layout.computeInstanceId === null ? UINT_NOT_AVAILABLE : this.buffer.u32(base + layout.computeInstanceId);
      entries.push({
        pid: this.buffer.u32(base + layout.pid),
        // WDDM: the OS, not the driver, manages memory, so NVML cannot say (NVML_VALUE_NOT_AVAILABLE).
        usedMemoryBytes: memory === ULL_NOT_AVAILABLE ? null : Number(memory),
        gpuInstanceId: gi === UINT_NOT_AVAILABLE ? null : gi,
        computeInstanceId: ci === UINT_NOT_AVAILABLE ? null : ci,
      });
    }
    return entries;
  }

  private readUtilization(handle: bigint, gpuIndex: number, byPid: Map<number, BackendProcess>): number {
    const since = this.lastSampleTimestamp.get(gpuIndex) ?? 0n;
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const capacity = Math.floor(this.buffer.size / PROCESS_UTILIZATION_SAMPLE.size);
      this.scratch.setU32(0, capacity);
      const code = this.lib.fn.processUtilization(handle, this.buffer.pointer, this.scratch.slot(0), since);
      const count = this.scratch.slotU32(0);
      if (code === NVML_ERROR_INSUFFICIENT_SIZE) {
        this.grow((count + 8) * 2);
        continue;
      }
      // NOT_FOUND: no sample newer than `since` — the processes stay without utilisation.
      if (code !== NVML_SUCCESS) return code === NVML_ERROR_NOT_FOUND ? NVML_SUCCESS : code;
      this.applySamples(count, gpuIndex, byPid);
      return NVML_SUCCESS;
    }
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }

  private applySamples(count: number, gpuIndex: number, byPid: Map<number, BackendProcess>): void {
    const latest = new Map<number, bigint>();
    let newest = this.lastSampleTimestamp.get(gpuIndex) ?? 0n;
    for (let i = 0; i < count; i++) {
      const base = i * PROCESS_UTILIZATION_SAMPLE.size;
      const pid = this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.pid);
      const timestamp = this.buffer.u64(base + PROCESS_UTILIZATION_SAMPLE.timeStamp);
      if (timestamp > newest) newest = timestamp;
      const process = byPid.get(pid);
      // Keep each PID's newest sample only.
      if (!process || (latest.get(pid) ?? -1n) >= timestamp) continue;
      latest.set(pid, timestamp);
      process.smUtilPercent = clampPercent(this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.smUtil));
      process.memoryUtilPercent = clampPercent(this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.memUtil));
      process.encoderUtilPercent = clampPercent(this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.encUtil));
      process.decoderUtilPercent = clampPercent(this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.decUtil));
    }
    this.lastSampleTimestamp.set(gpuIndex, newest);
  }

  private grow(entries: number): void {
    const bytes = Math.max(entries * MAX_STRIDE, this.buffer.size * 2);
    this.buffer.free();
    this.buffer = new NativeBuffer(bytes);
  }

  close(): void {
    this.buffer.free();
  }
}

interface RawProcessInfo {
  pid: number;
  usedMemoryBytes: number | null;
  gpuInstanceId: number | null;
  computeInstanceId: number | null;
}

function mergeProcess(
  byPid: Map<number, BackendProcess>,
  entry: RawProcessInfo,
  type: 'compute' | 'graphics',
  gpuIndex: number,
  gpuUuid: string | null,
  migMode: boolean,
): void {
  const existing = byPid.get(entry.pid);
  if (existing) {
    // The same process in both lists is one process using both engines (nvidia-smi's "C+G").
    if (existing.type !== type) existing.type = 'compute+graphics' satisfies ProcessType;
    existing.usedMemoryBytes ??= entry.usedMemoryBytes;
    return;
  }
  byPid.set(entry.pid, {
    pid: entry.pid,
    gpuIndex,
    gpuUuid,
    gpuInstanceId: migMode ? entry.gpuInstanceId : null,
    computeInstanceId: migMode ? entry.computeInstanceId : null,
    type,
    usedMemoryBytes: entry.usedMemoryBytes,
    smUtilPercent: null,
    memoryUtilPercent: null,
    encoderUtilPercent: null,
    decoderUtilPercent: null,
    name: null,
  });
}
