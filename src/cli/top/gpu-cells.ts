// The cells of a GPU's lines: one function per figure, each a styled Line, N/A (dim) for a
// missing value — never 0. Which of them are shown is decided by the panel (columns.ts).

import type { GpuDevice } from '../../core/snapshot.js';
import type { Translate } from '../../i18n/index.js';
import { barLine } from './graph.js';
import { lowSmActivity, memoryLevel, memoryPercent, temperatureLevel, warnings, worst, type Level } from './gpu-state.js';
import { Line } from './line.js';
import { loadStyle, type Style, type Theme } from './theme.js';
import { bytesPairShort, percentText, rateShort, wattsText } from './units.js';

export interface CellContext {
  theme: Theme;
  t: Translate;
}

export function levelStyle(theme: Theme, level: Level | null): Style {
  return level === 'danger' ? theme.danger : level === 'warn' ? theme.warn : theme.plain;
}

function na({ theme, t }: CellContext): Line {
  return new Line().add(t('common.notAvailable'), theme.dim);
}

export function indexCell(device: GpuDevice, { theme }: CellContext): Line {
  return new Line().add(`[${device.index}]`, device.state === 'ok' ? theme.accent : theme.danger);
}

/** "NVIDIA H100 80GB HBM3"; compact drops the vendor ("H100 80GB HBM3"). */
export function nameCell(device: GpuDevice, compact: boolean, context: CellContext): Line {
  if (device.name === null) return na(context);
  const name = compact ? device.name.replace(/^NVIDIA (GeForce )?/, '').replace(/^Tesla /, '') : device.name;
  return new Line().add(name, device.state === 'ok' ? context.theme.bold : context.theme.dim);
}

/** "18:00.0" when the PCI domain is 0 (nearly always), else the whole id. */
export function busCell(device: GpuDevice, { theme }: CellContext): Line | null {
  if (device.pciBusId === null) return null;
  return new Line().add(device.pciBusId.replace(/^0{4,8}:/, ''), theme.dim);
}

export function pstateCell(device: GpuDevice): Line | null {
  return device.performanceState === null ? null : new Line().add(`P${device.performanceState}`);
}

export function temperatureCell(device: GpuDevice, context: CellContext): Line {
  if (device.temperatureCelsius === null) return na(context);
  return new Line().add(`${Math.round(device.temperatureCelsius)}${context.theme.glyphs.degree}`, levelStyle(context.theme, temperatureLevel(device)));
}

export function fanCell(device: GpuDevice, context: CellContext): Line {
  const line = new Line().add(`${context.t('top.gpu.fan')} `, context.theme.dim);
  return device.fanSpeedPercent === null ? line.append(na(context)) : line.add(percentText(device.fanSpeedPercent));
}

/** "649/700W"; compact: "649W" (in warning colour near the limit either way). */
export function powerCell(device: GpuDevice, context: CellContext, compact = false): Line {
  if (device.powerDrawWatts === null) return na(context);
  const limit = device.powerLimitWatts;
  const near = limit !== null && device.powerDrawWatts >= limit * 0.98;
  const line = new Line().add(String(Math.round(device.powerDrawWatts)), near ? context.theme.warn : context.theme.plain);
  return limit === null || compact ? line.add('W') : line.add(`/${wattsText(limit)}`, context.theme.dim);
}

/** SM and memory clocks: "1980/2619MHz". */
export function clocksCell(device: GpuDevice, context: CellContext): Line | null {
  if (device.smClockMhz === null && device.memoryClockMhz === null) return null;
  const show = (mhz: number | null) => (mhz === null ? context.t('common.notAvailable') : String(Math.round(mhz)));
  const held = device.smClockMaxMhz !== null && device.smClockMhz !== null && device.smClockMhz < device.smClockMaxMhz * 0.7 && (device.gpuUtilPercent ?? 0) > 50;
  return new Line().add(show(device.smClockMhz), held ? context.theme.warn : context.theme.plain).add(`/${show(device.memoryClockMhz)}MHz`, context.theme.dim);
}

/** "PCIe ↓2.1G/s ↑793M/s" (into / out of the GPU). */
export function linkCell(label: string, rx: number | null, tx: number | null, context: CellContext): Line | null {
  if (rx === null && tx === null) return null;
  const { glyphs } = context.theme;
  const show = (v: number | null) => (v === null ? context.t('common.notAvailable') : rateShort(v));
  return new Line().add(`${label} `, context.theme.dim).add(`${glyphs.rx}${show(rx)} ${glyphs.tx}${show(tx)}`);
}

/** "ECC 0", "ECC 2✗" (uncorrected since the driver loaded), "ECC off"; null where the GPU has no ECC. */
export function eccCell(device: GpuDevice, context: CellContext): Line | null {
  const { theme, t } = context;
  if (device.eccModeCurrent === null) return null;
  const line = new Line().add('ECC ', theme.dim);
  if (!device.eccModeCurrent) return line.add(t('top.gpu.eccOff'), theme.dim);
  const errors = device.eccErrors;
  if (errors === null) return line.append(na(context));
  const uncorrected = errors.uncorrectedVolatile ?? 0;
  const corrected = errors.correctedVolatile ?? 0;
  if (uncorrected > 0) return line.add(`${uncorrected}${theme.glyphs.error}`, theme.danger);
  return line.add(String(corrected), corrected > 0 ? theme.warn : theme.plain);
}

/** "GPU ████▌    100%". */
export function utilCell(device: GpuDevice, barWidth: number, context: CellContext): Line {
  const { theme, t } = context;
  const util = device.gpuUtilPercent;
  const line = new Line().add(`${t('top.gpu.util')} `, theme.dim).append(barLine(util, barWidth, theme, loadStyle(theme, util))).space();
  return util === null ? line.append(na(context)) : line.add(percentText(util).padStart(4));
}

/** "SM 78%": how many SMs actually worked (GPM); in warning colour when GPU-Util says busy but few SMs are. */
export function activityCell(label: string, value: number | null, context: CellContext, flagged = false): Line {
  const line = new Line().add(`${label} `, context.theme.dim);
  if (value === null) return line.append(na(context));
  return line.add(percentText(value).padStart(4), flagged ? context.theme.warn : context.theme.plain);
}

export function smActivityCell(device: GpuDevice, context: CellContext): Line {
  return activityCell(context.t('top.gpu.smActive'), device.smActivePercent, context, lowSmActivity(device));
}

/** "MEM ██████▌ 69.6/79.6G". */
export function memoryCell(device: GpuDevice, barWidth: number, context: CellContext): Line {
  const { theme, t } = context;
  const percent = memoryPercent(device);
  const level = memoryLevel(device);
  const style = level ? levelStyle(theme, level) : loadStyle(theme, percent === null ? null : Math.min(percent, 89));
  const line = new Line().add(`${t('top.gpu.memory')} `, theme.dim).append(barLine(percent, barWidth, theme, style)).space();
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  return used === null || total === null ? line.append(na(context)) : line.add(bytesPairShort(used, total), level ? style : theme.plain);
}

/** Every warning, worst colour first: "⚠ power cap, hot"; "⚠ 功率上限，温度过高". */
export function warningsCell(device: GpuDevice, context: CellContext): Line | null {
  const list = warnings(device, context.t);
  if (list.length === 0) return null;
  const level = worst(list);
  const glyph = level === 'danger' ? context.theme.glyphs.error : context.theme.glyphs.warn;
  return new Line().add(`${glyph} ${list.map((w) => w.text).join(context.t('top.warn.separator'))}`, levelStyle(context.theme, level));
}
