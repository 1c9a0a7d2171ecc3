// What the reader keeps for one GPU index between reads: its handle, its identity, and its own
// native buffers. Each GPU has its own, so the GPUs of one read can be read at the same time
// (./deadline.ts) without one GPU's answer landing in another's buffer.

import type { GpuDevice } from '../../core/snapshot.js';
import { ApartRead } from './apart-read.js';
import type { NvmlLibrary } from './library.js';
import type { PcieThroughputPoller } from './pcie-poller.js';
import { CounterRequest } from './read-counters.js';
import { GpmSampler } from './read-gpm.js';
import type { DeviceIdentity } from './read-identity.js';
import { ProcessReader, type ProcessLayoutChoice } from './read-processes.js';
import { SampleReader } from './read-samples.js';
import { Scratch } from './scratch.js';
import { SyncTrust } from './sync-trust.js';

export interface CachedIdentity {
  identity: DeviceIdentity;
  unavailable: GpuDevice['unavailable'];
}

export class DeviceSlot {
  readonly scratch = new Scratch();
  readonly counters = new CounterRequest();
  readonly processes: ProcessReader;
  readonly samples: SampleReader;
  readonly gpm: GpmSampler;
  /** Whether this GPU's calls after a probe may run on the main thread (./sync-trust.ts). */
  readonly trust = new SyncTrust();
  pcie: PcieThroughputPoller | null = null;
  handle: bigint | null = null;
  identity: CachedIdentity | null = null;
  /** The last full answer for this GPU, for a read that has to give up on it. */
  lastSeen: GpuDevice | null = null;
  /** Since when a call on this GPU has been in the driver after a read gave up on it (ms, epoch). */
  stuckSince: number | null = null;
  /** Calls of this GPU on the pool right now (./deadline.ts). */
  callsOut = 0;
  /** Whether this GPU is read apart from the others, and its newest answer (./apart-read.ts). */
  readonly apart = new ApartRead();

  constructor(lib: NvmlLibrary, layout: ProcessLayoutChoice, platform: string, monotonicNow?: () => number) {
    this.processes = new ProcessReader(lib, layout, monotonicNow);
    this.samples = new SampleReader(lib, platform);
    this.gpm = new GpmSampler(lib);
  }

  /**
   * Frees the native buffers. A GPU with a call still in the driver keeps them: the driver will
   * write its answer there when it returns (a leak of a few KiB beats a write into freed memory).
   */
  close(): void {
    this.pcie?.close();
    if (this.stuckSince !== null) return;
    this.scratch.free();
    this.counters.free();
    this.processes.close();
    this.samples.close();
    this.gpm.close();
  }
}
