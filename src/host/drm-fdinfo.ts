// Per-process GPU memory and busy time for the GPUs whose drivers publish DRM fdinfo (amdgpu,
// i915, xe …): every process's open /dev/dri files, read through /proc/<pid>/fdinfo/<fd>. The
// same client (drm-client-id on one drm-pdev) open through several fds — dup(), fork(), an fd
// passed over a socket — is counted once, for the lowest PID that holds it, as nvtop does.
// Only fds whose link points into /dev/dri are read, so a process with 10,000 sockets costs
// 10,000 readlinks, not 10,000 file reads.

import fs from 'node:fs';
import path from 'node:path';
import type { BackendProcess } from '../core/backend.js';
import type { ProcessType } from '../core/snapshot.js';
import { MAX_GPU_PROCESSES_PER_MACHINE } from '../system/limits.js';
import { parseDrmFdinfo, type DrmClientUsage } from './drm-fdinfo-parse.js';
import { readTextFile } from './proc-files.js';

export interface DrmFdinfoScan {
  clients: { pid: number; name: string | null; usage: DrmClientUsage }[];
  /** Processes whose fds could not be read (other users' without root). */
  hiddenPids: number;
}

/** The file operations the scan needs; tests point them at a recorded tree. */
export interface FdinfoFs {
  readdir(dir: string): string[];
  readlink(file: string): string;
  readText(file: string): string | null;
}

export const nodeFdinfoFs: FdinfoFs = {
  readdir: (dir) => fs.readdirSync(dir),
  readlink: (file) => fs.readlinkSync(file),
  readText: (file) => {
    const result = readTextFile(file, 64 * 1024);
    return result.ok ? result.text : null;
  },
};

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/**
 * What a previous scan learnt about each process's fds, so the next one reads the link of new fd
 * numbers only: a readlink costs ~50 µs on a busy machine, and a server has tens of thousands of
 * fds. An fd number closed and reused for /dev/dri is missed until the next full scan, which
 * `createDrmProcessReader` makes every few reads.
 */
export interface FdLinkCache {
  /** pid → fd number → whether its link pointed into /dev/dri. */
  links: Map<number, Map<string, boolean>>;
}

