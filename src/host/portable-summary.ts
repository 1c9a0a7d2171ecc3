// The host summary off Linux (macOS, Windows, BSDs), from Node's os module only — no subprocess.
// GPU processes get no host details there (hostResolution 'unsupported'): `ps` on macOS or
// PowerShell/WMI on Windows would cost 10 ms to several hundred ms per snapshot and parse
// locale-dependent text, for platforms where NVIDIA GPU processes are rare (macOS) or where
// nvidia-smi itself shows little per process (Windows WDDM).

import os from 'node:os';
import type { HostSummary } from '../core/snapshot.js';
import { createCpuTimesSampler } from './cpu-sampler.js';
import type { CpuTimes } from './proc-system-parsers.js';

export interface PortableSummaryReaderOptions {
  platform: string;
  firstSampleWindowMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** Sums os.cpus() times (milliseconds; the ratio is all that matters) into busy/total. */
export function cpuTimesFromOs(cpus: readonly os.CpuInfo[]): CpuTimes | null {
  if (cpus.length === 0) return null;
  let busy = 0;
  let total = 0;
  for (const { times } of cpus) {
    const cpuBusy = times.user + times.nice + times.sys + times.irq;
    busy += cpuBusy;
    total += cpuBusy + times.idle;
  }
  return { busyTicks: busy, totalTicks: total };
}

export function createPortableSummaryReader(options: PortableSummaryReaderOptions) {
  const cpuSampler = createCpuTimesSampler();

  return async function readSummary(): Promise<HostSummary> {
    let cpus = os.cpus();
    let times = cpuTimesFromOs(cpus);
    let cpuUtilPercent = times === null ? null : cpuSampler.sample(times, options.now());
    if (cpuUtilPercent === null && times !== null && options.firstSampleWindowMs > 0) {
      await options.sleep(options.firstSampleWindowMs);
      cpus = os.cpus();
      times = cpuTimesFromOs(cpus);
      if (times !== null) cpuUtilPercent = cpuSampler.sample(times, options.now());
    }
    // Windows has no load average; Node returns [0, 0, 0] there, which would be a fake zero.
    const [load1, load5, load15] = options.platform === 'win32' ? [null, null, null] : os.loadavg();
    const total = os.totalmem();
    // os.freemem() is not MemAvailable everywhere. On Windows it is ullAvailPhys — free, zeroed
    // and standby (cache) pages, what a new program can get — so it is the same quantity. On macOS
    // and the BSDs it counts free pages only, leaving out the inactive and purgeable memory those
    // kernels hand out on demand, so it would show a nearly full machine: leave it unknown there.
    const available = options.platform === 'win32' ? os.freemem() : null;
    return {
      hostname: os.hostname(),
      platform: options.platform,
      kernelRelease: os.release() || null,
      cpuModel: cpus[0]?.model.trim() || null,
      cpuLogicalCount: cpus.length > 0 ? cpus.length : null,
      cpuUtilPercent,
      loadAverage1m: load1 ?? null,
      loadAverage5m: load5 ?? null,
      loadAverage15m: load15 ?? null,
      memoryTotalBytes: total > 0 ? total : null,
      memoryAvailableBytes: available,
      memoryUsedBytes: available !== null && total > 0 ? total - available : null,
      // Node exposes no swap figures; reading them would need sysctl / WMI subprocesses.
      swapTotalBytes: null,
      swapUsedBytes: null,
      uptimeSeconds: os.uptime(),
    };
  };
}
