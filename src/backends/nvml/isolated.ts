// NVML in a worker thread, for the long-running commands (info --watch, top, serve). A GPU that
// hangs inside the driver blocks whichever thread called NVML; here that is the worker, and every
// read has a deadline. Past it, the read returns what it has: the GPUs read before the hang as
// they are, the rest with null metrics (reason `timeout`) and a problem saying so. While the
// worker is still stuck, later reads answer at once the same way instead of queueing behind it.

import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { BackendDriver, BackendOpenResult, BackendProcess, BackendReading } from '../../core/backend.js';
import type { GpuDevice } from '../../core/snapshot.js';
import type { NvmlBackendOptions } from './index.js';
import { NVML_BACKEND_ID, nvmlCapabilities } from './index.js';
import { trackNativeCall } from './in-flight.js';
import { partialReading, secondsSince, type KnownState, type PartialRead } from './timeout-device.js';
import type { HostMessage, WorkerInit, WorkerMessage } from './worker-protocol.js';

export interface IsolatedNvmlOptions extends NvmlBackendOptions {
  /** Deadline for one read of every GPU. Default 5 s (PCIe throughput alone takes 40 ms per GPU). */
  readTimeoutMs?: number;
  /** Deadline for loading NVML and nvmlInit. Default 15 s. */
  openTimeoutMs?: number;
}

export function createIsolatedNvmlDriver(options: IsolatedNvmlOptions = {}): BackendDriver {
  return { id: NVML_BACKEND_ID, open: () => openIsolated(options) };
}

type PendingRead = PartialRead & {
  id: number;
  resolve: (reading: BackendReading) => void;
  timer: NodeJS.Timeout | null;
};

/**
 * How to start the worker: the bundle's own entry (dist/nvml-worker.mjs) when running built, or
 * — running from the TypeScript sources (tests, `npm run dev`) — a bootstrap that registers tsx
 * in the worker and imports ./worker-entry.ts.
 */
function workerSource(): { source: URL | string; eval: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // An eval'd worker resolves bare names from the working directory: the repository, here.
    const entry = new URL('./worker-entry.ts', here).href;
    const bootstrap = `import { register } from 'tsx/esm/api'; register(); await import(${JSON.stringify(entry)});`;
    return { source: bootstrap, eval: true };
  }
  for (const candidate of ['./nvml-worker.mjs', '../nvml-worker.mjs']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return { source: url, eval: false };
  }
  throw new Error(`gpuwise: nvml-worker.mjs is missing next to ${here}; rebuild with \`npm run build\``);
}

