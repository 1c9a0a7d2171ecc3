// amd-smi's JSON (`static`, `metric`, `process`, `list --json`) → one BackendReading. Each
// sub-command prints one entry per GPU keyed by "gpu"; the entries of several documents merge
// by that index. MI250/MI250X show each GCD as its own "gpu" (64 GB each) and MI300 partitions
// (CPX, NPS4 …) as the GPUs amd-smi lists, so one entry is one device here too.
// Shapes: older amd-smi prints a bare list, 26.x wraps static/metric as {"gpu_data": [...]}.

import type { BackendProcess, BackendReading } from '../../core/backend.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE, MAX_PROCESSES_PER_GPU } from '../../system/limits.js';
import { toNvmlBusId } from '../pci/address.js';
import { pcieGenerationOf } from '../pci/pcie-link.js';
import { amdArchitecture, pick, readAmdQuantity } from '../vendor-common/amd.js';
import { DeviceBuilder, isObject, mapReading, parseJsonDocument, readNumber, readText, vendorDriverInfo, VendorParseError, type JsonObject } from '../vendor-common/reading.js';

export const AMD_SMI_FORMAT = 'amd-smi-json';

/** The per-GPU entries of one amd-smi document, or null when it is not amd-smi's shape. */
export function amdSmiEntries(document: unknown): JsonObject[] | null {
  const list = isObject(document) && Array.isArray(document.gpu_data) ? document.gpu_data : document;
  if (!Array.isArray(list)) return null;
  const entries = list.filter(isObject);
  // `process --json` with no GPU process can be an empty list: no entries, not another format.
  if (list.length === 0) return [];
  return entries.length > 0 && entries.every((entry) => typeof entry.gpu === 'number') ? entries : null;
}

interface Merged {
  builders: Map<number, DeviceBuilder>;
  processes: BackendProcess[];
  driverVersion: string | null;
  problems: SnapshotProblem[];
}

