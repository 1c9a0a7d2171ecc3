// The host side of an imported snapshot. The processes and the machine are another one's: their
// PIDs mean nothing here, so nothing is looked up in this machine's /proc, and the host summary
// says only what is known — that it is not this machine.

import type { BackendProcess } from '../core/backend.js';
import type { GpuProcess, HostSummary } from '../core/snapshot.js';
import type { HostReader } from '../host/index.js';

export const IMPORTED_HOSTNAME = '(imported)';

function summary(platform: string): HostSummary {
  return {
    hostname: IMPORTED_HOSTNAME, platform, kernelRelease: null, cpuModel: null, cpuLogicalCount: null, cpuUtilPercent: null,
    loadAverage1m: null, loadAverage5m: null, loadAverage15m: null, memoryTotalBytes: null, memoryAvailableBytes: null,
    memoryUsedBytes: null, swapTotalBytes: null, swapUsedBytes: null, uptimeSeconds: null,
  };
}

function asImported(p: BackendProcess): GpuProcess {
  return {
    ...p, command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null,
    // 'unsupported': the host side cannot be read from here at all (not "gone", not "denied").
    hostResolution: 'unsupported', threads: null,
  };
}

/** `platform`: what the output shows of the other machine ('win32' for a WDDM driver), else 'unknown'. */
export function createImportedHostReader(platform = 'unknown'): HostReader {
  return {
    readSummary: async () => ({ summary: summary(platform), problems: [] }),
    enrichProcesses: async (processes) => ({ processes: processes.map(asImported), problems: [] }),
    close() {},
  };
}
