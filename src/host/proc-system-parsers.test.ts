import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCpuinfoModel, parseLoadavg, parseMeminfo, parseProcSystemStat, parseUptime } from './proc-system-parsers.js';

const HOST = fileURLToPath(new URL('../../test/fixtures/proc/host/', import.meta.url));
const read = (file: string) => fs.readFileSync(HOST + file, 'utf8');

describe('/proc/stat', () => {
  it('sums busy and total ticks, counts online CPUs and reads btime', () => {
    // cpu  4705 150 1120 1670000 2480 0 300 0: busy = user+nice+system+irq+softirq+steal.
    expect(parseProcSystemStat(read('stat'))).toEqual({
      cpuTimes: { busyTicks: 4705 + 150 + 1120 + 300, totalTicks: 4705 + 150 + 1120 + 300 + 1670000 + 2480 },
      onlineCpuCount: 4,
      bootTimeSeconds: 1700000000,
    });
  });

  it('reports a garbled or missing line as null, not zero', () => {
    expect(parseProcSystemStat('cpu  1 2 3\nbtime x\n')).toEqual({ cpuTimes: null, onlineCpuCount: null, bootTimeSeconds: null });
    expect(parseProcSystemStat('')).toEqual({ cpuTimes: null, onlineCpuCount: null, bootTimeSeconds: null });
  });
});

describe('/proc/meminfo', () => {
  it('converts kB to bytes and keeps MemAvailable', () => {
    expect(parseMeminfo(read('meminfo'))).toEqual({
      memoryTotalBytes: 263856772 * 1024,
      memoryAvailableBytes: 230000000 * 1024,
      swapTotalBytes: 8388604 * 1024,
      swapFreeBytes: 8000000 * 1024,
    });
  });

  it('leaves MemAvailable null on kernels before 3.14 rather than guessing', () => {
    expect(parseMeminfo('MemTotal: 1000 kB\nMemFree: 10 kB\n').memoryAvailableBytes).toBeNull();
  });
});

describe('small files', () => {
  it('reads load averages and uptime', () => {
    expect(parseLoadavg(read('loadavg'))).toEqual({ loadAverage1m: 3.41, loadAverage5m: 2.97, loadAverage15m: 2.55 });
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
