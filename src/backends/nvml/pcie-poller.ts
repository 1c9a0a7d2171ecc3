// PCIe throughput for drivers without the PCIe byte counters (NVML_FI_DEV_PCIE_COUNT_*, R535
// and newer). nvmlDeviceGetPcieThroughput samples for 20 ms per call (NVML reference), so it never
// runs inside a read: each read starts one measurement per GPU in the background, on libuv's
// thread pool, unless one is still running, and reports the newest that has finished. The first
// reading has none yet: null with reason `first-sample`.

import { pcieKibPerSecondToBytes } from '../../core/units.js';
import type { UnavailableReason } from '../../core/unavailable.js';
import { trackNativeCall } from './in-flight.js';
import { PCIE_COUNTER } from './layouts.js';
import type { NvmlFunction } from './library.js';
import { asyncOf } from './plan.js';
import { NVML_ERROR_FUNCTION_NOT_FOUND, NVML_SUCCESS, unavailableReasonFor } from './return-codes.js';
import { NativeBuffer } from './scratch.js';

export type ThroughputValue = { ok: true; value: number } | { ok: false; reason: UnavailableReason };

export interface PcieThroughput {
  txBytesPerSecond: ThroughputValue;
  rxBytesPerSecond: ThroughputValue;
}

const NONE_YET: PcieThroughput = {
  txBytesPerSecond: { ok: false, reason: 'first-sample' },
  rxBytesPerSecond: { ok: false, reason: 'first-sample' },
};

export class PcieThroughputPoller {
  private readonly buffer = new NativeBuffer(16);
  private running = false;
  private closed = false;
  private latest: PcieThroughput = NONE_YET;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly fn: NvmlFunction) {}

  /** The newest finished measurement (or why there is none), and a new one started. */
  take(handle: bigint): PcieThroughput {
    const latest = this.latest;
    this.start(handle);
    return latest;
  }

  private start(handle: bigint): void {
    if (this.running || this.closed) return;
    const native = asyncOf(this.fn);
    if (!native) {
      const missing = { ok: false as const, reason: unavailableReasonFor(NVML_ERROR_FUNCTION_NOT_FOUND) };
      this.latest = { txBytesPerSecond: missing, rxBytesPerSecond: missing };
      return;
    }
    this.running = true;
    const done = trackNativeCall();
    const finish = (result: PcieThroughput) => {
      done();
      this.running = false;
      if (this.closed) this.buffer.free();
      else this.latest = result;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    };
    const value = (error: unknown, code: unknown, offset: number): ThroughputValue => {
      if (error) return { ok: false, reason: 'error' };
      return code === NVML_SUCCESS ? { ok: true, value: pcieKibPerSecondToBytes(this.buffer.u32(offset)) } : { ok: false, reason: unavailableReasonFor(code as number) };
    };
    native.call(this.fn, handle, PCIE_COUNTER.txBytes, this.buffer.at(0), (txError: unknown, txCode: unknown) => {
      const tx = value(txError, txCode, 0);
      if (this.closed) return finish({ txBytesPerSecond: tx, rxBytesPerSecond: tx });
      native.call(this.fn, handle, PCIE_COUNTER.rxBytes, this.buffer.at(8), (rxError: unknown, rxCode: unknown) => {
        finish({ txBytesPerSecond: tx, rxBytesPerSecond: value(rxError, rxCode, 8) });
      });
    });
  }

  /** Resolves when no measurement is running (at once, or when the one running comes back). */
  idle(): Promise<void> {
    return this.running ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  /** Frees the buffer now, or when the measurement still in the driver comes back. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.running) this.buffer.free();
  }
}
