// The host panel: what people open htop for next to their GPUs. CPU in total with its split
// (user, system, iowait — a data loader waiting on storage —, steal), each core (as bars on small
// hosts, one cell per core on many-core hosts, a summary when even that does not fit), load,
// memory with buffers and cache, and swap.

import type { CpuCoreTime, HostSummary } from '../../core/snapshot.js';
import type { Translate } from '../../i18n/index.js';
import { barLine } from './graph.js';
import { Line } from './line.js';
import { loadStyle, type Theme } from './theme.js';
import { bytesPairShort, bytesShort, percentText } from './units.js';

export interface HostPanelInput {
  host: HostSummary;
  width: number;
  /** Lines the layout gives the panel (1–4). */
  lines: number;
  theme: Theme;
  t: Translate;
}

/** Width of one core in bar form: "12▕███   ▏ 45%". */
const CORE_BAR_WIDTH = 6;
const CORE_CELL = 3 + 1 + CORE_BAR_WIDTH + 5;

export function renderHostPanel(input: HostPanelInput): Line[] {
  const { lines: budget } = input;
  const cpu = cpuLine(input);
  const memory = memoryLine(input);
  if (budget <= 1) return [cpu.append(new Line().space(2)).append(memory)];
  const coreRows = Math.max(0, budget - 2);
  const cores = coreRows > 0 ? coreLines(input, coreRows) : [];
  if (coreRows === 0) {
    // Two lines: cores go on the CPU line when they fit there.
    const inline = coreLines({ ...input, width: input.width - cpu.width - 2 }, 1);
    if (inline.length === 1) cpu.space(2).append(inline[0]!);
  }
  return [cpu, ...cores, memory];
}

function split(host: HostSummary) {
  return host.cpuTime ?? null;
}

function cpuLine({ host, width, theme, t }: HostPanelInput): Line {
  const na = t('common.notAvailable');
  const line = new Line().add(`${t('top.host.cpu')} `, theme.dim);
  const util = host.cpuUtilPercent;
  line.append(barLine(util, width >= 120 ? 20 : 10, theme, loadStyle(theme, util))).space();
  line.add(util === null ? na : percentText(util).padStart(4), util === null ? theme.dim : theme.plain);
  const time = split(host);
  if (time) {
    const part = (label: string, value: number | null, warnAt: number) => {
      if (value === null) return;
      line.add(`  ${label} `, theme.dim).add(value.toFixed(value < 10 ? 1 : 0), value >= warnAt * 3 ? theme.danger : value >= warnAt ? theme.warn : theme.plain);
    };
    part(t('top.host.user'), time.userPercent, 101);
    part(t('top.host.system'), time.systemPercent, 30);
    part(t('top.host.iowait'), time.iowaitPercent, 10);
    if ((time.stealPercent ?? 0) > 0) part(t('top.host.steal'), time.stealPercent, 10);
  }
  if (host.loadAverage1m !== null) {
    const loads = [host.loadAverage1m, host.loadAverage5m, host.loadAverage15m].map((v) => (v === null ? na : v.toFixed(2))).join(' ');
    const overloaded = host.cpuLogicalCount !== null && host.loadAverage1m > host.cpuLogicalCount * 1.5;
    line.add(`  ${t('top.host.load')} `, theme.dim).add(loads, overloaded ? theme.warn : theme.plain);
  }
  if (host.cpuLogicalCount !== null) line.add(`  ${t('top.host.cores', { count: host.cpuLogicalCount })}`, theme.dim);
  return line;
}

/** Per-core view in at most `rows` lines; [] when there is nothing per core. */
function coreLines(input: HostPanelInput, rows: number): Line[] {
  const cores = input.host.cpuCores ?? [];
  if (cores.length === 0 || input.width < 20) return [];
  const perLine = Math.floor((input.width + 1) / (CORE_CELL + 1));
  if (perLine > 0 && Math.ceil(cores.length / perLine) <= rows) return coreBars(cores, perLine, input);
  const label = input.t('top.host.perCore');
  const room = input.width - new Line().add(label).width - 1;
  if (room > 0 && Math.ceil(cores.length / room) <= rows) return coreStrip(cores, room, label, input);
  return [coreSummary(cores, input)];
}

