// The doctor command's work: gather the inputs, run the checks with progress on stderr, print the
// report (text or JSON) and write the fix script when asked.

import { writeFile } from 'node:fs/promises';
import { createNodeDoctorEnv, renderDoctorJson, renderDoctorText, renderFixScript, runDoctor, type DoctorReport } from '../../doctor/index.js';
import { gatherLiveInputs } from '../../doctor/live-inputs.js';
import type { CliContext } from '../context.js';
import type { DoctorCommandOptions } from './doctor.js';

/** Runs the doctor on this machine, printing progress to stderr unless stdout is for a program. */
export async function diagnoseThisMachine(cli: CliContext, quiet: boolean): Promise<DoctorReport> {
  const progress = (line: string) => {
    if (!quiet) cli.err(`${cli.color.dim(line)}\n`);
  };
  progress(cli.t('doctor.cli.gathering'));
  const inputs = await gatherLiveInputs();
  return runDoctor(createNodeDoctorEnv(), inputs, {
    onProgress: (event) => {
      if (event.phase === 'start') progress(cli.t(event.task.key, event.task.params));
    },
  });
}

export async function runDoctorCommand(cli: CliContext, options: DoctorCommandOptions): Promise<number> {
  const report = await diagnoseThisMachine(cli, options.json === true);
  if (options.json) cli.out(renderDoctorJson(report, cli.t, cli.locale));
  else cli.out(renderDoctorText(report, { t: cli.t, color: cli.color, verbose: options.verbose === true }));
  if (options.fixScript) {
    const script = renderFixScript(report, cli.t, { includeWarnings: options.warnings === true });
    try {
      await writeFile(options.fixScript, script.content, { encoding: 'utf8', mode: 0o644 });
      cli.err(`${cli.t('doctor.cli.scriptWritten', { steps: script.runnableSteps, file: options.fixScript })}\n`);
    } catch (error) {
      cli.err(`${cli.t('doctor.cli.scriptFailed', { file: options.fixScript, detail: error instanceof Error ? error.message : String(error) })}\n`);
      return 1;
    }
  }
  return report.exitCode;
}
