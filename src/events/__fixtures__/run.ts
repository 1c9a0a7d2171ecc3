// Runs a deriver over frames and returns its events, for the rule tests.

import { createEventDeriver, type EventDeriverOptions } from '../derive.js';
import type { GpuEvent } from '../types.js';
import { samples, type Frame } from './samples.js';

/** Every event, with the frame (0-based) whose sample produced it. */
export function derive(frames: readonly Frame[], options?: EventDeriverOptions): (GpuEvent & { frame: number })[] {
  const deriver = createEventDeriver(options);
  return samples(frames).flatMap((sample, frame) => deriver.next(sample).map((event) => ({ ...event, frame })));
}

/** "frame:kind:key" lines, the shortest readable summary of what a run told. */
export function summary(events: readonly (GpuEvent & { frame: number })[]): string[] {
  return events.map((e) => `${e.frame}:${e.kind}:${e.key}`);
}
