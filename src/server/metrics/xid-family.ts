// DCGM_FI_DEV_XID_ERRORS as dcgm-exporter writes it: per GPU, the value of the last Xid error the
// driver logged for it, 0 while it has logged none. Written only where the kernel log is readable
// (the caller passes null otherwise): a 0 then would claim "no error" that nobody could see.

import type { GpuDevice } from '../../core/snapshot.js';
import { deviceKey } from '../../monitor/history.js';
import { helpText } from './help.js';
import { gpuLabels, type LabelContext } from './labels.js';
import type { ExpositionWriter } from './text.js';

/** The last Xid per GPU, keyed as the sampler's history keys GPUs (UUID first). */
export type LastXidByGpu = ReadonlyMap<string, number>;

export function writeXidFamily(out: ExpositionWriter, devices: readonly GpuDevice[], lastXid: LastXidByGpu, context: LabelContext): void {
  const write = out.family('DCGM_FI_DEV_XID_ERRORS', 'gauge', helpText('metrics.help.DCGM_FI_DEV_XID_ERRORS'));
  for (const device of devices) write(gpuLabels(device, context), lastXid.get(deviceKey(device)) ?? 0);
}

/** Keeps the last Xid per GPU from the recorder's events (an event with no GPU key is not a GPU's). */
export function createLastXidTracker(): { seen(events: readonly { kind: string; deviceKey: string | null; params: Record<string, string | number> }[]): void; readonly last: LastXidByGpu } {
  const last = new Map<string, number>();
  return {
    seen(events) {
      for (const event of events) {
        const xid = event.params.xid;
        if (event.kind === 'xid' && event.deviceKey !== null && typeof xid === 'number' && Number.isInteger(xid) && xid > 0) last.set(event.deviceKey, xid);
      }
    },
    last,
  };
}
