// Seeded fuzzing of every parser behind the nvidia-smi and pci backends, on mutations of the
// real captures (test/fixtures, and ../shared/fixtures when this checkout has it). The same seeds
// give the same cases everywhere; a failure names its group, seed and case, which reproduce it.
// What must hold for any input: no throw; no number that is non-finite, −0 or outside its
// field's physical range (src/core/fields.ts); a reason for every missing device value; and no
// raw control, C1 or bidi character in the JSON a screen would get (toSafeJson).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { architectureFromComputeCapability } from '../../src/backends/nvidia-smi/architecture.js';
import { parseDriverVersions } from '../../src/backends/nvidia-smi/driver-info.js';
import { createNvidiaSmiDriver } from '../../src/backends/nvidia-smi/driver.js';
import { classifyQuery } from '../../src/backends/nvidia-smi/outcome.js';
import { parseCsvTable } from '../../src/backends/nvidia-smi/parse-csv.js';
import { parseComputeApps, parseGpuQuery } from '../../src/backends/nvidia-smi/parse-query.js';
import * as values from '../../src/backends/nvidia-smi/values.js';
import { normalizePciAddress, parsePciAddress, toNvmlBusId } from '../../src/backends/pci/address.js';
import { splitPciIdsDeviceName } from '../../src/backends/pci/device-names.js';
import { pciScanToReading } from '../../src/backends/pci/index.js';
import { lspciOutputToFacts } from '../../src/backends/pci/lspci.js';
import { parseLspci } from '../../src/backends/pci/lspci-parse.js';
import { modulesForModalias, parsePciModuleAliases } from '../../src/backends/pci/module-aliases.js';
import { parsePciIdsVendorBlock } from '../../src/backends/pci/pci-ids.js';
import { parseLinkSpeedGtPerSecond, parseLinkWidth, pcieGenerationOf } from '../../src/backends/pci/pcie-link.js';
import { createPciLookups, scanPciDisplayDevices } from '../../src/backends/pci/scan.js';
import { readSysfsPciDevices, sysfsHex, sysfsInteger } from '../../src/backends/pci/sysfs.js';
import type { BackendProcess, BackendReading } from '../../src/core/backend.js';
import { DEVICE_METRIC_FIELDS } from '../../src/core/empty-device.js';
import { checkRange, DEVICE_NUMERIC_FIELDS, ECC_COUNT_META, PROCESS_NUMERIC_FIELDS, type NumericFieldMeta } from '../../src/core/fields.js';
import { toSafeJson } from '../../src/core/safe-text.js';
import type { GpuDevice } from '../../src/core/snapshot.js';
import { validateReading } from '../../src/core/validate.js';
import type { Exec, ExecResult } from '../../src/system/exec.js';
import { createFuzzer, type Fuzzer } from '../helpers/fuzz.js';
import { memorySysfs } from './memory-sysfs.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const FIXTURES = join(HERE, '..', 'fixtures');
const SHARED = join(HERE, '..', '..', '..', 'shared', 'fixtures');

/** Every capture in these folders with one of `extensions`; a folder that is absent gives none. */
function captures(dirs: string[], extensions: string[]): { name: string; text: string }[] {
  const found: { name: string; text: string }[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (extensions.some((ext) => name.endsWith(ext))) found.push({ name, text: readFileSync(join(dir, name), 'utf8') });
    }
  }
  return found;
}

const NVIDIA_SMI = captures([join(FIXTURES, 'nvidia-smi'), join(SHARED, 'nvidia-smi-csv')], ['.csv', '.txt']);
const LSPCI = captures([join(FIXTURES, 'lspci'), join(SHARED, 'lspci')], ['.txt']);
const SYSFS = captures([join(FIXTURES, 'sysfs')], ['.sysfs.txt']);
const PCI_IDS = readFileSync(join(FIXTURES, 'sysfs', '_system', 'pci.ids'), 'utf8');
const MODULES_ALIAS = readFileSync(join(FIXTURES, 'sysfs', '_system', 'modules.alias'), 'utf8');

