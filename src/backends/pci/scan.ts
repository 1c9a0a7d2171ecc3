// scanPciDisplayDevices(): every GPU, accelerator and other display controller on the PCI bus,
// from sysfs (or lspci when sysfs is missing), named from pci.ids or the built-in table —
// whether or not any GPU driver works.

import { release } from 'node:os';
import { runCommand, type Exec } from '../../system/exec.js';
import { MAX_PCI_DISPLAY_FUNCTIONS } from '../../system/limits.js';
import { comparePciAddresses } from './address.js';
import { builtinDeviceName, splitPciIdsDeviceName } from './device-names.js';
import { DEFAULT_LSPCI_TIMEOUT_MS, scanWithLspci } from './lspci.js';
import {
  defaultModulesAliasPaths,
  loadPciModuleAliases,
  modulesForModalias,
  type ModuleAliasLookup,
  type ReadText,
} from './module-aliases.js';
import { createPciIdsReader, type PciIdsReader, type PciIdsVendorBlock, type ReadBytes } from './pci-ids.js';
import { nodeSysfsFs, readSysfsPciDevices, type SysfsFs } from './sysfs.js';
import type { PciDeviceFacts, PciDisplayDevice, PciScanProblem, PciScanResult } from './types.js';
import { findPciVendor, isGpuVendor, pciDeviceRole } from './vendors.js';

export interface PciLookupOptions {
  /** pci.ids candidates, first existing wins (default: the usual pciutils/hwdata places). */
  pciIdsPaths?: readonly string[];
  /** modules.alias candidates (default: /lib/modules/<release>/modules.alias and /usr/lib/…). */
  modulesAliasPaths?: readonly string[];
  readBytes?: ReadBytes;
  readText?: ReadText;
}

/** Name and module databases, kept between scans so a watch loop does not re-read them. */
export interface PciLookups {
  pciIds: PciIdsReader;
  moduleAliases(vendorIds: readonly string[]): Promise<ModuleAliasLookup>;
}

export function createPciLookups(options: PciLookupOptions = {}, kernelRelease: string = release()): PciLookups {
  const paths = options.modulesAliasPaths ?? defaultModulesAliasPaths(kernelRelease);
  const aliasCache = new Map<string, Promise<ModuleAliasLookup>>();
  return {
    pciIds: createPciIdsReader({ paths: options.pciIdsPaths, readBytes: options.readBytes }),
    moduleAliases(vendorIds) {
      const key = Array.from(new Set(vendorIds)).sort().join(',');
      let cached = aliasCache.get(key);
      if (!cached) {
        cached = loadPciModuleAliases(paths, vendorIds, options.readText);
        aliasCache.set(key, cached);
      }
      return cached;
    },
  };
}

export interface PciScanOptions extends PciLookupOptions {
  /** Default: process.platform. Only linux is scanned. */
  platform?: string;
  /** The sysfs mount (default "/sys"); tests point it at a fixture tree. */
  sysfsRoot?: string;
  sysfsFs?: SysfsFs;
  exec?: Exec;
  /** Default "lspci" (found on PATH). */
  lspciCommand?: string;
  lspciTimeoutMs?: number;
  /** Default os.release(); tells WSL apart and where modules.alias is. */
  kernelRelease?: string;
  /** Reuse caches across scans (a backend keeps one). */
  lookups?: PciLookups;
}

