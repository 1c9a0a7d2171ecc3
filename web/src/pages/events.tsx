// #/events: what happened (throttling, ECC, processes, lost GPUs, Xid …), newest first, filtered
// by kind, severity, GPU and range — all in the hash query, so a filtered view can be linked.
// Each event links to its GPU's charts around that moment.
import '../components/history/history.css';
import { useMemo } from 'preact/hooks';
import { safeText } from '../../../src/core/safe-text.js';
import { apiClient, type EventKind, type EventSeverity } from '../api/index.js';
import { useI18n } from '../app/context.js';
import type { PageProps } from '../app/pages.js';
import { routeHref } from '../app/router.js';
import { MARKER_GROUP, type MarkerGroup } from '../charts/markers.js';
import { errorText } from '../components/history/error-text.js';
import { EventList } from '../components/history/event-list.js';
import { RangePicker } from '../components/history/range-picker.js';
import { useFetch } from '../components/history/use-fetch.js';
import { refreshMsFor } from '../components/history/gpu-charts.js';
import { historyWindow, spanMs, type TimeRange } from '../range/range.js';
import { rangeFromQuery, rangeToQuery } from '../range/url.js';

const GROUPS: readonly MarkerGroup[] = ['throttle', 'ecc', 'process', 'gpu', 'memory', 'temperature', 'xid'];
const SEVERITIES: readonly EventSeverity[] = ['critical', 'warning', 'info'];
const LIMIT = 1000;

export function kindsOf(group: MarkerGroup): EventKind[] {
  return (Object.keys(MARKER_GROUP) as EventKind[]).filter((kind) => MARKER_GROUP[kind] === group);
}

export default function EventsPage({ route }: PageProps) {
  const { t } = useI18n();
  const query = route.query;
  const queryText = query.toString();
  const range = useMemo<TimeRange>(
    () => (query.has('range') || query.has('from') ? rangeFromQuery(query, Date.now()) : { kind: 'preset', preset: '24h' }),
    [queryText],
  );
  const groupParam = query.get('kind');
  const group = GROUPS.find((g) => g === groupParam) ?? null;
  const severityParam = query.get('severity');
  const severity = SEVERITIES.find((s) => s === severityParam) ?? null;
  const device = query.get('device') || null;

  const devices = useFetch((signal) => apiClient().devices({ signal }), []);
  const win = historyWindow(range, 1);
  const answer = useFetch(
    (signal) => apiClient().events({ from: win.from, to: win.to, device: device ?? undefined, kinds: group ? kindsOf(group) : undefined, limit: LIMIT }, { signal }),
    [win.from, win.to, device, group],
    range.kind === 'preset' ? refreshMsFor(spanMs(range)) : null,
  );
  // The server does not filter by severity; it is a view over the answer.
  const events = useMemo(() => (answer.data?.events ?? []).filter((e) => severity === null || e.severity === severity), [answer.data, severity]);

  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(query);
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    location.hash = routeHref('events', null, next);
  };
  const go = (next: TimeRange) => {
    location.hash = routeHref('events', null, rangeToQuery(next, query));
  };

  return (
    <section class="page history-page events-page" data-testid="events-page">
      <h1>{t('web.events.title')}</h1>
      <RangePicker range={range} onChange={go} resetTo="24h" />
      <fieldset class="filters" aria-label={t('web.events.filters')}>
        <label>
          {t('web.events.filter.kind')}
          <select class="filter-select" data-testid="events-filter-kind" value={group ?? ''} onChange={(e) => set('kind', e.currentTarget.value)}>
            <option value="">{t('web.events.filter.all')}</option>
            {GROUPS.map((g) => <option key={g} value={g}>{t(`web.events.group.${g}`)}</option>)}
          </select>
        </label>
        <label>
          {t('web.events.filter.severity')}
          <select class="filter-select" data-testid="events-filter-severity" value={severity ?? ''} onChange={(e) => set('severity', e.currentTarget.value)}>
            <option value="">{t('web.events.filter.all')}</option>
            {SEVERITIES.map((s) => <option key={s} value={s}>{t(`web.events.severity.${s}`)}</option>)}
          </select>
        </label>
        <label>
          {t('web.events.filter.device')}
          <select class="filter-select" data-testid="events-filter-device" value={device ?? ''} onChange={(e) => set('device', e.currentTarget.value)}>
            <option value="">{t('web.events.filter.all')}</option>
            {(devices.data?.devices ?? []).map((d) => <option key={d.key} value={d.key}>{t('web.history.title', { index: d.index, name: d.name ?? d.key })}</option>)}
            {device !== null && devices.data && !devices.data.devices.some((d) => d.key === device) ? <option value={device}>{safeText(device)}</option> : null}
          </select>
        </label>
      </fieldset>
      {answer.error ? (
        <p class="notice notice-error" role="alert" data-testid="events-error">
          {answer.error.key === 'serve.api.noStore' ? t('web.history.noStore') : t('web.events.error', { message: errorText(answer.error, t) })}
        </p>
      ) : null}
      {answer.data === null ? (answer.error ? null : <p class="muted">{t('web.history.loading')}</p>) : events.length === 0 ? (
        <p class="muted" data-testid="events-none">{t('web.events.none')}</p>
      ) : (
        <>
          <p class="muted" data-testid="events-count">
            {t('web.events.count', { count: events.length })}
            {answer.data.events.length >= LIMIT ? ` · ${t('web.events.limited', { count: LIMIT })}` : ''}
          </p>
          <EventList events={events} nowMs={Date.now()} />
        </>
      )}
    </section>
  );
}
