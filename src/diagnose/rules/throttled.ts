// Throttled: clocks held back by power, heat or another limit for a share of the window. From the
// driver's violation counters (share of time per cause) where it has them, else from the clock-
// event reasons seen at each sample. "Low utilisation" is left out: clocks drop because the GPU
// is idle, which costs nothing. So is a busy GPU at its default power limit (a note says so).

import { isPerformanceLimiting, type ClockEventReason } from '../../core/clock-events.js';
import type { ThrottleTimePercent } from '../../core/snapshot.js';
import { CLOCK_REASON_KEYS } from '../../i18n/clock-reason-keys.js';
import type { AnalysisContext, GpuSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { mean, share } from '../analyze/stats.js';
import { THRESHOLDS, used } from '../thresholds.js';
import type { Finding, Text } from '../types.js';
import { fix } from './fixes.js';
import { jobGpus } from './common.js';
import type { Rule } from './index.js';

type Cause = 'power' | 'thermal' | 'syncBoost' | 'boardLimit' | 'reliability';
const CAUSES: Cause[] = ['power', 'thermal', 'syncBoost', 'boardLimit', 'reliability'];
const REASON_CAUSE: Partial<Record<ClockEventReason, Cause>> = {
  'sw-power-cap': 'power',
  'hw-power-brake-slowdown': 'power',
  'sw-thermal-slowdown': 'thermal',
  'hw-thermal-slowdown': 'thermal',
  'hw-slowdown': 'thermal',
  'sync-boost': 'syncBoost',
};

export const throttled: Rule = (ctx) => jobGpus(ctx).flatMap((g) => judge(ctx, g));

interface Shares {
  counters: boolean;
  /** Causes with a figure, largest share first. */
  ranked: { cause: Cause; percent: number }[];
  /** The performance-limiting reasons the driver gave in the window. */
  seen: ClockEventReason[];
}

/** Null for an idle GPU (throttling costs it nothing) or one with neither counters nor reasons. */
function sharesOf(g: GpuSeries): Shares | null {
  const util = mean(g.util);
  if (util !== null && util <= THRESHOLDS.idleUtilPercent.value) return null;
  const counters = g.throttle.some((t) => t !== null);
  if (!counters && !g.reasons.some((r) => r !== null)) return null;
  const shares = counters ? fromCounters(g.throttle) : fromReasons(g.reasons);
  const ranked = CAUSES.map((cause) => ({ cause, percent: shares[cause] })).filter((c): c is { cause: Cause; percent: number } => c.percent !== null).sort((a, b) => b.percent - a.percent);
  return { counters, ranked, seen: [...new Set(g.reasons.flatMap((r) => r ?? []).filter(isPerformanceLimiting))] };
}

/**
 * A fully loaded GPU at its default power limit runs at that limit: that is the board working as
 * designed, not a fault. Power counts as a problem when the limit was lowered below the board's
 * default, or the hardware slowed it (power brake, hardware slowdown).
 */
function powerLimitLowered(g: GpuSeries): boolean {
  return g.powerLimitWatts !== null && g.powerLimitDefaultWatts !== null && g.powerLimitWatts < g.powerLimitDefaultWatts * 0.98;
}
function powerCapExpected(g: GpuSeries, seen: ClockEventReason[]): boolean {
  return !powerLimitLowered(g) && !seen.includes('hw-power-brake-slowdown');
}

function judge(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const s = sharesOf(g);
  if (!s) return [];
  const expected = powerCapExpected(g, s.seen);
  const top = s.ranked.find((c) => !(c.cause === 'power' && expected));
  if (!top || top.percent < THRESHOLDS.throttleSharePercent.value) return [];
  const severity = top.percent >= THRESHOLDS.throttleHighSharePercent.value ? 'high' : top.percent >= 25 ? 'medium' : 'low';
  const lowered = top.cause === 'power' && powerLimitLowered(g);
  // A power brake at the default limit comes from outside the GPU (its supply, the board): raising
  // the limit does nothing, so it is said apart, with its own fix.
  const brake = top.cause === 'power' && !lowered && s.seen.includes('hw-power-brake-slowdown');
  return [
    makeFinding(ctx, {
      rule: 'throttled',
      variant: brake ? 'power-brake' : top.cause,
      severity,
      confidence: s.counters ? 0.85 : 0.7,
      timeShare: top.percent / 100,
      gpuIndices: [g.index],
      pids: g.holders.map((h) => h.pid),
      title: { key: 'diagnose.throttled.title', params: { gpu: g.index } },
      summary: {
        key: lowered ? 'diagnose.throttled.summary.powerLowered' : brake ? 'diagnose.throttled.summary.powerBrake' : `diagnose.throttled.summary.${top.cause}`,
        params: { gpu: g.index, percent: Math.round(top.percent * 10) / 10, limitWatts: Math.round(g.powerLimitWatts ?? 0), defaultWatts: Math.round(g.powerLimitDefaultWatts ?? 0) },
      },
      evidence: [
        evidence(s.counters ? 'diagnose.evidence.throttleFromCounters' : 'diagnose.evidence.throttleFromReasons', null, null),
        ...s.ranked.filter((c) => c.percent > 0).map((c) => evidence(`diagnose.evidence.throttle.${c.cause}`, c.percent, '%', { percent: Math.round(c.percent * 10) / 10 })),
        // The reasons in the reader's language (the catalog's names), each with its driver id.
        ...(s.seen.length > 0 ? [evidence('diagnose.evidence.clockReasons', null, null, { reasons: s.seen.join(', ') }), ...s.seen.map((r) => evidence(CLOCK_REASON_KEYS[r], null, null, { reason: r }))] : []),
      ],
      thresholds: used('throttleSharePercent', 'throttleHighSharePercent', 'idleUtilPercent'),
      fixes: [fix(brake ? 'checkPowerSupply' : 'checkPowerThermal')],
    }),
  ];
}

/** A GPU at its default power limit much of the time: said, as the normal state of a busy GPU. */
export function throttleNotes(ctx: AnalysisContext): Text[] {
  return jobGpus(ctx).flatMap((g): Text[] => {
    const s = sharesOf(g);
    const power = s?.ranked.find((c) => c.cause === 'power');
    if (!s || !power || power.percent < THRESHOLDS.throttleSharePercent.value || !powerCapExpected(g, s.seen)) return [];
    return [{ key: 'diagnose.note.powerCapNormal', params: { gpu: g.index, percent: Math.round(power.percent * 10) / 10, watts: g.powerLimitWatts === null ? '?' : Math.round(g.powerLimitWatts) } }];
  });
}

function fromCounters(series: (ThrottleTimePercent | null)[]): Record<Cause, number | null> {
  const out = {} as Record<Cause, number | null>;
  for (const cause of CAUSES) out[cause] = mean(series.map((t) => t?.[cause] ?? null));
  return out;
}

function fromReasons(series: (ClockEventReason[] | null)[]): Record<Cause, number | null> {
  const out = {} as Record<Cause, number | null>;
  for (const cause of CAUSES) {
    const s = share(series.map((r) => (r === null ? null : r.some((x) => REASON_CAUSE[x] === cause) ? 1 : 0)), (v) => v === 1);
    out[cause] = s === null ? null : s * 100;
  }
  return out;
}
