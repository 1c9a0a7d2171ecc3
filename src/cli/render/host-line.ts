// The host's one line under the GPUs: CPU, load, RAM, uptime (htop's essentials).

import type { HostSummary } from '../../core/snapshot.js';
import type { TextRenderOptions } from './info-text.js';
import { formatBytesPair, formatDuration, spaced } from './format.js';

export function renderHostLine(host: HostSummary, { t, color, locale }: TextRenderOptions): string {
  const na = t('common.notAvailable');
  // No figure (a one-shot read with --cpu-sample 0, an imported listing) is N/A, not a bare label;
  // the core count still follows when it is known.
  const cpu = host.cpuUtilPercent !== null ? `CPU ${Math.round(host.cpuUtilPercent)}%` : `CPU ${na}`;
  const withCores = host.cpuLogicalCount === null ? cpu : spaced(cpu, t('info.host.cores', { count: host.cpuLogicalCount }));
  const load =
    host.loadAverage1m === null
      ? ''
      : `${t('info.host.load')} ${[host.loadAverage1m, host.loadAverage5m, host.loadAverage15m].map((v) => (v === null ? na : v.toFixed(2))).join(' ')}`;
  const memory =
    host.memoryUsedBytes !== null && host.memoryTotalBytes !== null
      ? `${t('info.host.memory')} ${formatBytesPair(host.memoryUsedBytes, host.memoryTotalBytes)}`
      : `${t('info.host.memory')} ${na}`;
  const uptime = host.uptimeSeconds === null ? '' : `${t('info.host.uptime')} ${formatDuration(host.uptimeSeconds, locale)}`;
  return [color.dim(t('info.host.label')), withCores, load, memory, uptime].filter(Boolean).join('  ');
}
