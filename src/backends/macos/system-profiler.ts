// `system_profiler SPDisplaysDataType` → devices, in all three of its forms: `-json` (macOS 10.15+),
// `-xml` (a plist; older Macs and ohai-style captures) and the indented text people paste
// ("Graphics/Displays:" / "Chipset Model: Apple M1"). Apple Silicon has no VRAM of its own: its
// GPU shares the unified memory, and the note with its core count says so.

import type { BackendReading } from '../../core/backend.js';
import type { GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { BYTES_PER_GIB, BYTES_PER_MIB } from '../../core/units.js';
import { MAX_GPUS_PER_MACHINE } from '../../system/limits.js';
import { checkInputSize, DeviceBuilder, isObject, none, parseJsonDocument, readText, vendorDriverInfo, VendorParseError, type JsonObject, type Reading } from '../vendor-common/reading.js';
import { parsePlist } from './plist.js';

export const SYSTEM_PROFILER_FORMAT = 'system-profiler';

/** One GPU as system_profiler describes it, in the JSON form's keys. */
export type DisplayItem = Readonly<Record<string, unknown>>;

function vendorOf(item: DisplayItem): GpuDevice['vendor'] {
  const text = `${item.spdisplays_vendor ?? ''} ${item.sppci_model ?? ''}`.toLowerCase();
  if (/apple|0x106b/.test(text)) return 'apple';
  if (/nvidia|0x10de/.test(text)) return 'nvidia';
  if (/\b(ati|amd|radeon)\b|0x1002/.test(text)) return 'amd';
  if (/intel|0x8086/.test(text)) return 'intel';
  return 'other';
}

/** "512 MB", "4 GB", "1536 MB" → bytes. */
function vram(raw: unknown): Reading<number> {
  const text = readText(raw);
  if (!text.ok) return text;
  const match = /^(\d+(?:\.\d+)?)\s*(MB|GB)$/i.exec(text.value);
  if (!match) return { ok: false, reason: 'error', problem: `not a memory size: ${JSON.stringify(text.value)}` };
  return { ok: true, value: Math.round(Number(match[1]) * (match[2]!.toUpperCase() === 'GB' ? BYTES_PER_GIB : BYTES_PER_MIB)) };
}

export interface MacGpu {
  device: GpuDevice;
  /** Apple Silicon GPU cores ("sppci_cores"); null elsewhere. */
  cores: number | null;
}

export function itemsToGpus(items: readonly DisplayItem[], problems: SnapshotProblem[], unifiedMemoryBytes: number | null): MacGpu[] {
  return items.slice(0, MAX_GPUS_PER_MACHINE).map((item, index) => {
    const vendor = vendorOf(item);
    const b = new DeviceBuilder(index, vendor, problems, 'system_profiler');
    b.unsupported('computeCapability', 'migModeCurrent', 'migModePending', 'nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'driverModel', 'uuid', 'eccModeCurrent', 'eccModePending', 'eccErrors');
    b.set('name', readText(item.sppci_model ?? item._name));
    const cores = readText(item.sppci_cores);
    if (vendor === 'apple') {
      // The GPU can use the unified memory it shares with the CPU; there is no dedicated VRAM.
      b.set('memoryTotalBytes', unifiedMemoryBytes === null ? none('not-reported') : { ok: true, value: unifiedMemoryBytes });
    } else {
      const dedicated = vram(item.spdisplays_vram ?? item.spdisplays_vram_shared ?? item._spdisplays_vram);
      b.set('memoryTotalBytes', dedicated);
    }
    const width = readText(item.spdisplays_pcie_width);
    if (width.ok && /^x\d{1,2}$/.test(width.value)) b.set('pcieLinkWidth', { ok: true, value: Number(width.value.slice(1)) });
    return { device: b.device, cores: cores.ok && /^\d{1,4}$/.test(cores.value) ? Number(cores.value) : null };
  });
}

/** The notes every Mac reading carries: what CUDA means here, and the Apple GPU's cores. */
export function macNotes(gpus: readonly MacGpu[]): SnapshotProblem[] {
  const notes: SnapshotProblem[] = [{ scope: 'driver', code: 'no-cuda', message: 'CUDA does not exist on macOS; PyTorch uses MPS', key: 'vendors.mac.noCuda' }];
  for (const gpu of gpus) {
    if (gpu.cores !== null && gpu.device.vendor === 'apple') {
      const model = gpu.device.name ?? 'Apple GPU';
      notes.push({ scope: `device:${gpu.device.index}`, code: 'unified-memory', message: `${model}: ${gpu.cores}-core GPU, unified memory`, key: 'vendors.mac.appleGpu', params: { model, cores: gpu.cores } });
    }
  }
  return notes;
}

const TEXT_KEYS: Readonly<Record<string, string>> = {
  'chipset model': 'sppci_model', vendor: 'spdisplays_vendor', 'total number of cores': 'sppci_cores', 'vram (total)': 'spdisplays_vram',
  vram: 'spdisplays_vram', 'vram (dynamic, max)': 'spdisplays_vram_shared', 'pcie lane width': 'spdisplays_pcie_width', 'device id': 'spdisplays_device-id',
};

/** The text form: one block per GPU under "Graphics/Displays:", its fields one indent deeper; "Displays:" nests the screens. */
function itemsFromText(text: string): DisplayItem[] {
  const items: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  let blockIndent = -1;
  let fieldIndent = -1;
  for (const line of text.split(/\r?\n/)) {
    const field = /^(\s*)([^:]+):\s*(.*)$/.exec(line);
    if (!field) continue;
    const [, spaces = '', label = '', value = ''] = field;
    const indent = spaces.length;
    if (value.trim() === '') {
      if (/^graphics\/displays$/i.test(label.trim())) continue;
      // A header at the GPUs' level opens the next GPU; deeper ones ("Displays:", a screen) are skipped.
      if (current === null || indent <= blockIndent) {
        items.push((current = { _name: label.trim() }));
        blockIndent = indent;
        fieldIndent = -1;
      }
      continue;
    }
    if (current === null || indent <= blockIndent) continue;
    if (fieldIndent < 0) fieldIndent = indent;
    if (indent !== fieldIndent) continue; // a screen's fields
    const name = TEXT_KEYS[label.trim().toLowerCase()];
    if (name) current[name] = value.trim();
  }
  return items.filter((item) => 'sppci_model' in item);
}

function itemsFromDocument(document: unknown): DisplayItem[] | null {
  if (isObject(document) && Array.isArray(document.SPDisplaysDataType)) return document.SPDisplaysDataType.filter(isObject);
  // -xml: a list of data types, each with its _dataType and _items.
  if (Array.isArray(document)) {
    const section = document.filter(isObject).find((entry) => entry._dataType === 'SPDisplaysDataType');
    if (section && Array.isArray(section._items)) return section._items.filter(isObject) as JsonObject[];
  }
  return null;
}

/** Every GPU in a system_profiler output (JSON, XML or text). */
export function parseSystemProfilerItems(text: string): DisplayItem[] {
  checkInputSize(text, SYSTEM_PROFILER_FORMAT);
  const trimmed = text.trimStart();
  const items = trimmed.startsWith('{') ? itemsFromDocument(parseJsonDocument(text, SYSTEM_PROFILER_FORMAT)) : trimmed.startsWith('<') ? itemsFromDocument(parsePlist(text, SYSTEM_PROFILER_FORMAT)) : itemsFromText(text);
  if (!items || items.length === 0) throw new VendorParseError('vendors.parse.noRecords', { format: SYSTEM_PROFILER_FORMAT });
  return items;
}

export function parseSystemProfiler(text: string, unifiedMemoryBytes: number | null = null): BackendReading {
  const problems: SnapshotProblem[] = [];
  const gpus = itemsToGpus(parseSystemProfilerItems(text), problems, unifiedMemoryBytes);
  return { driver: vendorDriverInfo(null), devices: gpus.map((g) => g.device), processes: [], problems: [...macNotes(gpus), ...problems] };
}
