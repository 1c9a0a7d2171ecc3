// The host summary off Linux (macOS, Windows, BSDs), from Node's os module only — no subprocess.
// GPU processes get no host details there (hostResolution 'unsupported'): `ps` on macOS or
// PowerShell/WMI on Windows would cost 10 ms to several hundred ms per snapshot and parse
// locale-dependent text, for platforms where NVIDIA GPU processes are rare (macOS) or where
// nvidia-smi itself shows little per process (Windows WDDM).

import os from 'node:os';
import type { HostSummary } from '../core/snapshot.js';
import { createCpuSplitSampler, type CpuSplitSample } from './cpu-split.js';
import type { CoreTicks, CpuTicks, CpuTimes } from './proc-system-parsers.js';

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

/** os.cpus() as /proc/stat-like columns; it has no iowait, softirq or steal (reported null). */
export function cpuTicksFromOs(cpus: readonly os.CpuInfo[]): { total: CpuTicks | null; cores: CoreTicks[] } {
  const cores = cpus.map(({ times }, cpu): CoreTicks => ({
    cpu,
    ticks: { user: times.user, nice: times.nice, system: times.sys, idle: times.idle, iowait: 0, irq: times.irq, softirq: 0, steal: 0 },
  }));
  if (cores.length === 0) return { total: null, cores };
  const total: CpuTicks = { user: 0, nice: 0, system: 0, idle: 0, iowait: 0, irq: 0, softirq: 0, steal: 0 };
  for (const { ticks } of cores) {
    total.user += ticks.user;
    total.nice += ticks.nice;
    total.system += ticks.system;
    total.idle += ticks.idle;
    total.irq += ticks.irq;
  }
  return { total, cores };
}

export function createPortableSummaryReader(options: PortableSummaryReaderOptions) {
  const cpuSampler = createCpuSplitSampler(['iowait', 'softirq', 'steal']);
  const sample = (cpus: readonly os.CpuInfo[]): CpuSplitSample => {
    const { total, cores } = cpuTicksFromOs(cpus);
    return cpuSampler.sample(total, cores, options.now());
  };

  return async function readSummary(): Promise<HostSummary> {
    let cpus = os.cpus();
    const firstReading = !cpuSampler.hasBaseline();
    let cpu = sample(cpus);
    if (firstReading && cpus.length > 0 && options.firstSampleWindowMs > 0) {
      await options.sleep(options.firstSampleWindowMs);
      cpus = os.cpus();
      cpu = sample(cpus);
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
      cpuUtilPercent: cpu.total?.busyPercent ?? null,
      loadAverage1m: load1 ?? null,
      loadAverage5m: load5 ?? null,
      loadAverage15m: load15 ?? null,
      memoryTotalBytes: total > 0 ? total : null,
      memoryAvailableBytes: available,
      memoryUsedBytes: available !== null && total > 0 && available <= total ? total - available : null,
      // Node exposes no swap figures; reading them would need sysctl / WMI subprocesses.
      swapTotalBytes: null,
      swapUsedBytes: null,
      uptimeSeconds: os.uptime(),
      cpuTime: cpu.total?.split ?? null,
      cpuCores: cpu.cores,
      // Neither the page cache nor shared memory is in Node's os module.
      memoryFreeBytes: null,
      memoryBuffersBytes: null,
      memoryCachedBytes: null,
      memorySharedBytes: null,
      swapCachedBytes: null,
    };
  };
}
