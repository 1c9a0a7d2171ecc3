// The 'windows' backend: every display adapter (NVIDIA, AMD, Intel) through PowerShell, with the
// real memory size and Task Manager's utilisation and memory use. NVIDIA GPUs are better read
// by NVML (nvml.dll) or nvidia-smi.exe, which come first in the chain.

import type { BackendDriver } from '../../core/backend.js';
import { createCommandDriver, type CommandBackendOptions } from '../vendor-common/command-backend.js';
import { parseWindowsLive } from './parse.js';
import { COUNTERS_SCRIPT, INVENTORY_SCRIPT, powershellArgs, powershellCandidates } from './script.js';

export const WINDOWS_BACKEND_ID = 'windows';

export function createWindowsDriver(options: CommandBackendOptions = {}): BackendDriver {
  return createCommandDriver(
    {
      id: WINDOWS_BACKEND_ID,
      capabilities: { metrics: true, processes: true },
      candidates: powershellCandidates(options.env ?? process.env),
      openArgs: [powershellArgs(INVENTORY_SCRIPT)],
      readArgs: [powershellArgs(COUNTERS_SCRIPT)],
      parse: (open, live) => parseWindowsLive(open[0] ?? '', live[0] ?? null),
    },
    // PowerShell starts in ~0.5 s; Get-Counter samples for about a second.
    { ...options, timeoutMs: options.timeoutMs ?? 15_000 },
  );
}

export { parseWin32Json, parseWin32Text } from './parse.js';
