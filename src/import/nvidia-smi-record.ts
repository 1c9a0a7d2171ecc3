// `nvidia-smi -q -x` (XML) and `nvidia-smi -q` (text) print the same tree under two spellings.
// Each GPU's subtree is turned into the record the CSV query backend builds (one cell per
// --query-gpu field), so the value parsing, "no value" spellings, unit conversion and range
// checks are the nvidia-smi backend's own (map-device.ts), not a second copy.
//
// Paths are listed newest-driver-last where names changed: power_readings (≤ R530) became
// gpu_power_readings (R535+), whose power_draw became average_/instant_power_draw (R570+);
// clocks_throttle_reasons became clocks_event_reasons (R535+); ECC single_bit/double_bit blocks
// (≤ R470 on Pascal) became sram_/dram_ counters.

import type { GpuFieldKey } from '../backends/nvidia-smi/fields.js';
import { recordToDevice, type MappedDevice } from '../backends/nvidia-smi/map-device.js';
import type { FieldCell, FieldRecord } from '../backends/nvidia-smi/records.js';
import { noValueReason } from '../backends/nvidia-smi/values.js';
import { CLOCK_EVENT_REASON_BITS } from '../core/clock-events.js';
import type { XmlElement } from './xml.js';

/** Where one field is in either tree; the first path with a value wins. */
export interface TreePaths {
  xml: readonly string[];
  text: readonly string[];
}

export type TreeDialect = keyof TreePaths;

const p = (xml: string | string[], text: string | string[]): TreePaths => ({
  xml: typeof xml === 'string' ? [xml] : xml,
  text: typeof text === 'string' ? [text] : text,
});

export const TREE_FIELDS: Partial<Record<GpuFieldKey, TreePaths>> = {
  uuid: p('uuid', 'GPU UUID'),
  name: p('product_name', 'Product Name'),
  pciBusId: p('pci/pci_bus_id', 'PCI/Bus Id'),
  serial: p('serial', 'Serial Number'),
  vbiosVersion: p('vbios_version', 'VBIOS Version'),
  memoryTotal: p('fb_memory_usage/total', 'FB Memory Usage/Total'),
  memoryUsed: p('fb_memory_usage/used', 'FB Memory Usage/Used'),
  memoryFree: p('fb_memory_usage/free', 'FB Memory Usage/Free'),
  memoryReserved: p('fb_memory_usage/reserved', 'FB Memory Usage/Reserved'),
  gpuUtil: p('utilization/gpu_util', 'Utilization/Gpu'),
  memoryUtil: p('utilization/memory_util', 'Utilization/Memory'),
  encoderUtil: p('utilization/encoder_util', 'Utilization/Encoder'),
  decoderUtil: p('utilization/decoder_util', 'Utilization/Decoder'),
  temperature: p('temperature/gpu_temp', 'Temperature/GPU Current Temp'),
  fanSpeed: p('fan_speed', 'Fan Speed'),
  powerDraw: p(
    ['power_readings/power_draw', 'gpu_power_readings/power_draw', 'gpu_power_readings/average_power_draw', 'gpu_power_readings/instant_power_draw'],
    ['Power Readings/Power Draw', 'GPU Power Readings/Power Draw', 'GPU Power Readings/Average Power Draw', 'GPU Power Readings/Instant Power Draw'],
  ),
  powerLimitRequested: p(
    ['power_readings/power_limit', 'gpu_power_readings/requested_power_limit'],
    ['Power Readings/Power Limit', 'GPU Power Readings/Requested Power Limit'],
  ),
  powerLimitEnforced: p(
    ['power_readings/enforced_power_limit', 'gpu_power_readings/current_power_limit'],
    ['Power Readings/Enforced Power Limit', 'GPU Power Readings/Current Power Limit'],
  ),
  powerLimitDefault: p(
    ['power_readings/default_power_limit', 'gpu_power_readings/default_power_limit'],
    ['Power Readings/Default Power Limit', 'GPU Power Readings/Default Power Limit'],
  ),
  graphicsClock: p('clocks/graphics_clock', 'Clocks/Graphics'),
  smClock: p('clocks/sm_clock', 'Clocks/SM'),
  memoryClock: p('clocks/mem_clock', 'Clocks/Memory'),
  graphicsClockMax: p('max_clocks/graphics_clock', 'Max Clocks/Graphics'),
  smClockMax: p('max_clocks/sm_clock', 'Max Clocks/SM'),
  memoryClockMax: p('max_clocks/mem_clock', 'Max Clocks/Memory'),
  pcieGeneration: p(
    ['pci/pci_gpu_link_info/pcie_gen/current_link_gen', 'pci/pci_gpu_link_info/pcie_gen/device_current_link_gen'],
    ['PCI/GPU Link Info/PCIe Generation/Current', 'PCI/GPU Link Info/PCIe Generation/Device Current'],
  ),
  pcieGenerationMax: p('pci/pci_gpu_link_info/pcie_gen/max_link_gen', 'PCI/GPU Link Info/PCIe Generation/Max'),
  pcieWidth: p('pci/pci_gpu_link_info/link_widths/current_link_width', 'PCI/GPU Link Info/Link Width/Current'),
  pcieWidthMax: p('pci/pci_gpu_link_info/link_widths/max_link_width', 'PCI/GPU Link Info/Link Width/Max'),
  performanceState: p('performance_state', 'Performance State'),
  eccModeCurrent: p('ecc_mode/current_ecc', 'ECC Mode/Current'),
  eccModePending: p('ecc_mode/pending_ecc', 'ECC Mode/Pending'),
  migModeCurrent: p('mig_mode/current_mig', 'MIG Mode/Current'),
  migModePending: p('mig_mode/pending_mig', 'MIG Mode/Pending'),
  computeMode: p('compute_mode', 'Compute Mode'),
  persistenceMode: p('persistence_mode', 'Persistence Mode'),
  driverModel: p('driver_model/current_dm', 'Driver Model/Current'),
};

