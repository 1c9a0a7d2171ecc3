// `nvidia-smi -L`: "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-…)", with its MIG instances indented
// under each GPU ("  MIG 3g.40gb Device 0: (UUID: MIG-…)"). Names and UUIDs only.

import type { BackendReading } from '../core/backend.js';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { GpuDevice } from '../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE } from '../system/limits.js';
import { driverInfo } from './nvidia-smi-xml.js';
import { ImportError, type ImportFormat } from './types.js';

const GPU_LINE = /^GPU (\d{1,3}): (.{1,200}?) \(UUID: (GPU-[0-9a-fA-F-]{8,64})\)\s*$/;
const MIG_LINE = /^\s+MIG (\S{1,40}) +Device +(\d{1,3}): \(UUID: (MIG-[0-9a-fA-F/-]{8,80})\)\s*$/;

export function parseNvidiaSmiList(text: string): BackendReading {
  const devices: GpuDevice[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.length > 400) continue;
    const gpu = GPU_LINE.exec(line.trim());
    if (gpu) {
      if (devices.length >= MAX_GPUS_PER_MACHINE) throw new ImportError('import.error.tooManyGpus', { count: devices.length + 1, limit: MAX_GPUS_PER_MACHINE });
      const device = emptyGpuDevice(Number(gpu[1]), 'nvidia', 'not-reported');
      device.name = gpu[2]!;
      device.uuid = gpu[3]!;
      delete device.unavailable.name;
      delete device.unavailable.uuid;
      devices.push(device);
      continue;
    }
    const mig = MIG_LINE.exec(line);
    const parent = devices[devices.length - 1];
    if (mig && parent && parent.migDevices.length < 64) {
      parent.migDevices.push({ index: Number(mig[2]), uuid: mig[3]!, name: mig[1]!, gpuInstanceId: null, computeInstanceId: null, multiprocessorCount: null, memoryTotalBytes: null, memoryUsedBytes: null, memoryFreeBytes: null });
      parent.migModeCurrent = true;
      delete parent.unavailable.migModeCurrent;
    }
  }
  if (devices.length === 0) throw new ImportError('import.error.noGpu', { format: 'nvidia-smi -L' });
  return { driver: driverInfo(undefined, undefined), devices, processes: [], problems: [{ scope: 'import', code: 'partial', message: 'nvidia-smi -L: names and UUIDs only', key: 'import.note.list' }] };
}

export const nvidiaSmiListFormat: ImportFormat = {
  id: 'nvidia-smi-list',
  command: 'nvidia-smi -L',
  detect: (text) => /^\s*GPU \d{1,3}: .{1,200}? \(UUID: GPU-[0-9a-fA-F-]{8,64}\)\s*$/m.test(text),
  parse: parseNvidiaSmiList,
};
