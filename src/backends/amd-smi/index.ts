// The 'amd-smi' backend: AMD's current tool (ROCm 6.1+). `amd-smi static --json` once at open,
// `metric --json` and `process --json` at each read; the one JSON parser merges them.

import type { BackendDriver } from '../../core/backend.js';
import { createCommandDriver, type CommandBackendOptions } from '../vendor-common/command-backend.js';
import { parseAmdSmiDocuments } from './parse.js';

export const AMD_SMI_BACKEND_ID = 'amd-smi';

export function createAmdSmiDriver(options: CommandBackendOptions = {}): BackendDriver {
  return createCommandDriver(
    {
      id: AMD_SMI_BACKEND_ID,
      capabilities: { metrics: true, processes: true },
      candidates: ['amd-smi', '/opt/rocm/bin/amd-smi'],
      openArgs: [['static', '--json']],
      readArgs: [['metric', '--json'], ['process', '--json']],
      parse: (open, live) => parseAmdSmiDocuments([...open, ...live].filter((text): text is string => text !== null)),
    },
    { ...options, timeoutMs: options.timeoutMs ?? 10_000 },
  );
}

export { parseAmdSmiDocuments } from './parse.js';
