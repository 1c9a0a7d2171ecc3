// One history chart: uPlot on a canvas, sized to its box, its cursor linked to the other charts of
// the page (same syncKey), dragging across it zooms. For screen readers the figure is named by its
// title and range, and a hidden table gives each line's lowest, average, highest and latest value.

import 'uplot/dist/uPlot.min.css';
import './charts.css';
import uPlot from 'uplot';
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useI18n, useTheme } from '../app/context.js';
import type { HistorySeries } from '../api/types.js';
import { timeTickFormatter, type ValueFormatter } from './axis-format.js';
import { chartColors } from './colors.js';
import { summarise, type ShapedChart } from './data.js';
import type { Marker } from './markers.js';
import { chartOptions, type ChartView, type ReferenceLine } from './options.js';

export interface TimeChartProps {
  id: string;
  title: string;
  /** "last 1 h" / "13:00–14:00": said with the title to screen readers. */
  rangeLabel: string;
  shaped: ShapedChart;
  /** The answer's series, for the hidden summary. */
  series: readonly HistorySeries[];
  labels: Readonly<Record<string, string>>;
  lineOnly?: readonly string[];
  format: ValueFormatter;
  yMode: 'percent' | 'zero' | 'auto';
  fromMs: number;
  toMs: number;
  markers: readonly Marker[];
  references?: readonly ReferenceLine[];
  syncKey: string;
  onZoom?: (fromMs: number, toMs: number) => void;
  height?: number;
  /** Shown beside the title (the tier and step). */
  note?: ComponentChildren;
}

export function TimeChart(props: TimeChartProps) {
  const { t, fmt, locale } = useI18n();
  const { theme } = useTheme();
  const figure = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const chart = useRef<uPlot | null>(null);
  const [width, setWidth] = useState(0);
  const view = useRef<ChartView>({ fromMs: props.fromMs, toMs: props.toMs, markers: props.markers, references: props.references ?? [] });
  view.current = { fromMs: props.fromMs, toMs: props.toMs, markers: props.markers, references: props.references ?? [] };
  const zoom = useRef(props.onZoom);
  zoom.current = props.onZoom;
  // Read through refs at draw time: a parent's new function each render must not rebuild the chart.
  const format = useRef(props.format);
  format.current = props.format;

  // The figure is always there (the plot box only once there is data): measure it.
  useEffect(() => {
    const element = figure.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) => setWidth(Math.floor(entries[0]?.contentRect.width ?? 0)));
    observer.observe(element);
    setWidth(Math.floor(element.clientWidth - parseFloat(getComputedStyle(element).paddingLeft) - parseFloat(getComputedStyle(element).paddingRight)));
    return () => observer.disconnect();
  }, []);

  const empty = props.shaped.metrics.length === 0;
  const structure = props.shaped.metrics.map((m) => m.metric).join(',');
  const height = props.height ?? 180;
  const sized = width > 0;

  // A new chart when what it draws changes (its lines, language, theme); new data alone is setData.
  useEffect(() => {
    if (empty || !box.current || !probe.current || width <= 0) return;
    const spanMs = () => view.current.toMs - view.current.fromMs;
    const options = chartOptions({
      shaped: props.shaped, labels: props.labels, lineOnly: props.lineOnly, colors: chartColors(probe.current), format: (v) => format.current(v),
      tick: (ms) => timeTickFormatter(locale, spanMs())(ms), legendTime: (ms) => (spanMs() <= 6 * 3_600_000 ? fmt.time(ms) : fmt.dateTime(ms)), timeLabel: t('web.history.chart.time'),
      yMode: props.yMode, syncKey: props.syncKey, width, height, view: () => view.current,
      onZoom: (from, to) => zoom.current?.(from, to),
    });
    const plot = new uPlot(options, props.shaped.data as uPlot.AlignedData, box.current);
    plot.root.querySelector('canvas')?.setAttribute('aria-hidden', 'true');
    chart.current = plot;
    return () => {
      plot.destroy();
      chart.current = null;
    };
    // Width and data are handled by the effects below: a resize or a refetch keeps the chart.
  }, [empty, sized, structure, locale, theme, props.syncKey, props.yMode]);

  useEffect(() => {
    chart.current?.setData(props.shaped.data as uPlot.AlignedData);
  }, [props.shaped, props.fromMs, props.toMs]);

  const referencesKey = (props.references ?? []).map((r) => r.value).join(',');
  useEffect(() => {
    chart.current?.redraw(false);
  }, [props.markers, referencesKey]);

  useEffect(() => {
    if (width > 0) chart.current?.setSize({ width, height });
  }, [width, height]);

  // Per answer (shaped changes with it), not per render: the page re-renders at every live sample.
  const summaries = useMemo(() => props.series.filter((s) => props.shaped.metrics.some((m) => m.metric === s.metric)).map(summarise), [props.shaped]);
  const titleId = `chart-${props.id}-title`;
  return (
    <figure class="time-chart" ref={figure} data-testid="chart" data-chart={props.id} aria-labelledby={titleId}>
      <div class="time-chart-head">
        <h3 class="time-chart-title" id={titleId}>
          {props.title}
          <span class="visually-hidden">, {props.rangeLabel}</span>
        </h3>
        {props.note ? <span class="time-chart-note">{props.note}</span> : null}
      </div>
      <span class="time-chart-color-probe" ref={probe} aria-hidden="true" />
      {empty ? (
        <p class="time-chart-empty" data-testid="chart-empty">{t('web.history.chart.noData')}</p>
      ) : (
        <div class="time-chart-plot" ref={box} role="img" aria-label={t('web.history.chart.aria', { title: props.title, range: props.rangeLabel })} />
      )}
      {empty ? null : (
        // Hidden by a wrapper: a table ignores width: 1px and would widen a phone's page.
        <div class="visually-hidden">
        <table>
          <caption>{t('web.history.chart.summary', { title: props.title, range: props.rangeLabel })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('web.history.chart.series')}</th>
              <th scope="col">{t('web.history.chart.min')}</th>
              <th scope="col">{t('web.history.chart.avg')}</th>
              <th scope="col">{t('web.history.chart.max')}</th>
              <th scope="col">{t('web.history.chart.last')}</th>
              <th scope="col">{t('web.history.chart.gaps')}</th>
            </tr>
          </thead>
          <tbody>
            {summaries.map((s) => (
              <tr key={s.metric}>
                <th scope="row">{props.labels[s.metric] ?? s.metric}</th>
                <td>{props.format(s.min)}</td>
                <td>{props.format(s.avg)}</td>
                <td>{props.format(s.max)}</td>
                <td>{props.format(s.last)}</td>
                <td>{fmt.number(s.gaps)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      )}
    </figure>
  );
}
