// The recorder's `deriveEvents`: the deriver's events of a sample and the Xid errors the kernel
// logged since the previous one, together, in time order. The Xid watcher is optional: off Linux
// or without access to the kernel log it has nothing to give (its availability() says why).

import type { Sample } from '../monitor/sampler.js';
import type { EventDeriver } from './derive.js';
import type { GpuEvent } from './types.js';

/** What the recorder needs of host/kernel-log's XidWatcher. */
export interface EventPoller {
  poll(sample: Sample): GpuEvent[];
}

export function sampleEvents(deriver: EventDeriver, ...pollers: (EventPoller | null | undefined)[]): (sample: Sample) => GpuEvent[] {
  const sources = pollers.filter((p): p is EventPoller => p !== null && p !== undefined);
  return (sample) => {
    const events = deriver.next(sample);
    for (const source of sources) events.push(...source.poll(sample));
    return events.sort((a, b) => a.atMs - b.atMs);
  };
}
