// Events: what changed between two samples that a person would want told (a GPU started
// throttling, fell off the bus, began counting ECC errors …). Derived from the sampler's samples
// (./derive.ts), stored by the recorder, served by /api/v1/events, drawn on the dashboard's time
// axis and read by diagnose. Plain data: text is a message key + params, so a stored event reads
// in whichever language the reader asks for.

export type EventKind =
  | 'throttle-start' // clocks held back for a reason other than idle; params.reasons
  | 'throttle-change' // a reason joined a running throttle episode (power cap turned thermal); params.reasons
  | 'throttle-end' // params.reasons (all seen in the episode), params.seconds
  | 'gpu-lost' // stopped answering (fell off the bus, NVML error on every call)
  | 'gpu-back'
  | 'gpu-appeared' // a UUID not seen before in this run
  | 'ecc-rising' // uncorrected (or corrected) ECC counters went up; params.delta, params.counter
  | 'process-start' // a process started using a GPU; params.pid, params.name
  | 'process-end'
  | 'memory-nearly-full' // used ≥ a threshold share of total; params.usedPercent
  | 'memory-ok'
  | 'temperature-high' // at or over the slowdown threshold; params.celsius, params.slowdownCelsius
  | 'temperature-ok'
  | 'xid'; // an NVIDIA Xid error from the kernel log; params.xid, params.text

export type EventSeverity = 'info' | 'warning' | 'critical';

export interface GpuEvent {
  /** Wall clock of the sample that showed it (ms since the epoch). */
  atMs: number;
  kind: EventKind;
  severity: EventSeverity;
  /** The GPU's history key (UUID, or `pci:<bus id>` / `index:<n>`; see monitor deviceKey); null for host-wide. */
  deviceKey: string | null;
  /** GPU index when it happened (an index can change across reboots; the key does not). */
  gpuIndex: number | null;
  /** i18n message key (src/i18n/messages/events.ts) and the values of its placeholders. */
  key: string;
  params: Record<string, string | number>;
}
