// NVML's clock event (formerly "throttle") reason bits, from nvml.h
// (nvmlClocksEventReason* / nvmlClocksThrottleReason*). Both nvidia-smi's
// `clocks_event_reasons.active` hex mask and NVML's mask decode through here.

export const CLOCK_EVENT_REASON_BITS = {
  'gpu-idle': 0x1n,
  'applications-clocks-setting': 0x2n,
  'sw-power-cap': 0x4n,
  'hw-slowdown': 0x8n,
  'sync-boost': 0x10n,
  'sw-thermal-slowdown': 0x20n,
  'hw-thermal-slowdown': 0x40n,
  'hw-power-brake-slowdown': 0x80n,
  'display-clock-setting': 0x100n,
} as const;

export type ClockEventReason = keyof typeof CLOCK_EVENT_REASON_BITS | 'unknown';

const NAMED_BITS = Object.entries(CLOCK_EVENT_REASON_BITS) as [ClockEventReason, bigint][];
const ALL_NAMED = NAMED_BITS.reduce((mask, [, bit]) => mask | bit, 0n);

// A GPU's mask takes a handful of values over its life; decoding it on every read of every GPU
// showed up in profiles, so decoded masks are remembered (bounded: masks are 9 bits wide).
const decoded = new Map<bigint, readonly ClockEventReason[]>();

/** Decodes a reason mask; bits this table does not know come out as one `unknown`. */
export function decodeClockEventReasons(mask: bigint | number): ClockEventReason[] {
  const bits = BigInt(mask);
  let reasons = decoded.get(bits);
  if (!reasons) {
    const names = NAMED_BITS.filter(([, bit]) => (bits & bit) !== 0n).map(([name]) => name);
    if ((bits & ~ALL_NAMED) !== 0n) names.push('unknown');
    reasons = names;
    if (decoded.size < 4096) decoded.set(bits, reasons);
  }
  return reasons.slice();
}

/** Reasons that mean the GPU is held back by power or heat, as opposed to idle or by setting. */
export function isPerformanceLimiting(reason: ClockEventReason): boolean {
  return reason !== 'gpu-idle' && reason !== 'applications-clocks-setting' && reason !== 'display-clock-setting';
}
