import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCpuinfoModel, parseLoadavg, parseMeminfo, parseProcSystemStat, parseUptime } from './proc-system-parsers.js';

const HOST = fileURLToPath(new URL('../../test/fixtures/proc/host/', import.meta.url));
const read = (file: string) => fs.readFileSync(HOST + file, 'utf8');

describe('/proc/stat', () => {
  it('sums busy and total ticks, counts online CPUs and reads btime', () => {
    // cpu  4705 150 1120 1670000 2480 0 300 0: busy = user+nice+system+irq+softirq+steal.
    const stat = parseProcSystemStat(read('stat'));
    expect(stat).toMatchObject({
      cpuTimes: { busyTicks: 4705 + 150 + 1120 + 300, totalTicks: 4705 + 150 + 1120 + 300 + 1670000 + 2480 },
      cpuTicks: { user: 4705, nice: 150, system: 1120, idle: 1670000, iowait: 2480, irq: 0, softirq: 300, steal: 0 },
      onlineCpuCount: 4,
      bootTimeSeconds: 1700000000,
    });
    expect(stat.cores.map((core) => [core.cpu, core.ticks.user, core.ticks.iowait])).toEqual([
      [0, 1176, 620],
      [1, 1176, 620],
      [2, 1176, 620],
      [3, 1177, 620],
    ]);
  });

  it('reports a garbled or missing line as null, not zero', () => {
    const empty = { cpuTimes: null, cpuTicks: null, cores: [], onlineCpuCount: null, bootTimeSeconds: null };
    expect(parseProcSystemStat('cpu  1 2 3\nbtime x\n')).toEqual(empty);
    expect(parseProcSystemStat('')).toEqual(empty);
    // A garbled core still counts as online, but gives no figures.
    expect(parseProcSystemStat('cpu0 1 2 3\ncpu1 1 2 3 4 5 6 7 8\n')).toMatchObject({ onlineCpuCount: 2, cores: [{ cpu: 1 }] });
  });

  it('keeps CPU numbers as the kernel gives them when some CPUs are offline', () => {
    const stat = parseProcSystemStat('cpu  2 0 0 2 0 0 0 0\ncpu0 1 0 0 1 0 0 0 0\ncpu3 1 0 0 1 0 0 0 0\n');
    expect(stat.cores.map((core) => core.cpu)).toEqual([0, 3]);
  });
});

describe('/proc/meminfo', () => {
  it('converts kB to bytes and keeps MemAvailable', () => {
    expect(parseMeminfo(read('meminfo'))).toEqual({
      memoryTotalBytes: 263856772 * 1024,
      memoryAvailableBytes: 230000000 * 1024,
      swapTotalBytes: 8388604 * 1024,
      swapFreeBytes: 8000000 * 1024,
      memoryFreeBytes: 201234568 * 1024,
      memoryBuffersBytes: 1484 * 1024,
      // htop's and free's "cache": Cached + SReclaimable − Shmem.
      memoryCachedBytes: (28000000 + 1048576 - 524288) * 1024,
      memorySharedBytes: 524288 * 1024,
      swapCachedBytes: 0,
    });
  });

  it('leaves cache unknown when a part of it is missing, and ignores lines that are not kB', () => {
    const info = parseMeminfo('MemTotal: 1000 kB\nCached: 10 kB\nHugePages_Total:       0\nBuffers: lots kB\n');
    expect(info).toMatchObject({ memoryTotalBytes: 1000 * 1024, memoryCachedBytes: null, memoryBuffersBytes: null });
  });

  it('leaves MemAvailable null on kernels before 3.14 rather than guessing', () => {
    expect(parseMeminfo('MemTotal: 1000 kB\nMemFree: 10 kB\n').memoryAvailableBytes).toBeNull();
  });
});

describe('small files', () => {
  it('reads load averages and uptime', () => {
    expect(parseLoadavg(read('loadavg'))).toEqual({ loadAverage1m: 3.41, loadAverage5m: 2.97, loadAverage15m: 2.55, lastPid: 98765 });
    expect(parseLoadavg('0.1 0.2 0.3')).toMatchObject({ lastPid: null });
    expect(parseLoadavg(`${'9'.repeat(400)} 1 1 1/2 3`)).toBeNull();
    expect(parseUptime(read('uptime'))).toBe(86400.5);
    expect(parseLoadavg('0.1 nope 0.3')).toBeNull();
    expect(parseLoadavg('')).toBeNull();
    expect(parseUptime('')).toBeNull();
  });

  it('finds the CPU model on x86, older ARM and POWER, and none on arm64', () => {
    expect(parseCpuinfoModel(read('cpuinfo'))).toBe('AMD EPYC 7763 64-Core Processor');
    expect(parseCpuinfoModel('processor\t: 0\nProcessor\t: ARMv7 Processor rev 4 (v7l)\n')).toBe('ARMv7 Processor rev 4 (v7l)');
    expect(parseCpuinfoModel('processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\n')).toBe('POWER9 (raw), altivec supported');
    expect(parseCpuinfoModel('processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n')).toBeNull();
  });
});
