// One sortable table for processes now and in the past. Column headers are buttons (keyboard
// sortable) with aria-sort on the header cell. Commands and user names come from other people's
// programs: they are rendered as text nodes (Preact escapes them) after safeText has made
// control, bidi and zero-width characters visible — never as markup.
import { useMemo, useState } from 'preact/hooks';
import { safeText } from '../../../../src/core/safe-text.js';
import { useI18n } from '../../app/context.js';
import type { WebMessageKey } from '../../app/i18n.js';
import { routeHref } from '../../app/router.js';
import { rangeToQuery } from '../../range/url.js';
import { CarriedMemory } from '../carried-memory.js';
import { columnValue, NUMERIC_COLUMNS, type ProcessColumn, type ProcessRow } from './process-rows.js';
import { nextSort, sortRows, type SortState } from './sort.js';

const LABEL: Readonly<Record<ProcessColumn, WebMessageKey>> = {
  gpu: 'web.processes.col.gpu', pid: 'web.processes.col.pid', user: 'web.processes.col.user', command: 'web.processes.col.command',
  gpuMemory: 'web.processes.col.gpuMemory', cpu: 'web.processes.col.cpu', rss: 'web.processes.col.rss', seen: 'web.processes.col.seen',
};

export interface ProcessTableProps {
  rows: readonly ProcessRow[];
  columns: readonly ProcessColumn[];
  /** 'past' labels GPU memory as the peak and shows first–last seen. */
  mode: 'now' | 'past';
  initialSort?: SortState<ProcessColumn>;
  testid?: string;
  /** Link the GPU cell to the GPU page (off on the GPU page itself). */
  linkGpu?: boolean;
}

const text = (value: string | null) => (value === null ? null : safeText(value));

export function ProcessTable({ rows, columns, mode, initialSort, testid = 'process-table', linkGpu = true }: ProcessTableProps) {
  const { t, fmt, locale } = useI18n();
  const [sort, setSort] = useState<SortState<ProcessColumn>>(initialSort ?? { column: 'gpuMemory', direction: 'desc' });
  const sorted = useMemo(() => sortRows(rows, sort, columnValue, (row) => row.pid, locale), [rows, sort, locale]);
  const label = (column: ProcessColumn) => t(column === 'gpuMemory' && mode === 'past' ? 'web.processes.col.peakGpuMemory' : LABEL[column]);

  const cell = (row: ProcessRow, column: ProcessColumn) => {
    switch (column) {
      case 'gpu': {
        if (!linkGpu || row.deviceKey === null) return String(row.gpuIndex);
        const query = mode === 'past' && row.firstSeenMs !== null && row.lastSeenMs !== null
          ? rangeToQuery({ kind: 'custom', fromMs: row.firstSeenMs, toMs: Math.max(row.lastSeenMs, row.firstSeenMs + 60_000) }) : undefined;
        return <a href={routeHref('gpu', row.deviceKey, query)}>{String(row.gpuIndex)}</a>;
      }
      case 'pid': return String(row.pid);
      case 'user':
        return row.user !== null ? text(row.user)
          : row.hostResolution !== null ? <span class="muted" title={t(`web.processes.host.${row.hostResolution}` as WebMessageKey)}>{fmt.na}</span> : fmt.na;
      case 'command': return <code class="process-command">{text(row.command) ?? fmt.na}</code>;
      case 'gpuMemory': return <CarriedMemory bytes={row.gpuMemoryBytes} listedAgeMs={row.listedAgeMs} />;
      case 'cpu': return fmt.percent(row.cpuPercent, 1);
      case 'rss': return fmt.bytes(row.rssBytes);
      case 'seen':
        return mode === 'past' ? `${fmt.dateTime(row.firstSeenMs)} – ${fmt.time(row.lastSeenMs)}` : fmt.dateTime(row.firstSeenMs);
    }
  };

  return (
    <div class="table-scroll">
      <table class="process-table" data-testid={testid}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" class={NUMERIC_COLUMNS.has(column) && column !== 'seen' ? 'num' : undefined}
                aria-sort={sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                <button type="button" class="sort-button" data-testid={`sort-${column}`} title={t('web.processes.sortBy', { column: label(column) })}
                  onClick={() => setSort((current) => nextSort(current, column, NUMERIC_COLUMNS.has(column)))}>
                  {label(column)}
                  <span class="sort-mark" aria-hidden="true">{sort.column === column ? (sort.direction === 'asc' ? '▲' : '▼') : ''}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.id} data-testid="process-row" data-pid={row.pid}>
              {columns.map((column) => (
                <td key={column} class={NUMERIC_COLUMNS.has(column) && column !== 'seen' ? 'num' : undefined}>{cell(row, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
