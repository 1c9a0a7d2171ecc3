// Temperature at or over the GPU's own slowdown threshold (NVML's temperatureSlowdownCelsius: the
// point where the driver starts cutting clocks for heat; 83–95 °C depending on the board). Fine
// again only `hysteresis` °C below it. A GPU that does not report its threshold gets no event: a
// fixed guess would be too low for one board and too high for another. At or over the shutdown
// threshold it is critical (the GPU is about to power off to protect itself): told when the GPU
// gets there, also in the middle of a hot spell that began as a warning.

import type { GpuEvent } from '../types.js';
import { createLatch } from './latch.js';
import { gpuEvent, type DeviceRule, type DeviceView } from './rule.js';

export function createTemperatureRule(hysteresisCelsius: number): DeviceRule {
  const latch = createLatch();
  /** GPUs whose hot spell has reached the shutdown point (told once per spell). */
  const critical = new Set<string>();
  return {
    device(view: DeviceView, atMs: number): GpuEvent[] {
      const { temperatureCelsius: celsius, temperatureSlowdownCelsius: slowdown, temperatureShutdownCelsius: shutdown } = view.device;
      if (celsius === null || slowdown === null) return [];
      const flip = latch.update(view.key, celsius, celsius >= slowdown, celsius < slowdown - hysteresisCelsius);
      const params = { celsius, slowdownCelsius: slowdown };
      if (flip === 'off') {
        critical.delete(view.key);
        return [gpuEvent(atMs, view, 'temperature-ok', 'info', 'events.temperature.ok', params)];
      }
      const atShutdown = shutdown !== null && celsius >= shutdown;
      if (flip === 'on') {
        if (atShutdown) critical.add(view.key);
        const key = view.first ? 'events.temperature.already' : 'events.temperature.high';
        return [gpuEvent(atMs, view, 'temperature-high', atShutdown ? 'critical' : 'warning', key, params)];
      }
      if (!atShutdown || critical.has(view.key) || !latch.active(view.key)) return [];
      critical.add(view.key);
      return [gpuEvent(atMs, view, 'temperature-high', 'critical', 'events.temperature.shutdown', { ...params, shutdownCelsius: shutdown })];
    },
  };
}
