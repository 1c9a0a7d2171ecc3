// The work behind `gpuwise servers`: ask the catalog, print the answer as text or JSON.

import { toSafeJson } from '../../core/safe-text.js';
import type { Locale, MessageKey } from '../../i18n/index.js';
import { queryServers, UnknownGpuError, type ServerMatch, type ServerQueryResult } from '../../catalog/servers-query.js';
import type { FactOrMissing, ServerEntry } from '../../catalog/servers-schema.js';
import type { LocalizedText } from '../../catalog/gpu-schema.js';
import { cloudProviderName } from '../../catalog/cloud-providers.js';
import type { LocalRentalQuote } from '../../catalog/cloud.js';
import type { CliContext } from '../context.js';
import { formatMoney, formatMoneyRange, formatNumber } from '../../i18n/format.js';
import { hardwareText } from '../render/hardware-text.js';
import { safeView } from '../render/safe-view.js';
import { usageErrorText } from '../usage-errors.js';
import { INTERCONNECT_KEYS, SERVER_CATEGORY_KEYS, SERVER_FORM_FACTOR_KEYS } from './catalog-labels.js';
import type { ServersOptions } from './servers.js';

/** Exit codes: 0 answered (even "nothing fits"), 2 bad usage (unknown GPU). */
export function runServers(cli: CliContext, options: ServersOptions): number {
  let result: ServerQueryResult;
  try {
    result = queryServers({ gpu: options.gpu, count: options.count });
  } catch (error) {
    if (error instanceof UnknownGpuError) {
      const reason =
        error.candidates.length > 0
          ? cli.t('gpuName.reason.several', { candidates: error.candidates.join(', ') })
          : error.suggestions.length > 0
            ? cli.t('gpuName.reason.suggest', { suggestions: error.suggestions.join(', ') })
            : cli.t('gpuName.reason.none');
      cli.err(usageErrorText(cli.t, 'gpuwise servers', cli.t('cli.invalidOptionValue', { option: '--gpu', value: safeView(error.query), reason })));
      return 2;
    }
    throw error;
  }
  cli.out(options.json ? `${toSafeJson(result, 2)}\n` : renderServers(cli, result, options.gpu));
  return 0;
}

export function renderServers(cli: CliContext, result: ServerQueryResult, query?: string): string {
  const { t, color } = cli;
  const lines: string[] = [];
  const matches = String(result.matches.length);
  if (result.gpuId !== null) lines.push(color.bold(t('servers.heading.hold', { count: result.count ?? 1, gpu: result.gpuId, matches })));
  else if (result.count !== null) lines.push(color.bold(t('servers.heading.atLeast', { count: result.count, matches })));
  else lines.push(color.bold(t('servers.heading.all', { matches })));
  if (result.gpuId !== null && (result.gpuAlternatives ?? []).length > 0) {
    lines.push(color.yellow(t('gpuName.readAs', { query: safeView(query ?? result.gpuId), id: result.gpuId, alternatives: (result.gpuAlternatives ?? []).join(', ') })));
  }
  lines.push('');
  if (result.matches.length === 0) lines.push(t('servers.none'), '');
  for (const match of result.matches) lines.push(...renderMatch(cli, match), '');
  if (result.unsourcedGpuCount.length > 0) lines.push(color.dim(t('servers.unsourcedCount', { ids: result.unsourcedGpuCount.join(', ') })), '');
  if (result.gpuId !== null) lines.push(...renderRental(cli, result.gpuId, result), '');
  lines.push(color.dim(t('servers.footer')));
  return `${lines.join('\n')}\n`;
}