export async function scanPciDisplayDevices(options: PciScanOptions = {}): Promise<PciScanResult> {
  const platform = options.platform ?? process.platform;
  if (platform !== 'linux') return { kind: 'unsupported', platform };
  const kernelRelease = options.kernelRelease ?? release();
  const lookups = options.lookups ?? createPciLookups(options, kernelRelease);

  const problems: PciScanProblem[] = [];
  let facts: PciDeviceFacts[];
  let source: 'sysfs' | 'lspci';
  const sysfs = await readSysfsPciDevices(options.sysfsRoot ?? '/sys', options.sysfsFs ?? nodeSysfsFs);
  if (sysfs.kind === 'ok') {
    facts = sysfs.devices;
    for (const problem of sysfs.problems) problems.push(problem);
    source = 'sysfs';
  } else {
    const lspciCommand = options.lspciCommand ?? 'lspci';
    const lspci = await scanWithLspci(options.exec ?? runCommand, lspciCommand, options.lspciTimeoutMs ?? DEFAULT_LSPCI_TIMEOUT_MS);
    if (lspci.kind === 'absent') {
      // Without lspci, the sysfs failure is the one to tell.
      if (sysfs.kind === 'failed') return { kind: 'failed', code: sysfs.code, detail: sysfs.detail, problems };
      return { kind: 'failed', code: 'no-sysfs-no-lspci', detail: `${sysfs.detail}; ${lspci.detail}`, problems };
    }
    if (lspci.kind === 'failed') {
      const detail = sysfs.kind === 'failed' ? `${sysfs.detail}; ${lspci.detail}` : lspci.detail;
      return { kind: 'failed', code: lspci.code, detail, problems };
    }
    if (sysfs.kind === 'failed') problems.push({ address: null, code: sysfs.code === 'no-permission' ? 'no-permission' : 'read-failed', detail: sysfs.detail });
    facts = lspci.devices.sort((a, b) => comparePciAddresses(a.address, b.address));
    for (const problem of lspci.problems) problems.push(problem);
    source = 'lspci';
  }

  if (facts.length > MAX_PCI_DISPLAY_FUNCTIONS) {
    // More than any bus holds (a fake sysfs, a looping lspci): keep a bus' worth, say so.
    problems.push({ address: null, code: 'parse', detail: `${facts.length} display functions; a machine has at most ${MAX_PCI_DISPLAY_FUNCTIONS}, the rest are not shown` });
    facts = facts.slice(0, MAX_PCI_DISPLAY_FUNCTIONS);
  }
  const devices = await describeDevices(facts, lookups, problems);
  return { kind: 'scanned', source, devices, problems, wsl: /microsoft/i.test(kernelRelease) };
}

async function describeDevices(facts: PciDeviceFacts[], lookups: PciLookups, problems: PciScanProblem[]): Promise<PciDisplayDevice[]> {
  if (facts.length === 0) return [];
  const vendorIds = facts.map((fact) => fact.vendorId);
  const [pciIds, aliases] = await Promise.all([
    lookups.pciIds.lookup(vendorIds),
    facts.some((fact) => fact.modalias !== null) ? lookups.moduleAliases(vendorIds) : Promise.resolve(null),
  ]);
  if (pciIds.problem !== null) problems.push({ address: null, code: 'pci-ids', detail: pciIds.problem });
  if (aliases?.problem) problems.push({ address: null, code: 'modules-alias', detail: aliases.problem });

  return facts.map((fact) => {
    const { modalias, reportedDeviceName, reportedVendorName, kernelModules, ...measured } = fact;
    const block = pciIds.vendors.get(fact.vendorId) ?? null;
    const known = findPciVendor(fact.vendorId);
    return {
      ...measured,
      role: pciDeviceRole(fact.vendorId, fact.classKind),
      isGpuVendor: isGpuVendor(fact.vendorId),
      vendorName: known?.name ?? block?.vendorName ?? reportedVendorName,
      ...resolveDeviceName(fact, block, reportedDeviceName),
      kernelModules: kernelModules ?? (modalias !== null && aliases?.aliases ? modulesForModalias(modalias, aliases.aliases) : null),
    };
  });
}

type DeviceNaming = Pick<PciDisplayDevice, 'deviceName' | 'chipName' | 'nameSource'>;

/** The system's pci.ids first (the user's distribution keeps it current), then lspci's, then ours. */
function resolveDeviceName(fact: PciDeviceFacts, block: PciIdsVendorBlock | null, reported: string | null): DeviceNaming {
  const fromFile = block?.devices.get(fact.deviceId);
  if (fromFile !== undefined) return { ...splitPciIdsDeviceName(fromFile), nameSource: 'pci.ids' };
  if (reported !== null) return { ...splitPciIdsDeviceName(reported), nameSource: 'lspci' };
  const builtin = builtinDeviceName(fact.vendorId, fact.deviceId);
  if (builtin !== null) return { ...splitPciIdsDeviceName(builtin), nameSource: 'builtin' };
  return { deviceName: null, chipName: null, nameSource: null };
}
