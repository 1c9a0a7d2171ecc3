// GPU processes of one device: compute and graphics lists, merged by PID, plus per-process
// utilisation since the previous reading where the driver samples it.
//
// The struct the _v3/_v2/plain functions fill has changed under the same symbol name across
// drivers (see layouts.ts). A wrong stride garbles PIDs and memory — the most common bug in GPU
// tools — so the first non-empty list is used to measure the real stride (./process-stride.ts),
// and the buffer always has room for the largest struct, so even a wrong guess cannot overflow.
// A list that takes milliseconds a call is read every few seconds, its entries carried between
// (./list-pacing.ts).

import type { BackendProcess } from '../../core/backend.js';
import type { ProcessType } from '../../core/snapshot.js';
import {
  PROCESS_INFO_V3,
  PROCESS_UTILIZATION_SAMPLE,
  processInfoLayoutFor,
  UINT_NOT_AVAILABLE,
  ULL_NOT_AVAILABLE,
  type ProcessInfoLayout,
} from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { cursorAfterClockStep } from './clock-step.js';
import { ListPacing } from './list-pacing.js';
import { measureProcessInfoStride } from './process-stride.js';
import { NVML_ERROR_INSUFFICIENT_SIZE, NVML_ERROR_NOT_FOUND, NVML_ERROR_NOT_SUPPORTED, NVML_SUCCESS } from './return-codes.js';
import { call, type Plan } from './plan.js';
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

/** What the process readers of every GPU share: the struct layout, settled once per session. */
export class ProcessLayoutChoice {
  layout: ProcessInfoLayout | null = null;
  verified = false;
  /** Why the stride probe disagreed with the symbol-based guess, once, for the problems list. */
  note: string | null = null;
}

/** How long a read with no newer per-process sample carries the last ones (the driver's period is ~1/6 s). */
export const CARRY_UTILIZATION_MS = 500;

/** One GPU's process lists: its buffer and its per-process utilisation cursor. */
export class ProcessReader {
  private buffer = new NativeBuffer(64 * MAX_STRIDE);
  /** The newest per-process sample seen (CPU µs), and which GPU it belongs to. */
  private lastSampleTimestamp = 0n;
  private cursorUuid: string | null = null;
  /** The processes of the last read that had samples, and when (monotonic ms): carried briefly. */
  private lastApplied: { atMs: number; byPid: ReadonlyMap<number, BackendProcess> } | null = null;
  /** Per list, in PROCESS_LISTS' order: whether it is read this time, and what it carries. */
  private pacing = [new ListPacing(), new ListPacing()];
  /** The GPU the pacing is for: another UUID at this index (after a reset) carries nothing over. */
  private pacingUuid: string | null = null;

  constructor(
    private readonly lib: NvmlLibrary,
    private readonly shared: ProcessLayoutChoice,
    // process.uptime(): the same monotonic clock as performance.now() without its brand check,
    // which allocates on every reading (./sync-trust.ts); four readings a GPU a read.
    private readonly now: () => number = () => process.uptime() * 1000,
  ) {}

  *read(scratch: Scratch, handle: bigint, gpuIndex: number, gpuUuid: string | null, migMode: boolean): Plan<DeviceProcesses> {
    const failures: ProcessListFailure[] = [];
    const byPid = new Map<number, BackendProcess>();
    // In the drivers' order, as a list beside the map (no iterator over the map at the end).
    const processes: BackendProcess[] = [];
    const into = { byPid, processes, gpuIndex, gpuUuid, migMode };
    if (this.pacingUuid !== gpuUuid) {
      this.pacing = [new ListPacing(), new ListPacing()];
      this.pacingUuid = gpuUuid;
    }
    for (let k = 0; k < PROCESS_LISTS.length; k++) {
      const key = PROCESS_LISTS[k]!;
      const pacing = this.pacing[k]!;
      const startedMs = this.now();
      if (!pacing.due(startedMs)) {
        const type = key === 'computeProcesses' ? 'compute' : 'graphics';
        const ageMs = Math.max(0, Math.round(startedMs - pacing.readAtMs));
        pacing.replay((pid, memory, gi, ci) => mergeProcess(into, pid, type, memory, gi, ci, ageMs));
        continue;
      }
      pacing.begin();
      const code = yield* this.readList(key, scratch, handle, into, pacing);
      const endMs = this.now();
      pacing.end(code === NVML_SUCCESS, endMs, endMs - startedMs);
      if (code !== NVML_SUCCESS && code !== NVML_ERROR_NOT_SUPPORTED) failures.push({ list: key, code });
    }
    if (byPid.size > 0) {
      // The cursor belongs to one GPU: another UUID at this index (after a reset) starts over.
      if (this.cursorUuid !== gpuUuid) {
        this.lastSampleTimestamp = 0n;
        this.lastApplied = null;
      }
      this.cursorUuid = gpuUuid;
      // The wall clock set back past the cursor (./clock-step.ts); µs since 1970 fit a double.
      if (this.lastSampleTimestamp > 0n && cursorAfterClockStep(Number(this.lastSampleTimestamp)) === 0) this.lastSampleTimestamp = 0n;
      const code = yield* this.readUtilization(scratch, handle, byPid);
      if (code !== NVML_SUCCESS && code !== NVML_ERROR_NOT_SUPPORTED) failures.push({ list: 'processUtilization', code });
    }
    return { processes, failures };
  }

