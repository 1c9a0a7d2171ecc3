// #/gpu/<key>: one GPU's history. Charts for utilisation, memory, power (against its limit),
// temperature, clocks and PCIe/NVLink traffic over a range (5 min … 30 days, or a zoom), with the
// GPU's events marked on their time axes, then the events and the processes of that range.
// Without a key: the list of GPUs to choose from.
import '../components/history/history.css';
import { useMemo, useRef } from 'preact/hooks';
import { safeText } from '../../../src/core/safe-text.js';
import { apiClient, type DeviceEntry, type HistoryAnswer } from '../api/index.js';
import { useI18n } from '../app/context.js';
import { useLive } from '../app/live.js';
import type { PageProps } from '../app/pages.js';
import { routeHref } from '../app/router.js';
import { unitFormatter } from '../charts/axis-format.js';
import { shapeChart } from '../charts/data.js';
import { eventMarkers } from '../charts/markers.js';
import type { ReferenceLine } from '../charts/options.js';
import { TimeChart } from '../charts/time-chart.js';
import { errorText } from '../components/history/error-text.js';
import { EventList } from '../components/history/event-list.js';
import { GPU_CHARTS, GPU_METRICS, refreshMsFor, type ChartSpec } from '../components/history/gpu-charts.js';
import { ProcessTable } from '../components/history/process-table.js';
import { pastRows } from '../components/history/process-rows.js';
import { RangePicker, useRangeLabel } from '../components/history/range-picker.js';
import { useFetch } from '../components/history/use-fetch.js';
import { useWidth } from '../components/history/use-width.js';
import { customRange, historyWindow, openingRange, spanMs, type TimeRange } from '../range/range.js';
import { rangeFromQuery, rangeToQuery } from '../range/url.js';

/** Room the y axis and padding take from a chart's box. */
const AXIS_PX = 90;
const EVENTS_SHOWN = 50;

export default function GpuPage({ route }: PageProps) {
  const { t } = useI18n();
  const devices = useFetch((signal) => apiClient().devices({ signal }), [], 30_000);
  if (route.key === null) return <GpuPicker devices={devices.data?.devices ?? null} />;
  const device = devices.data?.devices.find((d) => d.key === route.key || d.uuid?.toLowerCase() === route.key!.toLowerCase()) ?? null;
  if (devices.data && device === null) {
    return (
      <section class="page gpu-page" data-testid="gpu-page">
        <p class="notice" data-testid="gpu-unknown">{t('web.history.unknownGpu', { key: route.key })}</p>
        <GpuPicker devices={devices.data.devices} />
      </section>
    );
  }
  return <GpuHistory deviceKey={device?.key ?? route.key} device={device} devicesKnown={devices.data !== null || devices.error !== null} query={route.query} />;
}