function renderMatch(cli: CliContext, match: ServerMatch): string[] {
  const { t, color } = cli;
  const s = match.server;
  const cite = citer(match);
  const colon = t('cli.punct.colon');
  const comma = t('cli.punct.comma');
  const header = `${color.bold(`${s.vendor} ${s.model}`)}  ${color.dim(`(${s.id})`)} — ${t(SERVER_CATEGORY_KEYS[s.category])}${comma}${fact(cli, s.formFactor, (f) =>
    f.kind === 'rack' ? t('servers.formFactor.rack', { units: f.rackUnits }) : t(SERVER_FORM_FACTOR_KEYS[f.kind]),
  )}${cite(s.formFactor)}`;
  const options = s.gpuOptions.map((o) => {
    const link = o.interconnect.value === null ? '' : `${comma}${t(INTERCONNECT_KEYS[o.interconnect.value])}`;
    const chosen = match.option === o ? color.green('▶ ') : '';
    return `${chosen}${o.count.value} × ${o.gpuId}${link}${cite(o.count)}`;
  });
  const lines = [
    header,
    `  ${t('servers.field.gpus')}${colon}${fact(cli, s.gpuCountMax, (n) => t('servers.upTo', { count: n }))}${cite(s.gpuCountMax)}`,
  ];
  if (options.length > 0) lines.push(`  ${t('servers.field.models')}${colon}${options.join(t('cli.punct.semicolon'))}`);
  const cpu = s.cpuFamilies.value === null ? fact(cli, s.cpuFamilies, () => '') : `${s.cpuSockets.value === null ? '' : `${t('servers.sockets', { count: s.cpuSockets.value })} `}${s.cpuFamilies.value.map((family) => hardwareText(family, cli.locale)).join(' / ')}`;
  lines.push(`  ${t('servers.field.cpu')}${colon}${cpu}${cite(s.cpuFamilies)}   ${t('servers.field.memory')}${colon}${fact(cli, s.maxMemoryGiB, (gib) => t('servers.memoryGiB', { gib }))}${cite(s.maxMemoryGiB)}`);
  const psu = fact(cli, s.psu, (p) =>
    p.redundancy === null ? t('servers.psuValue', { count: p.count, watts: p.wattsEach }) : t('servers.psuRedundancy', { count: p.count, watts: p.wattsEach, redundancy: p.redundancy }),
  );
  lines.push(`  ${t('servers.field.psu')}${colon}${psu}${cite(s.psu)}   ${t('servers.field.maxPower')}${colon}${fact(cli, s.maxPowerWatts, (w) => t('servers.watts', { watts: w }))}${cite(s.maxPowerWatts)}`);
  lines.push(
    `  ${t('servers.field.launched')}${colon}${fact(cli, s.launchYear, String)}${cite(s.launchYear)}   ${t('servers.field.listPrice')}${colon}${fact(cli, s.listPrice, (p) =>
      t('servers.priceValue', { usd: formatNumber(p.usd, cli.locale), date: p.announced }),
    )}${cite(s.listPrice)}`,
  );
  lines.push(...renderPrices(cli, s, cite));
  for (const c of s.corrections) {
    const seenIn = c.claimSeenIn === undefined ? '' : color.dim(` (${t('servers.claimSeenIn', { refs: cite({ sources: c.claimSeenIn }).trim() })})`);
    lines.push(color.yellow(`  ⚠ ${t('servers.correction', { claim: c.claim[cli.locale], correction: c.correction[cli.locale] })}`) + cite(c) + seenIn);
  }
  for (const note of s.notes) lines.push(color.dim(`  · ${note[cli.locale]}`));
  lines.push(`  ${t('servers.sources')}${colon.trimEnd()}`);
  match.sources.forEach((source, i) => lines.push(color.dim(`    [${i + 1}] ${source.publisher}: ${source.title} — ${source.url}`)));
  return lines;
}

const PRICE_KIND_KEYS = { street: 'servers.priceKind.street', quote: 'servers.priceKind.quote', launch: 'servers.priceKind.launch' } as const satisfies Record<string, MessageKey>;
const MARKET_KEYS = { global: 'advisor.market.global', us: 'advisor.market.us', cn: 'advisor.market.cn', eu: 'advisor.market.eu' } as const satisfies Record<string, MessageKey>;

