// #/processes: GPU processes now (from the live stream, updating with every sample) or over a
// past range (from the history), sortable by user, command, GPU memory, CPU and RSS.
import '../components/history/history.css';
import { useMemo } from 'preact/hooks';
import { apiClient } from '../api/index.js';
import { useI18n } from '../app/context.js';
import { useLive } from '../app/live.js';
import type { PageProps } from '../app/pages.js';
import { routeHref } from '../app/router.js';
import { errorText } from '../components/history/error-text.js';
import { ProcessTable } from '../components/history/process-table.js';
import { liveRows, pastRows, type ProcessColumn } from '../components/history/process-rows.js';
import { RangePicker } from '../components/history/range-picker.js';
import { useFetch } from '../components/history/use-fetch.js';
import { refreshMsFor } from '../components/history/gpu-charts.js';
import { historyWindow, spanMs, type TimeRange } from '../range/range.js';
import { rangeFromQuery, rangeToQuery } from '../range/url.js';

const NOW_COLUMNS: readonly ProcessColumn[] = ['gpu', 'pid', 'user', 'command', 'gpuMemory', 'cpu', 'rss'];
const PAST_COLUMNS: readonly ProcessColumn[] = ['gpu', 'pid', 'user', 'command', 'gpuMemory', 'seen'];

export default function ProcessesPage({ route }: PageProps) {
  const { t } = useI18n();
  const mode = route.query.get('mode') === 'past' ? 'past' : 'now';
  const setMode = (next: 'now' | 'past') => {
    const query = new URLSearchParams(route.query);
    query.set('mode', next);
    location.hash = routeHref('processes', null, query);
  };
  return (
    <section class="page history-page processes-page" data-testid="processes-page">
      <h1>{t('web.processes.title')}</h1>
      <div class="mode-tabs" role="group" aria-label={t('web.processes.modeLabel')}>
        {(['now', 'past'] as const).map((m) => (
          <button key={m} type="button" class="range-button" data-testid={`processes-mode-${m}`} aria-pressed={mode === m} onClick={() => setMode(m)}>
            {t(`web.processes.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'now' ? <NowProcesses /> : <PastProcesses query={route.query} />}
    </section>
  );
}

function NowProcesses() {
  const { t } = useI18n();
  const live = useLive();
  const snapshot = live.sample?.snapshot ?? null;
  const rows = useMemo(() => {
    if (!snapshot) return [];
    const keyOf = new Map(snapshot.devices.map((d) => [d.index, d.uuid ?? (d.pciBusId ? `pci:${d.pciBusId}` : `index:${d.index}`)]));
    return liveRows(snapshot.processes.map((p) => ({ ...p, deviceKey: keyOf.get(p.gpuIndex) ?? null })));
  }, [snapshot]);
  if (!snapshot) return <p class="muted" data-testid="processes-waiting">{t('web.processes.waiting')}</p>;
  if (rows.length === 0) return <p class="muted" data-testid="processes-none">{t('web.processes.none.now')}</p>;
  return (
    <>
      <p class="muted" data-testid="processes-count">{t('web.processes.count', { count: rows.length })}</p>
      <ProcessTable rows={rows} columns={NOW_COLUMNS} mode="now" />
    </>
  );
}

function PastProcesses({ query }: { query: URLSearchParams }) {
  const { t } = useI18n();
  const queryText = query.toString();
  const range = useMemo(() => rangeFromQuery(query, Date.now()), [queryText]);
  const win = historyWindow(range, 1);
  const answer = useFetch(
    (signal) => apiClient().processesRange({ from: win.from, to: win.to }, { signal }),
    [win.from, win.to],
    range.kind === 'preset' ? refreshMsFor(spanMs(range)) : null,
  );
  const go = (next: TimeRange) => {
    location.hash = routeHref('processes', null, rangeToQuery(next, query));
  };
  const rows = useMemo(() => pastRows(answer.data?.processes ?? []), [answer.data]);
  return (
    <>
      <RangePicker range={range} onChange={go} />
      {answer.error ? (
        <p class="notice notice-error" role="alert" data-testid="processes-error">
          {answer.error.key === 'serve.api.noStore' ? t('web.history.noStore') : t('web.processes.error', { message: errorText(answer.error, t) })}
        </p>
      ) : null}
      {answer.data === null ? (answer.error ? null : <p class="muted">{t('web.history.loading')}</p>)
        : rows.length === 0 ? <p class="muted" data-testid="processes-none">{t('web.processes.none.past')}</p> : (
          <>
            <p class="muted" data-testid="processes-count">{t('web.processes.count', { count: rows.length })}</p>
            <ProcessTable rows={rows} columns={PAST_COLUMNS} mode="past" initialSort={{ column: 'seen', direction: 'desc' }} />
          </>
        )}
    </>
  );
}
