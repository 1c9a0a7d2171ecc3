// The 'macos' backend: system_profiler's inventory once at open, ioreg's accelerator statistics
// at each read (utilisation and memory in use, without sudo). CUDA does not exist on a Mac; the
// reading says so and points to MPS.

import { totalmem } from 'node:os';
import type { BackendDriver } from '../../core/backend.js';
import { createCommandDriver, type CommandBackendOptions } from '../vendor-common/command-backend.js';
import { parseMacLive } from './parse.js';

export const MACOS_BACKEND_ID = 'macos';

export const SYSTEM_PROFILER_ARGS = ['SPDisplaysDataType', '-json'] as const;
export const IOREG_ARGS = ['-r', '-d', '1', '-c', 'IOAccelerator'] as const;

export function createMacDriver(options: CommandBackendOptions & { unifiedMemoryBytes?: number } = {}): BackendDriver {
  const unified = options.unifiedMemoryBytes ?? totalmem();
  return createCommandDriver(
    {
      id: MACOS_BACKEND_ID,
      capabilities: { metrics: true, processes: false },
      candidates: ['/usr/sbin/system_profiler', 'system_profiler'],
      openArgs: [SYSTEM_PROFILER_ARGS],
      readCandidates: ['/usr/sbin/ioreg', 'ioreg'],
      readArgs: [IOREG_ARGS],
      parse: (open, live) => parseMacLive(open[0] ?? '', live[0] ?? null, unified),
    },
    { ...options, timeoutMs: options.timeoutMs ?? 15_000 },
  );
}
