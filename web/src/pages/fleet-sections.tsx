// The fleet page's sections: the node × GPU grid, the heatmap, idle-but-allocated GPUs, the
// GPU-hours tables and the alerts. Every text from the server goes in as text (Preact escapes),
// and through safeText first: node names, users, pods and alert labels are Prometheus labels,
// which any exporter (or a process name it copied) can fill with control or bidi characters.
import { safeText, safeTextOrNull } from '../../../src/core/safe-text.js';
import type { WebTranslate } from '../app/i18n.js';
import type { Format } from '../format/format.js';
import { utilLevel, type FleetHeatmap, type FleetSummary } from './fleet-api.js';

type Node = FleetSummary['nodes'][number];
const nodeName = (n: { hostname: string | null; instance: string }) => safeText(n.hostname ?? n.instance);

export function FleetGrid({ summary, t, f }: { summary: FleetSummary; t: WebTranslate; f: Format }) {
  return (
    <section class="fleet-section" aria-labelledby="fleet-grid-title" data-testid="fleet-grid">
      <h2 id="fleet-grid-title">{t('webFleet.grid.title')}</h2>
      <p class="fleet-help">{t('webFleet.grid.help')}</p>
      <table class="fleet-table">
        <thead><tr><th scope="col">{t('webFleet.grid.node')}</th><th scope="col">{t('webFleet.grid.gpus')}</th></tr></thead>
        <tbody>
          {summary.nodes.map((node) => <GridRow key={`${node.instance} ${node.job}`} node={node} t={t} f={f} />)}
        </tbody>
      </table>
    </section>
  );
}

function GridRow({ node, t, f }: { node: Node; t: WebTranslate; f: Format }) {
  return (
    <tr data-testid="fleet-node" data-instance={node.instance}>
      <th scope="row">
        <span class="fleet-node-name">{nodeName(node)}</span>
        {node.hostname !== null && <span class="fleet-muted"> {safeText(node.instance)}</span>}
        {node.up === false && <span class="fleet-badge fleet-badge-fail"> {t('webFleet.grid.down')}</span>}
      </th>
      <td>
        {node.gpus.length === 0 && <span class="fleet-muted">{t('webFleet.grid.noGpus')}</span>}
        <div class="fleet-cells">
          {node.gpus.map((gpu) => {
            const lost = gpu.state === 'lost' || gpu.state === 'error';
            const label = lost
              ? t('webFleet.grid.lost', { gpu: gpu.gpu, state: gpu.state! })
              : t('webFleet.grid.cell', { gpu: gpu.gpu, util: gpu.utilPercent === null ? t('webFleet.grid.noReading') : f.percent(gpu.utilPercent), memory: f.bytesPair(gpu.memoryUsedBytes, gpu.memoryTotalBytes), processes: gpu.processes ?? 0 });
            const level = utilLevel(gpu.utilPercent);
            return (
              <span key={gpu.gpu} class={`fleet-cell ${lost ? 'fleet-cell-lost' : level === null ? 'fleet-cell-none' : `fleet-level-${level}`}`} title={label} aria-label={label} data-testid="fleet-gpu" data-state={gpu.state ?? ''}>
                {lost ? '×' : safeText(gpu.gpu)}
              </span>
            );
          })}
        </div>
      </td>
    </tr>
  );
}

export function FleetHeat({ heatmap, range, t, f }: { heatmap: FleetHeatmap | null; range: string; t: WebTranslate; f: Format }) {
  return (
    <section class="fleet-section" aria-labelledby="fleet-heat-title" data-testid="fleet-heatmap">
      <h2 id="fleet-heat-title">{t('webFleet.heatmap.title', { range })}</h2>
      <p class="fleet-help">{t('webFleet.heatmap.help')}</p>
      {heatmap === null || heatmap.rows.length === 0 ? (
        <p class="fleet-muted">{t('webFleet.heatmap.empty')}</p>
      ) : (
        // Cells may shrink below a pixel: a week is 241 columns, and at 2 px each the newest ones
        // fell past a phone's card edge, leaving only the oldest (often empty) hours in sight.
        <div class="fleet-heat" style={{ gridTemplateColumns: `minmax(5rem, 10rem) repeat(${heatmap.times.length}, minmax(0, 1fr))` }}>
          {heatmap.rows.map((row) => [
            <span key={`${row.instance}-name`} class="fleet-heat-name">{nodeName(row)}</span>,
            ...row.values.map((value, i) => {
              const level = utilLevel(value);
              return <span key={`${row.instance}-${i}`} class={`fleet-heat-cell ${level === null ? 'fleet-cell-none' : `fleet-level-${level}`}`} title={`${nodeName(row)} ${f.time(heatmap.times[i]! * 1000)} ${f.percent(value)}`} />;
            }),
          ])}
        </div>
      )}
    </section>
  );
}

