// `guide TOPIC --for ubuntu-22.04 --gpu rtx-4090`: the guide for a machine that is not this one —
// one being planned before its card arrives, or a server set up from afar. The doctor's checks
// run on what the target says (an OS and a GPU from the catalog) and nothing of this machine,
// so the guide's steps are the target's, and it says they were not checked here.

import { resolveGpuName } from '../../catalog/resolve.js';
import { emptyGpuDevice } from '../../core/empty-device.js';
import { BYTES_PER_GIB } from '../../core/units.js';
import type { OsFacts, OsRelease } from '../facts/os.js';
import type { DoctorInputs, PciVendor } from '../inputs.js';
import { runDoctor } from '../report/run.js';
import type { DoctorReport } from '../report/report.js';
import { emptyEnv } from './run-from.js';

export interface TargetOs {
  platform: 'linux' | 'win32';
  os: OsFacts;
  /** As the user wrote it, for the guide's note. */
  label: string;
}

const DISTROS: Readonly<Record<string, { idLike: string[]; pretty: string }>> = {
  ubuntu: { idLike: ['debian'], pretty: 'Ubuntu' },
  debian: { idLike: [], pretty: 'Debian GNU/Linux' },
  rhel: { idLike: ['fedora'], pretty: 'Red Hat Enterprise Linux' },
  rocky: { idLike: ['rhel', 'centos', 'fedora'], pretty: 'Rocky Linux' },
  almalinux: { idLike: ['rhel', 'centos', 'fedora'], pretty: 'AlmaLinux' },
  centos: { idLike: ['rhel', 'fedora'], pretty: 'CentOS Linux' },
  fedora: { idLike: [], pretty: 'Fedora Linux' },
  ol: { idLike: ['fedora'], pretty: 'Oracle Linux Server' },
  amzn: { idLike: ['centos', 'rhel', 'fedora'], pretty: 'Amazon Linux' },
};

export const TARGET_EXAMPLES = ['ubuntu-24.04', 'ubuntu-22.04', 'debian-12', 'rhel-9', 'rocky-9', 'centos-7', 'amzn-2023', 'fedora-41', 'windows-11', 'wsl2-ubuntu-22.04'];

const release = (id: string, versionId: string): OsRelease => ({
  id,
  idLike: DISTROS[id]!.idLike,
  versionId,
  prettyName: `${DISTROS[id]!.pretty} ${versionId}`,
  versionCodename: null,
});

const noOs: OsFacts = { osRelease: null, osReleaseProblem: null, kernelRelease: null, procVersion: null, wsl: null, windowsVersion: null };

/** "ubuntu-22.04", "Ubuntu 22.04", "rhel9", "windows-11", "wsl2-ubuntu-22.04" → the target; null when it is none of them. */
export function parseTargetOs(text: string): TargetOs | null {
  const spec = text.trim().toLowerCase().replace(/[\s_]+/g, '-');
  const wsl = /^wsl2?(?:-(ubuntu)-?(\d{2}\.\d{2}))?$/.exec(spec);
  if (wsl) return { platform: 'linux', label: text, os: { ...noOs, osRelease: release('ubuntu', wsl[2] ?? '22.04'), wsl: { version: 2, distro: null } } };
  const windows = /^windows(?:-?(10|11))?$/.exec(spec);
  if (windows) return { platform: 'win32', label: text, os: { ...noOs, windowsVersion: windows[1] ?? null } };
  const linux = /^([a-z]+)-?(\d{1,4}(?:\.\d{1,2})?)$/.exec(spec);
  if (linux && DISTROS[linux[1]!]) return { platform: 'linux', label: text, os: { ...noOs, osRelease: release(linux[1]!, linux[2]!) } };
  return null;
}

export type TargetGpu = { ok: true; name: string; vendor: string; memoryBytes: number | null } | { ok: false; query: string; suggestions: string[] };

export function resolveTargetGpu(query: string): TargetGpu {
  const resolved = resolveGpuName(query);
  if (resolved.kind === 'one') {
    const gib = resolved.entry.memorySizeGiB.value;
    return { ok: true, name: resolved.entry.name, vendor: resolved.entry.vendor, memoryBytes: Number.isFinite(gib) ? gib * BYTES_PER_GIB : null };
  }
  return { ok: false, query, suggestions: resolved.kind === 'several' ? resolved.candidates : resolved.suggestions };
}

function inputsFor(gpu: Extract<TargetGpu, { ok: true }> | null): DoctorInputs {
  if (!gpu) return { gpu: null, pci: null, host: null };
  const pciVendor: PciVendor = gpu.vendor === 'nvidia' ? 'nvidia' : gpu.vendor === 'amd' ? 'amd' : 'other';
  const vendorId = pciVendor === 'nvidia' ? '10de' : pciVendor === 'amd' ? '1002' : '0000';
  const pci = { ok: true as const, devices: [{ address: '0000:01:00.0', vendor: pciVendor, vendorId, deviceId: '', name: gpu.name, kernelDriver: null }] };
  if (pciVendor !== 'nvidia') return { gpu: null, pci, host: null };
  const device = emptyGpuDevice(0, 'nvidia', 'not-reported');
  device.name = gpu.name;
  delete device.unavailable.name;
  if (gpu.memoryBytes !== null) {
    device.memoryTotalBytes = gpu.memoryBytes;
    delete device.unavailable.memoryTotalBytes;
  }
  const driver = { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: { driverVersion: 'not-reported' as const, cudaDriverVersion: 'not-reported' as const, nvmlVersion: 'not-reported' as const } };
  return { gpu: { attempts: [], openedBackend: 'static', reading: { driver, devices: [device] }, readError: null }, pci, host: null };
}

/** The doctor's report for the target: its GPU and OS only, no driver, no toolkit, no Python yet. */
export function reportForTarget(target: TargetOs, gpu: Extract<TargetGpu, { ok: true }> | null, now: () => Date = () => new Date()): Promise<DoctorReport> {
  const os = target.os;
  return runDoctor(emptyEnv(target.platform, 'x64', now), inputsFor(gpu), {
    only: ['hardware.gpus', 'driver.gpu-support', 'driver.branch', 'cuda.driver-max'],
    known: {
      os: async () => os,
      container: async () => null,
      toolkits: async () => ({ toolkits: [], nvcc: null, ldLibraryPath: null, cudaHome: null }),
      cudnn: async () => [],
      python: async () => ({ candidates: [], probes: [] }),
    },
  });
}