function coreBars(cores: readonly CpuCoreTime[], perLine: number, { theme, t }: HostPanelInput): Line[] {
  const lines: Line[] = [];
  for (let i = 0; i < cores.length; i += perLine) {
    const line = new Line();
    for (const core of cores.slice(i, i + perLine)) {
      if (line.width > 0) line.space();
      const busy = core.busyPercent;
      line.add(String(core.cpu).padStart(3), theme.dim).space().append(barLine(busy, CORE_BAR_WIDTH, theme, loadStyle(theme, busy)));
      line.add(busy === null ? ` ${t('common.notAvailable').padStart(4)}` : ` ${percentText(busy).padStart(4)}`);
    }
    lines.push(line);
  }
  return lines;
}

/** One cell per core, its height the core's load: 128 cores in 128 columns. */
function coreStrip(cores: readonly CpuCoreTime[], perLine: number, label: string, { theme }: HostPanelInput): Line[] {
  const levels = theme.glyphs.levels;
  const lines: Line[] = [];
  for (let i = 0; i < cores.length; i += perLine) {
    const line = new Line().add(i === 0 ? label : ' '.repeat(new Line().add(label).width), theme.dim).space();
    for (const core of cores.slice(i, i + perLine)) {
      const busy = core.busyPercent;
      if (busy === null) line.add('?', theme.dim);
      else line.add(levels[Math.max(1, Math.round((busy / 100) * 8))]!, loadStyle(theme, busy));
    }
    lines.push(line);
  }
  return lines;
}

/** When not even one cell per core fits: how many are busy, and the busiest. */
function coreSummary(cores: readonly CpuCoreTime[], { theme, t }: HostPanelInput): Line {
  const known = cores.filter((core) => core.busyPercent !== null).sort((a, b) => b.busyPercent! - a.busyPercent!);
  const busy = known.filter((core) => core.busyPercent! >= 90).length;
  const line = new Line().add(`${t('top.host.perCore')} `, theme.dim).add(t('top.host.busyCores', { busy, count: cores.length }));
  const top = known.slice(0, 4).map((core) => `${core.cpu}:${percentText(core.busyPercent!)}`).join(' ');
  if (top) line.add(`  ${t('top.host.busiest')} ${top}`, theme.dim);
  return line;
}

function memoryLine({ host, width, theme, t }: HostPanelInput): Line {
  const na = t('common.notAvailable');
  const line = new Line().add(`${t('top.host.memory')} `, theme.dim);
  const total = host.memoryTotalBytes;
  const used = host.memoryUsedBytes;
  const barWidth = width >= 120 ? 20 : 10;
  if (total === null || used === null || total <= 0) line.append(barLine(null, barWidth, theme, theme.dim)).space().add(na, theme.dim);
  else {
    const usedPercent = (used / total) * 100;
    const buffers = host.memoryBuffersBytes ?? 0;
    const cached = host.memoryCachedBytes ?? 0;
    const cells = (bytes: number) => Math.round((bytes / total) * barWidth);
    const usedCells = Math.min(barWidth, cells(used));
    const bufferCells = Math.min(barWidth - usedCells, cells(buffers));
    const cacheCells = Math.min(barWidth - usedCells - bufferCells, cells(cached));
    const { barFull, barEmpty } = theme.glyphs;
    line.add(barFull.repeat(usedCells), loadStyle(theme, usedPercent >= 90 ? usedPercent : Math.min(usedPercent, 49)));
    line.add(barFull.repeat(bufferCells), theme.accent).add(barFull.repeat(cacheCells), theme.dim);
    line.add(barEmpty.repeat(barWidth - usedCells - bufferCells - cacheCells), theme.dim).space();
    line.add(bytesPairShort(used, total), usedPercent >= 90 ? theme.danger : theme.plain);
    if (host.memoryCachedBytes !== null && host.memoryCachedBytes !== undefined) line.add(`  ${t('top.host.cache')} ${bytesShort(host.memoryCachedBytes)}`, theme.dim);
    if ((host.memorySharedBytes ?? 0) > 0) line.add(`  ${t('top.host.shared')} ${bytesShort(host.memorySharedBytes!)}`, theme.dim);
  }
  line.add(`  ${t('top.host.swap')} `, theme.dim);
  if (host.swapTotalBytes === null || host.swapUsedBytes === null) line.add(na, theme.dim);
  else if (host.swapTotalBytes === 0) line.add(t('top.host.swapNone'), theme.dim);
  else {
    const swapPercent = (host.swapUsedBytes / host.swapTotalBytes) * 100;
    line.add(bytesPairShort(host.swapUsedBytes, host.swapTotalBytes), swapPercent >= 50 ? theme.warn : theme.plain);
  }
  return line;
}