export function scanDrmFdinfo(procRoot = '/proc', files: FdinfoFs = nodeFdinfoFs, cache?: FdLinkCache): DrmFdinfoScan {
  const seen = new Set<string>();
  const clients: DrmFdinfoScan['clients'] = [];
  let hiddenPids = 0;
  let pids: number[];
  try {
    pids = files.readdir(procRoot).filter((entry) => /^\d+$/.test(entry)).map(Number).sort((a, b) => a - b);
  } catch {
    return { clients, hiddenPids };
  }
  for (const pid of pids) {
    const base = path.join(procRoot, String(pid));
    let fds: string[];
    try {
      fds = files.readdir(path.join(base, 'fd'));
    } catch (error) {
      if (errorCode(error) === 'EACCES' || errorCode(error) === 'EPERM') hiddenPids++;
      continue; // gone, or not ours to read
    }
    let name: string | null | undefined;
    const known = cache?.links.get(pid);
    const links = new Map<string, boolean>();
    for (const fd of fds) {
      let isDrm = known?.get(fd);
      if (isDrm === undefined) {
        try {
          isDrm = files.readlink(path.join(base, 'fd', fd)).startsWith('/dev/dri/');
        } catch {
          continue;
        }
      }
      links.set(fd, isDrm);
      if (!isDrm) continue;
      const text = files.readText(path.join(base, 'fdinfo', fd));
      const usage = text === null ? null : parseDrmFdinfo(text);
      if (!usage) continue;
      const key = `${usage.pdev ?? '?'}/${usage.driver}/${usage.clientId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      name ??= files.readText(path.join(base, 'comm'))?.trim() || null;
      clients.push({ pid, name, usage });
      if (clients.length >= MAX_GPU_PROCESSES_PER_MACHINE) return { clients, hiddenPids };
    }
    cache?.links.set(pid, links);
  }
  // Processes that are gone take their entries with them.
  if (cache) {
    const alive = new Set(pids);
    for (const pid of cache.links.keys()) if (!alive.has(pid)) cache.links.delete(pid);
  }
  return { clients, hiddenPids };
}

/** Every this many reads, every fd's link is read again (a reused fd number is then seen). */
export const FULL_SCAN_EVERY = 10;

function processType(engineNs: Record<string, number>): ProcessType {
  const compute = (engineNs.compute ?? 0) > 0;
  // Copy, DMA and video engines serve both kinds; only the 3D engine (amdgpu gfx, i915 render) says graphics.
  const graphics = (engineNs.gfx ?? 0) > 0 || (engineNs.render ?? 0) > 0;
  if (compute && graphics) return 'compute+graphics';
  // A client that has not run anything yet: ROCm/HIP, oneAPI and PyTorch open the render node to compute.
  return graphics ? 'graphics' : 'compute';
}

/**
 * The busiest engine's share of the interval: nanoseconds of busy time over the wall time between
 * reads (amdgpu, i915), or xe's client cycles over the GPU's total cycles. Null on the first read.
 */
function busyPercent(
  usage: DrmClientUsage,
  beforeNs: Record<string, number> | undefined,
  beforeCycles: DrmClientUsage['engineCycles'] | undefined,
  elapsedNs: number,
): number | null {
  const shares: number[] = [];
  if (beforeNs && elapsedNs > 0) {
    for (const [engine, ns] of Object.entries(usage.engineNs)) shares.push(((ns - (beforeNs[engine] ?? ns)) / elapsedNs) * 100);
  }
  if (beforeCycles) {
    for (const [engine, now] of Object.entries(usage.engineCycles)) {
      const then = beforeCycles[engine];
      const total = then ? now.total - then.total : 0;
      if (then && total > 0) shares.push(((now.cycles - then.cycles) / total) * 100);
    }
  }
  return shares.length === 0 ? null : Math.max(0, ...shares);
}

/**
 * Turns a scan into the backend's processes: one per (PID, GPU), VRAM summed over its clients,
 * and the busiest engine's share of the time since the previous scan as its utilisation.
 */
export function createDrmProcessReader(options: { procRoot?: string; files?: FdinfoFs; nowNs?: () => bigint } = {}) {
  const now = options.nowNs ?? (() => process.hrtime.bigint());
  let previous: { atNs: bigint; engineNs: Map<string, Record<string, number>>; cycles: Map<string, DrmClientUsage['engineCycles']> } | null = null;
  const cache: FdLinkCache = { links: new Map() };
  let reads = 0;
  return {
    read(gpuIndexOf: (pdev: string | null, driver: string) => number | null): { processes: BackendProcess[]; hiddenPids: number } {
      if (reads++ % FULL_SCAN_EVERY === 0) cache.links.clear();
      const scan = scanDrmFdinfo(options.procRoot, options.files, cache);
      const atNs = now();
      const byProcess = new Map<string, BackendProcess>();
      const engineNs = new Map<string, Record<string, number>>();
      const cycles = new Map<string, DrmClientUsage['engineCycles']>();
      for (const { pid, name, usage } of scan.clients) {
        const gpuIndex = gpuIndexOf(usage.pdev, usage.driver);
        if (gpuIndex === null) continue;
        const clientKey = `${usage.pdev}/${usage.clientId}`;
        engineNs.set(clientKey, usage.engineNs);
        const before = previous?.engineNs.get(clientKey);
        const elapsedNs = previous ? Number(atNs - previous.atNs) : 0;
        cycles.set(clientKey, usage.engineCycles);
        const busy = busyPercent(usage, before, previous?.cycles.get(clientKey), elapsedNs);
        const key = `${pid}/${gpuIndex}`;
        const entry = byProcess.get(key);
        if (entry) {
          if (usage.vramBytes !== null) entry.usedMemoryBytes = (entry.usedMemoryBytes ?? 0) + usage.vramBytes;
          if (busy !== null) entry.smUtilPercent = Math.min(100, Math.max(entry.smUtilPercent ?? 0, busy));
          continue;
        }
        byProcess.set(key, {
          pid, gpuIndex, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: processType(usage.engineNs),
          usedMemoryBytes: usage.vramBytes, smUtilPercent: busy === null ? null : Math.min(100, busy), memoryUtilPercent: null,
          encoderUtilPercent: null, decoderUtilPercent: null, name,
        });
      }
      previous = { atNs, engineNs, cycles };
      return { processes: [...byProcess.values()], hiddenPids: scan.hiddenPids };
    },
  };
}
