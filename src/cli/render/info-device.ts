// One GPU in `gpuwise info`: its line (gpustat's shape, fitted to the terminal), the flags that
// say at a glance that something is wrong (throttled, ECC errors, slow), its notes and MIG rows.

import { isPerformanceLimiting } from '../../core/clock-events.js';
import type { GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import type { Translate } from '../../i18n/index.js';
import type { Colors } from '../context.js';
import { bar, displayWidth, fitLine, formatBytesPair, padEnd, padStart, truncate } from './format.js';
import type { TextRenderOptions } from './info-text.js';
import { problemText } from './problem-text.js';
import { clockReasonText } from './reasons.js';

const BAR_WIDTH = 10;
const NARROW_BAR_WIDTH = 5;

export interface InfoGlyphs {
  warn: string;
  bad: string;
  dot: string;
  branch: string;
  last: string;
}

export const UNICODE_INFO_GLYPHS: InfoGlyphs = { warn: '⚠', bad: '✗', dot: '·', branch: '├─', last: '└─' };
export const ASCII_INFO_GLYPHS: InfoGlyphs = { warn: '!', bad: 'x', dot: '-', branch: '|-', last: '`-' };

export function glyphsOf(options: TextRenderOptions): InfoGlyphs {
  return options.ascii ? ASCII_INFO_GLYPHS : UNICODE_INFO_GLYPHS;
}

function na(t: Translate): string {
  return t('common.notAvailable');
}

function colorByLoad(color: Colors, percent: number, text: string): string {
  if (percent >= 90) return color.red(text);
  if (percent >= 50) return color.yellow(text);
  return color.green(text);
}

/**
 * A labelled bar and its value. A value that is missing gets no bar at all — blanks of the
 * bar's width, so the columns below still line up: an empty bar next to N/A reads as 0 %.
 */
export function meter(label: string, percent: number | null, value: string, barWidth: number, options: TextRenderOptions): string {
  if (barWidth === 0) return `${label} ${value}`;
  const drawn = percent === null ? ' '.repeat(barWidth) : colorByLoad(options.color, percent, bar(percent, barWidth, options.ascii === true));
  return `${label} ${drawn} ${value}`;
}

function slowProblem(device: GpuDevice, problems: readonly SnapshotProblem[]): SnapshotProblem | undefined {
  return problems.find((p) => p.code === 'slow' && p.scope === `device:${device.index}`);
}

/** What the compact line flags: clocks held back, ECC errors, a slow answer. */
function flags(device: GpuDevice, problems: readonly SnapshotProblem[], { t, color }: TextRenderOptions, glyphs: InfoGlyphs): string[] {
  const out: string[] = [];
  if ((device.clockEventReasons ?? []).some(isPerformanceLimiting)) out.push(color.yellow(`${glyphs.warn} ${t('infoDetail.flag.throttled')}`));
  const ecc = device.eccErrors?.uncorrectedVolatile ?? 0;
  if (ecc > 0) out.push(color.red(`${glyphs.bad} ${t('infoDetail.flag.ecc', { count: ecc })}`));
  if (slowProblem(device, problems)) out.push(color.yellow(`${glyphs.warn} ${t('infoDetail.flag.slow')}`));
  return out;
}

/** The GPU's line, dropping the least useful parts until it fits the width. */
export function renderDeviceLine(device: GpuDevice, nameWidth: number, problems: readonly SnapshotProblem[], options: TextRenderOptions): string {
  const { t, color, width } = options;
  const glyphs = glyphsOf(options);
  const head = (w: number) => `${color.cyan(`[${device.index}]`)} ${padEnd(truncate(device.name ?? na(t), w), w)}`;
  if (device.state === 'lost' || device.state === 'error') {
    const key = device.state === 'lost' ? 'info.gpu.lost' : 'info.gpu.error';
    return fitLine(`${head(nameWidth)}  ${color.red(`${glyphs.bad} ${t(key, { detail: stateDetailText(device, problems, t) })}`)}`, width, options.ascii);
  }
  const temperature = device.temperatureCelsius === null ? na(t) : `${device.temperatureCelsius}${options.ascii ? 'C' : '°C'}`;
  const tempColored = (device.temperatureCelsius ?? 0) >= 85 ? color.red(temperature) : (device.temperatureCelsius ?? 0) >= 75 ? color.yellow(temperature) : temperature;
  const fan = device.fanSpeedPercent === null ? '' : `${t('info.gpu.fan')} ${device.fanSpeedPercent}%`;
  const pstate = device.performanceState === null ? '' : `P${device.performanceState}`;
  const power =
    device.powerDrawWatts === null ? na(t) : `${Math.round(device.powerDrawWatts)}${device.powerLimitWatts === null ? '' : `/${Math.round(device.powerLimitWatts)}`} W`;
  const util = device.gpuUtilPercent;
  const utilText = padStart(util === null ? na(t) : `${Math.round(util)}%`, 4);
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  const memPercent = used !== null && total ? (used / total) * 100 : null;
  const memText = used !== null && total !== null ? formatBytesPair(used, total) : na(t);
  const marks = flags(device, problems, options, glyphs);
  const layout = (nameW: number, barW: number, extras: boolean, withPower = true) =>
    [
      head(nameW),
      padStart(tempColored, 5),
      extras ? fan : '',
      extras ? pstate : '',
      withPower ? padStart(power, 9) : '',
      meter(t('info.gpu.util'), util, utilText, barW, options),
      meter(t('info.gpu.memory'), memPercent, memText, barW, options),
      ...marks,
    ]
      .filter(Boolean)
      .join('  ');
  // Widest first; each step gives up something a narrow terminal can do without.
  const narrowName = Math.min(nameWidth, 16);
  const tries = [layout(nameWidth, BAR_WIDTH, true), layout(nameWidth, BAR_WIDTH, false), layout(nameWidth, NARROW_BAR_WIDTH, false), layout(narrowName, NARROW_BAR_WIDTH, false), layout(narrowName, 0, false), layout(narrowName, 0, false, false)];
  const fitting = tries.find((line) => displayWidth(line) <= width) ?? tries[tries.length - 1]!;
  return fitLine(fitting, width, options.ascii);
}

/** Why a GPU could not be read: the deadline's own words where it gave up on it, else the driver's. */
function stateDetailText(device: GpuDevice, problems: readonly SnapshotProblem[], t: Translate): string {
  const timeout = problems.find((p) => p.scope === `device:${device.index}` && p.code === 'timeout' && p.key !== undefined);
  if (timeout) return problemText(timeout, t);
  return device.stateDetail ?? '';
}

export function renderDeviceNotes(device: GpuDevice, problems: readonly SnapshotProblem[], options: TextRenderOptions): string[] {
  const { t, color, width } = options;
  const glyphs = glyphsOf(options);
  const notes: string[] = [];
  const limiting = (device.clockEventReasons ?? []).filter(isPerformanceLimiting);
  if (limiting.length > 0) {
    const reasons = limiting.map((reason) => clockReasonText(reason, t)).join(t('cli.help.listSeparator'));
    notes.push(color.yellow(`    ${glyphs.warn} ${t('info.gpu.clocksHeldBack', { reasons })}`));
  }
  const impossible = Object.entries(device.unavailable).filter(([, reason]) => reason === 'out-of-range').map(([field]) => field);
  if (impossible.length > 0) notes.push(color.yellow(`    ${glyphs.warn} ${t('info.gpu.impossibleValues', { fields: impossible.join(', ') })}`));
  const uncorrected = device.eccErrors?.uncorrectedVolatile ?? 0;
  if (uncorrected > 0) notes.push(color.red(`    ${glyphs.bad} ${t('info.gpu.eccUncorrected', { count: uncorrected })}`));
  const slow = slowProblem(device, problems);
  if (slow) notes.push(color.yellow(`    ${glyphs.warn} ${problemText(slow, t)}`));
  if (device.migModePending !== null && device.migModeCurrent !== null && device.migModePending !== device.migModeCurrent) {
    notes.push(color.yellow(`    ${glyphs.warn} ${t('info.gpu.migPending')}`));
  }
  if (device.migModeCurrent) {
    notes.push(`    ${t('info.gpu.migEnabled', { count: device.migDevices.length }).replace('·', glyphs.dot)}`);
    for (const line of renderMigRows(device, options)) notes.push(line);
  }
  return notes.map((note) => fitLine(note, width, options.ascii));
}

/** MIG instances as a table: every column padded to its widest cell, memory with its bar. */
function renderMigRows(device: GpuDevice, options: TextRenderOptions): string[] {
  const { t, color } = options;
  const rows = device.migDevices.map((mig) => {
    const memPercent = mig.memoryUsedBytes !== null && mig.memoryTotalBytes ? (mig.memoryUsedBytes / mig.memoryTotalBytes) * 100 : null;
    return {
      id: `${device.index}/${mig.index}`,
      profile: mig.name?.match(/MIG (\S+)/)?.[1] ?? mig.name ?? na(t),
      gi: `GI ${mig.gpuInstanceId ?? '-'}`,
      ci: `CI ${mig.computeInstanceId ?? '-'}`,
      memPercent,
      memory: mig.memoryUsedBytes !== null && mig.memoryTotalBytes !== null ? formatBytesPair(mig.memoryUsedBytes, mig.memoryTotalBytes) : na(t),
    };
  });
  const widest = (pick: (row: (typeof rows)[number]) => string) => rows.reduce((w, row) => Math.max(w, displayWidth(pick(row))), 0);
  const [id, profile, gi, ci, memory] = [widest((r) => r.id), widest((r) => r.profile), widest((r) => r.gi), widest((r) => r.ci), widest((r) => r.memory)];
  return rows.map((row) =>
    color.dim(
      `      ${padEnd(row.id, id)}  ${padEnd(row.profile, profile)}  ${padEnd(row.gi, gi)}  ${padEnd(row.ci, ci)}  ${meter(t('info.gpu.memory'), row.memPercent, padStart(row.memory, memory), BAR_WIDTH, options)}`,
    ),
  );
}
