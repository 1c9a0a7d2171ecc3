// A GPU lost, back, or new. "Lost" is any of: NVML says it is lost (GPU_IS_LOST: fell off the
// bus), every read of it failed or timed out (state 'error'), or its UUID is no longer in the
// device list. The last two must last `downAfterSamples` samples, since one slow or failed read
// is not a lost GPU; NVML's own verdict is told at once.

import type { GpuEvent } from '../types.js';
import { gpuEvent, type DeviceView, type SampleView } from './rule.js';

type Cause = 'lost' | 'error' | 'missing';

interface Presence {
  /** As last seen: for the events of a GPU that is no longer listed. */
  last: DeviceView;
  /** A gpu-lost has been told and no gpu-back since. */
  down: boolean;
  /** Consecutive samples not answering. */
  badSamples: number;
}

const LOST_KEYS = {
  lost: 'events.gpu.lost',
  error: 'events.gpu.error',
  missing: 'events.gpu.missing',
} as const;

export function createPresenceRule(downAfterSamples: number) {
  const known = new Map<string, Presence>();

  const lost = (view: DeviceView, atMs: number, cause: Cause, detail: string | null): GpuEvent =>
    gpuEvent(atMs, view, 'gpu-lost', 'critical', LOST_KEYS[cause], { cause, detail: detail ?? '' });

  const observe = (view: DeviceView, atMs: number, baseline: boolean, events: GpuEvent[]): void => {
    let presence = known.get(view.key);
    if (!presence) {
      presence = { last: view, down: false, badSamples: 0 };
      known.set(view.key, presence);
      // At the first sample every GPU is new to us: that is the inventory, not an arrival.
      if (!baseline) events.push(gpuEvent(atMs, view, 'gpu-appeared', 'info', 'events.gpu.appeared', { name: view.device.name ?? view.key }));
    }
    presence.last = view;
    if (view.up) {
      if (presence.down) events.push(gpuEvent(atMs, view, 'gpu-back', 'info', 'events.gpu.back'));
      presence.down = false;
      presence.badSamples = 0;
      return;
    }
    presence.badSamples++;
    const cause: Cause = view.device.state === 'lost' ? 'lost' : 'error';
    if (!presence.down && (cause === 'lost' || presence.badSamples >= downAfterSamples)) {
      presence.down = true;
      events.push(lost(view, atMs, cause, view.device.stateDetail));
    }
  };

  return {
    next(sample: SampleView): GpuEvent[] {
      const events: GpuEvent[] = [];
      const listed = new Set<string>();
      for (const view of sample.devices) {
        listed.add(view.key);
        observe(view, sample.atMs, sample.baseline, events);
      }
      for (const [key, presence] of known) {
        if (listed.has(key)) continue;
        presence.badSamples++;
        if (!presence.down && presence.badSamples >= downAfterSamples) {
          presence.down = true;
          events.push(lost(presence.last, sample.atMs, 'missing', null));
        }
      }
      return events;
    },
    /** False while a GPU is lost, in error or missing (its processes are then not ended). */
    isUp(key: string): boolean {
      const presence = known.get(key);
      return presence !== undefined && presence.badSamples === 0;
    },
  };
}
