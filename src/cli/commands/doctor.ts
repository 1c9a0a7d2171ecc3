// `gpuwise doctor [--json] [--fix-script <file>] [--verbose]`: checks every layer of the GPU
// stack. Exit 0 when nothing failed, 1 when something did. Progress goes to stderr.

import type { Command } from 'commander';
import type { CliContext } from '../context.js';

export interface DoctorCommandOptions {
  json?: boolean;
  fixScript?: string;
  verbose?: boolean;
  warnings?: boolean;
}

export function register(program: Command, cli: CliContext): void {
  program
    .command('doctor')
    .description(cli.t('doctor.cli.description'))
    .option('--json', cli.t('doctor.cli.option.json'))
    .option('--fix-script <file>', cli.t('doctor.cli.option.fixScript'))
    .option('--warnings', cli.t('doctor.cli.option.warnings'))
    .option('-v, --verbose', cli.t('doctor.cli.option.verbose'))
    .action(async (options: DoctorCommandOptions) => {
      const { runDoctorCommand } = await import('./doctor-run.js');
      process.exitCode = await runDoctorCommand(cli, options);
    });
}
