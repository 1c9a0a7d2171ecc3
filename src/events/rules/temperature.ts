// Temperature at or over the GPU's own slowdown threshold (NVML's temperatureSlowdownCelsius: the
// point where the driver starts cutting clocks for heat; 83–95 °C depending on the board). Fine
// again only `hysteresis` °C below it. A GPU that does not report its threshold gets no event: a
// fixed guess would be too low for one board and too high for another. At or over the shutdown
// threshold the event is critical (the GPU is about to power off to protect itself).

import type { GpuEvent } from '../types.js';
import { createLatch } from './latch.js';
import { gpuEvent, type DeviceRule, type DeviceView } from './rule.js';

export function createTemperatureRule(hysteresisCelsius: number): DeviceRule {
  const latch = createLatch();
  return {
    device(view: DeviceView, atMs: number): GpuEvent[] {
      const { temperatureCelsius: celsius, temperatureSlowdownCelsius: slowdown, temperatureShutdownCelsius: shutdown } = view.device;
      if (celsius === null || slowdown === null) return [];
      const flip = latch.update(view.key, celsius, celsius >= slowdown, celsius < slowdown - hysteresisCelsius);
      if (flip === null) return [];
      const params = { celsius, slowdownCelsius: slowdown };
      if (flip === 'off') return [gpuEvent(atMs, view, 'temperature-ok', 'info', 'events.temperature.ok', params)];
      const critical = shutdown !== null && celsius >= shutdown;
      const key = view.first ? 'events.temperature.already' : 'events.temperature.high';
      return [gpuEvent(atMs, view, 'temperature-high', critical ? 'critical' : 'warning', key, params)];
    },
  };
}
