// The GPU panel: one block per GPU, with its MIG instances under it. Compact: one aligned line per
// GPU (8 GPUs fit an 80×24 terminal). Full: a line of instant figures, a line of bars with SM,
// tensor and DRAM activity next to GPU-Util, and history graphs of utilisation, memory and power.
// A lost or hung GPU keeps its place, says so, and keeps its history.

import type { GpuDevice } from '../../core/snapshot.js';
import type { Locale, Translate } from '../../i18n/index.js';
import { deviceKey, type DeviceHistoryWindow, type HistoryWindow } from '../../monitor/history.js';
import { fitColumns, renderRow, type Column, type KeptColumn } from './columns.js';
import {
  activityCell, busCell, clocksCell, eccCell, fanCell, indexCell, linkCell, memoryCell, nameCell, powerCell, pstateCell,
  smActivityCell, temperatureCell, utilCell, warningsCell, type CellContext,
} from './gpu-cells.js';
import { isHung } from './gpu-state.js';
import { BRIDGE_INTERVALS, bucketize, chartRows, loadFractionStyle, type Series } from './graph.js';
import { cellWidth, Line } from './line.js';
import type { Theme } from './theme.js';
import { bytesPairShort, elapsedShort } from './units.js';

export interface GpuPanelInput {
  devices: readonly GpuDevice[];
  history: HistoryWindow | null;
  /** The graphs' right edge (the newest sample's time) and span. */
  endMs: number;
  spanSeconds: number;
  /** The sampler's interval: readings up to BRIDGE_INTERVALS of it apart are drawn as one line (graph.ts). */
  intervalMs: number;
  width: number;
  mode: 'compact' | 'full';
  /** Full mode: graph rows per GPU (0: none). */
  graphHeight: number;
  /** Draw MIG instances as lines of their own (else a count on the parent's line). */
  migLines: boolean;
  /** Since when (wall ms) each GPU, by history key, has been lost or hung. */
  troubleSinceMs: ReadonlyMap<string, number>;
  nowMs: number;
  theme: Theme;
  t: Translate;
  locale: Locale;
}

const GAP = 2;
const INDENT = 4;

/** Lines a GPU takes in each mode, for the layout. */
export function gpuBlockHeight(device: GpuDevice, mode: 'compact' | 'full', graphHeight: number, migLines: boolean): number {
  const mig = migLines && device.migModeCurrent ? device.migDevices.length : 0;
  return (mode === 'compact' ? 1 : 2 + graphHeight) + mig;
}

export function renderGpuPanel(input: GpuPanelInput): Line[] {
  return input.mode === 'compact' ? renderCompact(input) : renderFull(input);
}

function historyOf(input: GpuPanelInput): Map<string, DeviceHistoryWindow> {
  const byKey = new Map<string, DeviceHistoryWindow>();
  for (const device of input.history?.devices ?? []) byKey.set(device.key, device);
  return byKey;
}

function renderCompact(input: GpuPanelInput): Line[] {
  const { devices, theme, t, width } = input;
  const context: CellContext = { theme, t };
  const barWidth = Math.max(4, Math.min(20, Math.floor((width - 56) / 4)));
  const cells = (build: (device: GpuDevice) => Line | null) => devices.map((device) => (device.state === 'ok' ? build(device) : null));
  const anyOf = (pick: (device: GpuDevice) => unknown) => devices.some((device) => pick(device) !== null && device.state === 'ok');
  const columns: Column[] = [
    { priority: 0, cells: devices.map((d) => indexCell(d, context)) },
    { priority: 0, cells: devices.map((d) => nameCell(d, true, context)), maxWidth: width >= 100 ? 20 : 14 },
    { priority: 0, cells: cells((d) => utilCell(d, barWidth, context)) },
    ...(anyOf((d) => d.smActivePercent) ? [{ priority: 2, cells: cells((d) => smActivityCell(d, context)) }] : []),
    { priority: 0, cells: cells((d) => memoryCell(d, barWidth, context)) },
    { priority: 1, cells: cells((d) => temperatureCell(d, context)), align: 'right' },
    { priority: 3, cells: cells((d) => powerCell(d, context, true)), align: 'right' },
    { priority: 6, cells: cells((d) => pstateCell(d)) },
    ...(anyOf((d) => d.fanSpeedPercent) ? [{ priority: 7, cells: cells((d) => fanCell(d, context)) }] : []),
    { priority: 1, cells: cells((d) => warningsCell(d, context)), maxWidth: 28 },
    { priority: 5, cells: devices.map(() => new Line()), grow: true, minWidth: 8 },
  ];
  const kept = fitColumns(columns, width, GAP);
  const spark = kept.find((k) => k.column.grow);
  const history = historyOf(input);
  const lines: Line[] = [];
  devices.forEach((device, row) => {
    let line: Line;
    if (device.state !== 'ok') line = troubleLine(device, kept, row, input);
    else {
      line = renderRow(kept.filter((k) => !k.column.grow), row, GAP, theme.glyphs.ellipsis);
      if (spark) {
        line.padTo(spark.start);
        const rows = utilGraph(history.get(deviceKey(device)), device, input, spark.width, 1);
        if (rows[0]) line.append(rows[0]);
      }
    }
    if (!input.migLines && device.migModeCurrent && device.migDevices.length > 0) line.add(`  MIG ×${device.migDevices.length}`, theme.dim);
    lines.push(line);
    if (input.migLines) lines.push(...migLines(device, input));
  });
  return lines;
}