// ---- what must hold -------------------------------------------------------------------------

/** Raw characters a terminal or browser would act on; toSafeJson must have escaped every one. */
const UNSAFE_IN_JSON = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function expectSafeJson(value: unknown, where: string): void {
  const json = toSafeJson(value);
  const found = UNSAFE_IN_JSON.exec(json);
  expect(found && `U+${found[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${found.index}`, where).toBeNull();
}

/** String(-0) is "0": say which zero it was. */
const show = (value: number) => (Object.is(value, -0) ? '-0' : String(value));

function expectPossible(meta: NumericFieldMeta, value: number, where: string): void {
  expect(Number.isFinite(value) && !Object.is(value, -0), `${where}: ${show(value)}`).toBe(true);
  const verdict = checkRange(meta, value);
  expect(verdict.ok && verdict.value === value, `${where}: ${value} outside ${meta.min}…${meta.max}`).toBe(true);
}

function expectHonestDevice(device: GpuDevice, where: string): void {
  expect(Number.isSafeInteger(device.index) && device.index >= 0, `${where}: index ${device.index}`).toBe(true);
  for (const [field, meta] of Object.entries(DEVICE_NUMERIC_FIELDS) as [keyof typeof DEVICE_NUMERIC_FIELDS, NumericFieldMeta][]) {
    const value = device[field];
    if (value !== null) expectPossible(meta, value, `${where}.${field}`);
  }
  for (const [field, count] of Object.entries(device.eccErrors ?? {})) if (count !== null) expectPossible(ECC_COUNT_META, count, `${where}.eccErrors.${field}`);
  for (const field of DEVICE_METRIC_FIELDS) {
    if (device[field] === null) expect(device.unavailable[field], `${where}.${field} is null without a reason`).toBeDefined();
  }
}

function expectHonestProcess(process: BackendProcess, where: string): void {
  expectPossible(PROCESS_NUMERIC_FIELDS.pid, process.pid, `${where}.pid`);
  if (process.usedMemoryBytes !== null) expectPossible(PROCESS_NUMERIC_FIELDS.usedMemoryBytes, process.usedMemoryBytes, `${where}.usedMemoryBytes`);
}

function expectHonestReading(reading: Pick<BackendReading, 'devices' | 'processes' | 'problems'>, where: string): void {
  reading.devices.forEach((device, i) => expectHonestDevice(device, `${where} device ${i}`));
  reading.processes.forEach((process, i) => expectHonestProcess(process, `${where} process ${i}`));
  for (const problem of reading.problems) expect(problem.message.length, `${where}: problem message length`).toBeLessThan(4000);
  expectSafeJson(reading, where);
}

/** Every number anywhere in `value` is finite and not −0 (for results without a field table). */
function expectFiniteNumbers(value: unknown, where: string): void {
  if (typeof value === 'number') expect(Number.isFinite(value) && !Object.is(value, -0), `${where}: ${show(value)}`).toBe(true);
  else if (Array.isArray(value)) value.forEach((item, i) => expectFiniteNumbers(item, `${where}[${i}]`));
  else if (value instanceof Map) for (const [key, item] of value) expectFiniteNumbers(item, `${where}.${String(key)}`);
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) expectFiniteNumbers(item, `${where}.${key}`);
}

// ---- the cases ------------------------------------------------------------------------------

/** Runs `cases` seeded cases: case i uses seed + i, so any one reruns alone. */
function fuzz(seed: number, cases: number, check: (fuzzer: Fuzzer, where: string) => void): void {
  for (let i = 0; i < cases; i++) check(createFuzzer(seed + i), `seed ${seed + i}`);
}

async function fuzzAsync(seed: number, cases: number, check: (fuzzer: Fuzzer, where: string) => Promise<void>): Promise<void> {
  for (let i = 0; i < cases; i++) await check(createFuzzer(seed + i), `seed ${seed + i}`);
}

