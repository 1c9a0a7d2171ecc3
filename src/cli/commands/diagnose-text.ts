// The terminal report of `gpuwise diagnose`: the verdict, then the findings ranked (most likely
// cause first) with their evidence, the thresholds and where they come from, and the fixes with
// code per framework; then the GPUs' figures over the window, the batch advice and the notes.

import { safeText } from '../../core/safe-text.js';
import { isIncompleteTrace } from '../../diagnose/trace-parse.js';
import type { DiagnoseReport, Finding, Observation } from '../../diagnose/types.js';
import type { Translate } from '../../i18n/index.js';
import type { Colors } from '../context.js';
import { batchLineText, bytesText, clockText, FRAMEWORK_LABELS, FRAMEWORK_ORDER, observationProblemLines, percentText, rateText, targetText, textOf, thresholdLines, verdictText, wattsText } from './diagnose-format.js';

export interface TextReportOptions {
  t: Translate;
  color: Colors;
  /** The observation came from a trace (--from). */
  replayed: boolean;
}

function findingLines(finding: Finding, rank: number, { t, color }: TextReportOptions): string[] {
  const severity = { high: color.red, medium: color.yellow, low: color.cyan }[finding.severity];
  const lines = [
    color.bold(t('diagnoseCli.report.finding', { rank, title: textOf(t, finding.title), severity: severity(t(`diagnoseCli.report.severity.${finding.severity}`)), confidence: Math.round(finding.confidence * 100) })),
    `   ${textOf(t, finding.summary)}`,
  ];
  if (finding.gpuIndices.length > 0 || finding.pids.length > 0) {
    lines.push(color.dim(`   ${t('diagnoseCli.report.where', { gpus: finding.gpuIndices.join(',') || '—', pids: finding.pids.join(',') || '—' })}`));
  }
  if (finding.evidence.length > 0) {
    lines.push(`   ${color.bold(t('diagnoseCli.report.evidence'))}`);
    for (const item of finding.evidence) lines.push(`     • ${textOf(t, item)}`);
  }
  if (finding.thresholds.length > 0) {
    lines.push(`   ${color.bold(t('diagnoseCli.report.thresholds'))}`);
    for (const line of thresholdLines(t, finding.thresholds)) lines.push(color.dim(`     • ${line}`));
  }
  if (finding.fixes.length > 0) {
    lines.push(`   ${color.bold(t('diagnoseCli.report.fixes'))}`);
    for (const fix of finding.fixes) {
      lines.push(`     • ${textOf(t, fix)}`);
      for (const framework of FRAMEWORK_ORDER) {
        const code = fix.code[framework];
        if (code === undefined || code === '') continue;
        const label = FRAMEWORK_LABELS[framework];
        if (label !== '') lines.push(color.dim(`         ${label}:`));
        for (const line of code.split('\n')) lines.push(color.green(`           ${safeText(line)}`));
      }
    }
  }
  return lines;
}

function gpuLines(report: DiagnoseReport, t: Translate): string[] {
  return report.gpus.map((gpu) =>
    `  ${t('diagnoseCli.report.gpuLine', {
      index: gpu.index,
      name: safeText(gpu.name ?? ''),
      util: percentText(t, gpu.gpuUtilMeanPercent),
      sm: percentText(t, gpu.smActiveMeanPercent),
      tensor: percentText(t, gpu.tensorActiveMeanPercent),
      memory: bytesText(t, gpu.memoryUsedPeakBytes),
      total: bytesText(t, gpu.memoryTotalBytes),
      power: wattsText(t, gpu.powerMeanWatts),
      rx: rateText(t, gpu.pcieRxMeanBytesPerSecond),
      tx: rateText(t, gpu.pcieTxMeanBytesPerSecond),
    })}`,
  );
}

function batchLines(report: DiagnoseReport, t: Translate): string[] {
  const lines: string[] = [];
  for (const advice of report.batchAdvice) {
    lines.push(`  ${batchLineText(t, advice)}`);
    for (const note of advice.notes) lines.push(`    • ${textOf(t, note)}`);
  }
  return lines;
}

export function renderDiagnoseText(report: DiagnoseReport, observation: Observation, options: TextReportOptions): string {
  const { t, color } = options;
  const lines: string[] = [color.bold(t('diagnoseCli.report.title'))];
  lines.push(
    t('diagnoseCli.report.window', {
      target: targetText(t, observation.target, observation.rootPid),
      seconds: report.seconds,
      samples: report.sampleCount,
      interval: Math.round(observation.intervalMs),
      from: clockText(report.startedAt),
      to: clockText(report.endedAt),
    }),
  );
  if (options.replayed) lines.push(color.dim(t('diagnoseCli.report.replay', { version: safeText(observation.recordedBy), host: safeText(observation.hostname || '?') })));
  if (isIncompleteTrace(observation)) lines.push(color.yellow(t('diagnoseCli.report.incomplete', { samples: observation.samples.length, until: clockText(observation.endedAt) })));
  lines.push('');
  const verdict = verdictText(t, report);
  lines.push(verdict.healthy ? color.green(color.bold(verdict.text)) : report.verdict === 'healthy' ? color.yellow(color.bold(verdict.text)) : color.bold(verdict.text));
  report.findings.forEach((finding, i) => lines.push('', ...findingLines(finding, i + 1, options)));
  if (report.gpus.length > 0) lines.push('', color.bold(t('diagnoseCli.report.gpus')), ...gpuLines(report, t));
  if (report.batchAdvice.length > 0) lines.push('', color.bold(t('diagnoseCli.report.batch')), ...batchLines(report, t));
  if (report.notes.length > 0) lines.push('', color.bold(t('diagnoseCli.report.notes')), ...report.notes.map((note) => `  • ${textOf(t, note)}`));
  if (observation.problems.length > 0) {
    lines.push('', color.bold(t('diagnoseCli.report.problems')));
    for (const line of observationProblemLines(t, observation)) lines.push(color.dim(`  • ${line}`));
  }
  return `${lines.join('\n')}\n`;
}