  private layoutFor(key: ProcessListKey): ProcessInfoLayout {
    this.shared.layout ??= processInfoLayoutFor(
      this.lib.symbolName(key) ?? '',
      this.lib.has('confComputeMemSizeInfo'),
      this.lib.has('runningProcessDetailList'),
    );
    return this.shared.layout;
  }

  /** Merges the list's entries `into` the GPU's processes; the NVML return code. */
  private *readList(key: ProcessListKey, scratch: Scratch, handle: bigint, into: MergeTarget, pacing: ListPacing): Plan<number> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const capacity = Math.floor(this.buffer.size / MAX_STRIDE);
      scratch.setU32(0, capacity);
      const code = yield call(this.lib.fn[key], handle, scratch.slot(0), this.buffer.pointer);
      const count = scratch.slotU32(0);
      if (code === NVML_ERROR_INSUFFICIENT_SIZE) {
        this.grow((count + 8) * 2);
        continue;
      }
      if (code !== NVML_SUCCESS) return code;
      if (count > 0 && !this.shared.verified) {
        yield* this.verifyLayout(key, scratch, handle, capacity);
        continue; // the probe reused the buffer: read again with the layout now settled
      }
      this.decode(key, count, into, pacing);
      return NVML_SUCCESS;
    }
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }

  private *verifyLayout(key: ProcessListKey, scratch: Scratch, handle: bigint, capacity: number): Plan<void> {
    this.shared.verified = true;
    const guessed = this.layoutFor(key);
    const measured = yield* measureProcessInfoStride(this.lib, key, handle, this.buffer, capacity, scratch);
    if (measured && measured.stride !== guessed.stride) {
      this.shared.note = `${this.lib.symbolName(key)} fills ${measured.stride}-byte entries, not the ${guessed.stride} its version suggests; using ${measured.stride}`;
      this.shared.layout = measured;
    }
  }

  /** Each entry straight into the merged processes: no intermediate entry objects. */
  private decode(key: ProcessListKey, count: number, into: MergeTarget, pacing: ListPacing): void {
    const layout = this.layoutFor(key);
    const type = key === 'computeProcesses' ? 'compute' : 'graphics';
    for (let i = 0; i < count; i++) {
      const base = i * layout.stride;
      const memory = this.buffer.u64(base + layout.usedGpuMemory);
      const gi = layout.gpuInstanceId === null ? UINT_NOT_AVAILABLE : this.buffer.u32(base + layout.gpuInstanceId);
      const ci = layout.computeInstanceId === null ? UINT_NOT_AVAILABLE : this.buffer.u32(base + layout.computeInstanceId);
      const pid = this.buffer.u32(base + layout.pid);
      // WDDM: the OS, not the driver, manages memory, so NVML cannot say (NVML_VALUE_NOT_AVAILABLE).
      const usedMemoryBytes = memory === ULL_NOT_AVAILABLE ? null : Number(memory);
      const gpuInstanceId = gi === UINT_NOT_AVAILABLE ? null : gi;
      const computeInstanceId = ci === UINT_NOT_AVAILABLE ? null : ci;
      pacing.record(pid, usedMemoryBytes, gpuInstanceId, computeInstanceId);
      mergeProcess(into, pid, type, usedMemoryBytes, gpuInstanceId, computeInstanceId);
    }
  }

  /** Samples newer than the last one seen on this GPU: each reading covers its own interval. */
  private *readUtilization(scratch: Scratch, handle: bigint, byPid: Map<number, BackendProcess>): Plan<number> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const capacity = Math.floor(this.buffer.size / PROCESS_UTILIZATION_SAMPLE.size);
      scratch.setU32(0, capacity);
      const code = yield call(this.lib.fn.processUtilization, handle, this.buffer.pointer, scratch.slot(0), this.lastSampleTimestamp);
      const count = scratch.slotU32(0);
      if (code === NVML_ERROR_INSUFFICIENT_SIZE) {
        this.grow((count + 8) * 2);
        continue;
      }
      if (code === NVML_ERROR_NOT_FOUND) {
        this.carryRecent(byPid);
        return NVML_SUCCESS;
      }
      if (code !== NVML_SUCCESS) return code;
      this.applySamples(count, byPid);
      return NVML_SUCCESS;
    }
    return NVML_ERROR_INSUFFICIENT_SIZE;
  }

  /**
   * NOT_FOUND: no sample newer than the cursor. The driver samples about every 1/6 s, so a read
   * soon after the last one (one-shot `info`'s read 100 ms after its first) often has none: the
   * values of that read are carried, while under CARRY_UTILIZATION_MS old. Later than that, no
   * sample means none to give (an idle process gets none), and the processes stay without one.
   */
  private carryRecent(byPid: Map<number, BackendProcess>): void {
    const last = this.lastApplied;
    if (last === null || this.now() - last.atMs > CARRY_UTILIZATION_MS) return;
    for (const [pid, process] of byPid) {
      const before = last.byPid.get(pid);
      if (before === undefined) continue;
      process.smUtilPercent = before.smUtilPercent;
      process.memoryUtilPercent = before.memoryUtilPercent;
      process.encoderUtilPercent = before.encoderUtilPercent;
      process.decoderUtilPercent = before.decoderUtilPercent;
    }
  }

  private applySamples(count: number, byPid: Map<number, BackendProcess>): void {
    const latest = new Map<number, bigint>();
    let newest = this.lastSampleTimestamp;
    for (let i = 0; i < count; i++) {
      const base = i * PROCESS_UTILIZATION_SAMPLE.size;
      const pid = this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.pid);
      const timestamp = this.buffer.u64(base + PROCESS_UTILIZATION_SAMPLE.timeStamp);
      if (timestamp > newest) newest = timestamp;
      const process = byPid.get(pid);
      // Keep each PID's newest sample only.
      if (!process || (latest.get(pid) ?? -1n) >= timestamp) continue;
      latest.set(pid, timestamp);
      process.smUtilPercent = this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.smUtil);
      process.memoryUtilPercent = this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.memUtil);
      process.encoderUtilPercent = this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.encUtil);
      process.decoderUtilPercent = this.buffer.u32(base + PROCESS_UTILIZATION_SAMPLE.decUtil);
    }
    this.lastSampleTimestamp = newest;
    // This read's processes, kept as they are (no copy a tick): a read soon after carries their values.
    this.lastApplied = { atMs: this.now(), byPid };
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

