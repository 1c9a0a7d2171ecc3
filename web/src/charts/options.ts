// uPlot options for one history chart: per metric an average line and its min–max band (the
// buckets' spread: a 5-minute average of 40 % can hide 0–100 % swings), a linked cursor, drag to
// zoom, dashed reference lines (a power limit, the memory size) and event markers on the time axis.

import type uPlot from 'uplot';
import type { ChartColors } from './colors.js';
import { withAlpha } from './colors.js';
import type { ShapedChart } from './data.js';
import type { Marker } from './markers.js';
import type { ValueFormatter } from './axis-format.js';

export interface ReferenceLine {
  value: number;
  label: string;
}

export interface ChartView {
  fromMs: number;
  toMs: number;
  markers: readonly Marker[];
  references: readonly ReferenceLine[];
}

export interface ChartOptionsInput {
  shaped: ShapedChart;
  labels: Readonly<Record<string, string>>;
  /** Series drawn as a plain dashed line without a band (a limit that is itself a metric). */
  lineOnly?: readonly string[];
  colors: ChartColors;
  format: ValueFormatter;
  tick: (ms: number) => string;
  legendTime: (ms: number) => string;
  /** The legend's name for the time column. */
  timeLabel: string;
  /** 'percent': 0–100; 'zero': from 0 up; 'auto': fit the values. */
  yMode: 'percent' | 'zero' | 'auto';
  syncKey: string;
  width: number;
  height: number;
  /** Read at draw time, so a new range or new markers need no new chart. */
  view: () => ChartView;
  onZoom?: (fromMs: number, toMs: number) => void;
}

function markerPlugin(input: ChartOptionsInput): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const { markers, references } = input.view();
        const ctx = u.ctx;
        const { left, top, width, height } = u.bbox;
        ctx.save();
        ctx.lineWidth = Math.max(1, devicePixelRatio);
        for (const ref of references) {
          const y = u.valToPos(ref.value, 'y', true);
          if (!(y >= top && y <= top + height)) continue;
          ctx.strokeStyle = input.colors.reference;
          ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
          ctx.beginPath();
          ctx.moveTo(left, y);
          ctx.lineTo(left + width, y);
          ctx.stroke();
        }
        ctx.setLineDash([2 * devicePixelRatio, 3 * devicePixelRatio]);
        for (const marker of markers) {
          const x = u.valToPos(marker.atMs, 'x', true);
          if (!(x >= left && x <= left + width)) continue;
          const color = marker.severity === 'critical' ? input.colors.critical : marker.severity === 'warning' ? input.colors.warning : input.colors.info;
          ctx.strokeStyle = color;
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
          // A small flag at the top says "event here" even where the line crosses a busy plot.
          ctx.fillStyle = color;
          ctx.fillRect(x - 3 * devicePixelRatio, top, 6 * devicePixelRatio, 4 * devicePixelRatio);
        }
        ctx.restore();
      },
    },
  };
}

/** Room for the longest tick label ("2,000 MHz", "69.8 GiB"), measured in the axis font. */
const axisSize: uPlot.Axis.Size = (u, values) => {
  if (!values || values.length === 0) return 50;
  u.ctx.save();
  u.ctx.font = `${12 * devicePixelRatio}px system-ui, sans-serif`;
  const widest = Math.max(...values.map((v) => u.ctx.measureText(v).width)) / devicePixelRatio;
  u.ctx.restore();
  return Math.ceil(widest) + 18;
};

export function chartOptions(input: ChartOptionsInput): uPlot.Options {
  const { shaped, colors, format } = input;
  // With the cursor off the plot (idx null) the legend is blank rather than a row of "N/A"s.
  const series: uPlot.Series[] = [{ label: input.timeLabel, value: (_u, v, _s, idx) => (v == null || idx == null ? '' : input.legendTime(v)) }];
  const bands: uPlot.Band[] = [];
  const value = (_u: uPlot, v: number | null, _s: number, idx: number | null) => (idx == null ? '' : format(v));
  shaped.metrics.forEach((metric, i) => {
    const color = colors.series[i % colors.series.length]!;
    const label = input.labels[metric.metric] ?? metric.metric;
    const lineOnly = input.lineOnly?.includes(metric.metric) ?? false;
    const edge = { class: 'band-edge', stroke: 'transparent', width: 0, points: { show: false }, value, label: `${label} (min/max)` };
    series.push({ ...edge, label: `${label} min` });
    series.push({ label, stroke: lineOnly ? colors.reference : color, width: 1.5, dash: lineOnly ? [6, 4] : undefined, points: { show: false }, value, spanGaps: false });
    series.push({ ...edge, label: `${label} max` });
    if (!lineOnly) bands.push({ series: [metric.maxIndex, metric.minIndex], fill: withAlpha(color, 0.16) });
  });

  const yRange: uPlot.Scale.Range = (_u, min, max) => {
    const refs = input.view().references.map((r) => r.value);
    if (input.yMode === 'percent') return [0, 100];
    const hi = Math.max(max ?? 0, ...refs);
    const lo = input.yMode === 'zero' ? 0 : Math.min(min ?? 0, ...refs);
    if (!(hi > lo)) return [lo, lo + 1];
    const pad = input.yMode === 'auto' ? (hi - lo) * 0.1 : 0;
    return [lo - pad, hi + (hi - lo) * 0.05 + pad];
  };

  return {
    width: input.width,
    height: input.height,
    ms: 1,
    series,
    bands,
    legend: { show: true, live: true },
    cursor: {
      sync: { key: input.syncKey, setSeries: false },
      drag: { x: true, y: false, setScale: false, dist: 4 },
      points: { show: false },
    },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: true, range: () => [input.view().fromMs, input.view().toMs] },
      y: { range: yRange },
    },
    axes: [
      // Labels with seconds ("13:05:09") need more room between ticks than "13:05" or "Dec 1".
      { stroke: colors.axis, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid }, space: () => (input.view().toMs - input.view().fromMs <= 600_000 ? 90 : 70), values: (_u, splits) => splits.map((ms) => input.tick(ms)) },
      { stroke: colors.axis, grid: { stroke: colors.grid, width: 1 }, ticks: { stroke: colors.grid }, size: axisSize, values: (_u, splits) => splits.map((v) => format(v)) },
    ],
    plugins: [markerPlugin(input)],
    hooks: {
      setSelect: [
        (u) => {
          const { left, width } = u.select;
          if (width > 0 && input.onZoom) input.onZoom(u.posToVal(left, 'x'), u.posToVal(left + width, 'x'));
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        },
      ],
    },
  };
}
