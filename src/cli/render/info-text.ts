// `gpuwise info` as text: one line per GPU (gpustat's shape) with bars for utilisation and
// memory, its processes under it, then the host. Pure: Snapshot in, string out.

import { isPerformanceLimiting } from '../../core/clock-events.js';
import type { GpuDevice, GpuProcess, HostResolution, Snapshot, SnapshotProblem } from '../../core/snapshot.js';
import { isMessageKey, type MessageKey, type Translate } from '../../i18n/index.js';
import type { Colors } from '../context.js';
import { bar, displayWidth, formatBytes, formatBytesPair, formatDuration, formatLocalTime, padEnd, padStart, truncate } from './format.js';
import { renderHostLine } from './host-line.js';
import { renderNoWorkingGpu } from './no-gpu.js';
import { clockReasonText, problemCodeText } from './reasons.js';
import { safeView } from './safe-view.js';

export { reasonText } from './reasons.js';

export interface TextRenderOptions {
  t: Translate;
  color: Colors;
  /** Terminal width in columns; long commands are cut to fit. */
  width: number;
}

const BAR_WIDTH = 10;
const MAX_PROBLEMS_SHOWN = 5;

/** Widest a GPU name gets before it is cut ("NVIDIA H100 80GB HBM3" is 21). */
const MAX_NAME_WIDTH = 30;