function renderFull(input: GpuPanelInput): Line[] {
  const { devices, theme, t, width } = input;
  const context: CellContext = { theme, t };
  const ok = (build: (device: GpuDevice) => Line | null) => devices.map((device) => (device.state === 'ok' ? build(device) : null));
  const anyOf = (pick: (device: GpuDevice) => unknown) => devices.some((device) => device.state === 'ok' && pick(device) !== null);
  const top: Column[] = [
    { priority: 0, cells: devices.map((d) => indexCell(d, context)) },
    { priority: 0, cells: devices.map((d) => nameCell(d, width < 110, context)), maxWidth: 28 },
    { priority: 5, cells: devices.map((d) => busCell(d, context)) },
    { priority: 4, cells: ok((d) => pstateCell(d)) },
    { priority: 1, cells: ok((d) => temperatureCell(d, context)), align: 'right' },
    ...(anyOf((d) => d.fanSpeedPercent) ? [{ priority: 6, cells: ok((d) => fanCell(d, context)) }] : []),
    { priority: 1, cells: ok((d) => powerCell(d, context)), align: 'right' },
    { priority: 7, cells: ok((d) => clocksCell(d, context)) },
    ...(anyOf((d) => d.pcieRxBytesPerSecond ?? d.pcieTxBytesPerSecond) ? [{ priority: 3, cells: ok((d) => linkCell('PCIe', d.pcieRxBytesPerSecond, d.pcieTxBytesPerSecond, context)) }] : []),
    ...(anyOf((d) => d.nvlinkRxBytesPerSecond ?? d.nvlinkTxBytesPerSecond) ? [{ priority: 8, cells: ok((d) => linkCell('NVLink', d.nvlinkRxBytesPerSecond, d.nvlinkTxBytesPerSecond, context)) }] : []),
    { priority: 6, cells: ok((d) => eccCell(d, context)) },
  ];
  const barWidth = Math.max(6, Math.min(30, Math.floor((width - 60) / 3)));
  const bars: Column[] = [
    { priority: 0, cells: ok((d) => utilCell(d, barWidth, context)) },
    ...(anyOf((d) => d.smActivePercent) ? [{ priority: 1, cells: ok((d) => smActivityCell(d, context)) }] : []),
    ...(anyOf((d) => d.tensorActivePercent) ? [{ priority: 2, cells: ok((d) => activityCell(t('top.gpu.tensorActive'), d.tensorActivePercent, context)) }] : []),
    ...(anyOf((d) => d.dramActivePercent) ? [{ priority: 2, cells: ok((d) => activityCell(t('top.gpu.dramActive'), d.dramActivePercent, context)) }] : []),
    { priority: 0, cells: ok((d) => memoryCell(d, barWidth, context)) },
    { priority: 1, cells: ok((d) => warningsCell(d, context)), maxWidth: Math.max(20, width - 40) },
  ];
  const topKept = fitColumns(top, width, GAP);
  const barKept = fitColumns(bars, width - INDENT, GAP);
  const history = historyOf(input);
  const layout = input.graphHeight > 0 ? graphLayout(input) : null;
  const lines: Line[] = [];
  devices.forEach((device, row) => {
    if (device.state !== 'ok') {
      lines.push(troubleLine(device, topKept, row, input));
      lines.push(new Line());
    } else {
      lines.push(renderRow(topKept, row, GAP, theme.glyphs.ellipsis));
      lines.push(new Line().space(INDENT).append(renderRow(barKept, row, GAP, theme.glyphs.ellipsis)));
    }
    if (layout) lines.push(...graphLines(history.get(deviceKey(device)), device, input, layout));
    if (input.migLines) lines.push(...migLines(device, input));
  });
  return lines;
}

/** A lost or hung GPU: who it is, then what is wrong and since when, across the rest of the line. */
function troubleLine(device: GpuDevice, kept: KeptColumn[], row: number, input: GpuPanelInput): Line {
  const { theme, t } = input;
  const line = renderRow(kept.slice(0, 2), row, GAP, theme.glyphs.ellipsis).space(GAP);
  const since = input.troubleSinceMs.get(deviceKey(device));
  const ago = since === undefined ? '' : ` ${t('top.gpu.since', { duration: elapsedShort((input.nowMs - since) / 1000, input.locale) })}`;
  if (isHung(device)) return line.add(`${theme.glyphs.hourglass} ${t('top.gpu.hung')}${ago}`, theme.danger);
  const key = device.state === 'lost' ? 'top.gpu.lost' : 'top.gpu.error';
  return line.add(`${theme.glyphs.error} ${t(key, { detail: device.stateDetail ?? '' })}${ago}`, theme.danger);
}

const bridgeMs = (input: GpuPanelInput) => BRIDGE_INTERVALS * input.intervalMs;