export function FleetIdle({ summary, t, f }: { summary: FleetSummary; t: WebTranslate; f: Format }) {
  return (
    <section class="fleet-section" aria-labelledby="fleet-idle-title" data-testid="fleet-idle">
      <h2 id="fleet-idle-title">{t('webFleet.idle.title')}</h2>
      <p class="fleet-help">{t('webFleet.idle.help', { window: f.duration(summary.idleWindowSeconds) })}</p>
      {summary.idle.length === 0 ? <p>{t('webFleet.idle.none')}</p> : (
        <table class="fleet-table">
          <thead><tr>{(['node', 'gpu', 'process', 'user', 'pod', 'memory'] as const).map((c) => <th key={c} scope="col">{t(`webFleet.col.${c}`)}</th>)}</tr></thead>
          <tbody>
            {summary.idle.flatMap((gpu) => {
              const rows = gpu.processes.length === 0 ? [null] : gpu.processes;
              return rows.map((p, i) => (
                <tr key={`${gpu.instance} ${gpu.gpu} ${i}`} data-testid="fleet-idle-row">
                  <td>{nodeName(gpu)}</td>
                  <td>{t('webFleet.idle.gpu', { gpu: gpu.gpu, util: Math.round(gpu.maxUtilPercent) })}</td>
                  {p === null ? <td colSpan={4} class="fleet-muted">{t('webFleet.idle.unknownHolder')}</td> : [
                    <td key="p">{safeText(`${p.pid ?? '?'} ${p.name ?? ''}`)}</td>,
                    <td key="u">{safeTextOrNull(p.user) ?? t('webFleet.unknownUser')}</td>,
                    <td key="pod">{p.pod === null ? '' : safeText(p.namespace === null ? p.pod : `${p.namespace}/${p.pod}`)}</td>,
                    <td key="m">{f.bytes(p.memoryUsedBytes)}</td>,
                  ]}
                </tr>
              ));
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function FleetHours({ title, rows, basis, columns, t, f, testid }: { title: string; rows: FleetSummary['topUsers']; basis: FleetSummary['gpuHoursBasis']['users']; columns: { key: string; label: string }[]; t: WebTranslate; f: Format; testid: string }) {
  // Part of the range before the recording rules began is read from raw series (src/fleet/gpu-hours.ts), as `gpuwise fleet` says too.
  const estimated = rows.some((row) => row.source !== 'recorded') || (basis.recordedFrom !== null && basis.rawSeconds > 0);
  return (
    <section class="fleet-section" data-testid={testid}>
      <h2>{title}</h2>
      {rows.length === 0 ? <p>{t('webFleet.hours.none')}</p> : (
        <table class="fleet-table">
          <thead><tr>{columns.map((c) => <th key={c.key} scope="col">{c.label}</th>)}<th scope="col">{t('webFleet.col.gpuHours')}</th></tr></thead>
          <tbody>
            {rows.map((row) => (
              <tr key={JSON.stringify(row.key)}>
                {columns.map((c) => <td key={c.key}>{safeTextOrNull(row.key[c.key]) ?? (c.key === 'user' ? t('webFleet.unknownUser') : '')}</td>)}
                <td class="fleet-num">{row.source === 'recorded' ? '' : <span title={t('webFleet.hours.estimated')}>≈ </span>}{f.number(row.gpuHours, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {estimated && <p class="fleet-muted" data-testid="fleet-hours-estimated">{t('webFleet.hours.estimated')}</p>}
    </section>
  );
}

export function FleetAlerts({ summary, t }: { summary: FleetSummary; t: WebTranslate }) {
  return (
    <section class="fleet-section" aria-labelledby="fleet-alerts-title" data-testid="fleet-alerts">
      <h2 id="fleet-alerts-title">{t('webFleet.alerts.title')}</h2>
      {summary.alerts.length === 0 ? <p>{t('webFleet.alerts.none')}</p> : (
        <ul class="fleet-alerts">
          {summary.alerts.map((alert, i) => (
            <li key={`${alert.name} ${i}`} data-testid="fleet-alert" data-alert={alert.name}>
              <span class={`fleet-badge ${alert.state === 'firing' ? 'fleet-badge-fail' : 'fleet-badge-warn'}`}>{t(alert.state === 'firing' ? 'webFleet.alerts.firing' : 'webFleet.alerts.pending')}</span>{' '}
              <strong>{safeText(alert.name)}</strong>{alert.severity ? ` [${safeText(alert.severity)}]` : ''} {safeText(alert.summary ?? '')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
