// `gpuwise fleet --prometheus URL [--range 7d] [--idle-for 1h] [--top N] [--json]`: the fleet
// summary from the Prometheus that scrapes every node (docs/fleet.md). The work loads on run.

import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CliContext } from '../context.js';
import { addPrometheusOptions, type PrometheusFlags } from './fleet-options.js';
import { parseDurationMs } from './serve-values.js';

export interface FleetOptions extends PrometheusFlags {
  range?: number;
  idleFor?: number;
  top?: number;
  /** Unix seconds. */
  at?: number;
  json?: boolean;
}

const MIN_DURATION_S = 10;
const MAX_DURATION_S = 90 * 86_400;

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const duration = (flag: string, key: 'fleet.option.range' | 'fleet.option.idleFor') =>
    new Option(`${flag} <duration>`, t(key)).argParser((value: string) => {
      // The bounds of the API's `range` (docs/fleet.md): a longer one is a query Prometheus refuses or takes minutes over.
      const ms = parseDurationMs(value);
      if (ms === null || ms < MIN_DURATION_S * 1000 || ms > MAX_DURATION_S * 1000) throw new InvalidArgumentError(t('fleet.badDuration'));
      return Math.round(ms / 1000);
    });
  const command = program.command('fleet').description(t('fleet.description'));
  addPrometheusOptions(command, t)
    .addOption(duration('--range', 'fleet.option.range'))
    .addOption(duration('--idle-for', 'fleet.option.idleFor'))
    .addOption(
      new Option('--top <n>', t('fleet.option.top')).argParser((value: string) => {
        const n = Number(value);
        if (!/^\d+$/.test(value.trim()) || n < 1 || n > 100) throw new InvalidArgumentError(t('fleet.badTop'));
        return n;
      }),
    )
    .addOption(
      new Option('--at <time>', t('fleet.option.at')).argParser((value: string) => {
        // Unix seconds, or a date-time with its zone (a time without one would read in this machine's zone).
        const seconds = /^\d{9,11}(\.\d+)?$/.test(value.trim()) ? Number(value) : /(Z|[+-]\d\d:?\d\d)$/i.test(value.trim()) ? Date.parse(value) / 1000 : NaN;
        if (!Number.isFinite(seconds) || seconds <= 0) throw new InvalidArgumentError(t('fleet.badTime'));
        // Prometheus answers a time to come with nothing: an empty fleet that would read as a real one.
        if (seconds > Date.now() / 1000 + 60) throw new InvalidArgumentError(t('fleet.futureTime'));
        return seconds;
      }),
    )
    .option('--json', t('fleet.option.json'))
    .action(async (options: FleetOptions) => {
      const { runFleet } = await import('./fleet-run.js');
      process.exitCode = await runFleet(cli, options);
    });
}
