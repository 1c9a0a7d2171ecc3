// The work behind `gpuwise fleet`: connect, ask for the summary, print it as text or JSON.
// Exit codes: 0 answered, 1 Prometheus failed (unreachable, refused, timed out), 2 bad usage (a bad
// URL, or credentials given twice).

import { toSafeJson } from '../../core/safe-text.js';
import { createPrometheusClient, FleetError } from '../../fleet/client.js';
import { fleetSummary } from '../../fleet/summary.js';
import type { FleetNode, FleetSummary, GpuHours, GpuHoursBasis } from '../../fleet/types.js';
import type { CliContext } from '../context.js';
import { formatBytesPair } from '../render/format.js';
import { safeView } from '../render/safe-view.js';
import { usageErrorText } from '../usage-errors.js';
import type { FleetOptions } from './fleet.js';
import { fleetErrorMessage, isUsageFleetError, prometheusClientOptions } from './fleet-options.js';

export async function runFleet(cli: CliContext, options: FleetOptions): Promise<number> {
  const usage = (message: string) => {
    cli.err(usageErrorText(cli.t, 'gpuwise fleet', message));
    return 2;
  };
  const url = options.prometheus ?? (cli.env.GPUWISE_PROMETHEUS || undefined);
  if (url === undefined) return usage(cli.t('cli.missingMandatoryOption', { option: '--prometheus <url>' }));
  const clientOptions = prometheusClientOptions({ ...options, prometheus: url }, cli.env, cli.t);
  if ('error' in clientOptions) return usage(clientOptions.error);
  try {
    const client = createPrometheusClient(clientOptions);
    const summary = await fleetSummary(client, { rangeSeconds: options.range, idleWindowSeconds: options.idleFor, top: options.top, atSeconds: options.at });
    cli.out(options.json ? `${toSafeJson(summary, 2)}\n` : renderFleet(cli, summary));
    return 0;
  } catch (error) {
    if (!(error instanceof FleetError)) throw error;
    if (isUsageFleetError(error)) return usage(fleetErrorMessage(error, cli.t));
    cli.err(`${cli.t('cli.error', { message: fleetErrorMessage(error, cli.t) })}\n`);
    return 1;
  }
}

/** "7d", "36h", "90m", "45s": the range as a person says it. */
export function humanRange(seconds: number): string {
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60]] as const) if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  return `${seconds}s`;
}

function gpuCell(cli: CliContext, gpu: FleetNode['gpus'][number]): string {
  const { t, color } = cli;
  const index = safeView(gpu.gpu);
  if (gpu.state === 'lost' || gpu.state === 'error') return color.red(`${index}:${t(gpu.state === 'lost' ? 'fleet.gpu.lost' : 'fleet.gpu.error')}`);
  if (gpu.utilPercent === null) return color.dim(`${index}:${t('fleet.gpu.noReading')}`);
  const text = `${index}:${Math.round(gpu.utilPercent)}`;
  return gpu.utilPercent < 5 && (gpu.processes ?? 0) > 0 ? color.yellow(text) : gpu.utilPercent >= 50 ? color.green(text) : text;
}

function nodeName(node: { hostname: string | null; instance: string }): string {
  return node.hostname === null ? safeView(node.instance) : `${safeView(node.hostname)} (${safeView(node.instance)})`;
}

const HOURS_LINE = { recorded: 'fleet.hours.line', raw: 'fleet.hours.lineRaw', mixed: 'fleet.hours.lineMixed' } as const;

function hoursLines(cli: CliContext, list: GpuHours[], basis: GpuHoursBasis, who: (key: Record<string, string>) => string): string[] {
  // The recording rules began within the range: the part before is read from raw series (fleet/gpu-hours.ts).
  const note = basis.recordedFrom !== null && basis.rawSeconds > 0 ? [`  ${cli.color.dim(cli.t('fleet.hours.rawBefore', { from: basis.recordedFrom }))}`] : [];
  if (list.length === 0) return [`  ${cli.t('fleet.hours.none')}`, ...note];
  return [...list.map((entry) => `  ${cli.t(HOURS_LINE[entry.source], { who: who(entry.key), hours: entry.gpuHours.toFixed(1) })}`), ...note];
}

