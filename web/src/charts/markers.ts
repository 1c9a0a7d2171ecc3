// Events on the time axis. Throttling can start and end every few seconds for an hour; drawn one
// line per event that is a solid smear, so events closer than a few pixels merge into one marker
// that counts them and takes the most severe one's colour.

import type { ApiEvent, EventKind, EventSeverity } from '../api/types.js';

export type MarkerGroup = 'throttle' | 'ecc' | 'process' | 'gpu' | 'memory' | 'temperature' | 'xid';

export const MARKER_GROUP: Readonly<Record<EventKind, MarkerGroup>> = {
  'throttle-start': 'throttle', 'throttle-change': 'throttle', 'throttle-end': 'throttle',
  'gpu-lost': 'gpu', 'gpu-back': 'gpu', 'gpu-appeared': 'gpu',
  'ecc-rising': 'ecc',
  'process-start': 'process', 'process-end': 'process',
  'memory-nearly-full': 'memory', 'memory-ok': 'memory',
  'temperature-high': 'temperature', 'temperature-ok': 'temperature',
  xid: 'xid',
};

const SEVERITY_RANK: Readonly<Record<EventSeverity, number>> = { info: 0, warning: 1, critical: 2 };

export interface Marker {
  /** Where to draw it: the first event's time. */
  atMs: number;
  severity: EventSeverity;
  /** Groups of the merged events, most frequent first. */
  groups: MarkerGroup[];
  events: ApiEvent[];
}

/**
 * Markers for the events inside [fromMs, toMs] on a plot `widthPx` wide: oldest first, events
 * less than `mergePx` apart in one marker. Events of unknown kinds (a newer server) still show.
 */
export function eventMarkers(events: readonly ApiEvent[], fromMs: number, toMs: number, widthPx: number, mergePx = 6): Marker[] {
  if (!(toMs > fromMs) || !(widthPx > 0)) return [];
  const msPerPx = (toMs - fromMs) / widthPx;
  const inside = events.filter((e) => Number.isFinite(e.atMs) && e.atMs >= fromMs && e.atMs <= toMs).sort((a, b) => a.atMs - b.atMs);
  const markers: Marker[] = [];
  let current: ApiEvent[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const counts = new Map<MarkerGroup, number>();
    let severity: EventSeverity = 'info';
    for (const event of current) {
      const group = MARKER_GROUP[event.kind] ?? 'gpu';
      counts.set(group, (counts.get(group) ?? 0) + 1);
      if ((SEVERITY_RANK[event.severity] ?? 0) > SEVERITY_RANK[severity]) severity = event.severity;
    }
    const groups = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([group]) => group);
    markers.push({ atMs: current[0]!.atMs, severity, groups, events: current });
    current = [];
  };
  for (const event of inside) {
    if (current.length > 0 && (event.atMs - current[0]!.atMs) / msPerPx >= mergePx) flush();
    current.push(event);
  }
  flush();
  return markers;
}
