// The NVML backend: NVIDIA's management library, loaded through koffi. The first choice on any
// machine with an NVIDIA driver — microseconds per snapshot, every field the driver knows.

import type { Backend, BackendCapabilities, BackendDriver, BackendOpenResult, BackendReading, BackendUnavailableCode } from '../../core/backend.js';
import { loadNvmlLibrary, type NvmlLibrary } from './library.js';
import { NvmlReader, type DeviceProgress, type ReaderOptions } from './reader.js';
import {
  NVML_ERROR_DRIVER_NOT_LOADED,
  NVML_ERROR_NO_PERMISSION,
  NVML_SUCCESS,
  nvmlReturnName,
} from './return-codes.js';

export const NVML_BACKEND_ID = 'nvml';

/** How long close() waits for background PCIe measurements (40 ms each on real GPUs). */
export const CLOSE_SETTLE_MS = 200;

export interface NvmlBackendOptions {
  env?: NodeJS.ProcessEnv;
  platform?: string;
  /**
   * Where a driver lacks the PCIe byte counters (older than R535), measure PCIe throughput with
   * nvmlDeviceGetPcieThroughput in the background (20 ms of sampling per call on real GPUs).
   * Default true; false leaves those rates null with reason `not-reported`.
   */
  pcieThroughput?: boolean;
  /** Fill BackendReading.samples with the driver's sub-second samples (for the sampler). Default false. */
  subSecondSamples?: boolean;
  /** Read GPM activity (SM, occupancy, tensor, DRAM) on Hopper and newer. Default true. */
  gpm?: boolean;
  /**
   * The caller reads once and never primes (one-shot `info --json`): skip the calls that only
   * set a baseline for a next reading (GPM's two sample buffers and first sample, 3 calls a GPU).
   * Default false.
   */
  singleReading?: boolean;
}

/** What every NVML backend can do, whichever thread reads it. */
export function nvmlCapabilities(options: NvmlBackendOptions): BackendCapabilities {
  return { metrics: true, processes: true, intervalRates: true, subSecondSamples: options.subSecondSamples === true };
}

export function readerOptions(options: NvmlBackendOptions, platform: string): ReaderOptions {
  return {
    pcieThroughput: options.pcieThroughput ?? true,
    platform,
    subSecondSamples: options.subSecondSamples ?? false,
    gpm: options.gpm ?? true,
    singleReading: options.singleReading ?? false,
  };
}

export interface NvmlBackend extends Backend {
  prime(): Promise<void>;
  /** Where NVML was loaded from, and which versioned symbols it offered (for doctor and tests). */
  readonly libraryPath: string;
  symbolName(key: Parameters<NvmlLibrary['symbolName']>[0]): string | null;
  /** The synchronous read, reporting each GPU as it is done (for the worker thread). */
  readWithProgress(onDevice: (progress: DeviceProgress) => void): BackendReading;
  primeSync(): void;
}

export function createNvmlDriver(options: NvmlBackendOptions = {}): BackendDriver {
  return { id: NVML_BACKEND_ID, open: () => Promise.resolve(openNvml(options)) };
}

export type NvmlOpenResult = { ok: true; backend: NvmlBackend } | Extract<BackendOpenResult, { ok: false }>;

export function openNvml(options: NvmlBackendOptions = {}): NvmlOpenResult {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  if (platform === 'darwin') {
    return { ok: false, unavailable: { code: 'unsupported-platform', detail: 'NVIDIA has no NVML for macOS' } };
  }
  const loaded = loadNvmlLibrary(platform, env);
  if (!loaded.ok) return { ok: false, unavailable: { code: 'library-not-found', detail: loaded.detail } };
  const lib = loaded.library;

  const code = lib.fn.init();
  if (code !== NVML_SUCCESS) {
    const detail = `${lib.path}: nvmlInit: ${nvmlReturnName(code)} (${lib.errorString(code) ?? 'no description'})`;
    lib.unload();
    return { ok: false, unavailable: { code: initFailureCode(code), detail } };
  }
  const reader = new NvmlReader(lib, readerOptions(options, platform));
  let closed = false;
  const primeSync = () => {
    if (closed) throw new Error('NVML backend is closed');
    reader.prime();
  };
  const backend: NvmlBackend = {
    id: NVML_BACKEND_ID,
    capabilities: nvmlCapabilities(options),
    libraryPath: lib.path,
    symbolName: (key) => lib.symbolName(key),
    read: async () => {
      if (closed) throw new Error('NVML backend is closed');
      return reader.read();
    },
    prime: async () => primeSync(),
    primeSync,
    readWithProgress: (onDevice) => {
      if (closed) throw new Error('NVML backend is closed');
      return reader.read(onDevice);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const settled = await reader.settle(CLOSE_SETTLE_MS);
      reader.close();
      if (settled) lib.fn.shutdown();
      // The library stays mapped: unloading NVML while driver threads may still run is unsafe.
    },
  };
  return { ok: true, backend };
}

export function initFailureCode(code: number): BackendUnavailableCode {
  if (code === NVML_ERROR_DRIVER_NOT_LOADED) return 'driver-not-loaded';
  if (code === NVML_ERROR_NO_PERMISSION) return 'no-permission';
  return 'init-failed';
}
