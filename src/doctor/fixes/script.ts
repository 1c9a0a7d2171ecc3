// --fix-script: the fixes for every failing check as one script the user reads before running.
// Commented step by step, strict (`set -euo pipefail` / `$ErrorActionPreference = 'Stop'`), sudo
// where needed; it stops at the first reboot and says to run the doctor again; steps that belong
// to another machine (the Windows host of WSL2, a container's host) are written as comments.
// gpuwise never runs any of it.

import { safeText } from '../../core/safe-text.js';
import { wrapText } from '../../core/text-width.js';
import type { Translate } from '../../i18n/index.js';
import { allChecks, type DoctorReport } from '../report/report.js';
import { stepLocation, systemName, text } from '../report/render-text.js';
import { safeTranslator } from '../report/safe-translate.js';
import type { CheckResult, FixShell, FixStep } from '../types.js';
import { psQuote, shQuote } from './shell-quote.js';

export interface FixScript {
  shell: FixShell;
  /** Suggested file name: fix-gpu.sh or fix-gpu.ps1. */
  fileName: string;
  content: string;
  /** Steps written as runnable commands (not comments). */
  runnableSteps: number;
}

export interface FixScriptOptions {
  /** Also the fixes of warnings (default: failures only). */
  includeWarnings?: boolean;
  /** The file it is written to (--fix-script FILE), named in its "run with" line; default fileName. */
  fileName?: string;
}

/** How to run the script at `file`: quoted for its shell, a bare name prefixed .\ in PowerShell. */
function runCommandFor(shell: FixShell, file: string): string {
  if (shell === 'sh') return `bash ${shQuote(file)}`;
  return /^[\w.-]+$/.test(file) ? `.\\${file}` : `& ${psQuote(file)}`;
}

const WIDTH = 96;
const REBOOT_COMMANDS = ['sudo reboot', 'Restart-Computer'];

/** `line` as comment lines of at most WIDTH display columns (a Chinese character is two). */
function wrapComment(line: string): string[] {
  const lines = wrapText(line, WIDTH - 2, true);
  return lines.length === 0 ? ['#'] : lines.map((text) => `# ${text}`);
}

function header(report: DoctorReport, shell: FixShell, t: Translate, needsAdmin: boolean, file: string): string[] {
  const system = systemName(report.machine.target, t);
  const lines = shell === 'sh' ? ['#!/usr/bin/env bash'] : [];
  lines.push(...wrapComment(t('doctor.script.title', { system, date: report.generatedAt })));
  lines.push(...wrapComment(t('doctor.script.review')));
  lines.push(...wrapComment(t(shell === 'sh' ? 'doctor.script.runSh' : 'doctor.script.runPs', { command: runCommandFor(shell, file) })));
  if (shell === 'sh') lines.push('set -euo pipefail');
  else {
    if (needsAdmin) lines.push('#Requires -RunAsAdministrator');
    lines.push("$ErrorActionPreference = 'Stop'");
  }
  lines.push('');
  return lines;
}

function say(shell: FixShell, message: string): string {
  return shell === 'sh' ? `printf '%s\\n' ${shQuote(message)}` : `Write-Host ${psQuote(message)}`;
}

/**
 * A command for another machine, or after the reboot, as a comment line. Commands are one line
 * each (see shell-quote.ts); `safeText` would show a stray line break as `\n` rather than let
 * it end the comment.
 */
function commented(command: string): string {
  return `#   ${safeText(command)}`;
}

export function renderFixScript(report: DoctorReport, translate: Translate, options: FixScriptOptions = {}): FixScript {
  // Comments carry paths and versions from the machine: escaped, so `cat fix-gpu.sh` is safe too.
  const t = safeTranslator(translate);
  const shell: FixShell = report.machine.target.family === 'windows' ? 'powershell' : 'sh';
  const wanted = (c: CheckResult) => c.fix !== null && (c.status === 'fail' || (options.includeWarnings === true && c.status === 'warn'));
  const checks = allChecks(report).filter(wanted);
  const runnableHere = (s: FixStep) => s.where === 'here' && s.shell === shell && s.commands.length > 0;
  const needsAdmin = checks.some((c) => c.fix?.steps.some((s) => runnableHere(s) && s.needsRoot));
  const body: string[] = [];
  const seen = new Set<string>();
  let runnable = 0;
  let stopped = false;

  for (const check of checks) {
    const fix = check.fix;
    if (!fix) continue;
    body.push(`# ── ${t(`doctor.layer.${check.layer}`)} · ${text(t, check.title)} ──`);
    body.push(...wrapComment(text(t, check.summary)));
    body.push(...wrapComment(t('doctor.render.whyLine', { text: text(t, fix.why) })));
    for (const step of fix.steps) {
      const key = `${step.where}|${step.commands.join('\n')}|${step.explain.key}`;
      if (step.commands.length > 0 && seen.has(key)) {
        body.push(...wrapComment(t('doctor.script.alreadyAbove', { step: text(t, step.explain) })));
        continue;
      }
      seen.add(key);
      const where = stepLocation(step, t);
      body.push(...wrapComment(`${text(t, step.explain)}${where ? t('doctor.render.whereSuffix', { where }) : ''}`));
      if (step.commands.length === 0) {
        body.push(...wrapComment(t('doctor.script.manual')));
      } else if (!runnableHere(step) || stopped) {
        body.push(...step.commands.map(commented));
      } else if (step.rebootAfter) {
        // A bare reboot is left to the user; a command that needs a restart afterwards runs first.
        const rebootOnly = step.commands.every((c) => REBOOT_COMMANDS.includes(c));
        body.push(...(rebootOnly ? step.commands.map(commented) : step.commands));
        if (!rebootOnly) runnable++;
        body.push(say(shell, t('doctor.script.rebootNow', { command: shell === 'sh' ? 'sudo reboot' : 'Restart-Computer' })));
        body.push(shell === 'sh' ? 'exit 0' : 'exit');
        stopped = true;
      } else {
        body.push(...step.commands);
        runnable++;
      }
      body.push('');
    }
    for (const doc of fix.docs) body.push(`# ${t('doctor.render.docsLine', { urls: doc })}`);
    body.push('');
  }
  if (checks.length === 0) body.push(...wrapComment(t('doctor.script.nothing')));
  if (!stopped) body.push(say(shell, t('doctor.script.done')));
  const fileName = shell === 'sh' ? 'fix-gpu.sh' : 'fix-gpu.ps1';
  const content = [...header(report, shell, t, needsAdmin, options.fileName ?? fileName), ...body].join('\n');
  return { shell, fileName, content: `${content}\n`, runnableSteps: runnable };
}
