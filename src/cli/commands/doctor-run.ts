// The doctor command's work: gather the inputs, run the checks with progress on stderr, print the
// report (text or JSON) and write the fix script when asked.

import { writeFile } from 'node:fs/promises';
import { safeText } from '../../core/safe-text.js';
import { createNodeDoctorEnv, renderDoctorJson, renderDoctorText, renderFixScript, runDoctor, type DoctorReport } from '../../doctor/index.js';
import { gatherLiveInputs } from '../../doctor/live-inputs.js';
import type { CliContext } from '../context.js';
import type { DoctorCommandOptions } from './doctor.js';

/**
 * Runs the doctor on this machine, printing progress to stderr unless stdout is for a program
 * (`quiet`). A program still running after a few seconds is named even then: that is where the
 * time goes, and it is on stderr. `timeoutSeconds` (--timeout) limits every program it runs.
 */
export async function diagnoseThisMachine(cli: CliContext, quiet: boolean, timeoutSeconds?: number): Promise<DoctorReport> {
  // Progress names paths and commands from this machine: shown escaped.
  const progress = (line: string) => cli.err(`${cli.color.dim(safeText(line))}\n`);
  if (!quiet) progress(cli.t('doctor.cli.gathering'));
  const inputs = await gatherLiveInputs();
  return runDoctor(createNodeDoctorEnv(), inputs, {
    timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000,
    onProgress: (event) => {
      if (event.phase === 'waiting' || (event.phase === 'start' && !quiet)) progress(cli.t(event.task.key, event.task.params));
    },
  });
}

const WRITE_ERRORS = ['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'EROFS', 'ENOSPC', 'ENOTDIR'] as const;

/** Why the script could not be written, in the reader's language where the reason is a usual one. */
function writeFailure(cli: CliContext, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known = WRITE_ERRORS.find((c) => c === code);
  if (known) return cli.t(`doctor.cli.writeError.${known}`);
  return safeText(error instanceof Error ? error.message : String(error));
}

export async function runDoctorCommand(cli: CliContext, options: DoctorCommandOptions): Promise<number> {
  let report: DoctorReport;
  if (options.from !== undefined) {
    if (options.timeout !== undefined) {
      cli.err(`${cli.t('import.error.notApplying', { option: '--timeout', with: '--from' })}\n`);
      return 2;
    }
    const pasted = await (await import('./doctor-from.js')).diagnosePaste(cli, options.from);
    if (!pasted.ok) {
      cli.err(`${pasted.message}\n`);
      return 2;
    }
    cli.err(`${pasted.note}\n`);
    report = pasted.report;
  } else report = await diagnoseThisMachine(cli, options.json === true, options.timeout);
  if (options.json) cli.out(renderDoctorJson(report, cli.t, cli.locale));
  else cli.out(renderDoctorText(report, { t: cli.t, color: cli.color, verbose: options.verbose === true }));
  if (options.fixScript) {
    const script = renderFixScript(report, cli.t, { includeWarnings: options.warnings === true, fileName: options.fixScript });
    // The file name is the user's argv, echoed back: escaped.
    const file = safeText(options.fixScript);
    try {
      await writeFile(options.fixScript, script.content, { encoding: 'utf8', mode: 0o644 });
      cli.err(`${cli.t('doctor.cli.scriptWritten', { steps: script.runnableSteps, file })}\n`);
    } catch (error) {
      cli.err(`${cli.t('doctor.cli.scriptFailed', { file, detail: writeFailure(cli, error) })}\n`);
      return 1;
    }
  }
  return report.exitCode;
}