const PROCESS_LISTS: readonly ProcessListKey[] = ['computeProcesses', 'graphicsProcesses'];

/** Where one GPU's lists are merged by PID: the map for look-ups, the list in the drivers' order. */
interface MergeTarget {
  byPid: Map<number, BackendProcess>;
  processes: BackendProcess[];
  gpuIndex: number;
  gpuUuid: string | null;
  migMode: boolean;
}

function mergeProcess(
  into: MergeTarget,
  pid: number,
  type: 'compute' | 'graphics',
  usedMemoryBytes: number | null,
  gpuInstanceId: number | null,
  computeInstanceId: number | null,
  /** Set when the entry comes from a list carried from an earlier read (./list-pacing.ts). */
  listedAgeMs?: number,
): void {
  const existing = into.byPid.get(pid);
  if (existing) {
    // The same process in both lists is one process using both engines (nvidia-smi's "C+G").
    if (existing.type !== type) existing.type = 'compute+graphics' satisfies ProcessType;
    existing.usedMemoryBytes ??= usedMemoryBytes;
    if (listedAgeMs !== undefined) existing.listedAgeMs = Math.max(existing.listedAgeMs ?? 0, listedAgeMs);
    return;
  }
  const process: BackendProcess = {
    pid,
    gpuIndex: into.gpuIndex,
    gpuUuid: into.gpuUuid,
    gpuInstanceId: into.migMode ? gpuInstanceId : null,
    computeInstanceId: into.migMode ? computeInstanceId : null,
    type,
    usedMemoryBytes,
    smUtilPercent: null,
    memoryUtilPercent: null,
    encoderUtilPercent: null,
    decoderUtilPercent: null,
    name: null,
  };
  if (listedAgeMs !== undefined) process.listedAgeMs = listedAgeMs;
  into.byPid.set(pid, process);
  into.processes.push(process);
}