/** The node at a path of child names; a node may have both a value and children (the text form's "HW Slowdown"). */
export function nodeAt(root: XmlElement | undefined, path: string): XmlElement | undefined {
  let node = root;
  for (const name of path.split('/')) node = node?.children.find((c) => c.name === name);
  return node;
}

/** "81559 MiB" → raw "81559", unit "MiB"; "16x" → "16"; anything else as printed, unit-less. */
export function splitQuantity(printed: string): FieldCell {
  const text = printed.trim();
  const match = /^([+-]?\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|W|mW|MHz|GHz|%|C)$/.exec(text);
  if (match) return { raw: match[1]!, unit: match[2]! };
  const width = /^(\d+)x$/.exec(text);
  return { raw: width ? width[1]! : text, unit: null };
}

// The reason names under clocks_*_reasons / "Clocks * Reasons", by bit.
const REASON_NAMES: Record<TreeDialect, Record<string, bigint>> = {
  xml: {
    gpu_idle: CLOCK_EVENT_REASON_BITS['gpu-idle'],
    applications_clocks_setting: CLOCK_EVENT_REASON_BITS['applications-clocks-setting'],
    sw_power_cap: CLOCK_EVENT_REASON_BITS['sw-power-cap'],
    hw_slowdown: CLOCK_EVENT_REASON_BITS['hw-slowdown'],
    sync_boost: CLOCK_EVENT_REASON_BITS['sync-boost'],
    sw_thermal_slowdown: CLOCK_EVENT_REASON_BITS['sw-thermal-slowdown'],
    hw_thermal_slowdown: CLOCK_EVENT_REASON_BITS['hw-thermal-slowdown'],
    hw_power_brake_slowdown: CLOCK_EVENT_REASON_BITS['hw-power-brake-slowdown'],
    display_clocks_setting: CLOCK_EVENT_REASON_BITS['display-clock-setting'],
  },
  text: {
    Idle: CLOCK_EVENT_REASON_BITS['gpu-idle'],
    'Applications Clocks Setting': CLOCK_EVENT_REASON_BITS['applications-clocks-setting'],
    'SW Power Cap': CLOCK_EVENT_REASON_BITS['sw-power-cap'],
    'HW Slowdown': CLOCK_EVENT_REASON_BITS['hw-slowdown'],
    'Sync Boost': CLOCK_EVENT_REASON_BITS['sync-boost'],
    'SW Thermal Slowdown': CLOCK_EVENT_REASON_BITS['sw-thermal-slowdown'],
    'HW Thermal Slowdown': CLOCK_EVENT_REASON_BITS['hw-thermal-slowdown'],
    'HW Power Brake Slowdown': CLOCK_EVENT_REASON_BITS['hw-power-brake-slowdown'],
    'Display Clock Setting': CLOCK_EVENT_REASON_BITS['display-clock-setting'],
  },
};

