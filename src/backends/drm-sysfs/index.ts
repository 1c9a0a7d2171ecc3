// The 'drm-sysfs' backend: AMD (and Intel) GPUs read from the kernel alone — no ROCm, no root.
// Cards come from /sys/class/drm/card*/device bound to amdgpu, i915 or xe; live figures from
// their sysfs attributes (sysfs-card.ts), processes from DRM fdinfo (host/drm-fdinfo.ts).
// Every attribute read is async with a deadline: amdgpu answers some reads (gpu_busy_percent,
// hwmon power) by asking the GPU's firmware, which a hung GPU never answers.

import { release } from 'node:os';
import { join } from 'node:path';
import type { Backend, BackendDriver, BackendOpenResult, BackendReading } from '../../core/backend.js';
import type { GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { createDrmProcessReader, type FdinfoFs } from '../../host/drm-fdinfo.js';
import { MAX_GPUS_PER_MACHINE } from '../../system/limits.js';
import { normalizePciAddress } from '../pci/address.js';
import { builtinDeviceName } from '../pci/device-names.js';
import { createPciIdsReader } from '../pci/pci-ids.js';
import { nodeSysfsFs, type SysfsFs } from '../pci/sysfs.js';
import { vendorDriverInfo } from '../vendor-common/reading.js';
import { cardToDevice, DEVICE_ATTRIBUTES, HWMON_ATTRIBUTES, parseUevent, type CardFiles } from './sysfs-card.js';

export const DRM_SYSFS_BACKEND_ID = 'drm-sysfs';
/** The kernel drivers whose cards this backend reads (NVIDIA's are NVML's). */
export const DRM_DRIVERS: ReadonlySet<string> = new Set(['amdgpu', 'i915', 'xe']);

export interface DrmSysfsOptions {
  platform?: NodeJS.Platform;
  /** Default "/sys"; tests point it at a fixture tree. */
  sysfsRoot?: string;
  sysfsFs?: SysfsFs;
  procRoot?: string;
  fdinfoFs?: FdinfoFs;
  pciIdsPaths?: readonly string[];
  /** Deadline for one attribute read. Default 2000 ms. */
  readTimeoutMs?: number;
  /** Default os.release(): an in-tree amdgpu/i915/xe is the kernel's own version, as amd-smi reports it. */
  kernelRelease?: string;
}

interface Card {
  dir: string;
  hwmonDir: string | null;
  slot: string | null;
  name: string | null;
}

const TIMED_OUT = Symbol('timeout');

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
    timer.unref();
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function findCards(options: DrmSysfsOptions, fs: SysfsFs): Promise<Card[] | string> {
  const root = join(options.sysfsRoot ?? '/sys', 'class', 'drm');
  let entries: string[];
  try {
    entries = await fs.readdir(root);
  } catch (error) {
    return `${root}: ${(error as Error).message}`;
  }
  const names = entries.filter((entry) => /^card\d+$/.test(entry)).sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
  const cards: Card[] = [];
  const ids = createPciIdsReader({ paths: options.pciIdsPaths });
  for (const name of names.slice(0, MAX_GPUS_PER_MACHINE)) {
    const dir = join(root, name, 'device');
    const identity = parseUevent(await fs.readFile(join(dir, 'uevent')).catch(() => null));
    if (identity.driver === null || !DRM_DRIVERS.has(identity.driver)) continue;
    const hwmon = (await fs.readdir(join(dir, 'hwmon')).catch(() => [])).filter((e) => /^hwmon\d+$/.test(e)).sort()[0];
    let deviceName: string | null = null;
    if (identity.vendorId && identity.deviceId) {
      const lookup = await ids.lookup([identity.vendorId]).catch(() => null);
      deviceName = lookup?.vendors.get(identity.vendorId)?.devices.get(identity.deviceId) ?? builtinDeviceName(identity.vendorId, identity.deviceId);
    }
    cards.push({ dir, hwmonDir: hwmon ? join(dir, 'hwmon', hwmon) : null, slot: identity.slot && normalizePciAddress(identity.slot), name: deviceName });
  }
  return cards;
}

async function readCard(card: Card, fs: SysfsFs, timeoutMs: number, problems: SnapshotProblem[], index: number): Promise<CardFiles> {
  const read = async (dir: string | null, attribute: string): Promise<[string, string | null]> => {
    if (dir === null) return [attribute, null];
    const text = await withDeadline(fs.readFile(join(dir, attribute)).catch(() => null), timeoutMs);
    if (text === TIMED_OUT) {
      problems.push({ scope: `device:${index}`, code: 'timeout', message: `${join(dir, attribute)} did not answer within ${timeoutMs} ms` });
      return [attribute, null];
    }
    return [attribute, text];
  };
  const [device, hwmon] = await Promise.all([
    Promise.all(DEVICE_ATTRIBUTES.map((a) => read(card.dir, a))),
    Promise.all(HWMON_ATTRIBUTES.map((a) => read(card.hwmonDir, a))),
  ]);
  return { device: Object.fromEntries(device), hwmon: Object.fromEntries(hwmon) };
}

/** A DKMS-built amdgpu says its version in /sys/module/amdgpu/version; the in-tree one is the kernel's. */
async function driverVersion(options: DrmSysfsOptions, fs: SysfsFs): Promise<string | null> {
  const dkms = await fs.readFile(join(options.sysfsRoot ?? '/sys', 'module', 'amdgpu', 'version')).catch(() => null);
  const text = dkms?.trim() ?? '';
  if (/^[\w.+~-]{1,40}$/.test(text)) return text;
  return options.kernelRelease ?? release();
}

function createBackend(cards: Card[], options: DrmSysfsOptions, fs: SysfsFs, version: string | null): Backend {
  const processReader = createDrmProcessReader({ procRoot: options.procRoot, files: options.fdinfoFs });
  const timeoutMs = options.readTimeoutMs ?? 2000;
  return {
    id: DRM_SYSFS_BACKEND_ID,
    capabilities: { metrics: true, processes: true },
    async read(): Promise<BackendReading> {
      const problems: SnapshotProblem[] = [];
      const files = await Promise.all(cards.map((card, i) => readCard(card, fs, timeoutMs, problems, i)));
      const devices: GpuDevice[] = files.map((f, i) => cardToDevice(i, f, cards[i]!.name, problems).device);
      const bySlot = new Map(cards.map((card, i) => [card.slot, i]));
      const { processes, hiddenPids } = processReader.read((pdev) => (pdev === null ? null : (bySlot.get(pdev) ?? null)));
      if (hiddenPids > 0) {
        problems.push({ scope: 'processes', code: 'no-permission', message: `${hiddenPids} processes of other users cannot be read`, key: 'vendors.fdinfo.hidden', params: { count: hiddenPids } });
      }
      return { driver: vendorDriverInfo(version), devices, processes, problems };
    },
    async close() {},
  };
}

export function createDrmSysfsDriver(options: DrmSysfsOptions = {}): BackendDriver {
  return {
    id: DRM_SYSFS_BACKEND_ID,
    async open(): Promise<BackendOpenResult> {
      const platform = options.platform ?? process.platform;
      if (platform !== 'linux') return { ok: false, unavailable: { code: 'unsupported-platform', detail: `drm-sysfs reads Linux sysfs, not ${platform}` } };
      const fs = options.sysfsFs ?? nodeSysfsFs;
      const cards = await findCards(options, fs);
      if (typeof cards === 'string') return { ok: false, unavailable: { code: 'driver-not-loaded', detail: cards } };
      if (cards.length === 0) return { ok: false, unavailable: { code: 'driver-not-loaded', detail: 'no card in /sys/class/drm is bound to amdgpu, i915 or xe' } };
      return { ok: true, backend: createBackend(cards, options, fs, await driverVersion(options, fs)) };
    },
  };
}
