// What `gpuwise cost` adds to the advisor's result: whether the payback falls inside the period
// asked for; for an SXM or OAM module priced alone, that it needs a server — with the catalog's
// servers that hold it; and which variant a model name was read as (also for estimate --gpu).

import type { CostResult } from '../../advisor/index.js';
import { getGpu } from '../../catalog/load.js';
import { resolveGpuName } from '../../catalog/resolve.js';
import { serversThatHold } from '../../catalog/servers.js';
import { formatNumber } from '../../i18n/format.js';
import type { CliContext } from '../context.js';

const MAX_SERVERS_NAMED = 4;

/**
 * The payback sentence: null when the advisor's own (no payback at all) stands. A payback that
 * counted the resale value says so, with the amount (`resale`, written in the buyer's money).
 */
export function paybackText(cli: CliContext, r: CostResult, resale = ''): string | null {
  if (r.paybackMonths === null) return null;
  const periodMonths = r.years * 12;
  const payback = formatNumber(r.paybackMonths, cli.locale, 1, 1);
  const withResale = r.paybackCountsResale === true && resale !== '';
  if (r.paybackWithinPeriod === false || r.paybackMonths > periodMonths) {
    const months = formatNumber(periodMonths, cli.locale, 1);
    return withResale ? cli.t('costNotes.noPaybackInPeriodResale', { months, payback, resale }) : cli.t('costNotes.noPaybackInPeriod', { months, payback });
  }
  return withResale ? cli.t('costNotes.paybackResale', { months: payback, resale }) : cli.t('advisor.cli.cost.payback', { months: payback });
}

/** An SXM/OAM part costed with no host: it needs a server; name the ones that hold it. */
export function moduleNotes(cli: CliContext, r: CostResult): string[] {
  const entry = getGpu(r.gpu.id);
  if (entry === null || (entry.formFactor !== 'sxm' && entry.formFactor !== 'oam') || r.own.hostUsd > 0) return [];
  const { t } = cli;
  const lines = [t('costNotes.module', { gpu: entry.name, formFactor: entry.formFactor.toUpperCase() })];
  // Servers hold boards: two MI250X GCDs are one OAM module in a slot.
  const boards = r.boards ?? r.count;
  const fits = serversThatHold(entry.id, boards);
  const params = { count: boards, gpu: entry.id, id: entry.id };
  if (fits.length === 0) return [...lines, t('costNotes.moduleNoServer', params)];
  const named = fits.slice(0, MAX_SERVERS_NAMED).map((fit) => fit.server.id);
  const more = fits.length > named.length ? t('costNotes.more', { count: fits.length - named.length }) : '';
  return [...lines, t('costNotes.moduleServers', { ...params, servers: named.join(', '), more })];
}

/** "A100" read as a100-sxm4-80gb: said, with the other variants, as gpus show and servers say it. */
export function readAsNote(cli: CliContext, query: string): string | null {
  const answer = resolveGpuName(query);
  if (answer.kind !== 'one' || answer.resolvedBy !== 'flagship-variant') return null;
  return cli.t('gpuName.readAs', { query: answer.query, id: answer.entry.id, alternatives: answer.alternatives.join(cli.t('cli.help.listSeparator')) });
}