/** Numbers the issue saw shown as facts, and their neighbours. */
const EDGE_NUMBERS = ['9'.repeat(306), '-0', '-0.00', '18446744073709551615', 'Infinity', '-Infinity', '1e308', '1e-400', '4294967295', '4294967.295', '-5', 'NaN', '0x10', '65535', '0', '100000'];

/**
 * Whole cells replaced (an edge number or hostile text), then the byte-level mutator: a cell is
 * where a parser reads a number, and random bytes rarely make one of exactly these.
 */
function mutateCsv(f: Fuzzer, text: string): string {
  const lines = text.split('\n');
  for (let step = 1 + f.int(3); step > 0; step--) {
    const at = 1 + f.int(Math.max(1, lines.length - 1));
    const cells = (lines[at] ?? '').split(', ');
    cells[f.int(cells.length)] = f.int(3) === 0 ? f.text(12) : f.pick(EDGE_NUMBERS);
    lines[at] = cells.join(', ');
  }
  const cellMutated = lines.join('\n');
  return f.int(2) === 0 ? cellMutated : f.mutate(cellMutated);
}

const isApps = (text: string) => /^\uFEFF?\s*(gpu_uuid|gpu_bus_id|pid)\b/.test(text);
const exited = (exitCode: number, stdout: string, stderr = ''): ExecResult => ({ kind: 'exited', exitCode, stdout, stderr, truncated: false, durationMs: 1 });
/** A generous bound for the whole group: thousands of cases take a few seconds on a laptop. */
const GROUP_TIMEOUT_MS = 120_000;

