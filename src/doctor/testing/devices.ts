// Hand-made GpuDevice values for tests: every field null unless given, as a backend that could
// not read it would leave it.

import { emptyGpuDevice } from '../../core/empty-device.js';
import type { GpuDevice } from '../../core/snapshot.js';

export function makeGpuDevice(fields: Partial<GpuDevice> & { index: number }): GpuDevice {
  return { ...emptyGpuDevice(fields.index, 'nvidia'), ...fields };
}
