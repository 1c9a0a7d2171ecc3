// A process list that is slow to read is read every few seconds instead of on every read, and its
// last entries are carried in between.
//
// Why: a list call can cost milliseconds where a GPU has many clients. On an RTX 4090 laptop with
// a desktop, nvmlDeviceGetGraphicsRunningProcesses took 4.5 ms a call against 2.5–12 µs for
// utilisation and memory (https://github.com/flightlessmango/MangoHud/pull/2104). The open kernel
// driver waits for such an answer by polling the GSP on the calling thread (kernel CPU time, by
// its source), and NVIDIA's own developer notes that NVML calls "are pretty serializing", so the
// workload's driver calls wait behind them (https://github.com/flightlessmango/MangoHud/pull/1307).
// A sampler at 1 Hz would spend ~0.5 % of a core and hold the driver's lock for 4.5 ms a second
// per GPU on one list whose clients (a desktop's compositor and browsers) rarely change. A list
// that answers quickly is still read on every read: what a datacenter GPU's lists cost is for a
// lent GPU to measure (scripts/device/time-calls.ts).
//
// The rule, per GPU and list: a list whose last two reads each took SLOW_LIST_MS or more is
// read again once SLOW_LIST_REFRESH_MS have passed since its last read, and re-timed then. Two,
// because a read on libuv's pool also times the wait for a free thread (a GPU's first read of a
// session runs there): one slow reading is not enough. A failed read carries nothing. Entries are
// recorded only on a read that follows a slow one (the only reads whose entries can be carried):
// a quick list costs its reader two clock readings and nothing else.

export const SLOW_LIST_MS = 2;
export const SLOW_LIST_REFRESH_MS = 5000;

/** Receives one carried entry (the arguments of `record`). */
export type ListEntrySink = (pid: number, usedMemoryBytes: number | null, gpuInstanceId: number | null, computeInstanceId: number | null) => void;

const FIELDS = 4;

export class ListPacing {
  /** The last fresh read's entries, four numbers each, NaN for null (reused: no object per entry). */
  private readonly flat: number[] = [];
  private entries = 0;
  /** Whether this read's entries are being kept (the read before it was slow). */
  private recording = false;
  private carried = false;
  private lastReadAtMs = 0;
  private slowReads = 0;

  /** Whether the list must be read now (else `replay` gives its last entries). */
  due(nowMs: number): boolean {
    return !this.carried || this.slowReads < 2 || nowMs - this.lastReadAtMs >= SLOW_LIST_REFRESH_MS;
  }

  /** A fresh read starts: its entries follow through `record`. */
  begin(): void {
    this.entries = 0;
    this.recording = this.slowReads > 0;
  }

  record(pid: number, usedMemoryBytes: number | null, gpuInstanceId: number | null, computeInstanceId: number | null): void {
    if (!this.recording) return;
    const at = this.entries * FIELDS;
    this.flat[at] = pid;
    this.flat[at + 1] = usedMemoryBytes ?? NaN;
    this.flat[at + 2] = gpuInstanceId ?? NaN;
    this.flat[at + 3] = computeInstanceId ?? NaN;
    this.entries++;
  }

  /** The fresh read ended at `endMs` after `costMs`; `ok` false: it failed, nothing is carried. */
  end(ok: boolean, endMs: number, costMs: number): void {
    if (!ok) {
      this.carried = false;
      this.slowReads = 0;
      return;
    }
    this.carried = this.recording;
    this.lastReadAtMs = endMs;
    this.slowReads = costMs >= SLOW_LIST_MS ? this.slowReads + 1 : 0;
  }

  /** Hands each carried entry to `into`, in the order the driver gave them. */
  replay(into: ListEntrySink): void {
    for (let i = 0; i < this.entries; i++) {
      const at = i * FIELDS;
      into(this.flat[at]!, orNull(this.flat[at + 1]!), orNull(this.flat[at + 2]!), orNull(this.flat[at + 3]!));
    }
  }

  /** When the list was last read (the clock `end` was given). */
  get readAtMs(): number {
    return this.lastReadAtMs;
  }

  /** Whether the list is read on a slower pace now (its entries carried between reads). */
  get paced(): boolean {
    return this.carried && this.slowReads >= 2;
  }
}

const orNull = (n: number): number | null => (Number.isNaN(n) ? null : n);
