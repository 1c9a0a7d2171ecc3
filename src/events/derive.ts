// Events from consecutive samples: the rules in ./rules/, run in order over each sample. Pure
// logic, no I/O: the recorder feeds it the sampler's samples and stores what comes out.
//
// The first sample is the baseline. It tells only conditions that are already bad (a GPU lost,
// throttling, memory nearly full, hot), with their own "already …" message keys, so that a
// history that starts on a sick box says so. Arrivals need a before: no gpu-appeared for the
// GPUs of the first sample, no process-start for processes already running, no ECC rise.

import { deviceKey } from '../monitor/history.js';
import type { Sample } from '../monitor/sampler.js';
import { resolveDeriverOptions, type EventDeriverOptions } from './options.js';
import { createEccRule } from './rules/ecc.js';
import { createMemoryRule } from './rules/memory.js';
import { createPresenceRule } from './rules/presence.js';
import { createProcessRule } from './rules/processes.js';
import type { DeviceRule, DeviceView, SampleView } from './rules/rule.js';
import { createTemperatureRule } from './rules/temperature.js';
import { createThrottleRule } from './rules/throttle.js';
import type { GpuEvent } from './types.js';

export type { EventDeriverOptions } from './options.js';

export interface EventDeriver {
  /** The events this sample shows against the ones before it (oldest first). */
  next(sample: Sample): GpuEvent[];
}

export function createEventDeriver(options: EventDeriverOptions = {}): EventDeriver {
  const settings = resolveDeriverOptions(options);
  const presence = createPresenceRule(settings.downAfterSamples);
  const processes = createProcessRule((key) => presence.isUp(key));
  const deviceRules: DeviceRule[] = [
    createThrottleRule(settings.throttleClearMs),
    createEccRule(settings.correctedEccQuietMs),
    createMemoryRule(settings.memoryNearlyFullPercent, settings.memoryHysteresisPercent),
    createTemperatureRule(settings.temperatureHysteresisCelsius),
  ];
  const seen = new Set<string>();
  let lastSeq = -Infinity;

  return {
    next(sample) {
      // A sample handed over twice (a re-subscribed listener) must not tell its events twice.
      if (sample.seq <= lastSeq) return [];
      const view = viewOf(sample, seen, lastSeq === -Infinity);
      lastSeq = sample.seq;
      const events = presence.next(view);
      for (const device of view.devices) for (const rule of deviceRules) events.push(...rule.device(device, view.atMs));
      events.push(...processes.next(view));
      // A throttle-end is dated when the clocks came free, which can be before this sample.
      return events.sort((a, b) => a.atMs - b.atMs);
    },
  };
}

function viewOf(sample: Sample, seen: Set<string>, baseline: boolean): SampleView {
  const { snapshot } = sample;
  const devices: DeviceView[] = [];
  const keys = new Set<string>();
  for (const device of snapshot.devices) {
    const key = deviceKey(device);
    // Two entries with one key (a backend that lists a GPU twice) would fight over one state.
    if (keys.has(key)) continue;
    keys.add(key);
    devices.push({ device, key, first: !seen.has(key), up: device.state === 'ok' });
    seen.add(key);
  }
  return { atMs: sample.wallMs, baseline, devices, processes: snapshot.processes, problems: snapshot.problems };
}
