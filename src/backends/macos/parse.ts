// A Mac's reading: system_profiler's inventory with ioreg's live statistics where they can be
// matched to a GPU (by model name, or the only one with the only accelerator).

import type { BackendReading } from '../../core/backend.js';
import { setDeviceValue } from '../../core/empty-device.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import { vendorDriverInfo } from '../vendor-common/reading.js';
import { parseIoregAccelerators, type AcceleratorStats } from './ioreg.js';
import { itemsToGpus, macNotes, parseSystemProfilerItems, type MacGpu } from './system-profiler.js';

function match(gpus: readonly MacGpu[], accelerators: readonly AcceleratorStats[]): Map<MacGpu, AcceleratorStats> {
  const pairs = new Map<MacGpu, AcceleratorStats>();
  if (gpus.length === 1 && accelerators.length === 1) pairs.set(gpus[0]!, accelerators[0]!);
  else {
    for (const gpu of gpus) {
      const found = accelerators.find((a) => a.model !== null && a.model === gpu.device.name);
      if (found) pairs.set(gpu, found);
    }
  }
  return pairs;
}

export function parseMacLive(systemProfiler: string, ioreg: string | null, unifiedMemoryBytes: number | null): BackendReading {
  const problems: SnapshotProblem[] = [];
  const gpus = itemsToGpus(parseSystemProfilerItems(systemProfiler), problems, unifiedMemoryBytes);
  const accelerators = ioreg === null ? [] : parseIoregAccelerators(ioreg);
  for (const [gpu, stats] of match(gpus, accelerators)) {
    const { device } = gpu;
    if (gpu.cores === null && stats.coreCount !== null) gpu.cores = stats.coreCount;
    if (stats.utilPercent !== null) setDeviceValue(device, 'gpuUtilPercent', stats.utilPercent);
    if (stats.memoryUsedBytes !== null && (device.memoryTotalBytes === null || stats.memoryUsedBytes <= device.memoryTotalBytes)) {
      setDeviceValue(device, 'memoryUsedBytes', stats.memoryUsedBytes);
    }
    if (stats.memoryFreeBytes !== null) setDeviceValue(device, 'memoryFreeBytes', stats.memoryFreeBytes);
    else if (device.memoryTotalBytes !== null && device.memoryUsedBytes !== null) setDeviceValue(device, 'memoryFreeBytes', device.memoryTotalBytes - device.memoryUsedBytes);
  }
  return { driver: vendorDriverInfo(null), devices: gpus.map((g) => g.device), processes: [], problems: [...macNotes(gpus), ...problems] };
}

export { parseSystemProfiler } from './system-profiler.js';
