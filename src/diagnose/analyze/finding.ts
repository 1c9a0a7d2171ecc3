// Builds a Finding with its ranking score, so every rule ranks the same way: the most likely main
// cause is the one that costs the most GPU time with the most certainty.

import type { Evidence, Finding, Fix, RuleId, Text, ThresholdUse } from '../types.js';
import type { AnalysisContext } from './context.js';
import { round } from './stats.js';

export const SEVERITY_WEIGHT = { high: 3, medium: 2, low: 1 } as const;

export interface FindingInput {
  rule: RuleId;
  variant?: string | null;
  severity: Finding['severity'];
  confidence: number;
  timeShare: number;
  gpuIndices: number[];
  pids?: number[];
  title: Text;
  summary: Text;
  evidence: Evidence[];
  thresholds: ThresholdUse[];
  fixes: Fix[];
}

export function makeFinding(ctx: AnalysisContext, input: FindingInput): Finding {
  const confidence = clamp01(input.confidence);
  const timeShare = clamp01(input.timeShare);
  return {
    rule: input.rule,
    variant: input.variant ?? null,
    severity: input.severity,
    confidence: round(confidence, 2),
    timeShare: round(timeShare, 3),
    score: round(SEVERITY_WEIGHT[input.severity] * confidence * timeShare, 4),
    gpuIndices: input.gpuIndices,
    pids: input.pids ?? [],
    title: input.title,
    summary: input.summary,
    evidence: input.evidence,
    thresholds: input.thresholds,
    fixes: input.fixes,
    fromMs: ctx.fromMs,
    toMs: ctx.toMs,
  };
}

/** A number shown to people: rounded, and a safe message parameter. */
export function evidence(key: string, value: number | null, unit: string | null, params: Record<string, string | number> = {}): Evidence {
  return { key, value: value === null ? null : round(value, 2), unit, params };
}

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}

/** Ranked: highest score first; ties by severity, then by rule id (stable across runs). */
export function rank(findings: Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) => b.score - a.score || SEVERITY_WEIGHT[b.severity] - SEVERITY_WEIGHT[a.severity] || a.rule.localeCompare(b.rule) || (a.gpuIndices[0] ?? 0) - (b.gpuIndices[0] ?? 0),
  );
}
