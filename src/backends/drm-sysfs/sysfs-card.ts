// One DRM card's live figures from sysfs, with no ROCm installed: amdgpu publishes busy percent,
// VRAM and GTT use, clocks (pp_dpm_*), the PCIe link and an hwmon folder (temperatures in m°C,
// power in µW, fan). i915 and xe publish much less (no busy or memory figure): their cards get
// identity and link here and their processes' memory from DRM fdinfo.
// Pure: it works on the attribute texts, so tests need no tree.

import type { SnapshotProblem } from '../../core/snapshot.js';
import { toNvmlBusId } from '../pci/address.js';
import { parseLinkSpeedGtPerSecond, parseLinkWidth, pcieGenerationOf } from '../pci/pcie-link.js';
import { DeviceBuilder, mapReading, none, readNumber, readText, type Reading } from '../vendor-common/reading.js';

/** The attribute texts of one card: `device/<name>` and `device/hwmon/hwmonN/<name>`, as read (null: absent). */
export interface CardFiles {
  device: Readonly<Record<string, string | null>>;
  hwmon: Readonly<Record<string, string | null>>;
}

export const DEVICE_ATTRIBUTES = [
  'uevent', 'product_name', 'serial_number', 'vbios_version', 'gpu_busy_percent', 'mem_busy_percent',
  'mem_info_vram_total', 'mem_info_vram_used', 'pp_dpm_sclk', 'pp_dpm_mclk',
  'current_link_speed', 'current_link_width', 'max_link_speed', 'max_link_width',
] as const;

export const HWMON_ATTRIBUTES = [
  'temp1_input', 'temp1_label', 'temp1_crit', 'temp1_emergency', 'temp2_input', 'temp2_label', 'temp2_crit', 'temp2_emergency',
  'power1_average', 'power1_input', 'power1_cap', 'power1_cap_default', 'pwm1', 'energy1_input',
] as const;

export interface CardIdentity {
  driver: string | null;
  vendorId: string | null;
  deviceId: string | null;
  /** The kernel's form, "0000:03:00.0". */
  slot: string | null;
}

/** DRIVER=, PCI_ID=1002:744C and PCI_SLOT_NAME= from the device's uevent. */
export function parseUevent(text: string | null): CardIdentity {
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(text ?? '')?.[1]?.trim() ?? null;
  const id = /^([0-9a-f]{4}):([0-9a-f]{4})$/i.exec(value('PCI_ID') ?? '');
  return { driver: value('DRIVER'), vendorId: id?.[1]?.toLowerCase() ?? null, deviceId: id?.[2]?.toLowerCase() ?? null, slot: value('PCI_SLOT_NAME') };
}

/** pp_dpm_sclk: "0: 500Mhz\n1: 800Mhz *\n2: 2500Mhz" → the starred level and the highest. */
export function parseDpmLevels(text: string | null): { current: Reading<number>; max: Reading<number> } {
  if (text === null) return { current: none('not-reported'), max: none('not-reported') };
  const levels = [...text.matchAll(/^\s*\d+:\s*(\d+)\s*Mhz(\s*\*)?\s*$/gim)].map((m) => ({ mhz: Number(m[1]), current: Boolean(m[2]) }));
  if (levels.length === 0) return { current: none('not-reported'), max: none('not-reported') };
  const current = levels.find((level) => level.current);
  return { current: current ? { ok: true, value: current.mhz } : none('not-reported'), max: { ok: true, value: Math.max(...levels.map((l) => l.mhz)) } };
}

const scaled = (text: string | null, divisor: number): Reading<number> =>
  text === null ? none('not-supported') : mapReading(readNumber(text.trim()), (value) => value / divisor);

/** Which hwmon temperature is the GPU's: "edge" where there is one (Radeon), else the first (MI300: "junction"). */
function temperatureSensor(h: (name: string) => string | null): 1 | 2 {
  return h('temp1_input') === null && h('temp2_input') !== null ? 2 : 1;
}