export function renderFleet(cli: CliContext, summary: FleetSummary): string {
  const { t, color } = cli;
  const gpus = summary.nodes.reduce((n, node) => n + node.gpus.length, 0);
  const lines = [color.bold(t('fleet.heading', { prometheus: safeView(summary.prometheus), nodes: summary.nodes.length, gpus, at: summary.at })), ''];
  lines.push(color.bold(t('fleet.section.nodes')));
  for (const node of summary.nodes) {
    const memoryUsed = node.gpus.reduce((n, g) => n + (g.memoryUsedBytes ?? 0), 0);
    const memoryTotal = node.gpus.reduce((n, g) => n + (g.memoryTotalBytes ?? 0), 0);
    const memory = memoryTotal > 0 ? `  ${formatBytesPair(memoryUsed, memoryTotal)}` : '';
    const cells = node.gpus.length === 0 ? color.dim(t('fleet.node.noGpus')) : node.gpus.map((g) => gpuCell(cli, g)).join(' ');
    lines.push(`  ${nodeName(node)}${node.up === false ? `  ${color.red(t('fleet.node.down'))}` : ''}`, `    ${cells}${memory}`);
  }
  lines.push('', color.bold(t('fleet.section.idle', { window: humanRange(summary.idleWindowSeconds) })));
  if (summary.idle.length === 0) lines.push(`  ${t('fleet.idle.none')}`);
  for (const idle of summary.idle) {
    const holders = idle.processes.length === 0
      ? t('fleet.idle.unknownHolder')
      : idle.processes.map((p) => {
          const who = [p.user, p.namespace && p.pod ? `${p.namespace}/${p.pod}` : p.pod].filter((x) => x !== null).map((x) => safeView(x!)).join(t('cli.help.listSeparator')) || t('fleet.idle.unknownUser');
          return t('fleet.idle.process', { pid: safeView(p.pid ?? '?'), name: safeView(p.name ?? '?'), who });
        }).join(t('fleet.idle.holderSeparator'));
    lines.push(`  ${t('fleet.idle.gpu', { node: nodeName(idle), gpu: safeView(idle.gpu), util: Math.round(idle.maxUtilPercent), holders })}`);
  }
  const range = humanRange(summary.rangeSeconds);
  lines.push('', color.bold(t('fleet.section.users', { range })));
  lines.push(...hoursLines(cli, summary.topUsers, summary.gpuHoursBasis.users, (k) => [k.user ?? t('fleet.hours.unknownUser'), k.namespace].filter(Boolean).map((x) => safeView(x!)).join(' / ')));
  lines.push('', color.bold(t('fleet.section.topNodes', { range })));
  lines.push(...hoursLines(cli, summary.topNodes, summary.gpuHoursBasis.nodes, (k) => nodeName({ hostname: k.Hostname ?? null, instance: k.instance ?? '' })));
  lines.push('', color.bold(t('fleet.section.alerts')));
  if (summary.alerts.length === 0) lines.push(`  ${t('fleet.alerts.none')}`);
  for (const alert of summary.alerts) {
    const state = alert.state === 'firing' ? color.red(t('fleet.alerts.firing')) : color.yellow(t('fleet.alerts.pending'));
    lines.push(`  ${t('fleet.alerts.line', { state, name: safeView(alert.name), severity: safeView(alert.severity ?? '-'), summary: safeView(alert.summary ?? '') })}`);
  }
  const yesNo = (b: boolean) => t(b ? 'fleet.yes' : 'fleet.no');
  lines.push('', color.dim(t('fleet.footer.rules', { users: yesNo(summary.usedRecordingRules.users), nodes: yesNo(summary.usedRecordingRules.nodes) })));
  return `${lines.join('\n')}\n`;
}
