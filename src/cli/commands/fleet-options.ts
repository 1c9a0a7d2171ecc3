// The Prometheus connection options shared by `gpuwise fleet` and `gpuwise serve --prometheus`:
// the URL, a bearer token (flag or GPUWISE_PROMETHEUS_TOKEN) or basic auth with the password in
// a file (never on the command line, where `ps` shows it), and a timeout.

import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { FleetError, PrometheusClientOptions } from '../../fleet/client.js';
import { urlHasCredentials } from '../../fleet/url.js';
import type { Translate } from '../../i18n/index.js';
import { safeLine } from '../render/safe-view.js';

export interface PrometheusFlags {
  prometheus?: string;
  prometheusToken?: string;
  prometheusUser?: string;
  prometheusPasswordFile?: string;
  timeout?: number;
}

export function addPrometheusOptions(command: Command, t: Translate, withTimeout = true): Command {
  command
    .option('--prometheus <url>', t('fleet.option.prometheus'))
    .option('--prometheus-token <token>', t('fleet.option.token'))
    .option('--prometheus-user <user>', t('fleet.option.user'))
    .option('--prometheus-password-file <path>', t('fleet.option.passwordFile'));
  if (withTimeout) {
    command.addOption(
      new Option('--timeout <seconds>', t('fleet.option.timeout')).argParser((value: string) => {
        const seconds = Number(value);
        if (!/^\d+(\.\d+)?$/.test(value.trim()) || seconds < 1 || seconds > 300) throw new InvalidArgumentError(t('fleet.badTimeout'));
        return seconds;
      }),
    );
  }
  return command;
}

/** The client's options, or the translated reason the flags do not make one. */
export function prometheusClientOptions(flags: PrometheusFlags & { prometheus: string }, env: NodeJS.ProcessEnv, t: Translate): PrometheusClientOptions | { error: string } {
  // A user:password@ in the URL is basic auth, and like --prometheus-user it wins over the
  // environment's token; given with a flag's auth, the client refuses the pair (fleet/url.ts).
  const token = flags.prometheusToken ?? (urlHasCredentials(flags.prometheus) ? undefined : env.GPUWISE_PROMETHEUS_TOKEN || undefined);
  if (flags.prometheusUser !== undefined && flags.prometheusToken !== undefined) return { error: t('fleet.tokenAndUser') };
  if ((flags.prometheusUser === undefined) !== (flags.prometheusPasswordFile === undefined)) return { error: t('fleet.userWithoutPassword') };
  const options: PrometheusClientOptions = { url: flags.prometheus, ...(flags.timeout ? { timeoutMs: flags.timeout * 1000 } : {}) };
  if (flags.prometheusUser !== undefined) {
    let password: string;
    try {
      password = readFileSync(flags.prometheusPasswordFile!, 'utf8').split(/\r?\n/)[0] ?? '';
    } catch (error) {
      return { error: t('fleet.passwordFileUnreadable', { path: safeLine(flags.prometheusPasswordFile!), detail: (error as NodeJS.ErrnoException).code ?? String(error) }) };
    }
    options.basic = { user: flags.prometheusUser, password };
  } else if (token) options.bearerToken = token;
  return options;
}

/**
 * A FleetError in the reader's words. Its parameters are outside text — the URL as typed, a
 * server's error text, a redirect's target — so they are shown escaped, on one line.
 */
export function fleetErrorMessage(error: FleetError, t: Translate): string {
  const params = Object.fromEntries(Object.entries(error.params).map(([key, value]) => [key, typeof value === 'string' ? safeLine(value) : value]));
  return t(error.key, params);
}

/** The FleetErrors that are bad usage (exit 2, with the help hint), not a failing Prometheus. */
export const isUsageFleetError = (error: FleetError) => error.key === 'fleet.error.badUrl' || error.key === 'fleet.error.credentialsTwice';
