// `doctor --from FILE`: the doctor's own checks on a machine known only from a paste — PyTorch's
// collect_env, TensorFlow's build info, any `--from` GPU listing (nvidia-smi's table, -q, XML,
// CSV …), or several of them in one forum post. The paste becomes the checks' inputs and facts
// (known-facts.ts); nothing of this machine is read (an empty environment stands in for it), and
// only the checks a paste can inform run, so nothing unseen is reported as missing.

import type { BackendReading } from '../../core/backend.js';
import { emptyGpuDevice } from '../../core/empty-device.js';
import type { DriverInfo, GpuDevice } from '../../core/snapshot.js';
import { newestCudaForDriver } from '../compat/cuda-driver.js';
import { looksLikeCollectEnv, looksLikeTfBuildInfo, parseCollectEnv, parseTfBuildInfo, type CollectEnv, type TfBuildInfo } from '../../import/collect-env.js';
import { detectFormat } from '../../import/formats.js';
import { pastedPlatformOf } from '../../import/platform.js';
import { ImportError } from '../../import/types.js';
import type { DoctorEnv } from '../env.js';
import type { DoctorInputs, PciVendor } from '../inputs.js';
import { runDoctor } from '../report/run.js';
import type { DoctorReport } from '../report/report.js';
import { archOf, knownFactsOf, platformOf } from './known-facts.js';

export interface Paste {
  collectEnv: CollectEnv | null;
  tfBuildInfo: TfBuildInfo | null;
  /** A GPU listing in the paste, and its format's id. */
  gpus: { format: string; reading: BackendReading } | null;
  /** What was recognised, for the "read from" line: format ids. */
  kinds: string[];
}

/** Everything recognisable in `text`; throws ImportError (with the formats listed) when nothing is. */
export function readPaste(text: string): Paste {
  const collectEnv = looksLikeCollectEnv(text) ? parseCollectEnv(text) : null;
  const tfBuildInfo = looksLikeTfBuildInfo(text) ? parseTfBuildInfo(text) : null;
  let gpus: Paste['gpus'] = null;
  const format = detectFormat(text);
  if (format) {
    try {
      gpus = { format: format.id, reading: format.parse(text) };
    } catch (error) {
      // Alone, an unreadable listing is the answer; next to a collect_env it is only a quote.
      if (!collectEnv && !tfBuildInfo) throw error;
    }
  }
  const kinds = [...(gpus ? [gpus.format] : []), ...(collectEnv ? ['collect_env'] : []), ...(tfBuildInfo ? ['tf-build-info'] : [])];
  if (kinds.length === 0) throw new ImportError('import.error.doctorUnknown');
  return { collectEnv, tfBuildInfo, gpus, kinds };
}

function gpuInputs(paste: Paste): DoctorInputs['gpu'] {
  if (paste.gpus) {
    const { driver, devices } = paste.gpus.reading;
    return { attempts: [], openedBackend: 'static', reading: { driver, devices }, readError: null };
  }
  const env = paste.collectEnv;
  if (!env || (env.gpus.length === 0 && env.driverVersion === null)) return null;
  const devices: GpuDevice[] = env.gpus.map((name, index) => {
    const device = emptyGpuDevice(index, 'nvidia', 'not-reported');
    device.name = name;
    delete device.unavailable.name;
    return device;
  });
  // collect_env prints the driver's version, not the newest CUDA it supports: that comes from
  // the sourced driver table (compat/cuda-driver.ts), as the doctor would advise from it anyway.
  const maxCuda = env.driverVersion === null ? null : newestCudaForDriver(env.driverVersion, platformOf(env) === 'win32' ? 'windows' : 'linux');
  const driver: DriverInfo = {
    driverVersion: env.driverVersion,
    cudaDriverVersion: maxCuda,
    nvmlVersion: null,
    unavailable: {
      ...(env.driverVersion === null ? { driverVersion: 'not-reported' as const } : {}),
      ...(maxCuda === null ? { cudaDriverVersion: 'not-reported' as const } : {}),
      nvmlVersion: 'not-reported',
    },
  };
  return { attempts: [], openedBackend: 'static', reading: { driver, devices }, readError: null };
}

/** A machine with nothing on it: every file missing, every program absent. */
export function emptyEnv(platform: NodeJS.Platform, arch: string, now: () => Date): DoctorEnv {
  const missing = async () => ({ ok: false as const, code: 'not-found' as const, detail: 'not in the paste' });
  return {
    fs: { readText: missing, readBytes: missing, readdir: missing, stat: missing, readlink: missing, exists: async () => false },
    exec: async (file) => ({ kind: 'not-found', detail: `${file}: not in the paste` }),
    env: {},
    platform,
    arch,
    now,
  };
}

const GPU_CHECKS = ['hardware.gpus', 'driver.gpu-support', 'driver.branch', 'cuda.driver-max'];
const ENV_CHECKS = ['cuda.toolkits', 'cuda.toolkit-driver', 'cuda.toolkit-arch', 'cuda.cudnn', 'frameworks.python', 'frameworks.pytorch', 'frameworks.tensorflow'];
const TF_CHECKS = ['frameworks.python', 'frameworks.tensorflow'];

/** The checks a paste can inform. */
export function checksFor(paste: Paste): string[] {
  const ids = new Set<string>();
  if (paste.gpus || paste.collectEnv) for (const id of GPU_CHECKS) ids.add(id);
  if (paste.collectEnv) for (const id of ENV_CHECKS) ids.add(id);
  if (paste.tfBuildInfo) for (const id of TF_CHECKS) ids.add(id);
  return [...ids];
}

const PCI_VENDOR_IDS: Readonly<Record<string, [PciVendor, string]>> = { nvidia: ['nvidia', '10de'], amd: ['amd', '1002'], intel: ['intel', '8086'] };

/** A GPU listing is also what a bus scan would show: AMD and Intel GPUs count as seen (hardware.gpus, guide rocm). */
function pciInputs(paste: Paste): DoctorInputs['pci'] {
  if (!paste.gpus) return null;
  return {
    ok: true,
    devices: paste.gpus.reading.devices.map((device, index) => {
      const [vendor, vendorId] = PCI_VENDOR_IDS[device.vendor] ?? ['other', '0000'];
      return { address: device.pciBusId?.toLowerCase() ?? `pasted:${index}`, vendor, vendorId, deviceId: '', name: device.name, kernelDriver: null };
    }),
  };
}

export async function runDoctorOnPaste(paste: Paste, now: () => Date = () => new Date()): Promise<DoctorReport> {
  // A GPU listing from Windows (WDDM) or a Mac is that OS's machine even without a collect_env.
  const listed = paste.gpus ? pastedPlatformOf(paste.gpus.reading) : 'unknown';
  const platform = paste.collectEnv ? platformOf(paste.collectEnv) : listed === 'unknown' ? 'linux' : listed;
  const inputs: DoctorInputs = { gpu: gpuInputs(paste), pci: pciInputs(paste), host: null };
  // On a Mac the NVIDIA layers do not apply: the OS check says so and points to MPS.
  const appleGpu = paste.gpus?.reading.devices.some((d) => d.vendor === 'apple') ?? false;
  const arch = platform === 'darwin' && appleGpu ? 'arm64' : archOf(paste.collectEnv);
  const only = platform === 'darwin' ? ['os.distro', ...checksFor(paste).filter((id) => !GPU_CHECKS.includes(id))] : checksFor(paste);
  return runDoctor(emptyEnv(platform, arch, now), inputs, {
    only,
    known: knownFactsOf(paste.collectEnv, paste.tfBuildInfo),
  });
}
