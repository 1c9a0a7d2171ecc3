// `nvidia-smi -q` (the text form of -q -x): "Key : value" lines nested by indentation. Read into
// the same tree as the XML (names as printed), then mapped by nvidia-smi-record.ts.

import type { BackendProcess, BackendReading } from '../core/backend.js';
import type { GpuDevice, MigDevice, SnapshotProblem } from '../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE, MAX_PROCESSES_PER_GPU } from '../system/limits.js';
import { finishDevice, quantityOf, wholeNumber, type TreeAccess } from './nvidia-smi-finish.js';
import { nodeAt, treeToDevice } from './nvidia-smi-record.js';
import { driverInfo } from './nvidia-smi-xml.js';
import { ImportError, type ImportFormat } from './types.js';
import type { XmlElement } from './xml.js';

const MAX_DEPTH = 32;
const MAX_LINES = 4_000_000;

/** Indentation → tree. A line is "Key : value", "Key :" or a bare section name; found with indexOf (linear). */
export function parseIndentedTree(text: string): XmlElement {
  const root: XmlElement = { name: '', attributes: {}, children: [], text: '' };
  const stack: { indent: number; node: XmlElement }[] = [{ indent: -1, node: root }];
  let lines = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    start = end + 1;
    if (++lines > MAX_LINES) throw new ImportError('import.error.tooManyLines', { limit: MAX_LINES });
    const body = line.trimStart();
    if (body === '' || body.startsWith('====')) continue;
    const indent = line.length - body.length;
    const separator = body.indexOf(' : ');
    const bare = separator < 0 && body.endsWith(' :');
    const name = (separator >= 0 ? body.slice(0, separator) : bare ? body.slice(0, -2) : body).trim();
    const value = separator >= 0 ? body.slice(separator + 3).trim() : '';
    while (stack.length > 1 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    if (stack.length > MAX_DEPTH) throw new ImportError('import.error.textDepth', { limit: MAX_DEPTH });
    const node: XmlElement = { name, attributes: {}, children: [], text: value };
    stack[stack.length - 1]!.node.children.push(node);
    stack.push({ indent, node });
  }
  return root;
}

const textAccess: TreeAccess = {
  text: (node, path) => nodeAt(node, path)?.text,
  slowdown: ['Temperature/GPU Slowdown Temp'],
  shutdown: ['Temperature/GPU Shutdown Temp'],
};

function preorder(node: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (n: XmlElement) => {
    for (const c of n.children) {
      out.push(c);
      visit(c);
    }
  };
  visit(node);
  return out;
}

/** "Process ID" opens a process; the keys after it (flat in old drivers, nested in new) belong to it. */
function processesOf(gpu: XmlElement, device: GpuDevice): BackendProcess[] {
  const list = nodeAt(gpu, 'Processes');
  if (!list) return [];
  const processes: BackendProcess[] = [];
  let gi: number | null = null;
  let ci: number | null = null;
  let current: BackendProcess | null = null;
  for (const entry of preorder(list)) {
    if (entry.name === 'GPU instance ID') gi = wholeNumber(entry.text);
    else if (entry.name === 'Compute instance ID') ci = wholeNumber(entry.text);
    else if (entry.name === 'Process ID') {
      const pid = wholeNumber(entry.text);
      current = null;
      if (pid === null || processes.length >= MAX_PROCESSES_PER_GPU) continue;
      current = {
        pid, gpuIndex: device.index, gpuUuid: device.uuid, gpuInstanceId: gi, computeInstanceId: ci, type: 'compute',
        usedMemoryBytes: null, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: null,
      };
      processes.push(current);
    } else if (current && entry.name === 'Type') current.type = entry.text === 'G' ? 'graphics' : entry.text === 'C+G' ? 'compute+graphics' : 'compute';
    else if (current && entry.name === 'Name') current.name = entry.text === '' ? null : entry.text;
    else if (current && entry.name === 'Used GPU Memory') current.usedMemoryBytes = quantityOf(entry.text);
  }
  return processes;
}

function migDevices(gpu: XmlElement): MigDevice[] {
  const list = nodeAt(gpu, 'MIG devices');
  if (!list) return [];
  return list.children
    .filter((c) => /^MIG Device/i.test(c.name))
    .map((mig, position) => ({
      index: wholeNumber(nodeAt(mig, 'Index')?.text) ?? position,
      uuid: null,
      name: null,
      gpuInstanceId: wholeNumber(nodeAt(mig, 'GPU Instance ID')?.text),
      computeInstanceId: wholeNumber(nodeAt(mig, 'Compute Instance ID')?.text),
      multiprocessorCount: wholeNumber(nodeAt(mig, 'Device Attributes/Shared/Multiprocessor count')?.text),
      memoryTotalBytes: quantityOf(nodeAt(mig, 'FB Memory Usage/Total')?.text),
      memoryUsedBytes: quantityOf(nodeAt(mig, 'FB Memory Usage/Used')?.text),
      memoryFreeBytes: quantityOf(nodeAt(mig, 'FB Memory Usage/Free')?.text),
    }));
}

const GPU_HEADER = /^GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])$/;

export function parseNvidiaSmiText(text: string): BackendReading {
  const root = parseIndentedTree(text);
  const gpus = root.children.filter((c) => GPU_HEADER.test(c.name));
  if (gpus.length === 0) throw new ImportError('import.error.noGpu', { format: 'nvidia-smi -q' });
  if (gpus.length > MAX_GPUS_PER_MACHINE) throw new ImportError('import.error.tooManyGpus', { count: gpus.length, limit: MAX_GPUS_PER_MACHINE });
  const devices: GpuDevice[] = [];
  const processes: BackendProcess[] = [];
  const problems: SnapshotProblem[] = [];
  gpus.forEach((gpu, position) => {
    const mapped = treeToDevice(gpu, 'text', position, GPU_HEADER.exec(gpu.name)![1]!);
    const device = finishDevice(mapped, gpu, textAccess, migDevices(gpu), problems);
    devices.push(device);
    processes.push(...processesOf(gpu, device));
  });
  // The driver line was renamed "KMD Version" in R610 (as driver_version became kmd_version in the query).
  const driver = nodeAt(root, 'Driver Version')?.text ?? nodeAt(root, 'KMD Version')?.text;
  return { driver: driverInfo(driver, nodeAt(root, 'CUDA Version')?.text), devices, processes, problems };
}

export const nvidiaSmiTextFormat: ImportFormat = {
  id: 'nvidia-smi-q',
  command: 'nvidia-smi -q',
  detect: (text) => /^=+NVSMI LOG=+\s*$/m.test(text) || (/^Attached GPUs\s+: \d+/m.test(text) && /^GPU [0-9A-Fa-f]{4,8}:/m.test(text)),
  parse: parseNvidiaSmiText,
};
