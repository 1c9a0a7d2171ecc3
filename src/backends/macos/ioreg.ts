// `ioreg -r -d 1 -c IOAccelerator` → each GPU's live statistics, no sudo needed (powermetrics
// needs root). Each accelerator is a "+-o AGXAcceleratorG13G  <class …>" entry whose properties
// follow, one per line: `"PerformanceStatistics" = {"Device Utilization %"=12,"In use system
// memory"=183828480,…}` on Apple Silicon (and Intel/AMD GPUs of Intel Macs, which add
// vramUsedBytes/vramFreeBytes), plus `"model" = "Apple M1"` and `"gpu-core-count" = 8` on AGX.

import { checkInputSize } from '../vendor-common/reading.js';

export interface AcceleratorStats {
  ioClass: string;
  model: string | null;
  coreCount: number | null;
  utilPercent: number | null;
  /** Memory the GPU is using: VRAM where it has its own, else the unified memory in use. */
  memoryUsedBytes: number | null;
  memoryFreeBytes: number | null;
}

export const IOREG_FORMAT = 'ioreg-accelerator';

const integer = (text: string | undefined): number | null => (text !== undefined && /^\d{1,16}$/.test(text) ? Number(text) : null);

function statistics(line: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const match of line.matchAll(/"([^"=]{1,80})"=(\d{1,16})\b/g)) values.set(match[1]!, Number(match[2]));
  return values;
}

export function parseIoregAccelerators(text: string): AcceleratorStats[] {
  checkInputSize(text, IOREG_FORMAT);
  const accelerators: AcceleratorStats[] = [];
  let current: AcceleratorStats | null = null;
  for (const line of text.split(/\r?\n/)) {
    const entry = /^[\s|]*\+-o\s+(\S+)/.exec(line);
    if (entry) {
      accelerators.push((current = { ioClass: entry[1]!, model: null, coreCount: null, utilPercent: null, memoryUsedBytes: null, memoryFreeBytes: null }));
      continue;
    }
    if (!current) continue;
    const property = /^[\s|]*"([^"]+)"\s*=\s*(.*)$/.exec(line);
    if (!property) continue;
    const [, name, value = ''] = property;
    if (name === 'model') current.model = /^"(.*)"$/.exec(value.trim())?.[1] ?? null;
    else if (name === 'gpu-core-count') current.coreCount = integer(value.trim());
    else if (name === 'PerformanceStatistics') {
      const stats = statistics(value);
      const util = stats.get('Device Utilization %') ?? stats.get('GPU Activity(%)');
      current.utilPercent = util !== undefined && util <= 100 ? util : null;
      current.memoryUsedBytes = stats.get('vramUsedBytes') ?? stats.get('In use system memory') ?? null;
      current.memoryFreeBytes = stats.get('vramFreeBytes') ?? null;
    }
  }
  return accelerators;
}
