// `gpuwise doctor [--json] [--fix-script <file>] [--verbose] [--timeout <seconds>]`: checks every
// layer of the GPU stack. Exit 0 when nothing failed, 1 when something did, 2 for bad usage.
// Progress goes to stderr.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { safeText } from '../../core/safe-text.js';
import type { Translate } from '../../i18n/index.js';
import type { CliContext } from '../context.js';

export interface DoctorCommandOptions {
  json?: boolean;
  fixScript?: string;
  verbose?: boolean;
  warnings?: boolean;
  /** Seconds, validated by `timeoutOption`. */
  timeout?: number;
  /** A pasted collect_env / nvidia-smi output to check instead of this machine (src/doctor/from). */
  from?: string;
}

// An hour is beyond any probe that is merely slow; below a second even `nvcc --version` can miss.
const MIN_TIMEOUT_S = 1;
const MAX_TIMEOUT_S = 3600;

/** `--timeout <seconds>`: the limit for every program the doctor runs (doctor and guide). */
export function timeoutOption(t: Translate): Option {
  return new Option('--timeout <seconds>', t('doctor.cli.option.timeout')).argParser((value: string) => {
    const seconds = Number(value);
    if (value.trim() === '' || !Number.isFinite(seconds) || seconds < MIN_TIMEOUT_S || seconds > MAX_TIMEOUT_S) {
      throw new InvalidArgumentError(t('doctor.cli.badTimeout', { min: MIN_TIMEOUT_S, max: MAX_TIMEOUT_S }));
    }
    return seconds;
  });
}

/**
 * `--fix-script <file>`: commander takes the next word whatever it is, so `--fix-script --json`
 * would write the script to a file named "--json" and print text. A value that starts with "-"
 * is refused; ./-name still names such a file.
 */
function fixScriptOption(t: Translate): Option {
  return new Option('--fix-script <file>', t('doctor.cli.option.fixScript')).argParser((value: string) => {
    if (value.startsWith('-')) throw new InvalidArgumentError(t('doctor.cli.fixScriptIsOption', { value: safeText(value) }));
    return value;
  });
}

export function register(program: Command, cli: CliContext): void {
  program
    .command('doctor')
    .description(cli.t('doctor.cli.description'))
    .option('--json', cli.t('doctor.cli.option.json'))
    .addOption(fixScriptOption(cli.t))
    .option('--warnings', cli.t('doctor.cli.option.warnings'))
    .option('-v, --verbose', cli.t('doctor.cli.option.verbose'))
    .addOption(timeoutOption(cli.t))
    .option('--from <file>', cli.t('doctor.from.option'))
    // --warnings only adds the warnings' fixes to the script: alone it would do nothing.
    .hook('preAction', (_parent, action) => {
      const { warnings, fixScript } = action.opts<DoctorCommandOptions>();
      if (warnings === true && fixScript === undefined) {
        action.error(cli.t('optionValue.onlyWith', { option: '--warnings', needed: '--fix-script <file>' }), { exitCode: 2, code: 'gpuwise.optionNotApplying' });
      }
    })
    .action(async (options: DoctorCommandOptions) => {
      const { runDoctorCommand } = await import('./doctor-run.js');
      process.exitCode = await runDoctorCommand(cli, options);
    });
}
