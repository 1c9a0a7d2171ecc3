// `gpuwise info` as text: one line per GPU (gpustat's shape) with bars for utilisation and
// memory, its processes under it, then the host. Pure: Snapshot in, string out.

import type { GpuProcess, HostResolution, Snapshot } from '../../core/snapshot.js';
import type { Locale, MessageKey, Translate } from '../../i18n/index.js';
import { IMPORTED_HOSTNAME } from '../../import/host.js';
import { asciify } from '../charset.js';
import type { Colors } from '../context.js';
import { displayWidth, fitLine, formatBytes, formatDuration, formatLocalTime, padEnd, padStart, spaced, truncate } from './format.js';
import { renderHostLine } from './host-line.js';
import { renderDeviceDetail } from './info-detail.js';
import { glyphsOf, renderDeviceLine, renderDeviceNotes } from './info-device.js';
import { renderNoWorkingGpu } from './no-gpu.js';
import { problemLine } from './problem-text.js';
import { safeView } from './safe-view.js';

export { reasonText } from './reasons.js';

export interface TextRenderOptions {
  t: Translate;
  color: Colors;
  /** Terminal width in columns; every line is fitted to it. */
  width: number;
  /** The reader's language, for durations (default en). */
  locale?: Locale;
  /** ASCII bars and tree glyphs, for a locale without UTF-8 (LANG=C). */
  ascii?: boolean;
  /** -v/--detail: clocks, PCIe, ECC, bus id and throttle reasons under each GPU. */
  detail?: boolean;
}

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
      lines.push(renderDeviceLine(device, nameWidth, snapshot.problems, options));
      for (const line of renderDeviceNotes(device, snapshot.problems, options)) lines.push(line);
      if (options.detail) for (const line of renderDeviceDetail(device, options)) lines.push(line);
      const processes = processesOf.get(device.index) ?? [];
      const migWidth = processes.reduce((w, process) => Math.max(w, migColumn(process).length), 0);
      processes.forEach((process, i) => lines.push(renderProcess(process, i === processes.length - 1, migWidth, options)));
    }
  }
  lines.push(fitLine(renderHostLine(snapshot.host, options), options.width, options.ascii));
  // A slow GPU is said under its own line; the rest are listed here.
  const problems = snapshot.problems.filter((problem) => problem.code !== 'slow');
  if (problems.length > 0) {
    lines.push(color.yellow(t('info.problems', { count: problems.length })));
    for (const problem of problems.slice(0, MAX_PROBLEMS_SHOWN)) lines.push(color.dim(fitLine(`  ${problemLine(problem, t)}`, options.width, options.ascii)));
  }
  const text = `${lines.join('\n')}\n`;
  // Typographic characters of the messages (≤, …, ·) too; Chinese text stays: it is the content.
  return options.ascii ? asciify(text) : text;
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

function renderHeader(snapshot: Snapshot, options: TextRenderOptions): string {
  const { t, color } = options;
  // An import's stand-in host name is ours, and said in the reader's language.
  const hostname = snapshot.host.hostname === IMPORTED_HOSTNAME ? t('import.hostname') : snapshot.host.hostname;
  const parts = [color.bold(hostname), formatLocalTime(snapshot.at)];
  const { driverVersion, cudaDriverVersion } = snapshot.driver;
  if (driverVersion) {
    const driver = t('info.header.driver', { version: driverVersion });
    parts.push(cudaDriverVersion ? spaced(driver, t('info.header.cuda', { version: cudaDriverVersion })) : driver);
  }
  if (snapshot.backend) parts.push(color.dim(t('info.header.backend', { backend: snapshot.backend })));
  return fitLine(parts.join('  '), options.width, options.ascii);
}

function na(t: Translate): string {
  return t('common.notAvailable');
}

function migColumn(process: GpuProcess): string {
  return process.gpuInstanceId !== null ? `GI${process.gpuInstanceId}/CI${process.computeInstanceId ?? '-'}` : '';
}

/** Narrowest room a command keeps before the process's statistics give way to it. */
const MIN_COMMAND_WIDTH = 12;

function renderProcess(process: GpuProcess, last: boolean, migWidth: number, options: TextRenderOptions): string {
  const { t, color, width } = options;
  const glyphs = glyphsOf(options);
  const branch = last ? glyphs.last : glyphs.branch;
  const user = process.user ?? t('info.process.unknownUser');
  const memory = process.usedMemoryBytes === null ? na(t) : formatBytes(process.usedMemoryBytes);
  const mig = migWidth > 0 ? ` ${padEnd(migColumn(process), migWidth)}` : '';
  const kind = process.type === 'compute' ? 'C' : process.type === 'graphics' ? 'G' : 'C+G';
  const stats = [
    process.smUtilPercent === null ? '' : `SM ${process.smUtilPercent}%`,
    process.cpuPercent === null ? '' : `CPU ${Math.round(process.cpuPercent)}%`,
    process.rssBytes === null ? '' : t('info.process.rss', { bytes: formatBytes(process.rssBytes) }),
    process.startedAt === null ? '' : formatDuration((Date.now() - Date.parse(process.startedAt)) / 1000, options.locale),
  ].filter(Boolean);
  const columns = `    ${branch} ${padStart(String(process.pid), 7)} ${padEnd(kind, 3)}${mig} ${padEnd(truncate(user, 10), 10)} ${padStart(memory, 9)}`;
  // On a narrow terminal the statistics go first: the command says what the process is.
  const withStats = stats.length > 0 ? `${columns}  ${stats.join('  ')}` : columns;
  const prefix = displayWidth(withStats) + 2 + MIN_COMMAND_WIDTH <= width ? withStats : columns;
  const command = process.command === null ? (process.name ?? hostResolutionText(process, t)) : shortenCommand(process.command);
  const room = Math.max(MIN_COMMAND_WIDTH, width - displayWidth(prefix) - 2);
  return fitLine(`${prefix}  ${color.bold(truncate(command, room))}`, width, options.ascii);
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
