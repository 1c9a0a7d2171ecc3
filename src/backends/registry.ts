// Which backends exist and in what order they are tried. Each backend's code is imported only
// when the chain reaches it: on a working NVIDIA machine `gpuwise info` loads NVML's code and
// nothing else (the definitions listed here are a few lines each).

import type { BackendDefinition, BackendDriver, BackendOpenResult } from '../core/backend.js';
import { definition as amdSmi } from './amd-smi/definition.js';
import { definition as drmSysfs } from './drm-sysfs/definition.js';
import { definition as macos } from './macos/definition.js';
import { definition as nvidiaSmi } from './nvidia-smi/definition.js';
import { definition as nvml } from './nvml/definition.js';
import { definition as pci } from './pci/definition.js';
import { definition as rocmSmi } from './rocm-smi/definition.js';
import { definition as staticReplay } from './static/definition.js';
import { definition as windows } from './windows/definition.js';

export interface BackendRegistryOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** nvidia-smi's per-call timeout. */
  commandTimeoutMs?: number;
  /**
   * Where a driver lacks NVML's PCIe byte counters, measure PCIe throughput in the background
   * (nvmlDeviceGetPcieThroughput: 20 ms of sampling per call on real GPUs). Default true.
   */
  pcieThroughput?: boolean;
  /**
   * Read NVML in a worker thread with a deadline per read (see nvml/isolated.ts): for
   * long-running commands, so a hung GPU cannot freeze them. Costs ~80 ms and ~16 MiB at start.
   * Without it NVML is read through koffi's async calls under one deadline per read
   * (nvml/deadline.ts): what one-shot commands use.
   */
  isolateNvml?: boolean;
  /** The deadline for one whole read of every GPU. Default 5 s in the worker, 3 s otherwise. */
  nvmlReadTimeoutMs?: number;
  /** Fill each reading's `samples` with the driver's sub-second samples (the sampler). */
  subSecondSamples?: boolean;
  /** Read GPM activity on Hopper and newer (default true). */
  gpm?: boolean;
  /** The caller takes one reading and never primes: no baselines for a next one (nvml/index.ts). */
  singleReading?: boolean;
  /**
   * Without the worker: make a promptly answering GPU's calls after its first of a read directly
   * (nvml/sync-trust.ts). Default true; false sends every call to libuv's pool.
   */
  syncAfterProbe?: boolean;
}

/**
 * Every backend, one line each: a new backend is one folder with a definition.ts, plus its line
 * here. The default chain and the names `--backend` accepts follow from this list.
 */
export const BACKEND_DEFINITIONS = [nvml, nvidiaSmi, amdSmi, rocmSmi, drmSysfs, windows, macos, pci, staticReplay] as const;

export type KnownBackendId = (typeof BACKEND_DEFINITIONS)[number]['id'];

export const BACKEND_IDS: readonly KnownBackendId[] = BACKEND_DEFINITIONS.map((d) => d.id);

export function isBackendId(value: string): value is KnownBackendId {
  return (BACKEND_IDS as readonly string[]).includes(value);
}

/** The default order: the fastest and most complete first, the bus scan as the last word. */
export const DEFAULT_CHAIN: readonly KnownBackendId[] = BACKEND_DEFINITIONS.filter((d) => d.chainOrder !== null)
  .sort((a, b) => (a.chainOrder ?? 0) - (b.chainOrder ?? 0))
  .map((d) => d.id);

/** A value as the caller gave it: a string quoted, so that '10' is not read as 10. */
function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Throws a TypeError naming the backends when `id` is none of them (a library caller's typo). */
export function backendDefinition(id: KnownBackendId): BackendDefinition<KnownBackendId, BackendRegistryOptions> {
  const definition = BACKEND_DEFINITIONS.find((d) => d.id === id);
  if (!definition) throw new TypeError(`unknown backend ${shown(id)}: the backends are ${BACKEND_IDS.join(', ')}`);
  return definition;
}

/**
 * Throws a RangeError for a timeout that is not a positive number of ms. A 0, negative or NaN read
 * deadline passed at once and showed every healthy GPU as not answering.
 */
function checkTimeouts(options: BackendRegistryOptions): void {
  for (const name of ['nvmlReadTimeoutMs', 'commandTimeoutMs'] as const) {
    const value: unknown = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
      throw new RangeError(`${name} must be a positive number of milliseconds; got ${shown(value)}`);
    }
  }
}

export function backendDriver(id: KnownBackendId, options: BackendRegistryOptions = {}): BackendDriver {
  const definition = backendDefinition(id);
  checkTimeouts(options);
  const platform = options.platform ?? process.platform;
  const open = async (): Promise<BackendOpenResult> => {
    if (definition.platforms !== 'all' && !definition.platforms.includes(platform)) {
      return { ok: false, unavailable: { code: 'unsupported-platform', detail: `${id} runs on ${definition.platforms.join(', ')}, not ${platform}` } };
    }
    return (await definition.load(options)).open();
  };
  return { id, open };
}

/** The drivers to try: just `pinned` when the user named one, else the default chain. */
export function backendDrivers(options: BackendRegistryOptions & { pinned?: KnownBackendId } = {}): BackendDriver[] {
  const ids = options.pinned ? [options.pinned] : DEFAULT_CHAIN;
  return ids.map((id) => backendDriver(id, options));
}

/**
 * How many native calls are still running on other threads (a GPU call past its deadline, a
 * worker inside the driver). Node's own exit waits for each of them, so while this is above 0
 * the CLI should end with `exitWithoutWaitingForDrivers` once its output is written.
 */
export { nativeCallsInFlight } from './nvml/in-flight.js';

/** Ends the process now, without waiting for threads stuck in a GPU driver (for the CLI only). */
export async function exitWithoutWaitingForDrivers(code: number): Promise<never> {
  const { exitWithoutWaiting } = await import('./nvml/hard-exit.js');
  return exitWithoutWaiting(code);
}
