// What the terminal and HTML reports of `diagnose` share: a finding's Text in the reader's
// language, numbers with units, what was watched. Texts from the observation (process names,
// commands, GPU names) are made safe here or by the caller's escaping; message texts are ours.

import { safeText } from '../../core/safe-text.js';
import { healthyHeadline, treeUsedNoGpu, type HealthyHeadline } from '../../diagnose/analyze/notes.js';
import { isThresholdId, THRESHOLDS } from '../../diagnose/thresholds.js';
import type { BatchAdvice, DiagnoseReport, Framework, Observation, ObservationTarget, Text, ThresholdUse } from '../../diagnose/types.js';
import { isMessageKey, type MessageKey, type Translate } from '../../i18n/index.js';
import { formatBytes } from '../render/format.js';
import { problemLine } from '../render/problem-text.js';

/** A Text from the analysis in the reader's language; a key the catalog lacks shows as itself. */
export function textOf(t: Translate, text: Text): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) params[name] = typeof value === 'string' ? safeText(value) : value;
  return safeText(isMessageKey(text.key) ? t(text.key, params) : text.key);
}

export function percentText(t: Translate, value: number | null): string {
  return value === null ? t('diagnoseCli.report.unknown') : `${Math.round(value)} %`;
}

export function bytesText(t: Translate, value: number | null): string {
  return value === null ? t('diagnoseCli.report.unknown') : formatBytes(value);
}

export function rateText(t: Translate, bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? t('diagnoseCli.report.unknown') : `${formatBytes(bytesPerSecond)}/s`;
}

export function wattsText(t: Translate, watts: number | null): string {
  return watts === null ? t('diagnoseCli.report.unknown') : `${Math.round(watts)} W`;
}

const COMMAND_SHOWN = 80;

/** "process 1234 and its children", "python train.py", "GPU 0,2", "all GPUs". */
export function targetText(t: Translate, target: ObservationTarget, rootPid: number | null): string {
  if (target.command !== null && target.command.length > 0) {
    const command = safeText(target.command.join(' '));
    return t('diagnoseCli.target.command', { command: command.length > COMMAND_SHOWN ? `${command.slice(0, COMMAND_SHOWN - 1)}…` : command });
  }
  if (target.pid !== null || rootPid !== null) return t('diagnoseCli.target.pid', { pid: target.pid ?? rootPid ?? 0 });
  if (target.gpuIndices !== null) return t('diagnoseCli.target.gpus', { indices: target.gpuIndices.join(',') });
  return t('diagnoseCli.target.all');
}

export const FRAMEWORK_LABELS: Readonly<Record<Framework | 'any', string>> = { pytorch: 'PyTorch', tensorflow: 'TensorFlow', jax: 'JAX', any: '' };
export const FRAMEWORK_ORDER: readonly (Framework | 'any')[] = ['any', 'pytorch', 'tensorflow', 'jax'];

/** The local clock time of an ISO instant, "12:00:05". */
export function clockText(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return Number.isFinite(date.getTime()) ? `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}` : '?';
}

const HEADLINE_KEYS = {
  'no-cause': 'diagnoseCli.report.noCause',
  unread: 'diagnoseCli.report.healthyUnread',
  'no-util': 'diagnoseCli.report.utilUnavailable',
} as const satisfies Record<Exclude<HealthyHeadline['kind'], 'healthy'>, MessageKey>;

/**
 * The report's headline. A "healthy" verdict with a GPU used little and no cause found says so
 * instead of "healthy": a GPU at 50 % with nothing to blame is not a fine one.
 */
export function verdictText(t: Translate, report: DiagnoseReport): { text: string; healthy: boolean } {
  if (report.verdict === 'insufficient') return { text: t(treeUsedNoGpu(report) ? 'diagnoseCli.report.treeUsedNoGpu' : 'diagnoseCli.report.insufficient'), healthy: false };
  if (report.verdict === 'findings') return { text: t('diagnoseCli.report.findings', { count: report.findings.length }), healthy: false };
  const headline = healthyHeadline(report);
  if (headline.kind === 'healthy') return { text: t('diagnoseCli.report.healthy'), healthy: true };
  const params = { gpus: headline.gpus.join(', '), count: headline.gpus.length };
  return { text: t(HEADLINE_KEYS[headline.kind], params), healthy: false };
}

/**
 * The thresholds a finding used, one line per source: "a = 5 % of time, b = 20 % of time — source".
 * Several thresholds often share a citation (the two input-bound levels), which then reads once.
 * The unit and gpuwise's own reason are in the reader's language; a citation stays as published.
 */
export function thresholdLines(t: Translate, uses: readonly ThresholdUse[]): string[] {
  const bySource = new Map<string, string[]>();
  for (const use of uses) {
    const { unit, source } = localThreshold(t, use);
    const values = bySource.get(source) ?? [];
    values.push(`${safeText(use.id)} = ${use.value} ${safeText(unit)}`);
    bySource.set(source, values);
  }
  return [...bySource].map(([source, values]) => t('diagnoseCli.report.threshold', { values: values.join(', '), source: safeText(source) }));
}

/** A threshold of ours in the reader's language; one the table does not know, as the report gives it. */
function localThreshold(t: Translate, use: ThresholdUse): { unit: string; source: string } {
  if (!isThresholdId(use.id)) return { unit: use.unit, source: use.source };
  const known = THRESHOLDS[use.id];
  const unitKey = `diagnose.unit.${known.unitId}`;
  const whyKey = `diagnose.threshold.why.${use.id}`;
  const unit = isMessageKey(unitKey) ? t(unitKey) : use.unit;
  if (known.why === null) return { unit, source: known.cite ?? use.source };
  const why = isMessageKey(whyKey) ? t(whyKey) : known.why;
  return { unit, source: known.cite === null ? t('diagnose.threshold.own', { why }) : t('diagnose.threshold.ownCited', { why, cite: known.cite }) };
}

/**
 * One GPU's batch advice in a line. With no per-sample figure there is nothing to advise, and the
 * line says so rather than print "— per sample (unknown) … largest batch: —".
 */
export function batchLineText(t: Translate, advice: BatchAdvice): string {
  const peak = bytesText(t, advice.peakUsedBytes);
  const total = bytesText(t, advice.totalBytes);
  if (advice.bytesPerBatchItem === null && advice.largestBatch === null) return t('diagnoseCli.report.batchLineUnknown', { index: advice.gpuIndex, peak, total });
  return t('diagnoseCli.report.batchLine', {
    index: advice.gpuIndex,
    peak,
    total,
    perItem: bytesText(t, advice.bytesPerBatchItem),
    method: t(`diagnoseCli.report.method.${advice.method}`),
    margin: advice.safetyMarginPercent,
    largest: advice.largestBatch === null ? t('diagnoseCli.report.unknown') : advice.largestBatch,
  });
}

const PROBLEMS_SHOWN = 10;

/** What went wrong while observing, as `info` says it: "GPU 1: GPU has fallen off the bus (ERROR_GPU_IS_LOST)". */
export function observationProblemLines(t: Translate, observation: Observation): string[] {
  return observation.problems.slice(0, PROBLEMS_SHOWN).map((problem) => safeText(problemLine(problem, t)));
}
