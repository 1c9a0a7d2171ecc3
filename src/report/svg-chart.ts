// An inline SVG line chart for self-contained reports (diagnose --html, run's end-of-run page):
// no script, no external font or URL, every text through safeHtml. A null value is a gap in the
// line — never drawn as 0, which would read as "the GPU was idle" when it was "not measured".

import { safeHtml } from '../core/safe-text.js';

export interface ChartSeries {
  label: string;
  /** Wall or relative time of each value, ms, ascending. */
  timesMs: number[];
  values: (number | null)[];
}

export interface LineChartOptions {
  title: string;
  /** Printed on the value axis, e.g. "%", "GiB", "MB/s". */
  unit: string;
  series: ChartSeries[];
  width?: number;
  height?: number;
  /** Fixed value range (e.g. 0–100 for percentages); default: 0 to the largest value. */
  yMin?: number;
  yMax?: number;
  /** Text shown when no series has a value (already translated). */
  emptyText?: string;
  /** Time axis label, e.g. "s" (seconds from the first point). */
  timeUnit?: string;
}

/** Colour-blind-safe (Okabe–Ito) palette, cycled. */
const COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#000000'];
const MARGIN = { left: 56, right: 12, top: 40, bottom: 36 };

/** A tidy axis step (1, 2 or 5 × 10^n) giving about `ticks` intervals over `span`. */
export function niceStep(span: number, ticks = 4): number {
  if (!(span > 0) || !Number.isFinite(span)) return 1;
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

function formatTick(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 100) return String(Math.round(value));
  if (abs >= 1) return String(Math.round(value * 10) / 10);
  return String(Math.round(value * 1000) / 1000);
}

/** Path segments of one series: a new "M" after every gap (null or non-finite value). */
export function linePath(series: ChartSeries, x: (ms: number) => number, y: (value: number) => number): string {
  const parts: string[] = [];
  let open = false;
  const count = Math.min(series.timesMs.length, series.values.length);
  for (let i = 0; i < count; i++) {
    const value = series.values[i];
    const time = series.timesMs[i]!;
    if (value === null || value === undefined || !Number.isFinite(value) || !Number.isFinite(time)) {
      open = false;
      continue;
    }
    parts.push(`${open ? 'L' : 'M'}${x(time).toFixed(1)} ${y(value).toFixed(1)}`);
    open = true;
  }
  return parts.join(' ');
}

function extent(series: readonly ChartSeries[]): { t0: number; t1: number; vMax: number; vMin: number; any: boolean } {
  let t0 = Infinity;
  let t1 = -Infinity;
  let vMax = -Infinity;
  let vMin = Infinity;
  for (const s of series) {
    const count = Math.min(s.timesMs.length, s.values.length);
    for (let i = 0; i < count; i++) {
      const value = s.values[i];
      const time = s.timesMs[i]!;
      if (value === null || value === undefined || !Number.isFinite(value) || !Number.isFinite(time)) continue;
      t0 = Math.min(t0, time);
      t1 = Math.max(t1, time);
      vMax = Math.max(vMax, value);
      vMin = Math.min(vMin, value);
    }
  }
  return { t0, t1, vMax, vMin, any: t0 !== Infinity };
}

export function renderLineChart(options: LineChartOptions): string {
  const width = options.width ?? 640;
  const height = options.height ?? 220;
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const title = safeHtml(options.title);
  const unit = safeHtml(options.unit);
  const found = extent(options.series);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${title} (${unit})</title>`;
  const titleText = `<text x="${MARGIN.left}" y="16" class="chart-title">${title}</text>`;
  if (!found.any) {
    const empty = safeHtml(options.emptyText ?? '—');
    return `${head}${titleText}<text x="${width / 2}" y="${height / 2}" text-anchor="middle" class="chart-empty">${empty}</text></svg>`;
  }
  const yMin = options.yMin ?? Math.min(0, found.vMin);
  // A flat line at the bottom (all zeros) still gets an axis of 0–1, not a zero-height one.
  const yMaxRaw = options.yMax ?? (found.vMax > yMin ? found.vMax : yMin + 1);
  const step = niceStep(yMaxRaw - yMin);
  const yMax = options.yMax ?? Math.ceil(yMaxRaw / step) * step;
  const span = Math.max(found.t1 - found.t0, 1);
  const x = (ms: number) => MARGIN.left + ((ms - found.t0) / span) * plotW;
  const y = (value: number) => MARGIN.top + plotH - ((Math.min(Math.max(value, yMin), yMax) - yMin) / (yMax - yMin || 1)) * plotH;

  const grid: string[] = [];
  for (let v = yMin, i = 0; v <= yMax + step / 1000 && i < 20; v += step, i++) {
    const py = y(v).toFixed(1);
    grid.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${py}" y2="${py}" class="chart-grid"/>`);
    grid.push(`<text x="${MARGIN.left - 6}" y="${py}" text-anchor="end" dominant-baseline="middle" class="chart-tick">${formatTick(v)}</text>`);
  }
  const timeUnit = safeHtml(options.timeUnit ?? 's');
  const tStep = niceStep(span / 1000, 5);
  for (let s = 0, i = 0; s <= span / 1000 + tStep / 1000 && i < 20; s += tStep, i++) {
    const px = x(found.t0 + s * 1000).toFixed(1);
    grid.push(`<text x="${px}" y="${MARGIN.top + plotH + 14}" text-anchor="middle" class="chart-tick">${formatTick(s)}</text>`);
  }
  const axes =
    `<text x="12" y="${MARGIN.top + plotH / 2}" transform="rotate(-90 12 ${MARGIN.top + plotH / 2})" text-anchor="middle" class="chart-axis">${unit}</text>` +
    `<text x="${MARGIN.left + plotW / 2}" y="${height - 4}" text-anchor="middle" class="chart-axis">${timeUnit}</text>`;
  const lines = options.series
    .map((s, i) => {
      const d = linePath(s, x, y);
      return d === '' ? '' : `<path d="${d}" fill="none" stroke="${COLOURS[i % COLOURS.length]}" stroke-width="1.5"/>`;
    })
    .join('');
  // The legend is a row under the title, cut at the chart's right edge.
  let legendX = MARGIN.left;
  const legend = options.series
    .map((s, i) => {
      if (legendX > width - 40) return '';
      const label = safeHtml(s.label);
      const item = `<rect x="${legendX}" y="21" width="10" height="10" fill="${COLOURS[i % COLOURS.length]}"/><text x="${legendX + 14}" y="30" class="chart-legend">${label}</text>`;
      legendX += 24 + Math.min(s.label.length, 40) * 7;
      return item;
    })
    .join('');
  return `${head}${titleText}${legend}${grid.join('')}${axes}${lines}</svg>`;
}
