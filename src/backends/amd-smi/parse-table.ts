// amd-smi's default table (`amd-smi` with no arguments, 26.x), as pasted: two rows per GPU
// between "|===…" and "|---…" rules — "| 0000:03:00.0 …Radeon AI PRO R9700 | 1 %  79 °C  0  103/300 W |"
// and "|   0  0  N/A  N/A | 100 %  38.82  29777/32624 MB |" — then a process table whose sizes
// are KB/MB/GB in powers of 1024 (19.6 GB for 21,008,920,000 bytes).

import type { BackendProcess, BackendReading } from '../../core/backend.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import { BYTES_PER_GIB, BYTES_PER_KIB, BYTES_PER_MIB } from '../../core/units.js';
import { MAX_GPU_PROCESSES_PER_MACHINE, MAX_GPUS_PER_MACHINE } from '../../system/limits.js';
import { toNvmlBusId } from '../pci/address.js';
import { checkInputSize, DeviceBuilder, none, readNumber, vendorDriverInfo, VendorParseError } from '../vendor-common/reading.js';

export const AMD_SMI_TABLE_FORMAT = 'amd-smi-table';

export const isAmdSmiTable = (text: string): boolean => /^\|\s*AMD-SMI\s+\S+/m.test(text) && /GPU-Name/.test(text);

const SIZE: Readonly<Record<string, number>> = { B: 1, KB: BYTES_PER_KIB, MB: BYTES_PER_MIB, GB: BYTES_PER_GIB };
const MAX_LINE = 2000;

function size(value: string, unit: string): number | null {
  const factor = SIZE[unit.toUpperCase()];
  const number = Number(value);
  return factor !== undefined && Number.isFinite(number) ? Math.round(number * factor) : null;
}

export function parseAmdSmiTable(text: string): BackendReading {
  checkInputSize(text, AMD_SMI_TABLE_FORMAT);
  const lines = text.split(/\r?\n/).filter((line) => line.length <= MAX_LINE);
  const problems: SnapshotProblem[] = [];
  const builders: DeviceBuilder[] = [];
  const processes: BackendProcess[] = [];
  const version = /amdgpu version:\s*(\S+)/.exec(text)?.[1] ?? null;
  for (let i = 0; i < lines.length; i++) {
    const first = /^\|\s*([0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7])\s+(.*?)\s*\|\s*(\S+)\s*%?\s+(\S+)\s*°?C?\s+\S+\s+(\S+)\/(\S+)\s*W\s*\|$/i.exec(lines[i]!);
    const second = first ? /^\|\s*(\d+)\s+.*\|\s*(\S+)\s*%?\s+(\S+)(?:\s*%)?\s+(\S+)\/(\S+)\s*MB\s*\|$/.exec(lines[i + 1] ?? '') : null;
    if (first && second) {
      if (builders.length >= MAX_GPUS_PER_MACHINE) throw new VendorParseError('vendors.parse.tooManyGpus', { format: AMD_SMI_TABLE_FORMAT, count: builders.length + 1 });
      const b = new DeviceBuilder(builders.length, 'amd', problems, 'amd-smi');
      b.unsupported('computeCapability', 'migModeCurrent', 'migModePending', 'nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'driverModel', 'uuid');
      const busId = toNvmlBusId(first[1]!);
      b.set('pciBusId', busId === null ? none('not-reported') : { ok: true, value: busId });
      // The table cuts long names from the left ("...Radeon AI PRO R9700").
      const name = first[2]!.replace(/^\.\.\./, '').trim();
      b.set('name', name === '' ? none('not-reported') : { ok: true, value: name });
      b.set('memoryUtilPercent', readNumber(first[3]));
      b.set('temperatureCelsius', readNumber(first[4]));
      b.set('powerDrawWatts', readNumber(first[5]));
      b.set('powerLimitWatts', readNumber(first[6]));
      b.set('gpuUtilPercent', readNumber(second[2]));
      b.set('fanSpeedPercent', readNumber(second[3]));
      const used = readNumber(second[4]);
      const total = readNumber(second[5]);
      if (used.ok) b.set('memoryUsedBytes', { ok: true, value: used.value * BYTES_PER_MIB });
      if (total.ok) b.set('memoryTotalBytes', { ok: true, value: total.value * BYTES_PER_MIB });
      if (used.ok && total.ok) b.set('memoryFreeBytes', { ok: true, value: Math.max(0, total.value - used.value) * BYTES_PER_MIB });
      builders.push(b);
      i++;
      continue;
    }
    const process = /^\|\s*(\d{1,3})\s+(\d{1,10})\s+(\S.*?)\s+(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)\s+(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)\s+/.exec(lines[i]!);
    if (process && processes.length < MAX_GPU_PROCESSES_PER_MACHINE) {
      const gpuIndex = Number(process[1]);
      if (gpuIndex >= builders.length) continue;
      processes.push({
        pid: Number(process[2]), gpuIndex, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: 'compute',
        usedMemoryBytes: size(process[6]!, process[7]!), smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null,
        decoderUtilPercent: null, name: process[3]!,
      });
    }
  }
  if (builders.length === 0) throw new VendorParseError('vendors.parse.noRecords', { format: AMD_SMI_TABLE_FORMAT });
  return { driver: vendorDriverInfo(version), devices: builders.map((b) => b.device), processes: processes.filter((p) => p.pid > 0), problems };
}
