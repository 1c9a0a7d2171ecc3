// The PCI scan against buses no machine has and attribute texts no kernel writes: a bound with a
// problem, never a crash or an invented number (issue 7, items 4 and 6).

import { describe, expect, it } from 'vitest';
import { memorySysfs } from '../../../test/fuzz/memory-sysfs.js';
import type { Exec, ExecResult } from '../../system/exec.js';
import { MAX_GPUS_PER_MACHINE, MAX_PCI_DISPLAY_FUNCTIONS } from '../../system/limits.js';
import { pciScanToReading } from './index.js';
import { lspciOutputToFacts, scanWithLspci } from './lspci.js';
import { parseLspci } from './lspci-parse.js';
import { scanPciDisplayDevices } from './scan.js';
import { readSysfsPciDevices } from './sysfs.js';

const exited = (stdout: string, truncated = false): ExecResult => ({ kind: 'exited', exitCode: 0, stdout, stderr: '', truncated, durationMs: 5 });
const lspciOf = (stdout: string, truncated = false): Exec => async () => exited(stdout, truncated);
const gpuLine = (i: number) =>
  `${(i >> 8).toString(16).padStart(4, '0')}:${(i & 0xff).toString(16).padStart(2, '0')}:00.0 3D controller [0302]: NVIDIA Corporation GH100 [H100 SXM5 80GB] [10de:2330] (rev a1)`;
const noSysfs = memorySysfs('');
const scanOptions = (exec: Exec) => ({ platform: 'linux', kernelRelease: '6.8.0', sysfsRoot: noSysfs.root, sysfsFs: noSysfs.fs, exec, pciIdsPaths: [], modulesAliasPaths: [] });

describe('PCI scan bounds', () => {
  it(`lists at most ${MAX_GPUS_PER_MACHINE} GPUs, and says how many more the bus claimed`, async () => {
    const lines = Array.from({ length: 300 }, (_, i) => gpuLine(i)).join('\n');
    const scan = await scanPciDisplayDevices(scanOptions(lspciOf(lines)));
    const reading = pciScanToReading(scan);
    expect(reading.devices).toHaveLength(MAX_GPUS_PER_MACHINE);
    expect(reading.problems).toContainEqual({
      scope: 'pci',
      code: 'too-many-gpus',
      message: `300 GPUs on the bus; a machine has at most ${MAX_GPUS_PER_MACHINE}, the rest are not shown`,
    });
  });

  it(`keeps at most ${MAX_PCI_DISPLAY_FUNCTIONS} display functions from a runaway lspci`, async () => {
    const lines = Array.from({ length: MAX_PCI_DISPLAY_FUNCTIONS + 500 }, (_, i) => gpuLine(i)).join('\n');
    const scan = await scanPciDisplayDevices(scanOptions(lspciOf(lines)));
    expect(scan.kind).toBe('scanned');
    if (scan.kind !== 'scanned') return;
    expect(scan.devices).toHaveLength(MAX_PCI_DISPLAY_FUNCTIONS);
    expect(scan.problems.map((p) => p.detail)).toContain(`${MAX_PCI_DISPLAY_FUNCTIONS + 500} display functions; a machine has at most ${MAX_PCI_DISPLAY_FUNCTIONS}, the rest are not shown`);
  });

  it('says when lspci’s output was cut at the cap', async () => {
    const result = await scanWithLspci(lspciOf(gpuLine(0), true), 'lspci', 100);
    expect(result.kind === 'ok' && result.problems.map((p) => p.detail)).toEqual(['lspci: output cut at 4 MiB; devices after it are missing']);
  });

  it('reports 100,000 unreadable lines in one bounded problem', () => {
    const garbage = Array.from({ length: 100_000 }, (_, i) => `garbage line ${i} ${'x'.repeat(50)}`).join('\n');
    const parsed = parseLspci(garbage);
    expect(parsed.unparsedCount).toBe(100_000);
    expect(parsed.unparsed.length).toBeLessThanOrEqual(20);
    const { problems } = lspciOutputToFacts(garbage, 'e'.repeat(1_000_000));
    expect(problems).toHaveLength(2);
    for (const problem of problems) expect(problem.detail.length).toBeLessThanOrEqual(520);
  });
});

describe('PCI numbers no kernel writes', () => {
  it('takes a 300-digit NUMA node or IOMMU group from lspci as unknown', () => {
    const text = `${gpuLine(0)}\n\tNUMA node: ${'9'.repeat(300)}\n\tIOMMU group: ${'9'.repeat(300)}\n`;
    expect(parseLspci(text).records[0]).toMatchObject({ numaNode: null, iommuGroup: null });
    const flags = `${gpuLine(0)}\n\tFlags: bus master, fast devsel, latency 0, IRQ 16, NUMA node ${'9'.repeat(300)}, IOMMU group 7\n`;
    expect(parseLspci(flags).records[0]).toMatchObject({ numaNode: null, iommuGroup: 7 });
  });

  it('takes over-long sysfs numbers and ids as unreadable, not as Infinity or a wrong id', async () => {
    const sysfs = memorySysfs(`
[bus/pci/devices/0000:17:00.0]
class = 0x030200
vendor = 0x10de
device = 0x2330
numa_node = ${'9'.repeat(300)}
[bus/pci/devices/0000:18:00.0]
class = 0x030200
vendor = 0x10de0
device = 0x2330
`);
    const result = await readSysfsPciDevices(sysfs.root, sysfs.fs);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.devices.map((d) => [d.address, d.numaNode])).toEqual([['0000:17:00.0', null]]);
    expect(result.problems).toEqual([
      { address: '0000:18:00.0', code: 'parse', detail: '/sys/bus/pci/devices/0000:18:00.0: vendor "0x10de0", device "0x2330"' },
    ]);
  });
});