/** The machine's dated prices (street prices, quotes), each with its market, date, configuration, source and note. */
function renderPrices(cli: CliContext, s: ServerEntry, cite: ReturnType<typeof citer>): string[] {
  const { t, color } = cli;
  const prices = s.prices ?? [];
  if (prices.length === 0) return [];
  const lines = [`  ${t('servers.field.prices')}${t('cli.punct.colon').trimEnd()}`];
  for (const p of prices) {
    const config = p.gpuId === undefined ? '' : t('servers.priceConfig', { count: p.gpuCount ?? 1, gpu: p.gpuId });
    lines.push(`    ${t('servers.priceQuote', { price: formatMoneyRange(p.low, p.high, p.currency, cli.locale), kind: t(PRICE_KIND_KEYS[p.kind]), market: t(MARKET_KEYS[p.market]), asOf: p.asOf, config })}${cite(p)}`);
    if (p.note) lines.push(color.dim(`      ${p.note[cli.locale]}`));
  }
  return lines;
}

/** " [1,3]": the numbers of the sources a fact cites, in the match's source list. */
function citer(match: ServerMatch): (item: { sources?: { source: string }[] }) => string {
  return (item) => {
    const numbers = (item.sources ?? []).map((ref) => match.sources.findIndex((s) => s.id === ref.source) + 1).filter((n) => n > 0);
    return numbers.length === 0 ? '' : ` [${[...new Set(numbers)].join(',')}]`;
  };
}

function fact<T>(cli: CliContext, value: FactOrMissing<T>, show: (v: T) => string): string {
  if (value.value !== null) return show(value.value);
  const reason = 'reason' in value ? value.reason : 'not-sourced';
  const key: MessageKey = reason === 'not-published' ? 'servers.notPublished' : reason === 'not-applicable' || reason === 'unsupported' ? 'servers.notApplicable' : 'servers.notSourced';
  return cli.color.dim(cli.t(key));
}

/** A region named by its provider ("us-east-1") as it is; one described in words in the reader's language. */
const regionText = (region: string | LocalizedText, locale: Locale): string => (typeof region === 'string' ? region : region[locale]);

function renderRental(cli: CliContext, gpuId: string, result: ServerQueryResult): string[] {
  const { t } = cli;
  const { rental: quotes, rentalPricesAsOf: asOf } = result;
  const local = renderLocalRental(cli, gpuId, result.localRental ?? []);
  if (quotes.length === 0 || asOf === null) return local.length > 0 ? local : [cli.color.dim(t('servers.rent.none', { gpu: gpuId }))];
  const span = asOf.oldest === asOf.newest ? asOf.oldest : `${asOf.oldest} … ${asOf.newest}`;
  return [
    t('servers.rent.heading', { gpu: gpuId, asOf: span }),
    ...quotes.map((q) =>
      `  ${t('servers.rent.line', {
        provider: cloudProviderName(q.offering.provider, cli.locale),
        instance: q.offering.instanceType,
        region: regionText(q.offering.region, cli.locale),
        kind: t(q.kind === 'capacityBlock' ? 'servers.rent.capacityBlock' : 'servers.rent.onDemand'),
        perGpu: formatNumber(q.usdPerGpuHour, cli.locale, 3, 3),
        instance_price: formatNumber(q.usdPerInstanceHour, cli.locale, 2, 2),
        gpus: q.offering.gpuCount,
        asOf: q.offering.asOf,
      })}`,
    ),
    ...local,
  ];
}

/** Rental priced in CNY (or another non-USD currency), shown in that currency: converting would hide what the site charges. */
function renderLocalRental(cli: CliContext, gpuId: string, quotes: readonly LocalRentalQuote[]): string[] {
  if (quotes.length === 0) return [];
  const { t } = cli;
  return [
    t('servers.rent.localHeading', { gpu: gpuId }),
    ...quotes.map((q) =>
      `  ${t('servers.rent.localLine', {
        provider: cloudProviderName(q.offering.provider, cli.locale),
        instance: q.offering.instanceType,
        region: regionText(q.offering.region, cli.locale),
        perGpu: formatMoney(q.perGpuHour, q.currency, cli.locale, 2),
        asOf: q.offering.asOf,
      })}`,
    ),
  ];
}