/** amd-smi static prints the whole /proc/version with the spaces removed on some kernels. */
function driverVersionOf(entry: JsonObject): string | null {
  const text = readText(pick(entry, 'driver', 'version'));
  if (!text.ok) return null;
  const squeezed = /^Linuxversion([^(]+)\(/.exec(text.value);
  return squeezed?.[1] ?? text.value;
}

function clockDomain(entry: JsonObject, prefix: 'gfx' | 'mem'): JsonObject | undefined {
  const clocks = pick(entry, 'clock');
  if (!isObject(clocks)) return undefined;
  const key = Object.keys(clocks).find((name) => name.toLowerCase() === `${prefix}_0`);
  const domain = key === undefined ? undefined : clocks[key];
  return isObject(domain) ? domain : undefined;
}

function mergeStatic(b: DeviceBuilder, entry: JsonObject): void {
  b.set('name', readText(pick(entry, 'asic', 'market_name')));
  b.set('pciBusId', mapReading(readText(pick(entry, 'bus', 'bdf')), toNvmlBusId, 'not a PCI address'));
  // Trimmed outputs carry only vbios.name ("Mi200 pcie"): a name, not a version.
  b.set('vbiosVersion', readText(pick(entry, 'vbios', 'version') ?? pick(entry, 'vbios', 'part_number')));
  b.set('serial', readText(pick(entry, 'asic', 'asic_serial') ?? pick(entry, 'board', 'product_serial')));
  b.set('architecture', mapReading(readText(pick(entry, 'asic', 'target_graphics_version')), amdArchitecture, 'unknown gfx target'));
  b.set('memoryTotalBytes', readAmdQuantity(pick(entry, 'vram', 'size'), 'bytes', 'MB'));
  b.set('powerLimitWatts', readAmdQuantity(pick(entry, 'limit', 'socket_power') ?? pick(entry, 'limit', 'ppt0', 'socket_power'), 'watts', 'W'));
  b.set('pcieLinkWidthMax', readNumber(pick(entry, 'bus', 'max_pcie_width')));
  const maxSpeed = readAmdQuantity(pick(entry, 'bus', 'max_pcie_speed'), 'gt-per-second', 'GT/s');
  b.set('pcieLinkGenerationMax', mapReading(maxSpeed, pcieGenerationOf, 'not a PCIe rate'));
  // The edge sensor where there is one; MI300 has only the hotspot, and the limits follow the sensor.
  const edge = readAmdQuantity(pick(entry, 'limit', 'slowdown_edge_temperature'), 'celsius', 'C');
  b.set('temperatureSlowdownCelsius', edge.ok ? edge : readAmdQuantity(pick(entry, 'limit', 'slowdown_hotspot_temperature'), 'celsius', 'C'));
  const shutdown = readAmdQuantity(pick(entry, 'limit', 'shutdown_edge_temperature'), 'celsius', 'C');
  b.set('temperatureShutdownCelsius', shutdown.ok ? shutdown : readAmdQuantity(pick(entry, 'limit', 'shutdown_hotspot_temperature'), 'celsius', 'C'));
}

function mergeMetric(b: DeviceBuilder, entry: JsonObject): void {
  b.set('gpuUtilPercent', readAmdQuantity(pick(entry, 'usage', 'gfx_activity'), 'percent', '%'));
  b.set('memoryUtilPercent', readAmdQuantity(pick(entry, 'usage', 'umc_activity'), 'percent', '%'));
  b.set('powerDrawWatts', readAmdQuantity(pick(entry, 'power', 'socket_power'), 'watts', 'W'));
  const edge = readAmdQuantity(pick(entry, 'temperature', 'edge'), 'celsius', 'C');
  b.set('temperatureCelsius', edge.ok ? edge : readAmdQuantity(pick(entry, 'temperature', 'hotspot'), 'celsius', 'C'));
  b.set('fanSpeedPercent', readAmdQuantity(pick(entry, 'fan', 'usage'), 'percent', '%'));
  b.set('energyConsumedJoules', readAmdQuantity(pick(entry, 'energy', 'total_energy_consumption'), 'joules', 'J'));
  b.set('memoryTotalBytes', readAmdQuantity(pick(entry, 'mem_usage', 'total_vram'), 'bytes', 'MB'));
  b.set('memoryUsedBytes', readAmdQuantity(pick(entry, 'mem_usage', 'used_vram'), 'bytes', 'MB'));
  b.set('memoryFreeBytes', readAmdQuantity(pick(entry, 'mem_usage', 'free_vram'), 'bytes', 'MB'));
  b.set('pcieLinkWidth', readNumber(pick(entry, 'pcie', 'width')));
  const speed = readAmdQuantity(pick(entry, 'pcie', 'speed'), 'gt-per-second', 'GT/s');
  b.set('pcieLinkGeneration', mapReading(speed, pcieGenerationOf, 'not a PCIe rate'));
  // AMD's shader clock (sclk) is both the graphics and the compute clock.
  const gfx = clockDomain(entry, 'gfx');
  const mem = clockDomain(entry, 'mem');
  if (gfx) {
    for (const field of ['graphicsClockMhz', 'smClockMhz'] as const) b.set(field, readAmdQuantity(gfx.clk, 'megahertz', 'MHz'));
    for (const field of ['graphicsClockMaxMhz', 'smClockMaxMhz'] as const) b.set(field, readAmdQuantity(gfx.max_clk, 'megahertz', 'MHz'));
  }
  if (mem) {
    b.set('memoryClockMhz', readAmdQuantity(mem.clk, 'megahertz', 'MHz'));
    b.set('memoryClockMaxMhz', readAmdQuantity(mem.max_clk, 'megahertz', 'MHz'));
  }
  const corrected = readNumber(pick(entry, 'ecc', 'total_correctable_count'));
  const uncorrected = readNumber(pick(entry, 'ecc', 'total_uncorrectable_count'));
  if (corrected.ok || uncorrected.ok) {
    const value = (r: typeof corrected) => (r.ok ? r.value : null);
    b.set('eccErrors', { ok: true, value: { correctedVolatile: null, uncorrectedVolatile: null, correctedAggregate: value(corrected), uncorrectedAggregate: value(uncorrected) } });
  }
}

function mergeProcesses(merged: Merged, b: DeviceBuilder, entry: JsonObject): void {
  const list = Array.isArray(entry.process_list) ? entry.process_list : [];
  for (const item of list.slice(0, MAX_PROCESSES_PER_GPU)) {
    // "No running processes detected" comes as a string in place of the object.
    const info = pick(item, 'process_info');
    if (!isObject(info)) continue;
    const pid = readNumber(info.pid);
    if (!pid.ok || !Number.isSafeInteger(pid.value) || pid.value <= 0) continue;
    const vram = readAmdQuantity(pick(info, 'memory_usage', 'vram_mem'), 'bytes', 'B');
    const name = readText(info.name);
    merged.processes.push({
      pid: pid.value, gpuIndex: b.device.index, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: 'compute',
      usedMemoryBytes: vram.ok ? vram.value : null, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null,
      decoderUtilPercent: null, name: name.ok ? name.value : null,
    });
  }
}

function builderFor(merged: Merged, gpu: number): DeviceBuilder {
  let builder = merged.builders.get(gpu);
  if (!builder) {
    builder = new DeviceBuilder(gpu, 'amd', merged.problems, 'amd-smi');
    builder.unsupported('computeCapability', 'migModeCurrent', 'migModePending', 'nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'driverModel');
    merged.builders.set(gpu, builder);
  }
  return builder;
}

/** Merges amd-smi documents (static, metric, process, list: any of them, in any order). */
export function parseAmdSmiDocuments(texts: readonly string[]): BackendReading {
  const merged: Merged = { builders: new Map(), processes: [], driverVersion: null, problems: [] };
  for (const text of texts) {
    const entries = amdSmiEntries(parseJsonDocument(text, AMD_SMI_FORMAT));
    if (!entries) throw new VendorParseError('vendors.parse.notFormat', { format: AMD_SMI_FORMAT });
    if (entries.length > MAX_GPUS_PER_MACHINE) throw new VendorParseError('vendors.parse.tooManyGpus', { format: AMD_SMI_FORMAT, count: entries.length });
    for (const entry of entries) {
      const gpu = entry.gpu as number;
      if (!Number.isInteger(gpu) || gpu < 0 || gpu >= MAX_GPUS_PER_MACHINE) throw new VendorParseError('vendors.parse.badIndex', { format: AMD_SMI_FORMAT, index: String(gpu) });
      const builder = builderFor(merged, gpu);
      if ('bdf' in entry) builder.set('pciBusId', mapReading(readText(entry.bdf), toNvmlBusId, 'not a PCI address'));
      mergeStatic(builder, entry);
      mergeMetric(builder, entry);
      mergeProcesses(merged, builder, entry);
      merged.driverVersion ??= driverVersionOf(entry);
    }
  }
  return toReading(merged);
}

function toReading(merged: Merged): BackendReading {
  // amd-smi numbers GPUs 0…n−1; a gap (one document lists fewer) is closed so index = position.
  const ordered = [...merged.builders.entries()].sort(([a], [b]) => a - b);
  const position = new Map(ordered.map(([gpu], i) => [gpu, i]));
  const devices = ordered.map(([, builder], i) => {
    builder.device.index = i;
    const { device } = builder;
    if (device.memoryFreeBytes === null && device.memoryTotalBytes !== null && device.memoryUsedBytes !== null) {
      builder.set('memoryFreeBytes', { ok: true, value: Math.max(0, device.memoryTotalBytes - device.memoryUsedBytes) });
    }
    return device;
  });
  const processes = merged.processes.map((p) => ({ ...p, gpuIndex: position.get(p.gpuIndex) ?? p.gpuIndex }));
  return { driver: vendorDriverInfo(merged.driverVersion), devices, processes, problems: merged.problems };
}
