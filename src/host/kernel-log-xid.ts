// What the common Xid codes mean, how bad each is, and the message that says so.
//
// Source: NVIDIA, "Xid Errors" (https://docs.nvidia.com/deploy/xid-errors/) and its catalog for
// Ampere and newer (https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html). The
// severity is ours: critical where the GPU or its memory is damaged or unreachable until a reset
// (the job on it is gone, others will fail too), warning where one application's work failed or
// a memory repair needs a reset to take effect, info for the clean-up after an earlier error.

import type { MessageKey } from '../i18n/index.js';
import type { EventSeverity } from '../events/types.js';

export interface XidMeaning {
  severity: EventSeverity;
  /** The event's message key (events.ts): what it means and what to do, with {gpu} and {text}. */
  key: MessageKey;
}

export const XID_MEANINGS = {
  13: { severity: 'warning', key: 'events.xid.13' }, // Graphics Engine Exception: usually the application (out-of-range access, bad instruction)
  31: { severity: 'warning', key: 'events.xid.31' }, // GPU memory page fault: an illegal address, almost always the application
  43: { severity: 'warning', key: 'events.xid.43' }, // GPU stopped processing: a channel was stopped after an application fault
  45: { severity: 'info', key: 'events.xid.45' }, // Preemptive cleanup, due to previous errors: channels torn down (often a killed process)
  48: { severity: 'critical', key: 'events.xid.48' }, // Double Bit ECC Error (DBE): uncorrectable memory error
  61: { severity: 'warning', key: 'events.xid.61' }, // Internal micro-controller breakpoint/warning
  62: { severity: 'critical', key: 'events.xid.62' }, // Internal micro-controller halt: needs a GPU reset
  63: { severity: 'warning', key: 'events.xid.63' }, // ECC page retirement / row remapping recorded: reset to apply
  64: { severity: 'critical', key: 'events.xid.64' }, // ECC page retirement / row remapper recording failure
  74: { severity: 'critical', key: 'events.xid.74' }, // NVLink error
  79: { severity: 'critical', key: 'events.xid.79' }, // GPU has fallen off the bus
  92: { severity: 'warning', key: 'events.xid.92' }, // High single-bit ECC error rate
  94: { severity: 'warning', key: 'events.xid.94' }, // Contained ECC error: only the application that touched it is affected
  95: { severity: 'critical', key: 'events.xid.95' }, // Uncontained ECC error: every application on the GPU is affected, reset needed
  119: { severity: 'critical', key: 'events.xid.119' }, // GSP RPC timeout: the GPU System Processor stopped answering
  120: { severity: 'critical', key: 'events.xid.120' }, // GSP error
} as const satisfies Record<number, XidMeaning>;

const OTHER: XidMeaning = { severity: 'warning', key: 'events.xid.other' };

export function xidMeaning(xid: number): XidMeaning {
  return Object.hasOwn(XID_MEANINGS, xid) ? XID_MEANINGS[xid as keyof typeof XID_MEANINGS] : OTHER;
}