function GpuPicker({ devices }: { devices: DeviceEntry[] | null }) {
  const { t } = useI18n();
  return (
    <section class="page gpu-picker" data-testid="gpu-picker">
      <h1>{t('web.history.pick')}</h1>
      <p class="muted">{t('web.history.pickHelp')}</p>
      {devices === null ? <p class="muted">{t('web.history.loading')}</p> : devices.length === 0 ? <p>{t('web.history.noGpu')}</p> : (
        <ul class="gpu-picker-list">
          {devices.map((d) => (
            <li key={d.key}>
              <a href={routeHref('gpu', d.key)} data-testid="gpu-picker-link">{t('web.history.title', { index: d.index, name: d.name ?? d.key })}</a>
              {d.live ? null : <span class="muted"> · {t('web.history.notLive')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface HistoryProps {
  deviceKey: string;
  device: DeviceEntry | null;
  /** The devices answer came (or failed): the opening range can be chosen. */
  devicesKnown: boolean;
  query: URLSearchParams;
}

function GpuHistory({ deviceKey, device, devicesKnown, query }: HistoryProps) {
  const { t, fmt, locale } = useI18n();
  const live = useLive();
  const grid = useRef<HTMLDivElement>(null);
  const gridWidth = useWidth(grid);
  const queryText = query.toString();
  const named = query.has('range') || query.has('from');
  const firstSeenMs = device?.firstSeenMs ?? null;
  const range = useMemo(() => (named ? rangeFromQuery(query, Date.now()) : openingRange(firstSeenMs, Date.now())), [queryText, firstSeenMs]);
  const rangeLabel = useRangeLabel(range);
  // Two charts side by side from 900 px (history.css); each asks one point per pixel of its plot.
  const columns = gridWidth >= 900 ? 2 : 1;
  const plotWidth = Math.max(0, Math.floor(gridWidth / columns) - AXIS_PX);
  const health = useFetch((signal) => apiClient().health({ signal }), []);
  const intervalMs = health.data?.sampler?.intervalMs;
  const win = historyWindow(range, plotWidth, { intervalMs });
  const refreshMs = range.kind === 'preset' ? refreshMsFor(spanMs(range)) : null;
  const ready = plotWidth > 0 && (named || devicesKnown);
  const deps = [deviceKey, win.from, win.to, win.points, locale];

  const history = useFetch(ready ? (signal) => apiClient().history({ device: deviceKey, metrics: GPU_METRICS, ...win }, { signal }) : null, deps, refreshMs);
  const events = useFetch(ready ? (signal) => apiClient().events({ device: deviceKey, from: win.from, to: win.to, limit: 1000 }, { signal }) : null, deps, refreshMs);
  const processes = useFetch(ready ? (signal) => apiClient().processesRange({ device: deviceKey, from: win.from, to: win.to }, { signal }) : null, deps, refreshMs);

  const go = (next: TimeRange) => {
    location.hash = routeHref('gpu', deviceKey, rangeToQuery(next, query));
  };
  const answer = history.data;
  // Shaped once per answer: the live stream re-renders this page at every sample, the charts need not redraw.
  const shaped = useMemo(() => (answer ? GPU_CHARTS.map((spec) => shapeChart(answer, spec.metrics)) : []), [answer]);
  const formats = useMemo(() => GPU_CHARTS.map((spec) => unitFormatter(fmt, spec.unit)), [fmt]);
  const fromMs = answer?.fromMs ?? 0;
  const toMs = answer?.toMs ?? 0;
  const markers = useMemo(() => eventMarkers(events.data?.events ?? [], fromMs, toMs, plotWidth), [events.data, fromMs, toMs, plotWidth]);
  const liveDevice = live.sample?.snapshot.devices.find((d) => d.uuid === deviceKey || `pci:${d.pciBusId}` === deviceKey || `index:${d.index}` === deviceKey) ?? null;

  const references = (spec: ChartSpec): ReferenceLine[] => {
    if (spec.id === 'memory' && device?.memoryTotalBytes) return [{ value: device.memoryTotalBytes, label: t('web.history.ref.memoryTotal', { value: fmt.bytes(device.memoryTotalBytes) }) }];
    const slowdown = liveDevice?.temperatureSlowdownCelsius;
    if (spec.id === 'temperature' && typeof slowdown === 'number') return [{ value: slowdown, label: t('web.history.ref.slowdown', { value: fmt.celsius(slowdown) }) }];
    return [];
  };
  const note = (spec: ChartSpec, answer: HistoryAnswer) => {
    const refs = references(spec).map((r) => r.label);
    const step = t('web.history.step', { tier: t(`web.history.tier.${answer.tier}`), step: stepText(answer.stepMs) });
    return [step, ...refs].join(' · ');
  };
  const stepText = (ms: number) => (ms < 60_000 ? t('web.format.second', { n: fmt.number(ms / 1000, ms < 10_000 ? 1 : 0) }) : fmt.duration(ms / 1000));
  const labels = useMemo(() => Object.fromEntries(GPU_METRICS.map((m) => [m, t(`web.history.series.${m}` as Parameters<typeof t>[0])])), [t]);
  const noStore = history.error?.key === 'serve.api.noStore';

  return (
    <section class="page gpu-page" data-testid="gpu-page" data-device={deviceKey}>
      <header class="gpu-page-head">
        <h1 data-testid="gpu-title">{t('web.history.title', { index: device?.index ?? '?', name: device?.name ?? deviceKey })}</h1>
        <p class="muted gpu-page-sub">
          {/* The key is the driver's UUID (or the URL's text): shown escaped, used raw for the API. */}
          <code>{safeText(deviceKey)}</code>
          {device?.pciBusId ? <> · <code>{safeText(device.pciBusId)}</code></> : null}
          {device && !device.live ? <> · {t('web.history.notLive')}</> : null}
        </p>
      </header>
      <RangePicker range={range} onChange={go} hint />
      {noStore ? <p class="notice" data-testid="history-no-store">{t('web.history.noStore')}</p>
        : history.error ? <p class="notice notice-error" role="alert" data-testid="history-error">{t('web.history.error', { message: errorText(history.error, t) })}</p> : null}
      <div class="chart-grid" ref={grid} aria-busy={history.loading}>
        {answer === null ? (history.error ? null : <p class="muted" data-testid="history-loading">{t('web.history.loading')}</p>) : GPU_CHARTS.map((spec, i) => {
          const chart = shaped[i]!;
          if (spec.optional && chart.metrics.length === 0) return null;
          return (
            <TimeChart
              key={spec.id} id={spec.id} title={t(spec.title)} rangeLabel={rangeLabel} shaped={chart}
              series={answer.series.filter((s) => spec.metrics.includes(s.metric))} labels={labels} lineOnly={spec.lineOnly}
              format={formats[i]!} yMode={spec.yMode} fromMs={answer.fromMs} toMs={answer.toMs} markers={markers}
              references={references(spec)} syncKey={`gpu:${deviceKey}`} note={note(spec, answer)}
              onZoom={(from, to) => {
                const zoomed = customRange(from, to, Date.now());
                if (zoomed) go(zoomed);
              }}
            />
          );
        })}
      </div>
      <section class="history-section" data-testid="gpu-events" aria-labelledby="gpu-events-title">
        <h2 id="gpu-events-title">{t('web.history.events.title')}</h2>
        {events.data && events.data.events.length > 0 ? (
          <EventList events={events.data.events.slice(0, EVENTS_SHOWN)} nowMs={Date.now()} showGpu={false} testid="gpu-event-list" />
        ) : events.data ? <p class="muted">{t('web.history.events.none')}</p> : null}
        <a href={`#/events?device=${encodeURIComponent(deviceKey)}&${rangeToQuery(range).toString()}`} data-testid="gpu-events-all">{t('web.history.events.all')}</a>
      </section>
      <section class="history-section" data-testid="gpu-process-history" aria-labelledby="gpu-processes-title">
        <h2 id="gpu-processes-title">{t('web.history.processes.title')}</h2>
        {processes.data && processes.data.processes.length > 0 ? (
          <ProcessTable rows={pastRows(processes.data.processes)} columns={['user', 'command', 'pid', 'gpuMemory', 'seen']} mode="past" linkGpu={false}
            initialSort={{ column: 'seen', direction: 'desc' }} testid="gpu-process-table" />
        ) : processes.data ? <p class="muted">{t('web.history.processes.none')}</p> : null}
      </section>
    </section>
  );
}