describe('fuzz: nvidia-smi parsers', () => {
  it('finds its captures', () => expect(NVIDIA_SMI.length).toBeGreaterThan(5));

  it('query outputs: parseGpuQuery, parseComputeApps, parseCsvTable', () => {
    const gpuCaptures = NVIDIA_SMI.filter((c) => c.name.endsWith('.csv') && !isApps(c.text));
    const appCaptures = NVIDIA_SMI.filter((c) => isApps(c.text));
    fuzz(1000, 1200, (f, where) => {
      const gpuBase = f.pick(gpuCaptures);
      const gpuText = mutateCsv(f, gpuBase.text);
      const gpus = parseGpuQuery(gpuText);
      expectHonestReading({ devices: gpus.devices, processes: [], problems: gpus.problems }, `${gpuBase.name} ${where}`);
      if (gpus.rejected) expect(gpus.devices, `${where}: a rejected output has no devices`).toEqual([]);
      const appBase = f.pick(appCaptures);
      const apps = parseComputeApps(mutateCsv(f, appBase.text), gpus.devices);
      expectHonestReading({ devices: [], processes: apps.processes, problems: apps.problems }, `${appBase.name} ${where}`);
      const table = parseCsvTable(gpuText, { freeTextColumn: 'name' });
      for (const row of table.rows) expect(row.cells.length, where).toBe(table.columns.length);
      expectSafeJson(table, where);
    });
  }, GROUP_TIMEOUT_MS);

  it('whole runs: classifyQuery and the -q header', () => {
    fuzz(3000, 600, (f, where) => {
      const base = f.pick(NVIDIA_SMI);
      const stdout = f.mutate(base.text);
      const stderr = f.int(3) === 0 ? f.text(200) : '';
      const outcome = classifyQuery(exited(f.pick([0, 0, 2, 6, 9, 15, 255]), stdout, stderr));
      if (outcome.kind === 'failed') expect(outcome.detail.length, where).toBeLessThanOrEqual(501);
      expectSafeJson(outcome, `${base.name} ${where}`);
      const versions = parseDriverVersions(stdout);
      for (const version of [versions.driverVersion, versions.cudaDriverVersion]) if (version !== null) expect(version, where).toMatch(/^[0-9]+(\.[0-9]+)+$/);
    });
  }, GROUP_TIMEOUT_MS);

  it('single cells: every value parser', () => {
    const parsers = [values.parseText, values.parseCount, values.parseFlag, values.parsePerformanceState, values.parseHexMask, values.parseComputeMode];
    fuzz(4000, 1500, (f, where) => {
      const cell = f.int(2) === 0 ? f.text(40) : f.mutate(f.pick(['81559', '69.85 W', '[N/A]', 'P0', '0x0000000000000004', 'Enabled', 'Exclusive_Process', '4242']));
      expect(() => values.noValueReason(cell), where).not.toThrow();
      const decimal = values.parseDecimal(cell, f.pick([null, 'MiB', 'W', '%']));
      if (decimal.ok) expectFiniteNumbers(decimal.value, `${where} parseDecimal(${JSON.stringify(cell)})`);
      const count = values.parseCount(cell);
      if (count.ok) expect(Number.isSafeInteger(count.value) && count.value >= 0 && !Object.is(count.value, -0), where).toBe(true);
      for (const parse of parsers) {
        const parsed = parse(cell);
        if (!parsed.ok) expect(parsed.malformed === undefined || parsed.malformed.length < 300, where).toBe(true);
      }
      expect(() => architectureFromComputeCapability(cell), where).not.toThrow();
    });
  }, GROUP_TIMEOUT_MS);

  it('the backend end to end: open, read, validateReading', async () => {
    const gpuCaptures = NVIDIA_SMI.filter((c) => c.name.endsWith('.csv') && !isApps(c.text));
    const appCaptures = NVIDIA_SMI.filter((c) => isApps(c.text));
    await fuzzAsync(5000, 300, async (f, where) => {
      const gpuText = mutateCsv(f, f.pick(gpuCaptures).text);
      const appText = mutateCsv(f, f.pick(appCaptures).text);
      const exitCode = f.pick([0, 0, 0, 9, 15]);
      const exec: Exec = async (_file, args) => {
        const query = args[0] ?? '';
        if (query.startsWith('--query-gpu=')) return exited(exitCode, gpuText);
        if (query.startsWith('--query-compute-apps=')) return exited(0, appText);
        return exited(0, f.mutate(NVIDIA_SMI.find((c) => c.name.includes('q-header'))?.text ?? ''));
      };
      const opened = await createNvidiaSmiDriver({ exec, platform: 'linux' }).open();
      if (!opened.ok) {
        expect(opened.unavailable.detail.length, where).toBeLessThanOrEqual(501);
        expectSafeJson(opened.unavailable, where);
        return;
      }
      const reading = validateReading(await opened.backend.read());
      expectHonestReading(reading, where);
    });
  }, GROUP_TIMEOUT_MS);
});

