// Memory nearly full: used ≥ the threshold share of total (default 95 %), told again as fine only
// once use is `hysteresis` points lower (default 90 %). A job that sits at 94–96 % tells once.
// Frameworks' caching allocators (PyTorch) hold memory they are not using, so "nearly full" means
// the next allocation of another process may fail, not that this one is about to.

import type { GpuEvent } from '../types.js';
import { createLatch } from './latch.js';
import { gpuEvent, round1, type DeviceRule, type DeviceView } from './rule.js';

export function usedPercent(device: DeviceView['device']): number | null {
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  if (used === null || total === null || !(total > 0) || !Number.isFinite(used) || used < 0) return null;
  return (used / total) * 100;
}

export function createMemoryRule(thresholdPercent: number, hysteresisPercent: number): DeviceRule {
  const latch = createLatch();
  return {
    device(view: DeviceView, atMs: number): GpuEvent[] {
      const percent = usedPercent(view.device);
      if (percent === null) return [];
      const flip = latch.update(view.key, percent, percent >= thresholdPercent, percent < thresholdPercent - hysteresisPercent);
      if (flip === null) return [];
      const params = {
        usedPercent: round1(percent),
        thresholdPercent,
        usedBytes: view.device.memoryUsedBytes ?? 0,
        totalBytes: view.device.memoryTotalBytes ?? 0,
      };
      if (flip === 'on') {
        const key = view.first ? 'events.memory.already' : 'events.memory.full';
        return [gpuEvent(atMs, view, 'memory-nearly-full', 'warning', key, params)];
      }
      return [gpuEvent(atMs, view, 'memory-ok', 'info', 'events.memory.ok', params)];
    },
  };
}
