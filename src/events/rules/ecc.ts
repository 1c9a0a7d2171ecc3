// ECC error counters going up. Uncorrected errors (data was lost; the driver retires the page or
// remaps the row, and a job may have read garbage) are critical and told at once. Corrected
// errors are a warning and a slow trickle on a healthy GPU, so rises within `quietMs` of the last
// such event are summed into the next one.
//
// Per kind, the volatile counter (since the driver loaded) is preferred and the aggregate one
// (the GPU's lifetime, kept in its InfoROM) used only where volatile is missing: one error bumps
// both, and telling it twice would double the count. A counter that goes down (the driver was
// reloaded, volatile counters reset) is a new baseline, not an event. A null counter is skipped
// and the last known value kept, so a rise across a gap is still told.

import type { EccErrorCounts } from '../../core/snapshot.js';
import type { GpuEvent } from '../types.js';
import { gpuEvent, type DeviceRule, type DeviceView } from './rule.js';

type EccKind = 'uncorrected' | 'corrected';
type Source = 'volatile' | 'aggregate';

const FIELDS = {
  uncorrected: { volatile: 'uncorrectedVolatile', aggregate: 'uncorrectedAggregate' },
  corrected: { volatile: 'correctedVolatile', aggregate: 'correctedAggregate' },
} as const satisfies Record<EccKind, Record<Source, keyof EccErrorCounts>>;

interface Counter {
  last: Partial<Record<Source, number>>;
  /** Corrected errors seen but not yet told (quiet window), and when the last event was. */
  pending: number;
  pendingTotal: number;
  lastEventMs: number;
}

function validCount(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function createEccRule(quietMs: number): DeviceRule {
  const counters = new Map<string, Record<EccKind, Counter>>();

  const rise = (counter: Counter, counts: EccErrorCounts, kind: EccKind): { delta: number; total: number } | null => {
    for (const source of ['volatile', 'aggregate'] as const) {
      const now = counts[FIELDS[kind][source]];
      if (!validCount(now)) continue;
      const before = counter.last[source];
      counter.last[source] = now;
      // The first source with values on both sides decides; the other only updates its baseline.
      if (before === undefined) continue;
      for (const other of ['volatile', 'aggregate'] as const) {
        const value = counts[FIELDS[kind][other]];
        if (other === source) continue;
        // A source missing now would later show this same rise again: it starts over instead.
        if (validCount(value)) counter.last[other] = value;
        else delete counter.last[other];
      }
      return now > before ? { delta: now - before, total: now } : null;
    }
    return null;
  };

  return {
    device(view: DeviceView, atMs: number): GpuEvent[] {
      const counts = view.device.eccErrors;
      let state = counters.get(view.key);
      if (!state) {
        const fresh = (): Counter => ({ last: {}, pending: 0, pendingTotal: 0, lastEventMs: -Infinity });
        state = { uncorrected: fresh(), corrected: fresh() };
        counters.set(view.key, state);
      }
      const events: GpuEvent[] = [];
      for (const kind of ['uncorrected', 'corrected'] as const) {
        const counter = state[kind];
        const change = counts ? rise(counter, counts, kind) : null;
        if (change) {
          counter.pending += change.delta;
          counter.pendingTotal = change.total;
        }
        if (counter.pending === 0) continue;
        if (kind === 'corrected' && atMs - counter.lastEventMs < quietMs) continue;
        events.push(
          gpuEvent(atMs, view, 'ecc-rising', kind === 'uncorrected' ? 'critical' : 'warning', `events.ecc.${kind}`, {
            counter: kind,
            delta: counter.pending,
            total: counter.pendingTotal,
          }),
        );
        counter.pending = 0;
        counter.lastEventMs = atMs;
      }
      return events;
    },
  };
}
