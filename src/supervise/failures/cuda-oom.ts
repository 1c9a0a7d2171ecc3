// PyTorch's CUDA out-of-memory message, read for its sizes, and the advice they support.
// Two formats are in use (fixtures: __fixtures__/, SOURCES.md):
//   ≥ 2.1  "Tried to allocate 22.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 11.06 MiB
//           is free. Including non-PyTorch memory, this process has 23.60 GiB memory in use. Of the
//           allocated memory 22.90 GiB is allocated by PyTorch, and 194.87 MiB is reserved by
//           PyTorch but unallocated. …" (2.1 spelled it "capacty")
//   older  "Tried to allocate 2.26 GiB (GPU 0; 6.00 GiB total capacity; 781.59 MiB already
//           allocated; 3.03 GiB free; 1.24 GiB reserved in total by PyTorch)"

import { parseSize, type Text } from './types.js';

export interface CudaOom {
  gpu: number | null;
  triedBytes: number | null;
  totalBytes: number | null;
  freeBytes: number | null;
  /** All of this process's memory on the GPU (CUDA context included); new format only. */
  processBytes: number | null;
  allocatedBytes: number | null;
  /** Reserved by PyTorch's caching allocator but not handed out: fragmentation. */
  reservedUnallocatedBytes: number | null;
}

const SIZE = String.raw`(\d+(?:\.\d+)?\s*(?:bytes|[KMGT]iB|B))`;
const MARK = /CUDA out of memory/i;
const TRIED = new RegExp(String.raw`Tried to allocate ${SIZE}`, 'i');
const NEW_TOTAL = new RegExp(String.raw`GPU (\d+) has a total capac(?:i)?ty of ${SIZE} of which ${SIZE} is free`, 'i');
const PROCESS = new RegExp(String.raw`this process has ${SIZE} memory in use`, 'i');
const NEW_SPLIT = new RegExp(String.raw`Of the allocated memory ${SIZE} is allocated by PyTorch, and ${SIZE} is reserved by PyTorch but unallocated`, 'i');
const OLD = new RegExp(String.raw`\(GPU (\d+); ${SIZE} total capacity; ${SIZE} already allocated; ${SIZE} free; ${SIZE} reserved in total by PyTorch\)`, 'i');

export function parseCudaOom(line: string): CudaOom | null {
  if (!MARK.test(line)) return null;
  const tried = TRIED.exec(line);
  const fresh = NEW_TOTAL.exec(line);
  const old = OLD.exec(line);
  const split = NEW_SPLIT.exec(line);
  const oldReserved = parseSize(old?.[5]);
  const oldAllocated = parseSize(old?.[3]);
  return {
    gpu: fresh ? Number(fresh[1]) : old ? Number(old[1]) : null,
    triedBytes: parseSize(tried?.[1]),
    totalBytes: parseSize(fresh?.[2] ?? old?.[2]),
    freeBytes: parseSize(fresh?.[3] ?? old?.[4]),
    processBytes: parseSize(PROCESS.exec(line)?.[1]),
    allocatedBytes: parseSize(split?.[1]) ?? oldAllocated,
    reservedUnallocatedBytes: parseSize(split?.[2]) ?? (oldReserved !== null && oldAllocated !== null ? Math.max(0, oldReserved - oldAllocated) : null),
  };
}

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
/** "22.0 MiB", "2.26 GiB": the unit PyTorch would print, so the advice reads like the error. */
export function formatBytes(bytes: number): string {
  return bytes < GIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${(bytes / GIB).toFixed(2)} GiB`;
}

/**
 * The fixes, most useful first. The batch share: the memory this process could have (what it
 * holds plus what was free) over what it asked for (what it holds plus the failed allocation) —
 * an upper bound, since weights and optimiser state do not shrink with the batch, so it is rounded
 * down to a power of two.
 */
export function cudaOomFixes(oom: CudaOom): Text[] {
  const fixes: Text[] = [];
  const held = oom.processBytes ?? (oom.allocatedBytes !== null && oom.reservedUnallocatedBytes !== null ? oom.allocatedBytes + oom.reservedUnallocatedBytes : null);
  if (oom.triedBytes !== null && oom.freeBytes !== null && held !== null && held + oom.triedBytes > 0) {
    const share = (held + oom.freeBytes) / (held + oom.triedBytes);
    const divisor = 2 ** Math.max(1, Math.ceil(Math.log2(1 / Math.max(share, 1e-6))));
    fixes.push({ key: 'run.fix.oom.batchSized', params: { tried: formatBytes(oom.triedBytes), free: formatBytes(oom.freeBytes), divisor: Math.min(divisor, 1024) } });
  } else {
    fixes.push({ key: 'run.fix.oom.batch' });
  }
  // Fragmented: the cache holds enough for the request but not in one piece, or holds a large
  // share of the GPU unused ("if reserved but unallocated memory is large", PyTorch says).
  const unused = oom.reservedUnallocatedBytes;
  const fragmented = unused !== null && ((oom.triedBytes !== null && unused >= oom.triedBytes) || (oom.totalBytes !== null && unused >= 0.2 * oom.totalBytes));
  fixes.push(fragmented
    ? { key: 'run.fix.oom.fragmented', params: { reserved: formatBytes(oom.reservedUnallocatedBytes ?? 0) } }
    : { key: 'run.fix.oom.allocConf' });
  if (oom.totalBytes !== null && oom.processBytes !== null && oom.freeBytes !== null) {
    const others = oom.totalBytes - oom.processBytes - oom.freeBytes;
    if (others > 0.1 * oom.totalBytes) fixes.push({ key: 'run.fix.oom.otherProcesses', params: { others: formatBytes(others) } });
  }
  fixes.push({ key: 'run.fix.oom.memorySavers' });
  return fixes;
}
