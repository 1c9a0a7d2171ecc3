// Host memory, CPUs and disks — what feeds the GPUs. Linux reads /proc and /sys; elsewhere the
// host summary gpuwise already collected (inputs.host) is used.

import type { HostSummary } from '../../core/snapshot.js';
import type { DoctorEnv, FsErrorCode } from '../env.js';

export interface HostResourceFacts {
  memoryTotalBytes: number | null;
  memorySource: string | null;
  cpuLogicalCount: number | null;
  cpuModel: string | null;
  cpuSource: string | null;
  disks: DiskFacts[] | null;
  /** Why /sys/block could not be listed. */
  disksProblem: { code: FsErrorCode; detail: string } | null;
}

export interface DiskFacts {
  /** Kernel name: nvme0n1, sda, vda. */
  name: string;
  /** null: the kind is not known (queue/rotational unreadable, empty or neither 0 nor 1). */
  rotational: boolean | null;
  /** Why queue/rotational could not be read; null when it was read (or when it said something else). */
  rotationalProblem: { code: FsErrorCode; detail: string } | null;
  sizeBytes: number | null;
  /** Virtual disks (virtio, Xen) often claim to be rotational whatever backs them. */
  virtual: boolean;
}

/** A byte count from a kernel file: a safe integer ≥ 0, else null (a 40-digit field is no size). */
function safeBytes(value: number): number | null {
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** MemTotal in /proc/meminfo is in KiB ("kB"). */
export function parseMemTotalBytes(meminfo: string): number | null {
  const kib = meminfo.match(/^MemTotal:\s+(\d+)\s*kB/m)?.[1];
  return kib ? safeBytes(Number.parseInt(kib, 10) * 1024) : null;
}

/** /sys/block/<disk>/size: 512-byte sectors, whatever the device's sector size. */
export function parseBlockSizeBytes(text: string): number | null {
  const sectors = text.trim();
  return /^\d{1,15}$/.test(sectors) ? safeBytes(Number.parseInt(sectors, 10) * 512) : null;
}

export function parseCpuinfo(text: string): { logicalCount: number | null; model: string | null } {
  const processors = text.match(/^processor\s*:/gm)?.length ?? 0;
  const model = text.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? null;
  return { logicalCount: processors > 0 ? processors : null, model };
}

/** Block devices that are not disks: loop, RAM disks, zram swap, optical, device-mapper views. */
export function isPhysicalBlockDevice(name: string): boolean {
  return !/^(loop|ram|zram|sr|fd|dm-|md|nbd)/.test(name);
}

async function readDisks(env: DoctorEnv): Promise<{ disks: DiskFacts[] | null; problem: HostResourceFacts['disksProblem'] }> {
  const listing = await env.fs.readdir('/sys/block');
  if (!listing.ok) return { disks: null, problem: { code: listing.code, detail: listing.detail } };
  const disks = await Promise.all(
    listing.value.filter(isPhysicalBlockDevice).map(async (name): Promise<DiskFacts> => {
      const [rotational, size] = await Promise.all([
        env.fs.readText(`/sys/block/${name}/queue/rotational`),
        env.fs.readText(`/sys/block/${name}/size`),
      ]);
      // The kernel writes 0 or 1; anything else (an empty or garbled file) says nothing. A disk
      // whose flag says nothing is still a disk: dropping it could leave "only spinning disks".
      const flag = rotational.ok ? rotational.value.trim() : '';
      return {
        name,
        rotational: flag === '0' || flag === '1' ? flag === '1' : null,
        rotationalProblem: rotational.ok ? null : { code: rotational.code, detail: rotational.detail },
        sizeBytes: size.ok ? parseBlockSizeBytes(size.value) : null,
        virtual: /^(vd|xvd)/.test(name),
      };
    }),
  );
  return { disks, problem: null };
}

export async function readHostResources(env: DoctorEnv, host: HostSummary | null): Promise<HostResourceFacts> {
  let memoryTotalBytes = host?.memoryTotalBytes ?? null;
  let memorySource: string | null = memoryTotalBytes !== null ? 'host' : null;
  let cpuLogicalCount = host?.cpuLogicalCount ?? null;
  let cpuModel = host?.cpuModel ?? null;
  let cpuSource: string | null = cpuLogicalCount !== null ? 'host' : null;
  if (env.platform !== 'linux') {
    return { memoryTotalBytes, memorySource, cpuLogicalCount, cpuModel, cpuSource, disks: null, disksProblem: null };
  }
  const [meminfo, cpuinfo, disks] = await Promise.all([
    env.fs.readText('/proc/meminfo'),
    env.fs.readText('/proc/cpuinfo'),
    readDisks(env),
  ]);
  const fromMeminfo = meminfo.ok ? parseMemTotalBytes(meminfo.value) : null;
  if (fromMeminfo !== null) {
    memoryTotalBytes = fromMeminfo;
    memorySource = '/proc/meminfo';
  }
  const cpu = cpuinfo.ok ? parseCpuinfo(cpuinfo.value) : null;
  if (cpu?.logicalCount) {
    cpuLogicalCount = cpu.logicalCount;
    cpuModel = cpu.model ?? cpuModel;
    cpuSource = '/proc/cpuinfo';
  }
  return { memoryTotalBytes, memorySource, cpuLogicalCount, cpuModel, cpuSource, disks: disks.disks, disksProblem: disks.problem };
}
