// The Windows parsers' entry points: a paste (any Win32_VideoController layout, or gpuwise's
// inventory JSON) and the live pair (inventory + counters) → one BackendReading.

import type { BackendProcess, BackendReading } from '../../core/backend.js';
import { MAX_PROCESSES_PER_GPU } from '../../system/limits.js';
import { setDeviceValue } from '../../core/empty-device.js';
import { parseProblem, VendorParseError } from '../vendor-common/reading.js';
import { recordsToReading, type WindowsAdapter } from './adapters.js';
import { parseGpuCounters, type AdapterCounters } from './counters.js';
import { recordsFromJson, recordsFromText, WIN32_FORMAT } from './records.js';

/** A JSON paste or gpuwise's own inventory output. */
export function parseWin32Json(text: string): BackendReading {
  const records = recordsFromJson(text);
  if (!records) throw new VendorParseError('vendors.parse.notFormat', { format: WIN32_FORMAT });
  return strip(recordsToReading(records));
}

/** wmic (list or table) and Get-WmiObject / Format-List text. */
export function parseWin32Text(text: string): BackendReading {
  return strip(recordsToReading(recordsFromText(text)));
}

const strip = ({ adapters: _adapters, ...reading }: BackendReading & { adapters: WindowsAdapter[] }): BackendReading => reading;

function applyCounters(adapter: WindowsAdapter, counters: AdapterCounters): void {
  const { device } = adapter;
  if (counters.utilPercent !== null) setDeviceValue(device, 'gpuUtilPercent', counters.utilPercent);
  // Dedicated usage is the adapter's own memory in use; an integrated GPU has (almost) none and
  // lives in shared system memory, which has no field of its own here.
  if (counters.dedicatedBytes !== null && (device.memoryTotalBytes === null || counters.dedicatedBytes <= device.memoryTotalBytes)) {
    setDeviceValue(device, 'memoryUsedBytes', counters.dedicatedBytes);
  }
  if (device.memoryTotalBytes !== null && device.memoryUsedBytes !== null) {
    setDeviceValue(device, 'memoryFreeBytes', Math.max(0, device.memoryTotalBytes - device.memoryUsedBytes));
  }
}

/** Task Manager's per-process view of one adapter (PID 0 is the kernel's own share, not a process). */
function processesOf(adapter: WindowsAdapter, counters: AdapterCounters): BackendProcess[] {
  return [...counters.processes.entries()]
    .filter(([pid]) => pid > 0)
    .slice(0, MAX_PROCESSES_PER_GPU)
    .map(([pid, usage]) => ({
      pid, gpuIndex: adapter.device.index, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null,
      type: usage.compute && usage.graphics ? 'compute+graphics' : usage.compute ? 'compute' : 'graphics',
      usedMemoryBytes: usage.dedicatedBytes, smUtilPercent: usage.utilPercent, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: null,
    }));
}

/** The inventory read at open with the counters of this read (null when Get-Counter failed). */
export function parseWindowsLive(inventoryJson: string, countersJson: string | null): BackendReading {
  const records = recordsFromJson(inventoryJson);
  if (!records) throw new VendorParseError('vendors.parse.notFormat', { format: WIN32_FORMAT });
  const { adapters, ...reading } = recordsToReading(records);
  if (countersJson === null) return reading;
  let counters;
  try {
    counters = parseGpuCounters(countersJson);
  } catch (error) {
    reading.problems.push(parseProblem(error));
    return reading;
  }
  let linked = 0;
  for (const adapter of adapters) {
    const found = adapter.luid === null ? undefined : counters.get(adapter.luid);
    if (found) {
      applyCounters(adapter, found);
      reading.processes.push(...processesOf(adapter, found));
      linked++;
    }
  }
  if (linked === 0 && counters.size > 0 && adapters.length > 0) {
    reading.problems.push({ scope: 'devices', code: 'counters-unlinked', message: `${counters.size} counter adapters, none matched`, key: 'vendors.windows.countersUnlinked', params: { count: counters.size } });
  }
  return reading;
}
