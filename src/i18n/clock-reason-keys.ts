// The message key of each clock-event reason: shared by the renderers (cli/render) and the event
// sentences (events/text.ts), which sit on different layers.
import type { ClockEventReason } from '../core/clock-events.js';
import type { MessageKey } from './catalog.js';

export const CLOCK_REASON_KEYS = {
  'gpu-idle': 'info.clock.gpu-idle',
  'applications-clocks-setting': 'info.clock.applications-clocks-setting',
  'sw-power-cap': 'info.clock.sw-power-cap',
  'hw-slowdown': 'info.clock.hw-slowdown',
  'sync-boost': 'info.clock.sync-boost',
  'sw-thermal-slowdown': 'info.clock.sw-thermal-slowdown',
  'hw-thermal-slowdown': 'info.clock.hw-thermal-slowdown',
  'hw-power-brake-slowdown': 'info.clock.hw-power-brake-slowdown',
  'display-clock-setting': 'info.clock.display-clock-setting',
  unknown: 'info.clock.unknown',
} as const satisfies Record<ClockEventReason, MessageKey>;