export function renderInfoText(raw: Snapshot, options: TextRenderOptions): string {
  const { t, color } = options;
  // The one gate for outside text: from here on no string can hold a control character.
  const snapshot = safeView(raw);
  const lines: string[] = [renderHeader(snapshot, options)];
  // A loop, not Math.max(...widths): a spread of 125k devices overflows the call stack.
  let nameWidth = 0;
  for (const device of snapshot.devices) nameWidth = Math.max(nameWidth, Math.min(MAX_NAME_WIDTH, displayWidth(device.name ?? na(t))));
  if (snapshot.devices.length === 0 || snapshot.backend === null || snapshot.capabilities?.metrics === false) {
    for (const line of renderNoWorkingGpu(snapshot, options, nameWidth)) lines.push(line);
  } else {
    const processesOf = groupByGpu(snapshot.processes);
    for (const device of snapshot.devices) {
      for (const line of renderDevice(device, nameWidth, options)) lines.push(line);
      const processes = processesOf.get(device.index) ?? [];
      processes.forEach((process, i) => lines.push(renderProcess(process, i === processes.length - 1, options)));
    }
  }
  lines.push(renderHostLine(snapshot.host, options));
  if (snapshot.problems.length > 0) {
    lines.push(color.yellow(t('info.problems', { count: snapshot.problems.length })));
    for (const problem of snapshot.problems.slice(0, MAX_PROBLEMS_SHOWN)) {
      const head = `  ${problem.scope} ${problemCodeText(problem.code, t)}: `;
      lines.push(color.dim(`${head}${truncate(problemText(problem, t), Math.max(20, options.width - displayWidth(head)))}`));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A problem in the user's language where it carries a message key, else its English text. */
function problemText(problem: SnapshotProblem, t: Translate): string {
  return problem.key !== undefined && isMessageKey(problem.key) ? t(problem.key, problem.params) : problem.message;
}

/** Processes by GPU index, in snapshot order: one pass, where a filter per GPU is quadratic. */
function groupByGpu(processes: readonly GpuProcess[]): Map<number, GpuProcess[]> {
  const byGpu = new Map<number, GpuProcess[]>();
  for (const process of processes) {
    const list = byGpu.get(process.gpuIndex);
    if (list) list.push(process);
    else byGpu.set(process.gpuIndex, [process]);
  }
  return byGpu;
}

function renderHeader(snapshot: Snapshot, { t, color }: TextRenderOptions): string {
  const parts = [color.bold(snapshot.host.hostname), formatLocalTime(snapshot.at)];
  const { driverVersion, cudaDriverVersion } = snapshot.driver;
  if (driverVersion) {
    parts.push(t('info.header.driver', { version: driverVersion }) + (cudaDriverVersion ? ` ${t('info.header.cuda', { version: cudaDriverVersion })}` : ''));
  }
  if (snapshot.backend) parts.push(color.dim(t('info.header.backend', { backend: snapshot.backend })));
  return parts.join('  ');
}

function na(t: Translate): string {
  return t('common.notAvailable');
}

function renderDevice(device: GpuDevice, nameWidth: number, options: TextRenderOptions): string[] {
  const { t, color } = options;
  const head = `${color.cyan(`[${device.index}]`)} ${padEnd(truncate(device.name ?? na(t), nameWidth), nameWidth)}`;
  if (device.state === 'lost') return [`${head}  ${color.red(`✗ ${t('info.gpu.lost', { detail: device.stateDetail ?? '' })}`)}`];
  if (device.state === 'error') return [`${head}  ${color.red(`✗ ${t('info.gpu.error', { detail: device.stateDetail ?? '' })}`)}`];

  const temp = device.temperatureCelsius === null ? na(t) : `${device.temperatureCelsius}°C`;
  const tempColored = (device.temperatureCelsius ?? 0) >= 85 ? color.red(temp) : (device.temperatureCelsius ?? 0) >= 75 ? color.yellow(temp) : temp;
  const fan = device.fanSpeedPercent === null ? '' : `${t('info.gpu.fan')} ${device.fanSpeedPercent}%`;
  const pstate = device.performanceState === null ? '' : `P${device.performanceState}`;
  const power =
    device.powerDrawWatts === null
      ? na(t)
      : `${Math.round(device.powerDrawWatts)}${device.powerLimitWatts === null ? '' : `/${Math.round(device.powerLimitWatts)}`} W`;

  const util = device.gpuUtilPercent;
  const utilPart = `${t('info.gpu.util')} ${util === null ? color.dim(bar(0, BAR_WIDTH)) : colorByLoad(color, util, bar(util, BAR_WIDTH))} ${padStart(util === null ? na(t) : `${Math.round(util)}%`, 4)}`;
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  const memPercent = used !== null && total ? (used / total) * 100 : null;
  const memText = used !== null && total !== null ? formatBytesPair(used, total) : na(t);
  const memPart = `${t('info.gpu.memory')} ${memPercent === null ? color.dim(bar(0, BAR_WIDTH)) : colorByLoad(color, memPercent, bar(memPercent, BAR_WIDTH))} ${memText}`;

  return [[head, padStart(tempColored, 5), fan, pstate, padStart(power, 9), utilPart, memPart].filter(Boolean).join('  '), ...renderDeviceNotes(device, options)];
}

function renderDeviceNotes(device: GpuDevice, { t, color }: TextRenderOptions): string[] {
  const notes: string[] = [];
  const limiting = (device.clockEventReasons ?? []).filter(isPerformanceLimiting);
  if (limiting.length > 0) {
    const reasons = limiting.map((reason) => clockReasonText(reason, t)).join(', ');
    notes.push(color.yellow(`    ⚠ ${t('info.gpu.clocksHeldBack', { reasons })}`));
  }
  const impossible = Object.entries(device.unavailable).filter(([, reason]) => reason === 'out-of-range').map(([field]) => field);
  if (impossible.length > 0) notes.push(color.yellow(`    ⚠ ${t('info.gpu.impossibleValues', { fields: impossible.join(', ') })}`));
  const uncorrected = device.eccErrors?.uncorrectedVolatile ?? 0;
  if (uncorrected > 0) notes.push(color.red(`    ✗ ${t('info.gpu.eccUncorrected', { count: uncorrected })}`));
  if (device.migModePending !== null && device.migModeCurrent !== null && device.migModePending !== device.migModeCurrent) {
    notes.push(color.yellow(`    ⚠ ${t('info.gpu.migPending')}`));
  }
  if (device.migModeCurrent) {
    notes.push(`    ${t('info.gpu.migEnabled', { count: device.migDevices.length })}`);
    for (const mig of device.migDevices) {
      const memory = mig.memoryUsedBytes !== null && mig.memoryTotalBytes !== null ? formatBytesPair(mig.memoryUsedBytes, mig.memoryTotalBytes) : '';
      const profile = mig.name?.match(/MIG (\S+)/)?.[1] ?? mig.name ?? '';
      notes.push(color.dim(`      ${device.index}/${mig.index} ${profile}  GI ${mig.gpuInstanceId ?? '-'} CI ${mig.computeInstanceId ?? '-'}  ${memory}`));
    }
  }
  return notes;
}

function colorByLoad(color: Colors, percent: number, text: string): string {
  if (percent >= 90) return color.red(text);
  if (percent >= 50) return color.yellow(text);
  return color.green(text);
}

function renderProcess(process: GpuProcess, last: boolean, { t, color, width }: TextRenderOptions): string {
  const branch = last ? '└─' : '├─';
  const user = process.user ?? t('info.process.unknownUser');
  const memory = process.usedMemoryBytes === null ? na(t) : formatBytes(process.usedMemoryBytes);
  const mig = process.gpuInstanceId !== null ? ` GI${process.gpuInstanceId}/CI${process.computeInstanceId ?? '-'}` : '';
  const kind = process.type === 'compute' ? 'C' : process.type === 'graphics' ? 'G' : 'C+G';
  const stats = [
    process.smUtilPercent === null ? '' : `SM ${process.smUtilPercent}%`,
    process.cpuPercent === null ? '' : `CPU ${Math.round(process.cpuPercent)}%`,
    process.rssBytes === null ? '' : `RSS ${formatBytes(process.rssBytes)}`,
    process.startedAt === null ? '' : formatDuration((Date.now() - Date.parse(process.startedAt)) / 1000),
  ].filter(Boolean);
  const prefix = `    ${branch} ${padStart(String(process.pid), 7)} ${kind}${mig} ${padEnd(truncate(user, 10), 10)} ${padStart(memory, 9)}  ${stats.join('  ')}`;
  const command = process.command === null ? (process.name ?? hostResolutionText(process, t)) : shortenCommand(process.command);
  const room = Math.max(12, width - displayWidth(prefix) - 2);
  return `${prefix}  ${color.bold(truncate(command, room))}`;
}

/**
 * "/root/.pyenv/versions/3.11.7/bin/python3 train.py" reads as "python3 train.py": the program's
 * directory pushes what matters (the script and its flags) off the line. JSON keeps it whole.
 */
export function shortenCommand(command: string): string {
  const match = /^\/\S*\/([^/\s]+)(\s|$)/.exec(command);
  return match ? command.slice(match[0].length - match[1]!.length - match[2]!.length) : command;
}

/** What stands in for the command of a process the host could not show (null: plain N/A). */
const HOST_RESOLUTION_KEYS = {
  ok: null,
  'other-namespace': 'info.process.otherNamespace',
  gone: 'info.process.gone',
  'no-permission': 'info.process.noPermission',
  error: null,
  unsupported: null,
} as const satisfies Record<HostResolution, MessageKey | null>;

function hostResolutionText(process: GpuProcess, t: Translate): string {
  const key = HOST_RESOLUTION_KEYS[process.hostResolution];
  return key === null ? na(t) : t(key);
}