export function cardToDevice(index: number, files: CardFiles, name: string | null, problems: SnapshotProblem[]): DeviceBuilder {
  const identity = parseUevent(files.device.uevent ?? null);
  const vendor = identity.vendorId === '1002' ? 'amd' : identity.vendorId === '8086' ? 'intel' : 'other';
  const b = new DeviceBuilder(index, vendor, problems, 'sysfs');
  b.unsupported('computeCapability', 'migModeCurrent', 'migModePending', 'nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'driverModel', 'uuid');
  const d = (name: string): string | null => files.device[name] ?? null;
  const h = (name: string): string | null => files.hwmon[name] ?? null;
  // The board's own name (Instinct boards carry one in their FRU) before the PCI database's.
  const productName = readText(d('product_name'));
  b.set('name', productName.ok || name === null ? productName : { ok: true, value: name });
  b.set('pciBusId', identity.slot === null ? none('not-reported') : mapReading({ ok: true, value: identity.slot }, toNvmlBusId, 'not a PCI address'));
  b.set('serial', readText(d('serial_number')));
  b.set('vbiosVersion', readText(d('vbios_version')));
  b.set('gpuUtilPercent', d('gpu_busy_percent') === null ? none('not-supported') : readNumber(d('gpu_busy_percent')!.trim()));
  b.set('memoryUtilPercent', d('mem_busy_percent') === null ? none('not-supported') : readNumber(d('mem_busy_percent')!.trim()));
  b.set('memoryTotalBytes', scaled(d('mem_info_vram_total'), 1));
  b.set('memoryUsedBytes', scaled(d('mem_info_vram_used'), 1));
  const { device } = b;
  if (device.memoryTotalBytes !== null && device.memoryUsedBytes !== null) {
    b.set('memoryFreeBytes', { ok: true, value: Math.max(0, device.memoryTotalBytes - device.memoryUsedBytes) });
  }
  const sclk = parseDpmLevels(d('pp_dpm_sclk'));
  const mclk = parseDpmLevels(d('pp_dpm_mclk'));
  for (const field of ['graphicsClockMhz', 'smClockMhz'] as const) b.set(field, sclk.current);
  for (const field of ['graphicsClockMaxMhz', 'smClockMaxMhz'] as const) b.set(field, sclk.max);
  b.set('memoryClockMhz', mclk.current);
  b.set('memoryClockMaxMhz', mclk.max);
  const link = (speed: string | null) => mapReading(readText(speed), (text) => pcieGenerationOf(parseLinkSpeedGtPerSecond(text)), 'not a PCIe rate');
  b.set('pcieLinkGeneration', link(d('current_link_speed')));
  b.set('pcieLinkGenerationMax', link(d('max_link_speed')));
  b.set('pcieLinkWidth', mapReading(readText(d('current_link_width')), parseLinkWidth, 'not a lane count'));
  b.set('pcieLinkWidthMax', mapReading(readText(d('max_link_width')), parseLinkWidth, 'not a lane count'));
  const sensor = temperatureSensor(h);
  b.set('temperatureCelsius', scaled(h(`temp${sensor}_input`), 1000));
  b.set('temperatureSlowdownCelsius', scaled(h(`temp${sensor}_crit`), 1000));
  b.set('temperatureShutdownCelsius', scaled(h(`temp${sensor}_emergency`), 1000));
  // Radeons before RDNA3 give the average, RDNA3 and MI300 the instant figure.
  b.set('powerDrawWatts', scaled(h('power1_average') ?? h('power1_input'), 1e6));
  b.set('powerLimitWatts', scaled(h('power1_cap'), 1e6));
  b.set('powerLimitDefaultWatts', scaled(h('power1_cap_default'), 1e6));
  b.set('energyConsumedJoules', scaled(h('energy1_input'), 1e6));
  // The fan's PWM duty (0–255) is what amdgpu sets; MI-series boards have no fan of their own.
  b.set('fanSpeedPercent', h('pwm1') === null ? none('not-supported') : mapReading(readNumber(h('pwm1')!.trim()), (pwm) => (pwm <= 255 ? Math.round((pwm / 255) * 1000) / 10 : null), 'not a PWM duty'));
  return b;
}
