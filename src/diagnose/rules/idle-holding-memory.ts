// Idle while holding memory: GPU-Util at (almost) nothing for most of the window while memory is
// allocated — a finished notebook cell, a stuck job, a server between requests. It names who holds
// the memory (pid, user, how much, since when), because that is who can free it.

import type { AnalysisContext, GpuSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { min, share } from '../analyze/stats.js';
import { THRESHOLDS, used } from '../thresholds.js';
import type { Evidence, Finding } from '../types.js';
import { fix } from './fixes.js';
import { jobGpus, pct } from './common.js';
import type { Rule } from './index.js';

const MIB = 2 ** 20;

export const idleHoldingMemory: Rule = (ctx) => jobGpus(ctx).flatMap((g) => judge(ctx, g));

function judge(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const idle = share(g.util, (v) => v <= THRESHOLDS.idleUtilPercent.value);
  const held = heldWhileIdle(g);
  if (idle === null || held === null) return [];
  if (idle * 100 < THRESHOLDS.idleSharePercent.value || held < THRESHOLDS.idleHeldBytes.value) return [];
  const holders = [...g.holders].sort((a, b) => (b.peakUsedBytes ?? -1) - (a.peakUsedBytes ?? -1));
  const idleSeconds = Math.round(idle * ctx.seconds);
  const holderEvidence: Evidence[] = holders.slice(0, 5).map((h) =>
    evidence(h.startedAt ? 'diagnose.evidence.holderSince' : 'diagnose.evidence.holder', h.peakUsedBytes, 'B', {
      pid: h.pid,
      user: h.user ?? '?',
      name: h.name ?? '?',
      mib: h.peakUsedBytes === null ? '?' : Math.round(h.peakUsedBytes / MIB),
      since: h.startedAt ?? '',
    }),
  );
  const heavy = g.totalBytes !== null && held >= g.totalBytes * 0.25;
  return [
    makeFinding(ctx, {
      rule: 'idle-holding-memory',
      severity: heavy ? 'high' : 'medium',
      confidence: holders.length > 0 ? 0.85 : 0.6,
      timeShare: idle,
      gpuIndices: [g.index],
      pids: holders.map((h) => h.pid),
      title: { key: 'diagnose.idleHolding.title', params: { gpu: g.index } },
      summary: {
        key: holders.length > 0 ? 'diagnose.idleHolding.summary' : 'diagnose.idleHolding.summaryNoHolder',
        params: { gpu: g.index, mib: Math.round(held / MIB), percent: pct(idle), seconds: idleSeconds, holders: holders.map((h) => `${h.pid} (${h.user ?? '?'})`).join(', ') },
      },
      evidence: [evidence('diagnose.evidence.idleShare', pct(idle), '%', { percent: pct(idle), seconds: idleSeconds, utilPercent: THRESHOLDS.idleUtilPercent.value }), evidence('diagnose.evidence.memoryHeld', held, 'B', { mib: Math.round(held / MIB) }), ...holderEvidence],
      thresholds: used('idleUtilPercent', 'idleSharePercent', 'idleHeldBytes'),
      fixes: [fix('freeIdleMemory')],
    }),
  ];
}

/**
 * The memory that stayed allocated through the idle samples: the least of them. Not the window's
 * peak — a job that loads its model idle and then trains holds its 30 GiB only while it runs.
 */
function heldWhileIdle(g: GpuSeries): number | null {
  return min(g.memUsed.map((used, i) => {
    const util = g.util[i] ?? null;
    return util !== null && util <= THRESHOLDS.idleUtilPercent.value ? used : null;
  }));
}
