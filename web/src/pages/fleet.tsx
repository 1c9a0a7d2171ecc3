// #/fleet: the fleet behind Prometheus (serve --prometheus URL; docs/fleet.md) — node × GPU grid,
// utilisation heatmap, idle-but-allocated GPUs with their holders, GPU-hours per user and node,
// alerts. Refreshed every 30 s; the server caches Prometheus's answers for a few seconds.
import { useEffect, useState } from 'preact/hooks';
import { isApiError } from '../api/errors.js';
import { useI18n } from '../app/context.js';
import type { PageProps } from '../app/pages.js';
import { fleetHeatmap, fleetSummary, FLEET_RANGES, type FleetHeatmap, type FleetRange, type FleetSummary } from './fleet-api.js';
import { FleetAlerts, FleetGrid, FleetHeat, FleetHours, FleetIdle } from './fleet-sections.js';
import './fleet.css';

const REFRESH_MS = 30_000;

export default function FleetPage({ route }: PageProps) {
  const { t, fmt: f, locale } = useI18n();
  const asked = route.query.get('range');
  const range: FleetRange = FLEET_RANGES.includes(asked as FleetRange) ? (asked as FleetRange) : '7d';
  const [summary, setSummary] = useState<FleetSummary | null>(null);
  const [heatmap, setHeatmap] = useState<FleetHeatmap | null>(null);
  const [error, setError] = useState<{ key: string; message: string } | null>(null);

  useEffect(() => {
    let alive = true;
    const load = () => {
      fleetSummary(range, locale).then(
        (answer) => alive && (setSummary(answer), setError(null)),
        (cause: unknown) => alive && setError(isApiError(cause) ? { key: cause.key, message: cause.message } : { key: '', message: String(cause) }),
      );
      // The heatmap is extra: without it the rest of the page still stands.
      fleetHeatmap(range, locale).then((answer) => alive && setHeatmap(answer), () => undefined);
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [range, locale]);

  const gpus = summary?.nodes.reduce((n, node) => n + node.gpus.length, 0) ?? 0;
  const notConfigured = error?.key === 'webFleet.api.notConfigured';
  return (
    <section class="page fleet-page" aria-labelledby="fleet-title" data-testid="fleet-page">
      <header class="fleet-head">
        <div>
          <h1 id="fleet-title">{t('webFleet.title')}</h1>
          {summary && <p class="fleet-muted" data-testid="fleet-subtitle">{t('webFleet.subtitle', { nodes: summary.nodes.length, gpus, prometheus: summary.prometheus })}</p>}
        </div>
        {/* Without --prometheus there is nothing to range over: the notice below says how to turn it on. */}
        {!notConfigured && (
          <nav class="fleet-ranges" aria-label={t('webFleet.range.label')}>
            <span class="fleet-muted">{t('webFleet.range.label')}</span>
            {FLEET_RANGES.map((r) => (
              <a key={r} class="fleet-range" href={`#/fleet?range=${r}`} aria-current={r === range ? 'true' : undefined}>{t(`webFleet.range.${r}`)}</a>
            ))}
          </nav>
        )}
      </header>
      {error && (
        <p class={notConfigured ? 'fleet-notice' : 'fleet-error'} role="alert" data-testid="fleet-error">
          {notConfigured ? t('webFleet.notConfigured') : t('webFleet.error', { message: error.message })}
        </p>
      )}
      {!summary && !error && <p class="fleet-muted" role="status">{t('webFleet.loading')}</p>}
      {summary && (
        <>
          <FleetGrid summary={summary} t={t} f={f} />
          <FleetHeat heatmap={heatmap} range={t(`webFleet.range.${range === '30d' ? '7d' : range}`)} t={t} f={f} />
          <FleetIdle summary={summary} t={t} f={f} />
          <div class="fleet-two">
            <FleetHours testid="fleet-users" title={t('webFleet.users.title')} rows={summary.topUsers} basis={summary.gpuHoursBasis.users} columns={[{ key: 'user', label: t('webFleet.col.user') }, { key: 'namespace', label: t('webFleet.col.namespace') }]} t={t} f={f} />
            <FleetHours testid="fleet-top-nodes" title={t('webFleet.nodes.title')} rows={summary.topNodes} basis={summary.gpuHoursBasis.nodes} columns={[{ key: 'Hostname', label: t('webFleet.col.node') }, { key: 'instance', label: t('webFleet.col.instance') }]} t={t} f={f} />
          </div>
          <FleetAlerts summary={summary} t={t} />
          <p class="fleet-muted">{t('webFleet.rules', { users: t(summary.usedRecordingRules.users ? 'webFleet.yes' : 'webFleet.no'), nodes: t(summary.usedRecordingRules.nodes ? 'webFleet.yes' : 'webFleet.no') })}</p>
        </>
      )}
    </section>
  );
}
