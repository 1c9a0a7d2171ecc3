// The report for people: one line per check (✓ ok, ! warning, ✗ problem, – skipped) grouped by
// layer, the evidence and the fix under every problem, and the verdict last.

import type pc from 'picocolors';
import { safeText } from '../../core/safe-text.js';
import type { Translate } from '../../i18n/index.js';
import { messageParams, type CheckResult, type CheckStatus, type FixStep, type Message } from '../types.js';
import type { FixTarget } from '../fixes/target.js';
import { allChecks, findCheck, type DoctorReport } from './report.js';
import { safeTranslator } from './safe-translate.js';

/** picocolors' colour functions (all no-ops when colour is off). */
export type Colors = ReturnType<typeof pc.createColors>;

export interface RenderTextOptions {
  t: Translate;
  color: Colors;
  /** Evidence for every check, not only for problems and warnings. */
  verbose?: boolean;
}

const MARKS: Record<CheckStatus, string> = { ok: '✓', warn: '!', fail: '✗', skipped: '–' };

export function text(t: Translate, message: Message): string {
  return t(message.key, messageParams(message, t));
}

function mark(status: CheckStatus, color: Colors): string {
  const symbol = MARKS[status];
  switch (status) {
    case 'ok':
      return color.green(symbol);
    case 'warn':
      return color.yellow(symbol);
    case 'fail':
      return color.red(symbol);
    default:
      return color.dim(symbol);
  }
}

export function stepLocation(step: FixStep, t: Translate): string | null {
  if (step.where === 'windows-host') return t('doctor.render.whereWindows');
  if (step.where === 'container-host') return t('doctor.render.whereContainerHost');
  if (step.shell === 'powershell') return t(step.needsRoot ? 'doctor.render.powershellAdmin' : 'doctor.render.powershell');
  return null;
}

function renderFix(check: CheckResult, t: Translate, color: Colors): string[] {
  const fix = check.fix;
  if (!fix) return [];
  const lines = [`      ${t('doctor.render.whyLine', { text: text(t, fix.why) })}`];
  if (fix.steps.length > 0) lines.push(`      ${color.bold(t('doctor.render.fix'))}`);
  fix.steps.forEach((step, index) => {
    const where = stepLocation(step, t);
    lines.push(`        ${index + 1}. ${text(t, step.explain)}${where ? color.dim(t('doctor.render.whereSuffix', { where })) : ''}`);
    const prompt = step.shell === 'powershell' ? 'PS>' : '$';
    for (const command of step.commands) lines.push(`           ${color.cyan(`${prompt} ${safeText(command)}`)}`);
  });
  if (fix.docs.length > 0) lines.push(`      ${color.dim(t('doctor.render.docsLine', { urls: fix.docs.join('  ') }))}`);
  return lines;
}

function renderCheck(check: CheckResult, options: RenderTextOptions): string[] {
  const { t, color } = options;
  const title = text(t, check.title);
  const summary = text(t, check.summary);
  const line = t('doctor.render.checkLine', { title: check.status === 'skipped' ? title : color.bold(title), summary });
  const head = `  ${mark(check.status, color)} ${check.status === 'skipped' ? color.dim(line) : line}`;
  const showDetail = options.verbose || check.status === 'fail' || check.status === 'warn';
  if (!showDetail) return [head];
  const evidence = check.evidence.map((e) => `      ${color.dim(`· ${text(t, e)}`)}`);
  return [head, ...evidence, ...renderFix(check, t, color)];
}

export function verdictText(report: DoctorReport, t: Translate): string {
  const verdict = report.verdict;
  const warnings =
    verdict.warnCount === 0 ? '' : t(verdict.warnCount === 1 ? 'doctor.verdict.warningsOne' : 'doctor.verdict.warningsMany', { count: verdict.warnCount });
  switch (verdict.kind) {
    case 'problems': {
      const first = findCheck(report, verdict.firstCheckId);
      const start = first ? `${text(t, first.title)} — ${text(t, first.summary)}` : verdict.firstCheckId;
      const key = verdict.failCount === 1 ? 'doctor.verdict.problemsOne' : 'doctor.verdict.problemsMany';
      return t(key, { count: verdict.failCount, warnings, first: start });
    }
    case 'ready': {
      if (!verdict.framework) return t('doctor.verdict.readyNoFramework', { count: verdict.gpuCount, warnings });
      const key = verdict.gpuCount === 1 ? 'doctor.verdict.readyOne' : 'doctor.verdict.readyMany';
      return t(key, { framework: verdict.framework, count: verdict.gpuCount, warnings });
    }
    case 'no-gpu':
      return t('doctor.verdict.noGpu', { warnings });
  }
}

/** The system's name: os-release's, or the family in the reader's words (a paste may name no distribution). */
export function systemName(target: FixTarget, t: Translate): string {
  return target.prettyName ?? t(`doctor.render.system.${target.family}`);
}

/** The report as text for a terminal: every value from the machine shown through `safeText`. */
export function renderDoctorText(report: DoctorReport, options: RenderTextOptions): string {
  const safe: RenderTextOptions = { ...options, t: safeTranslator(options.t) };
  const { t, color } = safe;
  const machine = report.machine;
  const system = systemName(machine.target, t);
  const lines = [color.bold(t('doctor.render.heading', { system, platform: machine.platform, arch: machine.arch })), ''];
  for (const { layer, checks } of report.layers) {
    if (checks.length === 0) continue;
    lines.push(color.bold(color.underline(t(`doctor.layer.${layer}`))));
    for (const check of checks) lines.push(...renderCheck(check, safe));
    lines.push('');
  }
  const counts = report.counts;
  lines.push(t('doctor.render.counts', { ok: counts.ok, warn: counts.warn, fail: counts.fail, skipped: counts.skipped }));
  const verdict = verdictText(report, t);
  lines.push(report.exitCode === 0 ? color.green(color.bold(verdict)) : color.red(color.bold(verdict)));
  if (allChecks(report).some((c) => c.status === 'fail' && c.fix && c.fix.steps.some((s) => s.commands.length > 0))) {
    lines.push(color.dim(t('doctor.render.scriptHint')));
  }
  return `${lines.join('\n')}\n`;
}
