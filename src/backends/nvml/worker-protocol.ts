// Messages between the NVML worker thread (./worker-entry.ts) and its host (./isolated.ts).

import type { BackendOpenResult, BackendReading, BackendUnavailable } from '../../core/backend.js';
import type { NvmlBackendOptions } from './index.js';
import type { DeviceProgress } from './reader.js';

export interface WorkerInit {
  gpuwiseNvmlWorker: true;
  options: Omit<NvmlBackendOptions, 'env'> & { env: Record<string, string | undefined> };
}

export type HostMessage = { type: 'read'; id: number } | { type: 'prime'; id: number } | { type: 'close' };

export type WorkerMessage =
  | { type: 'opened'; ok: true; libraryPath: string }
  | { type: 'opened'; ok: false; unavailable: BackendUnavailable }
  | { type: 'device'; id: number; progress: DeviceProgress }
  | { type: 'reading'; id: number; reading: BackendReading }
  | { type: 'primed'; id: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'closed' };

export type OpenAnswer = Extract<WorkerMessage, { type: 'opened' }>;
export type { BackendOpenResult };
