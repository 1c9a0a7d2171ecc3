// Throttling began / ended, from the clock event reasons NVML gives at each read.
//
// Which reasons count: those that hold clocks back while work is waiting — power and thermal
// limits, the hardware slowdown signal and sync boost (core/clock-events isPerformanceLimiting).
// Not counted: gpu-idle (clocks drop because there is nothing to run), applications-clocks-setting
// and display-clock-setting (clocks someone chose), and `unknown` bits a newer driver may set
// (telling "throttling for an unknown reason" on every read of such a driver would be noise; the
// known thermal and power bits are set alongside in practice).
//
// One episode runs from the first read with a counted reason to the last one before the clocks
// stayed free for `throttleClearMs`: power-cap bits flicker from read to read under a steady load,
// and an episode per flicker would drown the event list. A reason that joins a running episode is
// told once (`throttle-change`), so a power-capped run that turns thermal does not go unseen.

import { isPerformanceLimiting, type ClockEventReason } from '../../core/clock-events.js';
import type { EventSeverity, GpuEvent } from '../types.js';
import { gpuEvent, type DeviceRule, type DeviceView } from './rule.js';

/** Reasons that mean the hardware or the cooling, not a software cap, pulled the clocks down. */
const WARNING_REASONS: ReadonlySet<ClockEventReason> = new Set([
  'hw-slowdown',
  'hw-thermal-slowdown',
  'sw-thermal-slowdown',
  'hw-power-brake-slowdown',
]);

export function throttlingReasons(reasons: readonly ClockEventReason[] | null): ClockEventReason[] | null {
  if (reasons === null) return null;
  return reasons.filter((reason) => reason !== 'unknown' && isPerformanceLimiting(reason));
}

function severityOf(reasons: Iterable<ClockEventReason>): EventSeverity {
  for (const reason of reasons) if (WARNING_REASONS.has(reason)) return 'warning';
  return 'info';
}

interface Episode {
  startedMs: number;
  /** Every reason seen during the episode, in order of first appearance. */
  reasons: ClockEventReason[];
  /** When the clocks were first seen free again (null: still held back). */
  clearSinceMs: number | null;
}

export function createThrottleRule(clearMs: number): DeviceRule {
  const episodes = new Map<string, Episode>();

  return {
    device(view: DeviceView, atMs: number): GpuEvent[] {
      const reasons = throttlingReasons(view.device.clockEventReasons);
      // Missing is not "free": a lost GPU or an unreadable mask leaves the episode as it was.
      if (reasons === null) return [];
      const episode = episodes.get(view.key);
      if (!episode) {
        if (reasons.length === 0) return [];
        episodes.set(view.key, { startedMs: atMs, reasons: [...reasons], clearSinceMs: null });
        const key = view.first ? 'events.throttle.already' : 'events.throttle.start';
        return [gpuEvent(atMs, view, 'throttle-start', severityOf(reasons), key, { reasons: reasons.join(',') })];
      }
      if (reasons.length === 0) {
        episode.clearSinceMs ??= atMs;
        if (atMs - episode.clearSinceMs < clearMs) return [];
        episodes.delete(view.key);
        const seconds = Math.max(0, Math.round((episode.clearSinceMs - episode.startedMs) / 1000));
        return [
          gpuEvent(episode.clearSinceMs, view, 'throttle-end', 'info', 'events.throttle.end', {
            reasons: episode.reasons.join(','),
            seconds,
          }),
        ];
      }
      episode.clearSinceMs = null;
      const added = reasons.filter((reason) => !episode.reasons.includes(reason));
      if (added.length === 0) return [];
      episode.reasons.push(...added);
      return [gpuEvent(atMs, view, 'throttle-change', severityOf(added), 'events.throttle.change', { reasons: added.join(',') })];
    },
  };
}
