// The NVML backend: NVIDIA's management library, loaded through koffi. The first choice on any
// machine with an NVIDIA driver — microseconds per snapshot, every field the driver knows.

import type { Backend, BackendDriver, BackendOpenResult, BackendReading, BackendUnavailableCode } from '../../core/backend.js';
import { loadNvmlLibrary, type NvmlLibrary } from './library.js';
import { NvmlReader, type DeviceProgress } from './reader.js';
import {
  NVML_ERROR_DRIVER_NOT_LOADED,
  NVML_ERROR_NO_PERMISSION,
  NVML_SUCCESS,
  nvmlReturnName,
} from './return-codes.js';

export const NVML_BACKEND_ID = 'nvml';

export interface NvmlBackendOptions {
  env?: NodeJS.ProcessEnv;
  platform?: string;
  /** Read PCIe RX/TX throughput (20 ms of sampling per call on real GPUs). Default true. */
  pcieThroughput?: boolean;
}

export interface NvmlBackend extends Backend {
  /** Where NVML was loaded from, and which versioned symbols it offered (for doctor and tests). */
  readonly libraryPath: string;
  symbolName(key: Parameters<NvmlLibrary['symbolName']>[0]): string | null;
  /** The synchronous read, reporting each GPU as it is done (for the worker thread). */
  readWithProgress(onDevice: (progress: DeviceProgress) => void): BackendReading;
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
  const reader = new NvmlReader(lib, { pcieThroughput: options.pcieThroughput ?? true, platform });
  let closed = false;
  const backend: NvmlBackend = {
    id: NVML_BACKEND_ID,
    capabilities: { metrics: true, processes: true },
    libraryPath: lib.path,
    symbolName: (key) => lib.symbolName(key),
    read: async () => {
      if (closed) throw new Error('NVML backend is closed');
      return reader.read();
    },
    readWithProgress: (onDevice) => {
      if (closed) throw new Error('NVML backend is closed');
      return reader.read(onDevice);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      reader.close();
      lib.fn.shutdown();
      // The library stays mapped: unloading NVML while driver threads may still run is unsafe.
    },
  };
  return { ok: true, backend };
}

function initFailureCode(code: number): BackendUnavailableCode {
  if (code === NVML_ERROR_DRIVER_NOT_LOADED) return 'driver-not-loaded';
  if (code === NVML_ERROR_NO_PERMISSION) return 'no-permission';
  return 'init-failed';
}
