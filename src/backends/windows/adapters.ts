// Adapter records → GpuDevices. Win32_VideoController's AdapterRAM is a uint32: every card with
// 4 GiB or more reads 4293918720 (0xFFF00000) or 4294967295 there. The driver writes the real
// size to its registry key (HardwareInformation.qwMemorySize, a QWORD; older drivers only the
// DWORD HardwareInformation.MemorySize, sometimes as REG_BINARY), and DXGI's adapter cache
// (HKLM\SOFTWARE\Microsoft\DirectX\<VideoID>) has DedicatedVideoMemory and the AdapterLuid that
// the performance counters name adapters by.

import type { BackendReading } from '../../core/backend.js';
import type { DriverInfo, GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { DeviceBuilder, none, readNumber, readText, vendorDriverInfo, type Reading } from '../vendor-common/reading.js';
import type { AdapterRecord } from './records.js';

/** AdapterRAM at or above this is the 32-bit field's ceiling, not a size. */
export const ADAPTER_RAM_CAP = 0xfff00000;

const VENDORS: Readonly<Record<string, GpuDevice['vendor']>> = { '10de': 'nvidia', '1002': 'amd', '1022': 'amd', '8086': 'intel' };

export interface WindowsAdapter {
  device: GpuDevice;
  /** "0x00000000_0x0000d1a5" as the performance counters write it; null when unknown. */
  luid: string | null;
}

/** A registry size: a decimal number, or "bytes:…" little-endian (REG_BINARY). */
function registrySize(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (text.startsWith('bytes:')) {
    const bytes = text.slice(6).split(',').map(Number);
    const value = bytes.reduce((sum, byte, i) => sum + byte * 2 ** (8 * i), 0);
    return value > 0 && Number.isSafeInteger(value) ? value : null;
  }
  const number = readNumber(text);
  return number.ok && number.value > 0 && Number.isSafeInteger(number.value) ? number.value : null;
}

/** AdapterLuid (a QWORD: high part << 32 | low part) in the counters' spelling. */
export function luidOf(text: string | undefined): string | null {
  if (text === undefined || !/^\d{1,20}$/.test(text)) return null;
  const value = BigInt(text);
  const hex = (part: bigint) => `0x${part.toString(16).padStart(8, '0')}`;
  return `${hex(value >> 32n)}_${hex(value & 0xffffffffn)}`;
}

/**
 * NVIDIA's driver as Windows numbers it ("32.0.15.6590") → as NVIDIA does ("565.90"): the last
 * five digits of the last two groups. Other vendors' numbers are kept as Windows shows them.
 */
export function nvidiaDriverVersion(windowsVersion: string): string | null {
  const match = /^\d+\.\d+\.(\d+)\.(\d+)$/.exec(windowsVersion.trim());
  if (!match) return null;
  const digits = `${match[1]}${match[2]!.padStart(4, '0')}`.slice(-5);
  return digits.length === 5 ? `${Number(digits.slice(0, 3))}.${digits.slice(3)}` : null;
}

function memoryTotal(record: AdapterRecord, b: DeviceBuilder, problems: SnapshotProblem[]): void {
  const name = b.device.name ?? 'GPU';
  const real = registrySize(record.get('qwmemorysize') ?? record.get('hardwareinformation.qwmemorysize')) ?? registrySize(record.get('dedicatedvideomemory')) ?? registrySize(record.get('memorysize') ?? record.get('hardwareinformation.memorysize'));
  const adapterRam = readNumber(record.get('adapterram'));
  const scope = `device:${b.device.index}`;
  if (real !== null) {
    b.set('memoryTotalBytes', { ok: true, value: real });
    if (adapterRam.ok && adapterRam.value !== real) {
      problems.push({ scope, code: 'adapter-ram-capped', message: `${name}: AdapterRAM ${adapterRam.value} is capped; registry size ${real}`, key: 'vendors.windows.adapterRamCapped', params: { name, adapterRam: adapterRam.value, real } });
    }
  } else if (adapterRam.ok && adapterRam.value >= ADAPTER_RAM_CAP) {
    b.set('memoryTotalBytes', none('out-of-range'));
    problems.push({ scope, code: 'adapter-ram-capped', message: `${name}: AdapterRAM ${adapterRam.value} is the 32-bit cap; real size unknown`, key: 'vendors.windows.adapterRamCappedUnknown', params: { name, adapterRam: adapterRam.value } });
  } else {
    b.set('memoryTotalBytes', adapterRam.ok && adapterRam.value === 0 ? none('not-reported') : adapterRam);
  }
}

/** The PCI adapters among the records (a VNC mirror, RDP's and the basic display driver are not GPUs). */
export function adaptersFromRecords(records: readonly AdapterRecord[], problems: SnapshotProblem[]): WindowsAdapter[] {
  const adapters: WindowsAdapter[] = [];
  for (const record of records) {
    const pnp = record.get('pnpdeviceid') ?? '';
    const ids = /^PCI\\VEN_([0-9A-F]{4})&DEV_([0-9A-F]{4})/i.exec(pnp);
    // A record without a PNPDeviceID (a `get name,adapterram` table) is taken as the adapter it names.
    if (pnp !== '' && !ids) continue;
    const vendor = ids ? (VENDORS[ids[1]!.toLowerCase()] ?? 'other') : vendorFromName(record);
    const b = new DeviceBuilder(adapters.length, vendor, problems, 'Win32_VideoController');
    b.unsupported('computeCapability', 'migModeCurrent', 'migModePending', 'nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'uuid');
    b.set('name', readText(record.get('name') ?? record.get('caption')));
    // Every adapter Win32_VideoController lists drives a display under WDDM (XDDM went with
    // Windows 8); a GPU in TCC mode is not a display adapter and is not listed at all.
    if (ids) b.set('driverModel', { ok: true, value: 'WDDM' });
    memoryTotal(record, b, problems);
    const error = readNumber(record.get('configmanagererrorcode'));
    if (error.ok && error.value !== 0) {
      b.device.state = 'error';
      b.device.stateDetail = `ConfigManagerErrorCode ${error.value}`;
    }
    adapters.push({ device: b.device, luid: luidOf(record.get('adapterluid')) });
  }
  return adapters;
}

function vendorFromName(record: AdapterRecord): GpuDevice['vendor'] {
  const text = `${record.get('adaptercompatibility') ?? ''} ${record.get('name') ?? record.get('caption') ?? ''}`.toLowerCase();
  if (text.includes('nvidia')) return 'nvidia';
  if (/\b(amd|ati|radeon|advanced micro devices)\b/.test(text)) return 'amd';
  if (text.includes('intel')) return 'intel';
  return 'other';
}

/** The driver version of the machine: NVIDIA's in NVIDIA's numbering where there is one, else the first adapter's. */
export function windowsDriverInfo(records: readonly AdapterRecord[], adapters: readonly WindowsAdapter[]): DriverInfo {
  const versions = records.filter((r) => /^PCI\\/i.test(r.get('pnpdeviceid') ?? 'PCI\\')).map((r) => r.get('driverversion') ?? null);
  const nvidia = adapters.findIndex((a) => a.device.vendor === 'nvidia');
  const windowsVersion = versions[nvidia >= 0 ? nvidia : 0] ?? null;
  const version: Reading<string> = windowsVersion ? { ok: true, value: nvidia >= 0 ? (nvidiaDriverVersion(windowsVersion) ?? windowsVersion) : windowsVersion } : none('not-reported');
  const info = vendorDriverInfo(version.ok ? version.value : null);
  // An NVIDIA driver has a CUDA version; WMI just does not say it (NVML or nvidia-smi.exe does).
  if (nvidia >= 0) info.unavailable.cudaDriverVersion = 'not-reported';
  return info;
}

export function recordsToReading(records: readonly AdapterRecord[]): BackendReading & { adapters: WindowsAdapter[] } {
  const problems: SnapshotProblem[] = [];
  const adapters = adaptersFromRecords(records, problems);
  return { driver: windowsDriverInfo(records, adapters), devices: adapters.map((a) => a.device), processes: [], problems, adapters };
}
