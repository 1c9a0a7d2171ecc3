// The host's line under the GPUs: a figure that is missing reads N/A, never a bare label.

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { HostSummary } from '../../core/snapshot.js';
import { createTranslator } from '../../i18n/index.js';
import { renderHostLine } from './host-line.js';

const host: HostSummary = {
  hostname: 'box', platform: 'linux', kernelRelease: null, cpuModel: null, cpuLogicalCount: 2, cpuUtilPercent: 37.4,
  loadAverage1m: 0.5, loadAverage5m: 0.25, loadAverage15m: 0.125, memoryTotalBytes: 24 * 2 ** 30, memoryAvailableBytes: 20 * 2 ** 30,
  memoryUsedBytes: 4 * 2 ** 30, swapTotalBytes: null, swapUsedBytes: null, uptimeSeconds: 3600,
};
const line = (h: HostSummary, locale: 'en' | 'zh-CN' = 'en') => renderHostLine(h, { t: createTranslator(locale), color: pc.createColors(false), width: 120, locale });

describe('host line', () => {
  it('gives CPU, cores, load, RAM and uptime', () => {
    expect(line(host)).toBe('host  CPU 37% (2 cores)  load 0.50 0.25 0.13  RAM 4.0/24.0 GiB  up 1h00m');
  });

  it('says N/A for a CPU figure not read (--cpu-sample 0), with the core count beside it, in both languages', () => {
    expect(line({ ...host, cpuUtilPercent: null })).toContain('CPU N/A (2 cores)');
    expect(line({ ...host, cpuUtilPercent: null }, 'zh-CN')).toMatch(/CPU (N\/A|不可用)（2 核）/);
    expect(line({ ...host, cpuUtilPercent: null, cpuLogicalCount: null, memoryUsedBytes: null })).toContain('CPU N/A  load 0.50 0.25 0.13  RAM N/A');
  });
});