describe('fuzz: PCI parsers', () => {
  it('finds its captures', () => expect(LSPCI.length).toBeGreaterThan(2));

  it('lspci output: parseLspci and lspciOutputToFacts', () => {
    fuzz(6000, 1000, (f, where) => {
      const base = f.pick(LSPCI);
      const text = f.mutate(base.text);
      const parsed = parseLspci(text);
      expectFiniteNumbers(parsed, `${base.name} ${where}`);
      for (const record of parsed.records) {
        expect(normalizePciAddress(record.address), where).toBe(record.address);
        for (const id of [record.vendorId, record.deviceId, record.subsystemVendorId, record.subsystemDeviceId]) if (id !== null) expect(id, where).toMatch(/^[0-9a-f]{4}$/);
        for (const n of [record.numaNode, record.iommuGroup]) if (n !== null) expect(Number.isSafeInteger(n) && n >= 0, where).toBe(true);
      }
      const facts = lspciOutputToFacts(text, f.int(4) === 0 ? f.text(100) : '');
      expectFiniteNumbers(facts, where);
      for (const problem of facts.problems) expect(problem.detail.length, where).toBeLessThan(700);
      expectSafeJson(facts, `${base.name} ${where}`);
    });
  }, GROUP_TIMEOUT_MS);

  it('name and module databases: pci.ids and modules.alias', () => {
    fuzz(7000, 400, (f, where) => {
      const ids = f.mutate(PCI_IDS);
      for (const vendor of ['10de', '1002', '1a03', f.text(4)]) {
        const block = parsePciIdsVendorBlock(ids, vendor);
        if (block) for (const name of block.devices.values()) expectSafeJson(splitPciIdsDeviceName(name), where);
      }
      const aliases = parsePciModuleAliases(f.mutate(MODULES_ALIAS), ['10de', '1002']);
      const modalias = f.int(2) === 0 ? 'pci:v000010DEd00002330sv000010DEsd000016C1bc03sc02i00' : f.mutate('pci:v00001002d000074A1sv00001002sd000074A1bc12sc00i00');
      expectSafeJson(modulesForModalias(modalias, aliases), where);
      expectSafeJson(splitPciIdsDeviceName(f.text(60)), where);
    });
  }, GROUP_TIMEOUT_MS);

  it('sysfs attributes: link speed and width, hex ids, numbers, addresses', () => {
    fuzz(8000, 1500, (f, where) => {
      const text = f.int(2) === 0 ? f.text(30) : f.mutate(f.pick(['16.0 GT/s PCIe', '8 GT/s', 'Unknown', '16', 'x8', '0x10de', '0x030200', '-1', '0000:17:00.0', '10000:e1:00.0']));
      const speed = parseLinkSpeedGtPerSecond(text);
      if (speed !== null) expect([2.5, 5, 8, 16, 32, 64, 128], where).toContain(speed);
      const generation = pcieGenerationOf(speed);
      if (generation !== null) expectPossible(DEVICE_NUMERIC_FIELDS.pcieLinkGeneration, generation, where);
      const width = parseLinkWidth(text);
      if (width !== null) expectPossible(DEVICE_NUMERIC_FIELDS.pcieLinkWidth, width, where);
      const hex = sysfsHex(text, 4);
      if (hex !== null) expect(hex, where).toMatch(/^[0-9a-f]{4}$/);
      expectFiniteNumbers(sysfsInteger(text), where);
      expectFiniteNumbers(parsePciAddress(text), where);
      const busId = toNvmlBusId(text);
      if (busId !== null) expect(busId, where).toMatch(/^[0-9A-F]{8}:[0-9A-F]{2}:[0-9A-F]{2}\.[0-7]$/);
    });
  }, GROUP_TIMEOUT_MS);

  it('sysfs trees and whole scans: readSysfsPciDevices, scanPciDisplayDevices, pciScanToReading', async () => {
    const lookups = createPciLookups({ pciIdsPaths: [join(FIXTURES, 'sysfs', '_system', 'pci.ids')], modulesAliasPaths: [join(FIXTURES, 'sysfs', '_system', 'modules.alias')] });
    const lspci = LSPCI.find((c) => c.name.includes('Dnnk'))?.text ?? '';
    await fuzzAsync(9000, 300, async (f, where) => {
      const base = f.pick(SYSFS);
      const sysfs = memorySysfs(f.mutate(base.text));
      const read = await readSysfsPciDevices(sysfs.root, sysfs.fs);
      expectFiniteNumbers(read, `${base.name} ${where}`);
      // Half the scans go through lspci (a tree without /sys/bus/pci), mutated too.
      const exec: Exec = async () => exited(0, f.mutate(lspci));
      const useLspci = f.int(2) === 0;
      const scan = await scanPciDisplayDevices({
        platform: 'linux',
        kernelRelease: '6.8.0',
        sysfsRoot: useLspci ? '/nowhere' : sysfs.root,
        sysfsFs: sysfs.fs,
        exec,
        lookups,
      });
      expectFiniteNumbers(scan, where);
      expectSafeJson(scan, `${base.name} ${where}`);
      expectHonestReading(pciScanToReading(scan), `${base.name} ${where}`);
    });
  }, GROUP_TIMEOUT_MS);
});