async function openIsolated(options: IsolatedNvmlOptions): Promise<BackendOpenResult> {
  const readTimeoutMs = options.readTimeoutMs ?? 5000;
  let location;
  try {
    location = workerSource();
  } catch (error) {
    return { ok: false, unavailable: { code: 'error', detail: error instanceof Error ? error.message : String(error) } };
  }
  const init: WorkerInit = {
    gpuwiseNvmlWorker: true,
    options: {
      platform: options.platform,
      pcieThroughput: options.pcieThroughput,
      subSecondSamples: options.subSecondSamples,
      gpm: options.gpm,
      env: { ...(options.env ?? process.env) },
    },
  };
  const worker = new Worker(location.source, { workerData: init, eval: location.eval, execArgv: workerExecArgv(process.execArgv) });
  // A worker stuck in the driver must not keep the process alive once everything else is done.
  worker.unref();

  const opened = await new Promise<Extract<WorkerMessage, { type: 'opened' }> | { type: 'timeout' } | { type: 'crashed'; message: string }>(
    (resolve) => {
      const timer = setTimeout(() => resolve({ type: 'timeout' }), options.openTimeoutMs ?? 15_000);
      worker.once('message', (message: WorkerMessage) => {
        clearTimeout(timer);
        if (message.type === 'opened') resolve(message);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        resolve({ type: 'crashed', message: error.message });
      });
    },
  );
  if (opened.type === 'timeout') {
    void worker.terminate();
    return { ok: false, unavailable: { code: 'timeout', detail: 'NVML did not finish initialising; a GPU or the driver may be hung' } };
  }
  if (opened.type === 'crashed') return { ok: false, unavailable: { code: 'error', detail: opened.message } };
  if (!opened.ok) {
    void worker.terminate();
    return { ok: false, unavailable: opened.unavailable };
  }

  let nextId = 1;
  let pending: PendingRead | null = null;
  let inFlight: Promise<BackendReading> | null = null;
  let stuckSince: number | null = null;
  let lastComplete: BackendReading | null = null;
  /** Every GPU as last seen, from whole readings and from each GPU's progress message. */
  const lastSeen: GpuDevice[] = [];
  let lastCount: number | null = null;
  let workerError: string | null = null;
  let closed = false;
  /** The newest message posted to the worker, and the count of it as a native call still out. */
  let postedId = 0;
  let busy: (() => void) | null = null;
  const waitingPrimes = new Map<number, () => void>();

  const post = (message: Extract<HostMessage, { id: number }>) => {
    postedId = message.id;
    // Node's exit joins the worker: while it is in the driver, the CLI must not wait for it.
    busy ??= trackNativeCall();
    worker.postMessage(message);
  };
  const answered = (id: number) => {
    if (id !== postedId) return;
    busy?.();
    busy = null;
  };
  worker.once('exit', () => {
    busy?.();
    busy = null;
  });

  const known = (): KnownState => ({ devices: lastSeen, count: lastCount, driver: lastComplete?.driver ?? null });
  const finish = (read: PendingRead, reading: BackendReading) => {
    if (read.timer) clearTimeout(read.timer);
    if (pending === read) pending = null;
    read.resolve(reading);
  };

  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'opened' || message.type === 'closed') return;
    if (message.type !== 'device') answered(message.id);
    if (message.type === 'primed') {
      waitingPrimes.get(message.id)?.();
      waitingPrimes.delete(message.id);
      if (stuckSince !== null) stuckSince = null;
      return;
    }
    const read = pending;
    if (message.type === 'reading' && stuckSince !== null) stuckSince = null; // it came back
    if (message.type === 'reading') {
      lastComplete = message.reading;
      lastCount = message.reading.devices.length;
      message.reading.devices.forEach((device) => (lastSeen[device.index] = device));
    }
    if (message.type === 'device') {
      lastCount = message.progress.count;
      lastSeen[message.progress.device.index] = message.progress.device;
    }
    if (!read || read.id !== message.id) return; // the answer to a read we already gave up on
    if (message.type === 'device') {
      read.count = message.progress.count;
      read.driver = message.progress.driver;
      read.devices.push(message.progress.device);
      read.processes.push(...message.progress.processes);
    } else if (message.type === 'reading') {
      finish(read, message.reading);
    } else {
      finish(read, partialReading(read, known(), `NVML read failed: ${message.message}`, 'read-failed', { key: 'problems.readFailed', params: { detail: message.message } }));
    }
  });
  worker.on('error', (error) => {
    workerError = error.message;
    if (pending) finish(pending, partialReading(pending, known(), `NVML worker crashed: ${error.message}`, 'worker-crashed', { key: 'problems.workerCrashed', params: { detail: error.message } }));
  });

  const readOnce = () =>
    new Promise<BackendReading>((resolve) => {
      const id = nextId++;
      const empty: PendingRead = { id, count: null, devices: [], processes: [], driver: null, resolve, timer: null };
      if (workerError !== null) return resolve(partialReading(empty, known(), `NVML worker crashed: ${workerError}`, 'worker-crashed', { key: 'problems.workerCrashed', params: { detail: workerError } }));
      if (stuckSince !== null) {
        const seconds = secondsSince(stuckSince);
        return resolve(partialReading(empty, known(), `NVML has not answered for ${seconds} s; a GPU or the driver may be hung`, 'timeout', { key: 'problems.deviceStuck', params: { seconds } }));
      }
      const read: PendingRead = {
        ...empty,
        timer: setTimeout(() => {
          stuckSince = performance.now() - readTimeoutMs; // since the read that did not come back began
          finish(read, partialReading(read, known(), `NVML did not answer within ${readTimeoutMs} ms; a GPU or the driver may be hung`, 'timeout', { key: 'problems.deviceTimeout', params: { ms: readTimeoutMs } }));
        }, readTimeoutMs),
      };
      pending = read;
      post({ type: 'read', id });
    });

  const primeOnce = async () => {
    if (workerError !== null || stuckSince !== null) return;
    const id = nextId++;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        stuckSince ??= performance.now() - readTimeoutMs;
        waitingPrimes.delete(id);
        resolve();
      }, readTimeoutMs);
      waitingPrimes.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
      post({ type: 'prime', id });
    });
  };

  return {
    ok: true,
    backend: {
      id: NVML_BACKEND_ID,
      capabilities: nvmlCapabilities(options),
      // Single-flight: a read while one is in flight joins it. (Two reads at once used to
      // overwrite `pending`, and the first read's timer then marked the worker stuck for good.)
      read: () => {
        if (closed) return Promise.reject(new Error('NVML backend is closed'));
        inFlight ??= readOnce().finally(() => {
          inFlight = null;
        });
        return inFlight;
      },
      prime: async () => {
        if (closed) throw new Error('NVML backend is closed');
        // A read in flight sets the baselines itself.
        if (inFlight) await inFlight;
        else await primeOnce();
      },
      close: async () => {
        if (closed) return;
        closed = true;
        const hung = stuckSince !== null || workerError !== null || pending !== null || busy !== null;
        if (pending) finish(pending, partialReading(pending, known(), 'NVML backend closed during the read', 'closed', { key: 'problems.closedDuringRead' }));
        for (const resolve of waitingPrimes.values()) resolve();
        waitingPrimes.clear();
        if (hung) {
          // It cannot answer (or would answer too late): do not wait on the driver. The thread
          // stays until the driver lets go of it; the CLI's exit does not wait for it (./hard-exit.ts).
          void worker.terminate();
          return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            void worker.terminate();
            resolve();
          }, 2000);
          worker.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          worker.postMessage({ type: 'close' } satisfies HostMessage);
        });
      },
    },
  };
}

/**
 * The parent's Node flags, less those that say how to read the parent's own entry: a worker
 * inherits them, and `--input-type=module` (as in `node --input-type=module -e …`) makes its
 * bootstrap fail, which would silently drop NVML for the bus scan. V8 and memory flags stay.
 */
export function workerExecArgv(parent: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const flag = parent[i]!;
    if (flag === '--input-type') {
      i++; // and its value
      continue;
    }
    if (flag.startsWith('--input-type=')) continue;
    kept.push(flag);
  }
  return kept;
}

