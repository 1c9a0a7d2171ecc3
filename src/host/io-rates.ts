// Rates of the counters diagnose reads on the host: each watched process's storage reads per
// second (/proc/<pid>/io read_bytes) and the machine's major page faults per second
// (/proc/vmstat pgmajfault). A rate needs two readings, so the first reading of a counter is null;
// a counter that went backwards (a reused PID, a wrapped or reset counter) starts again.

import { readTextFile } from './proc-files.js';
import { parseProcIo, parseVmstatMajorFaults } from './proc-io-parsers.js';

interface Baseline {
  /** Identifies the process (its start time), so a reused PID does not inherit a baseline. */
  identity: number;
  value: number;
  atMs: number;
}

/** Below this the clock says more about jitter than about the rate. */
const MIN_RATE_INTERVAL_MS = 20;

export function createCounterRates() {
  const baselines = new Map<number, Baseline>();
  return {
    /** Units per second since the previous reading of `key`; null on the first. */
    rate(key: number, identity: number, value: number, atMs: number): number | null {
      const previous = baselines.get(key);
      if (previous !== undefined && previous.identity === identity && value >= previous.value) {
        const elapsedMs = atMs - previous.atMs;
        if (elapsedMs < MIN_RATE_INTERVAL_MS) return null;
        baselines.set(key, { identity, value, atMs });
        return ((value - previous.value) * 1000) / elapsedMs;
      }
      baselines.set(key, { identity, value, atMs });
      return null;
    },
    retainOnly(keys: ReadonlySet<number>): void {
      for (const key of baselines.keys()) if (!keys.has(key)) baselines.delete(key);
    },
  };
}

/** /proc/<pid>/io is small (seven lines); this bounds a recorded tree. */
const MAX_IO_FILE_BYTES = 16 * 1024;
const MAX_VMSTAT_BYTES = 1024 * 1024;
const VMSTAT_KEY = -1;

export function createIoRateReader(procRoot = '/proc') {
  const rates = createCounterRates();
  return {
    /**
     * Storage reads of `pid` per second; null on its first reading, and where the file cannot be
     * read (another user's process: it needs ptrace access; a kernel without I/O accounting).
     */
    diskReadBytesPerSecond(pid: number, startTicks: number, atMs: number): number | null {
      const read = readTextFile(`${procRoot}/${pid}/io`, MAX_IO_FILE_BYTES);
      const io = read.ok ? parseProcIo(read.text) : null;
      return io === null ? null : rates.rate(pid, startTicks, io.readBytes, atMs);
    },
    majorFaultsPerSecond(atMs: number): number | null {
      const read = readTextFile(`${procRoot}/vmstat`, MAX_VMSTAT_BYTES);
      const faults = read.ok ? parseVmstatMajorFaults(read.text) : null;
      return faults === null ? null : rates.rate(VMSTAT_KEY, 0, faults, atMs);
    },
    /** Forget processes no longer watched (the vmstat baseline is kept). */
    retainOnly(pids: ReadonlySet<number>): void {
      rates.retainOnly(new Set([...pids, VMSTAT_KEY]));
    },
  };
}
