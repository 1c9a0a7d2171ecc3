// `gpuwise info` as text: one line per GPU (gpustat's shape) with bars for utilisation and
// memory, its processes under it, then the host. Pure: Snapshot in, string out.

import type { BackendUnavailableCode } from '../../core/backend.js';
import { isPerformanceLimiting, type ClockEventReason } from '../../core/clock-events.js';
import type { GpuDevice, GpuProcess, Snapshot } from '../../core/snapshot.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import type { Colors } from '../context.js';
import { bar, displayWidth, formatBytes, formatBytesPair, formatDuration, formatLocalTime, padEnd, padStart, truncate } from './format.js';
import { renderHostLine } from './host-line.js';

export interface TextRenderOptions {
  t: Translate;
  color: Colors;
  /** Terminal width in columns; long commands are cut to fit. */
  width: number;
}

const BAR_WIDTH = 10;
const MAX_PROBLEMS_SHOWN = 5;

export function renderInfoText(snapshot: Snapshot, options: TextRenderOptions): string {
  const { t, color } = options;
  const lines: string[] = [renderHeader(snapshot, options)];
  const nameWidth = Math.min(30, Math.max(0, ...snapshot.devices.map((d) => displayWidth(d.name ?? 'N/A'))));
  if (snapshot.devices.length === 0 || snapshot.backend === null || snapshot.backend === 'pci') {
    lines.push(...renderNoWorkingGpu(snapshot, options, nameWidth));
  } else {
    for (const device of snapshot.devices) {
      lines.push(...renderDevice(device, nameWidth, options));
      const processes = snapshot.processes.filter((p) => p.gpuIndex === device.index);
      processes.forEach((process, i) => lines.push(renderProcess(process, i === processes.length - 1, options)));
    }
  }
  lines.push(renderHostLine(snapshot.host, options));
  if (snapshot.problems.length > 0) {
    lines.push(color.yellow(t('info.problems', { count: snapshot.problems.length })));
    for (const problem of snapshot.problems.slice(0, MAX_PROBLEMS_SHOWN)) {
      lines.push(color.dim(`  ${problem.scope} ${problem.code}: ${truncate(problem.message, Math.max(20, options.width - 40))}`));
    }
  }
  return `${lines.join('\n')}\n`;
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

  const lines = [[head, padStart(tempColored, 5), fan, pstate, padStart(power, 9), utilPart, memPart].filter(Boolean).join('  ')];
  lines.push(...renderDeviceNotes(device, options));
  return lines;
}

function renderDeviceNotes(device: GpuDevice, { t, color }: TextRenderOptions): string[] {
  const notes: string[] = [];
  const limiting = (device.clockEventReasons ?? []).filter(isPerformanceLimiting);
  if (limiting.length > 0) {
    const reasons = limiting.map((reason) => t(`info.clock.${reason}` satisfies `info.clock.${ClockEventReason}` as MessageKey)).join(', ');
    notes.push(color.yellow(`    ⚠ ${t('info.gpu.clocksHeldBack', { reasons })}`));
  }
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

function hostResolutionText(process: GpuProcess, t: Translate): string {
  if (process.hostResolution === 'other-namespace') return t('info.process.otherNamespace');
  if (process.hostResolution === 'gone') return t('info.process.gone');
  if (process.hostResolution === 'no-permission') return t('info.process.noPermission');
  return na(t);
}

function renderNoWorkingGpu(snapshot: Snapshot, options: TextRenderOptions, nameWidth: number): string[] {
  const { t, color } = options;
  const lines = [color.yellow(t('info.noGpu.title'))];
  const onBus = snapshot.backend === 'pci' ? snapshot.devices : [];
  if (snapshot.backend === 'pci' && onBus.length === 0) lines.push(t('info.noGpu.pciNone'));
  if (onBus.length > 0) {
    lines.push(t('info.noGpu.pciFound', { count: onBus.length }));
    for (const device of onBus) {
      const where = device.pciBusId ?? '';
      lines.push(`  ${color.cyan(`[${device.index}]`)} ${padEnd(device.name ?? na(t), nameWidth)}  ${where}  ${color.dim(device.stateDetail ?? '')}`);
    }
  }
  const failed = snapshot.backendAttempts.filter((attempt) => !attempt.ok);
  if (failed.length > 0) {
    lines.push(t('info.noGpu.tried'));
    for (const attempt of failed) lines.push(`  ${attempt.backend}: ${reasonText(attempt.code, t)}`);
  }
  lines.push(t('info.noGpu.doctor'));
  return lines;
}

export function reasonText(code: BackendUnavailableCode | null, t: Translate): string {
  return t(`info.reason.${code ?? 'error'}` satisfies `info.reason.${BackendUnavailableCode}` as MessageKey);
}
