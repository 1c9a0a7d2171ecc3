// A host reader with fixed figures, for the sampler's tests: no /proc, and processes enriched
// with nothing, so a test sees only what its backend gave.
import type { HostReader } from '../../host/index.js';

export const FIXED_HOST: HostReader = {
  readSummary: async () => ({
    summary: {
      hostname: 'test', platform: 'linux', kernelRelease: null, cpuModel: null, cpuLogicalCount: 2, cpuUtilPercent: 12,
      loadAverage1m: 0.5, loadAverage5m: null, loadAverage15m: null, memoryTotalBytes: 8e9, memoryAvailableBytes: 4e9,
      memoryUsedBytes: 4e9, swapTotalBytes: 0, swapUsedBytes: 0, uptimeSeconds: 10,
    },
    problems: [],
  }),
  enrichProcesses: async (processes) => ({ processes: processes.map((p) => ({ ...p, command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null, hostResolution: 'ok' as const })), problems: [] }),
};
