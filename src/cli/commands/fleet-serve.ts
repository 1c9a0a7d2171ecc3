// `serve --prometheus URL …`: the fleet view's connection, checked before serve starts so a typo
// in the URL or a missing password file stops it with the reason instead of a broken page.

import { createPrometheusClient, FleetError, type PrometheusClientOptions } from '../../fleet/client.js';
import type { CliContext } from '../context.js';
import { usageErrorText } from '../usage-errors.js';
import { fleetErrorMessage, prometheusClientOptions, type PrometheusFlags } from './fleet-options.js';

/** null without --prometheus; 'refused' after saying why on stderr. */
export function fleetClientOptions(cli: CliContext, flags: PrometheusFlags): PrometheusClientOptions | null | 'refused' {
  const url = flags.prometheus ?? (cli.env.GPUWISE_PROMETHEUS || undefined);
  if (url === undefined) {
    if (flags.prometheusToken !== undefined || flags.prometheusUser !== undefined) {
      cli.err(usageErrorText(cli.t, 'gpuwise serve', cli.t('cli.missingMandatoryOption', { option: '--prometheus <url>' })));
      return 'refused';
    }
    return null;
  }
  const options = prometheusClientOptions({ ...flags, prometheus: url }, cli.env, cli.t);
  if ('error' in options) {
    cli.err(`${options.error}\n`);
    return 'refused';
  }
  try {
    createPrometheusClient(options);
  } catch (error) {
    if (!(error instanceof FleetError)) throw error;
    cli.err(`${cli.t('cli.error', { message: fleetErrorMessage(error, cli.t) })}\n`);
    return 'refused';
  }
  return options;
}
