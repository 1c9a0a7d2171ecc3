// The line above the cards: which machine, driver and backend, then the totals a person scans
// first (how busy, how full, how much power, how many processes, the host's CPU and memory).
import type { SampleAnswer } from '../api/index.js';
import { safeText, safeTextOrNull } from '../../../src/core/safe-text.js';
import { problemScopeText } from '../../../src/i18n/problem-scope.js';
import { useI18n } from '../app/context.js';
import { isWebMessageKey, type WebMessageKey } from '../app/i18n.js';
import { AlertIcon } from './icons.js';
import { InfoTip } from './info-tip.js';
import { overviewTotals, type PairedTotal } from './gpu-card-model.js';

export function OverviewHeader({ sample }: { sample: SampleAnswer }) {
  const { t, fmt } = useI18n();
  const { snapshot } = sample;
  const driver = snapshot.driver;
  return (
    <div class="overview-head">
      <div>
        <h1 class="page-title" data-testid="overview-host">{safeTextOrNull(snapshot.host.hostname) ?? t('web.overview.host')}</h1>
        <p class="overview-meta">
          {driver.driverVersion && <span>{t('web.overview.driver', { version: driver.driverVersion })}</span>}
          {driver.cudaDriverVersion && (
            <span class="with-tip">
              {t('web.overview.cuda', { version: driver.cudaDriverVersion })}
              <InfoTip text={t('web.overview.cudaHelp')} label={t('web.overview.cuda', { version: driver.cudaDriverVersion })} />
            </span>
          )}
          {snapshot.backend && <span>{t('web.overview.backend', { backend: snapshot.backend })}</span>}
          <span data-testid="overview-sampled">{t('web.overview.sampled', { time: fmt.time(sample.wallMs) })}</span>
        </p>
      </div>
    </div>
  );
}

interface TileProps {
  label: WebMessageKey;
  value: string;
  detail?: string | undefined;
  /** The detail's tooltip (why a total is partial). */
  detailHelp?: string | undefined;
  testid: string;
  tone?: 'warn' | 'danger' | undefined;
}

function Tile({ label, value, detail, detailHelp, testid, tone }: TileProps) {
  const { t } = useI18n();
  return (
    <div class={`tile${tone ? ` tile-${tone}` : ''}`} data-testid={testid}>
      <span class="tile-label">{t(label)}</span>
      <span class="tile-value num">{value}</span>
      {detail && <span class="tile-detail muted num" title={detailHelp}>{detail}</span>}
    </div>
  );
}

export function OverviewTiles({ sample }: { sample: SampleAnswer }) {
  const { t, fmt } = useI18n();
  const totals = overviewTotals(sample.snapshot);
  const host = sample.snapshot.host;
  const share = (part: number | null, whole: number | null) => (part !== null && whole !== null && whole > 0 ? (part / whole) * 100 : null);
  /** "of 637.2 GiB · 87%": the total and the share under the amount, so the amount stays readable. */
  const of = (total: string, part: number | null, whole: number | null) => {
    const percent = share(part, whole);
    return percent === null ? t('web.overview.summary.of', { total }) : t('web.overview.summary.ofShare', { total, share: fmt.percent(percent) });
  };
  /** A GPU total's tile: "of 500 W · 100%", then "· 1 of 2 GPUs" when some GPU lacks a value. */
  const pairTile = (pair: PairedTotal, whole: (value: number) => string) => {
    if (pair.whole === null) return {};
    const partial = pair.counted < totals.gpus;
    const detail = of(whole(pair.whole), pair.used, pair.whole);
    return partial
      ? { detail: `${detail} · ${t('web.overview.summary.partial', { counted: pair.counted, gpus: totals.gpus })}`, detailHelp: t('web.overview.summary.partialHelp') }
      : { detail };
  };
  return (
    <section class="tiles" aria-label={t('web.overview.title')}>
      <Tile
        label="web.overview.summary.gpus"
        testid="summary-gpus"
        value={fmt.number(totals.gpus)}
        detail={totals.trouble > 0 ? t('web.overview.summary.trouble', { count: totals.trouble }) : undefined}
        tone={totals.trouble > 0 ? 'danger' : undefined}
      />
      <Tile label="web.overview.summary.busy" testid="summary-util" value={fmt.percent(totals.meanUtilPercent)} />
      <Tile
        label="web.overview.summary.memory"
        testid="summary-memory"
        value={fmt.bytes(totals.memory.used)}
        {...pairTile(totals.memory, fmt.bytes)}
      />
      <Tile
        label="web.overview.summary.power"
        testid="summary-power"
        value={fmt.watts(totals.power.used)}
        {...pairTile(totals.power, fmt.watts)}
      />
      <Tile label="web.overview.summary.processes" testid="summary-processes" value={fmt.number(totals.processes)} />
      <Tile label="web.overview.summary.hostCpu" testid="summary-host-cpu" value={fmt.percent(host.cpuUtilPercent)} detail={host.cpuLogicalCount === null ? undefined : t('info.host.cores', { count: host.cpuLogicalCount })} />
      <Tile
        label="web.overview.summary.hostMemory"
        testid="summary-host-memory"
        value={fmt.bytes(host.memoryUsedBytes)}
        detail={host.memoryTotalBytes === null ? undefined : of(fmt.bytes(host.memoryTotalBytes), host.memoryUsedBytes, host.memoryTotalBytes)}
      />
    </section>
  );
}

/** Problems that did not stop the sample (a failed process list, a GPU that timed out), listed on demand. */
export function ProblemsNote({ sample }: { sample: SampleAnswer }) {
  const { t } = useI18n();
  const problems = sample.snapshot.problems;
  if (problems.length === 0) return null;
  return (
    <details class="problems-note" data-testid="overview-problems">
      <summary>
        <AlertIcon />
        {t('web.overview.problems', { count: problems.length })}
      </summary>
      <ul class="problem-list">
        {problems.map((problem, index) => (
          <li key={index}>
            <span class="mono problem-scope">{safeText(problemScopeText(problem.scope, t))}</span>{' '}
            {problem.key !== undefined && isWebMessageKey(problem.key) ? t(problem.key, problem.params) : safeText(problem.message)}
          </li>
        ))}
      </ul>
    </details>
  );
}