const REASON_BLOCKS: Record<TreeDialect, readonly string[]> = {
  xml: ['clocks_event_reasons', 'clocks_throttle_reasons'],
  text: ['Clocks Event Reasons', 'Clocks Throttle Reasons'],
};

/** The Active/Not Active list as the hex mask the CSV query prints, or undefined when it says nothing. */
function clockReasonMask(gpu: XmlElement, dialect: TreeDialect): string | undefined {
  const block = REASON_BLOCKS[dialect].map((name) => nodeAt(gpu, name)).find((node) => node !== undefined);
  if (!block) return undefined;
  let mask = 0n;
  let known = 0;
  const visit = (node: XmlElement) => {
    for (const entry of node.children) {
      // The XML prefixes each name with the block's ("clocks_event_reason_gpu_idle").
      const name = dialect === 'xml' ? entry.name.replace(/^clocks_(?:event|throttle)_reason_/, '') : entry.name;
      const bit = REASON_NAMES[dialect][name];
      const state = entry.text.trim().toLowerCase();
      if (bit !== undefined && (state === 'active' || state === 'not active')) {
        known++;
        if (state === 'active') mask |= bit;
      }
      visit(entry);
    }
  };
  visit(block);
  return known > 0 ? `0x${mask.toString(16).padStart(16, '0')}` : undefined;
}

/** Sums the counters of an ECC block ("sram_correctable" + "dram_correctable", or "single_bit/total"); undefined when none has a number. */
function eccTotal(gpu: XmlElement, dialect: TreeDialect, period: 'volatile' | 'aggregate', corrected: boolean): string | undefined {
  const block = dialect === 'xml' ? nodeAt(gpu, `ecc_errors/${period}`) : nodeAt(gpu, `ECC Errors/${period === 'volatile' ? 'Volatile' : 'Aggregate'}`);
  if (!block) return undefined;
  const legacy = nodeAt(block, dialect === 'xml' ? `${corrected ? 'single_bit' : 'double_bit'}/total` : `${corrected ? 'Single Bit' : 'Double Bit'}/Total`);
  if (legacy) return legacy.text;
  const wanted = corrected ? /^(?:sram|dram)[ _]correctable$/i : /^(?:sram|dram)[ _]uncorrectable(?:[ _](?:parity|sec-ded))?$/i;
  let sum: number | null = null;
  for (const entry of block.children) {
    if (!wanted.test(entry.name) || noValueReason(entry.text) !== null || !/^\d+$/.test(entry.text.trim())) continue;
    sum = (sum ?? 0) + Number(entry.text.trim());
  }
  return sum === null ? undefined : String(sum);
}

/** One GPU's subtree → the nvidia-smi backend's device mapping (index = its place in the output). */
export function treeToDevice(gpu: XmlElement, dialect: TreeDialect, position: number, busIdFromHeader: string | null): MappedDevice {
  const cells = new Map<GpuFieldKey, FieldCell>();
  for (const [key, paths] of Object.entries(TREE_FIELDS) as [GpuFieldKey, TreePaths][]) {
    for (const path of paths[dialect]) {
      const node = nodeAt(gpu, path);
      if (!node) continue;
      cells.set(key, splitQuantity(node.text));
      if (noValueReason(node.text) === null) break;
    }
  }
  if (!cells.has('pciBusId') && busIdFromHeader) cells.set('pciBusId', { raw: busIdFromHeader, unit: null });
  const mask = clockReasonMask(gpu, dialect);
  if (mask) cells.set('clockEventMask', { raw: mask, unit: null });
  const ecc: [GpuFieldKey, 'volatile' | 'aggregate', boolean][] = [
    ['eccCorrectedVolatile', 'volatile', true],
    ['eccUncorrectedVolatile', 'volatile', false],
    ['eccCorrectedAggregate', 'aggregate', true],
    ['eccUncorrectedAggregate', 'aggregate', false],
  ];
  for (const [key, period, corrected] of ecc) {
    const total = eccTotal(gpu, dialect, period, corrected);
    if (total !== undefined) cells.set(key, { raw: total, unit: null });
  }
  cells.set('index', { raw: String(position), unit: null });
  const record: FieldRecord<GpuFieldKey> = { line: position + 1, cells };
  return recordToDevice(record, position);
}
