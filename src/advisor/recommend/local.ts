// "Your RTX 3090 has 24 GiB: this fits / does not" — the GPUs in a local snapshot, grouped by
// model, matched to the catalog, and checked against the work's memory with the same planner
// the recommendations use (N identical local GPUs can shard the work), against the memory the
// driver reports less the same fragmentation margin.

import { matchGpuName, type GpuCatalog } from '../../catalog/index.js';
import type { Snapshot } from '../../core/snapshot.js';
import { BYTES_PER_GIB } from '../../core/units.js';
import type { MemoryPlanner } from './memory-plan.js';
import type { LocalFit } from './types.js';

const gib = (bytes: number) => Number((bytes / BYTES_PER_GIB).toFixed(1));

export function localFits(snapshot: Snapshot, planner: MemoryPlanner, catalog: GpuCatalog, marginShare: number): LocalFit[] {
  const groups = new Map<string, { name: string; memory: number | null; used: number | null; count: number }>();
  for (const device of snapshot.devices) {
    if (device.state !== 'ok') continue;
    const name = device.name ?? 'GPU';
    const key = `${name}|${device.memoryTotalBytes ?? ''}`;
    const group = groups.get(key) ?? { name, memory: device.memoryTotalBytes, used: device.memoryUsedBytes, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].map((group): LocalFit => {
    const match = matchGpuName(group.name, { memoryTotalBytes: group.memory }, catalog);
    const reported = group.memory ?? (match ? match.entry.memorySizeGiB.value * BYTES_PER_GIB : null);
    const capacity = reported === null ? null : reported * (1 - marginShare);
    const base = { deviceName: group.name, count: group.count, catalogId: match?.entry.id ?? null, memoryTotalBytes: capacity };
    if (capacity === null) {
      return { ...base, perGpuNeedBytes: null, fits: null, note: { key: 'advisor.local.unknownMemory', params: { name: group.name } } };
    }
    const candidate = planner.choose(group.count, capacity);
    const need = candidate.perGpuNeedBytes;
    if (need === null) {
      return { ...base, perGpuNeedBytes: null, fits: null, note: { key: 'advisor.local.needUnknown', params: { name: group.name, count: group.count, capacity: gib(capacity) } } };
    }
    const fits = need <= capacity;
    const params = { name: group.name, count: group.count, capacity: gib(capacity), need: gib(need), used: gib(group.used ?? 0) };
    const key = fits ? (group.used !== null && capacity - group.used < need ? 'advisor.local.fitsButBusy' : 'advisor.local.fits') : 'advisor.local.doesNotFit';
    return { ...base, perGpuNeedBytes: need, fits, note: { key, params } };
  });
}