function utilSeries(history: DeviceHistoryWindow | undefined): Series | null {
  if (!history) return null;
  const sub = history.samples.gpuUtilPercent;
  if (sub && sub.timesMs.length > 0) return sub;
  const values = history.columns.gpuUtilPercent;
  return values ? { timesMs: history.timesMs, values } : null;
}

function utilGraph(history: DeviceHistoryWindow | undefined, device: GpuDevice, input: GpuPanelInput, cells: number, height: number): Line[] {
  const series = utilSeries(history);
  const fractions = series ? bucketize(series, input.endMs, input.spanSeconds * 1000, cells, 100, bridgeMs(input)) : new Array<null>(cells).fill(null);
  const style = device.state === 'ok' ? loadFractionStyle(input.theme) : () => input.theme.dim;
  return chartRows(fractions, height, input.theme, style);
}

interface GraphLayout {
  labels: string[];
  /** Spaces after each label, up to the widest and one more. */
  gaps: number[];
  separator: string;
  cells: number;
}

/** What every GPU's graphs share: worked out once a frame. */
function graphLayout({ theme, t, width }: GpuPanelInput): GraphLayout {
  const labels = [t('top.graph.util'), t('top.graph.memory'), t('top.graph.power')];
  const widths = labels.map((label) => cellWidth(label));
  const labelWidth = Math.max(...widths);
  const separator = ` ${theme.glyphs.separator} `;
  const cells = Math.max(4, Math.floor((width - INDENT - 3 * (labelWidth + 1) - 2 * separator.length) / 3));
  return { labels, gaps: widths.map((w) => labelWidth - w + 1), separator, cells };
}

/** Utilisation, memory and power side by side over the span, `graphHeight` rows high. */
function graphLines(history: DeviceHistoryWindow | undefined, device: GpuDevice, input: GpuPanelInput, layout: GraphLayout): Line[] {
  const { theme, graphHeight: height } = input;
  const { labels, gaps, separator, cells } = layout;
  const spanMs = input.spanSeconds * 1000;
  const dimmed = device.state !== 'ok';
  const style = dimmed ? () => theme.dim : loadFractionStyle(theme);
  const memory = history?.columns.memoryUsedBytes;
  const memoryTotal = device.memoryTotalBytes;
  const powerSub = history?.samples.powerDrawWatts;
  const power: Series | null = powerSub && powerSub.timesMs.length > 0 ? powerSub : history?.columns.powerDrawWatts ? { timesMs: history.timesMs, values: history.columns.powerDrawWatts } : null;
  const powerFull = device.powerLimitWatts ?? device.powerLimitDefaultWatts ?? maxOf(power?.values ?? []);
  const empty = () => new Array<null>(cells).fill(null);
  const charts = [
    utilGraph(history, device, input, cells, height),
    chartRows(memory && history && memoryTotal ? bucketize({ timesMs: history.timesMs, values: memory }, input.endMs, spanMs, cells, memoryTotal, bridgeMs(input)) : empty(), height, theme, style),
    chartRows(power && powerFull ? bucketize(power, input.endMs, spanMs, cells, powerFull, bridgeMs(input)) : empty(), height, theme, style),
  ];
  const lines: Line[] = [];
  for (let r = 0; r < height; r++) {
    const line = new Line().space(INDENT);
    charts.forEach((chart, k) => {
      if (k > 0) line.add(separator, theme.dim);
      if (r === 0) line.add(labels[k]!, theme.dim).space(gaps[k]);
      else line.space(gaps[k]! + cellWidth(labels[k]!));
      line.append(chart[r] ?? new Line());
    });
    lines.push(line);
  }
  return lines;
}

function maxOf(values: readonly (number | null)[]): number | null {
  let max: number | null = null;
  for (const v of values) if (v !== null && (max === null || v > max)) max = v;
  return max;
}

/** One line per MIG instance: its index, profile, instance ids and memory. */
function migLines(device: GpuDevice, input: GpuPanelInput): Line[] {
  if (!device.migModeCurrent) return [];
  const { theme, t } = input;
  return device.migDevices.map((mig, i) => {
    const last = i === device.migDevices.length - 1;
    const line = new Line().space(INDENT).add(last ? theme.glyphs.treeLast : theme.glyphs.treeBranch, theme.dim);
    const profile = mig.name?.match(/MIG (\S+)/)?.[1] ?? mig.name ?? t('common.notAvailable');
    line.add(`${device.index}/${mig.index} `, theme.accent).add(profile, theme.bold);
    line.add(`  GI ${mig.gpuInstanceId ?? '-'} CI ${mig.computeInstanceId ?? '-'}`, theme.dim);
    if (mig.multiprocessorCount !== null) line.add(`  ${t('top.gpu.migSms', { count: mig.multiprocessorCount })}`, theme.dim);
    if (mig.memoryUsedBytes !== null && mig.memoryTotalBytes !== null) line.add(`  ${t('top.gpu.memory')} ${bytesPairShort(mig.memoryUsedBytes, mig.memoryTotalBytes)}`);
    return line;
  });
}
