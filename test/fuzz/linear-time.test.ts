// Every parser of tool output is linear in its input. nvidia-smi's output may reach the 16 MB cap
// and is parsed after the exec timeout, so one quadratic pattern (HEADER_CELL once took 12.6 s
// on 200 KB of spaces) hangs gpuwise for hours. Each case puts a 2 MiB run of spaces (or
// newlines) where some pattern once rescanned it, and checks that twice the input takes at most
// three times as long (test/fuzz/scaling.ts).

import { describe, it } from 'vitest';
import { splitPciIdsDeviceName } from '../../src/backends/pci/device-names.js';
import { parseLspci } from '../../src/backends/pci/lspci-parse.js';
import { lspciOutputToFacts } from '../../src/backends/pci/lspci.js';
import { compileGlob, parsePciModuleAliases } from '../../src/backends/pci/module-aliases.js';
import { parsePciIdsVendorBlock } from '../../src/backends/pci/pci-ids.js';
import { parseLinkSpeedGtPerSecond, parseLinkWidth } from '../../src/backends/pci/pcie-link.js';
import { parsePciAddress } from '../../src/backends/pci/address.js';
import { sysfsHex, sysfsInteger } from '../../src/backends/pci/sysfs.js';
import { parseDriverVersions } from '../../src/backends/nvidia-smi/driver-info.js';
import { classifyQuery } from '../../src/backends/nvidia-smi/outcome.js';
import { parseCsvTable, parseHeaderCell } from '../../src/backends/nvidia-smi/parse-csv.js';
import { parseComputeApps, parseGpuQuery } from '../../src/backends/nvidia-smi/parse-query.js';
import { noValueReason, parseDecimal } from '../../src/backends/nvidia-smi/values.js';
import { shortenDetail } from '../../src/system/limits.js';
import { expectLinear } from './scaling.js';

const sp = (n: number) => ' '.repeat(n);
const nl = (n: number) => '\n'.repeat(n);
const failed = (stdout: string) => classifyQuery({ kind: 'exited', exitCode: 9, stdout, stderr: '', truncated: false, durationMs: 1 });
const LONG = 60_000;

type Case = [name: string, make: (n: number) => string, parse: (input: string) => unknown];

const NVIDIA_SMI: Case[] = [
  ['a header cell with a run of spaces before its unit', (n) => `index, memory.total a${sp(n)}b [MiB]\n0, 1\n`, (t) => parseGpuQuery(t)],
  ['a header cell with spaces and no closing bracket', (n) => `a${sp(n)}b [MiB`, parseHeaderCell],
  ['a header cell of spaces inside brackets', (n) => `x [${sp(n)}]]`, parseHeaderCell],
  ['a row cell with spaces around a number', (n) => `index, power.draw [W]\n0, ${sp(n)}1${sp(n)}x\n`, (t) => parseGpuQuery(t)],
  ['a run of newlines between header and rows', (n) => `index\n${nl(n)}0\n`, (t) => parseCsvTable(t)],
  ['nothing but spaces', sp, (t) => parseGpuQuery(t)],
  ['a failed run that printed only newlines', (n) => `${nl(n)}No device`, failed],
  ['a failed run that printed only spaces and a field name', (n) => `Field "${sp(n)}`, failed],
  ['-q output made of newlines', (n) => `${nl(n)}Driver Version${sp(n)}`, parseDriverVersions],
  ['a device-handle line with spaces', (n) => `Unable to determine the device handle for GPU0000:3B:00.0${sp(n)}x\n`, (t) => parseGpuQuery(t)],
  ['a process name of spaces and separators', (n) => `gpu_uuid, pid, process_name, used_gpu_memory [MiB]\nGPU-a, 1, ${', '.repeat(n / 2)}, 1\n`, (t) => parseComputeApps(t, [])],
  ['a cell of an opening bracket and spaces', (n) => `[${sp(n)}`, noValueReason],
  ['a number cell of spaces', (n) => `${sp(n)}1${sp(n)}MiB x`, (t) => parseDecimal(t, 'MiB')],
  ['a huge detail', (n) => `${sp(n)}x${sp(n)}`, (t) => shortenDetail(t)],
];

const LSPCI_HEAD = '0000:17:00.0';
const PCI: Case[] = [
  ['an lspci line with spaces before the class code', (n) => `${LSPCI_HEAD} 3D${sp(n)}controller${sp(n)}[0302]x: NVIDIA\n`, parseLspci],
  ['an lspci line with spaces and no colon', (n) => `${LSPCI_HEAD} ${sp(n)}x${sp(n)}`, parseLspci],
  ['an lspci line with colons not followed by a blank', (n) => `${LSPCI_HEAD} a${':x'.repeat(n / 2)}`, parseLspci],
  ['an lspci description with spaces before the ids', (n) => `${LSPCI_HEAD} VGA [0300]: NVIDIA${sp(n)}[10de:2330]${sp(n)}x\n`, parseLspci],
  ['an lspci description with spaces before (rev', (n) => `${LSPCI_HEAD} VGA [0300]: NVIDIA${sp(n)}(rev a1${sp(n)}\n`, parseLspci],
  ['an unclosed prog-if', (n) => `${LSPCI_HEAD} VGA [0300]: x (prog-if 00${sp(n)}[VGA${sp(n)}\n`, parseLspci],
  ['an lspci detail line of spaces', (n) => `${LSPCI_HEAD} VGA [0300]: x\n\t${sp(n)}Subsystem:${sp(n)}[1:2]\n`, parseLspci],
  ['lspci output with a stderr of newlines', (n) => nl(n), (t) => lspciOutputToFacts(`${LSPCI_HEAD} ${sp(LONG)}`, t)],
  ['a pci.ids device line with spaces', (n) => `10de  NVIDIA\n\t2330 ${sp(n)}a${sp(n)}b\n`, (t) => parsePciIdsVendorBlock(t, '10de')],
  ['a pci.ids name with spaces before its bracket', (n) => `a${sp(n)}b [x]`, splitPciIdsDeviceName],
  ['a pci.ids name with an unclosed bracket', (n) => `a${sp(n)}[${sp(n)}b]]`, splitPciIdsDeviceName],
  ['modules.alias lines with spaces', (n) => `alias pci:v000010DEd*sv*sd*bc03sc*i*${sp(n)}nouveau${sp(n)}\n`, (t) => parsePciModuleAliases(t, ['10de'])],
  ['a many-star glob against a long modalias', (n) => 'a'.repeat(n / 64), compileGlob('*a*a*a*a*a*a*b')],
  ['a link speed padded with spaces', (n) => `${sp(n)}16.0${sp(n)}GT/s`, parseLinkSpeedGtPerSecond],
  ['a link width padded with spaces', (n) => `${sp(n)}x16${sp(n)}y`, parseLinkWidth],
  ['a sysfs hex attribute padded with spaces', (n) => `${sp(n)}0x10de${sp(n)}x`, (t) => sysfsHex(t, 4)],
  ['a sysfs number padded with spaces', (n) => `${sp(n)}-1${sp(n)}x`, sysfsInteger],
  ['an address padded with spaces', (n) => `${sp(n)}0000:17:00.0${sp(n)}x`, parsePciAddress],
];

describe('nvidia-smi parsers are linear', () => {
  for (const [name, make, parse] of NVIDIA_SMI) it(name, () => expectLinear(make, parse), 120_000);
});

describe('PCI parsers are linear', () => {
  for (const [name, make, parse] of PCI) it(name, () => expectLinear(make, parse), 120_000);

});
