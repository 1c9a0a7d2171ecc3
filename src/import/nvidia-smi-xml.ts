// `nvidia-smi -q -x`: every DTD generation from nvsmi_device_v10 (R418) to v13 (R590). Element
// names that changed between them are in nvidia-smi-record.ts; the rest of the tree is the same.

import type { BackendProcess, BackendReading } from '../core/backend.js';
import type { DriverInfo, GpuDevice, MigDevice, SnapshotProblem } from '../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE, MAX_PROCESSES_PER_GPU } from '../system/limits.js';
import { finishDevice, quantityOf, wholeNumber, type TreeAccess } from './nvidia-smi-finish.js';
import { nodeAt, treeToDevice } from './nvidia-smi-record.js';
import { ImportError, type ImportFormat } from './types.js';
import { parseXml, type XmlElement } from './xml.js';

const xmlAccess: TreeAccess = {
  text: (node, path) => nodeAt(node, path)?.text,
  slowdown: ['temperature/gpu_temp_slow_threshold'],
  shutdown: ['temperature/gpu_temp_max_threshold'],
};

function migDevices(gpu: XmlElement): MigDevice[] {
  const list = nodeAt(gpu, 'mig_devices');
  if (!list) return [];
  return list.children
    .filter((c) => c.name === 'mig_device')
    .map((mig, position) => ({
      index: wholeNumber(nodeAt(mig, 'index')?.text) ?? position,
      uuid: null,
      name: null,
      gpuInstanceId: wholeNumber(nodeAt(mig, 'gpu_instance_id')?.text),
      computeInstanceId: wholeNumber(nodeAt(mig, 'compute_instance_id')?.text),
      multiprocessorCount: wholeNumber(nodeAt(mig, 'device_attributes/shared/multiprocessor_count')?.text),
      memoryTotalBytes: quantityOf(nodeAt(mig, 'fb_memory_usage/total')?.text),
      memoryUsedBytes: quantityOf(nodeAt(mig, 'fb_memory_usage/used')?.text),
      memoryFreeBytes: quantityOf(nodeAt(mig, 'fb_memory_usage/free')?.text),
    }));
}

function processesOf(gpu: XmlElement, device: GpuDevice): BackendProcess[] {
  const list = nodeAt(gpu, 'processes');
  if (!list) return [];
  return list.children
    .filter((c) => c.name === 'process_info')
    .slice(0, MAX_PROCESSES_PER_GPU)
    .flatMap((entry): BackendProcess[] => {
      const pid = wholeNumber(nodeAt(entry, 'pid')?.text);
      if (pid === null) return [];
      const type = nodeAt(entry, 'type')?.text.trim() ?? 'C';
      const name = nodeAt(entry, 'process_name')?.text.trim() ?? '';
      return [{
        pid,
        gpuIndex: device.index,
        gpuUuid: device.uuid,
        gpuInstanceId: wholeNumber(nodeAt(entry, 'gpu_instance_id')?.text),
        computeInstanceId: wholeNumber(nodeAt(entry, 'compute_instance_id')?.text),
        type: type === 'G' ? 'graphics' : type === 'C+G' ? 'compute+graphics' : 'compute',
        usedMemoryBytes: quantityOf(nodeAt(entry, 'used_memory')?.text),
        smUtilPercent: null,
        memoryUtilPercent: null,
        encoderUtilPercent: null,
        decoderUtilPercent: null,
        name: name === '' ? null : name,
      }];
    });
}

export function driverInfo(driverVersion: string | undefined, cudaVersion: string | undefined): DriverInfo {
  const clean = (value: string | undefined) => {
    const text = value?.trim() ?? '';
    return text === '' || /^(?:n\/a|\[n\/a\])$/i.test(text) ? null : text;
  };
  const driver = clean(driverVersion);
  const cuda = clean(cudaVersion);
  const unavailable: DriverInfo['unavailable'] = {};
  if (driver === null) unavailable.driverVersion = 'not-reported';
  if (cuda === null) unavailable.cudaDriverVersion = 'not-reported';
  // Only NVML itself reports its version; no nvidia-smi output prints it.
  unavailable.nvmlVersion = 'not-reported';
  return { driverVersion: driver, cudaDriverVersion: cuda, nvmlVersion: null, unavailable };
}

export function parseNvidiaSmiXml(text: string): BackendReading {
  const root = parseXml(text);
  if (root.name !== 'nvidia_smi_log') throw new ImportError('import.error.xmlRoot', { root: root.name.slice(0, 40) });
  const gpus = root.children.filter((c) => c.name === 'gpu');
  if (gpus.length > MAX_GPUS_PER_MACHINE) throw new ImportError('import.error.tooManyGpus', { count: gpus.length, limit: MAX_GPUS_PER_MACHINE });
  const devices: GpuDevice[] = [];
  const processes: BackendProcess[] = [];
  const problems: SnapshotProblem[] = [];
  gpus.forEach((gpu, position) => {
    const mapped = treeToDevice(gpu, 'xml', position, gpu.attributes.id ?? null);
    const device = finishDevice(mapped, gpu, xmlAccess, migDevices(gpu), problems);
    devices.push(device);
    processes.push(...processesOf(gpu, device));
  });
  const attached = Number(nodeAt(root, 'attached_gpus')?.text);
  if (Number.isInteger(attached) && attached > gpus.length) {
    problems.push({
      scope: 'import',
      code: 'partial',
      message: `the file lists ${gpus.length} of ${attached} attached GPUs (captured with -i, or cut)`,
      key: 'import.note.someGpus',
      params: { listed: gpus.length, attached },
    });
  }
  return { driver: driverInfo(nodeAt(root, 'driver_version')?.text, nodeAt(root, 'cuda_version')?.text), devices, processes, problems };
}

export const nvidiaSmiXmlFormat: ImportFormat = {
  id: 'nvidia-smi-xml',
  command: 'nvidia-smi -q -x',
  detect: (text) => /<nvidia_smi_log[\s>]/.test(text),
  parse: parseNvidiaSmiXml,
};
