// Events: what changed between samples, and Xid errors from the kernel log.
export type { EventKind, EventSeverity, GpuEvent } from './types.js';
export { createEventDeriver, type EventDeriver, type EventDeriverOptions } from './derive.js';
export { EVENT_DERIVER_DEFAULTS } from './options.js';
export { eventText } from './text.js';
export { sampleEvents, type EventPoller } from './sources.js';
export { throttlingReasons } from './rules/throttle.js';
