// Measures how many bytes per entry a process-list function really writes. Read the list twice,
// into memory pre-filled with 0x00 and then with 0xFF: every byte the driver writes differs from
// at least one of the two fills, so the last such byte marks the end of the last entry, and
// (end / count) is the stride. Values that change between the two reads would have to flip a
// byte from exactly 0x00 to exactly 0xFF to fool it.

import { processInfoLayoutForStride, type ProcessInfoLayout } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { NVML_SUCCESS } from './return-codes.js';
import { call, type Plan } from './plan.js';
import type { NativeBuffer, Scratch } from './scratch.js';

export function* measureProcessInfoStride(
  lib: NvmlLibrary,
  key: 'computeProcesses' | 'graphicsProcesses',
  handle: bigint,
  buffer: NativeBuffer,
  capacity: number,
  scratch: Scratch,
): Plan<ProcessInfoLayout | null> {
  function* readWithFill(fill: number): Plan<{ count: number; end: number } | null> {
    buffer.fill(fill);
    scratch.setU32(0, capacity);
    if ((yield call(lib.fn[key], handle, scratch.slot(0), buffer.pointer)) !== NVML_SUCCESS) return null;
    let end = buffer.size;
    while (end > 0 && buffer.bytes[end - 1] === fill) end--;
    return { count: scratch.slotU32(0), end };
  }
  const zeros = yield* readWithFill(0x00);
  const ones = yield* readWithFill(0xff);
  if (!zeros || !ones || zeros.count !== ones.count || zeros.count === 0) return null;
  const end = Math.max(zeros.end, ones.end);
  if (end % zeros.count !== 0) return null;
  return processInfoLayoutForStride(end / zeros.count);
}
