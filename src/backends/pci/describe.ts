// Words for a PCI scan, in the user's language: "NVIDIA device (10de:2330, H100 SXM5 80GB) at
// 0000:17:00.0 — no driver bound". The CLI (info, doctor) prints these; the library only returns them.

import type { Translate } from '../../i18n/index.js';
import { isMonitoredPciDevice, pciDisplayName } from './to-gpu-device.js';
import type { PciDisplayDevice, PciScanFailed, PciScanProblem, PciScanResult } from './types.js';

export function describePciDriver(device: PciDisplayDevice, t: Translate): string {
  const { driver, driverVersion } = device;
  if (driver === null) return t('pci.driver.none');
  if (driver === 'nouveau') return t('pci.driver.nouveau');
  if (driver.startsWith('vfio')) return t('pci.driver.vfio', { driver });
  if (driverVersion !== null) return t('pci.driver.boundVersion', { driver, version: driverVersion });
  return t('pci.driver.bound', { driver });
}

export function describePciDevice(device: PciDisplayDevice, t: Translate): string {
  const params = {
    vendor: device.vendorName ?? t('pci.unknownVendor'),
    ids: `${device.vendorId}:${device.deviceId}`,
    address: device.address,
    driver: describePciDriver(device, t),
  };
  if (device.deviceName === null) return t('pci.device.unnamed', params);
  return t('pci.device', { ...params, name: device.deviceName });
}

/** "PCIe Gen4 x16 (up to Gen5 x16)"; null when sysfs gave no link figures. */
export function describePciLink(device: PciDisplayDevice, t: Translate): string | null {
  const { pcieLinkGeneration: generation, pcieLinkWidth: width } = device;
  if (generation === null || width === null) return null;
  const { pcieLinkGenerationMax: generationMax, pcieLinkWidthMax: widthMax } = device;
  if (generationMax === null || widthMax === null || (generationMax === generation && widthMax === width)) {
    return t('pci.link', { generation, width });
  }
  return t('pci.linkWithMax', { generation, width, generationMax, widthMax });
}

export function describePciProblem(problem: PciScanProblem, t: Translate): string {
  const where = problem.address ?? t('pci.problem.bus');
  const detail = problem.detail;
  switch (problem.code) {
    case 'no-permission':
      return t('pci.problem.noPermission', { where, detail });
    case 'read-failed':
      return t('pci.problem.readFailed', { where, detail });
    case 'parse':
      return t('pci.problem.parse', { where, detail });
    case 'pci-ids':
      return t('pci.problem.pciIds', { detail });
    case 'modules-alias':
      return t('pci.problem.modulesAlias', { detail });
    case 'lspci-warning':
      return t('pci.problem.lspciWarning', { detail });
  }
}

export function describePciScanFailure(scan: PciScanFailed, t: Translate): string {
  const detail = scan.detail;
  switch (scan.code) {
    case 'no-permission':
      return t('pci.failed.noPermission', { detail });
    case 'no-sysfs-no-lspci':
      return t('pci.failed.noSysfsNoLspci', { detail });
    case 'lspci-failed':
      return t('pci.failed.lspciFailed', { detail });
    case 'timeout':
      return t('pci.failed.timeout', { detail });
    case 'error':
      return t('pci.failed.error', { detail });
  }
}

/** Every line a user needs about the bus: the GPUs, what else is there, and what went wrong. */
export function describePciScan(scan: PciScanResult, t: Translate): string[] {
  if (scan.kind === 'unsupported') return [t('pci.unsupported', { platform: scan.platform })];
  if (scan.kind === 'failed') return [describePciScanFailure(scan, t)].concat(scan.problems.map((p) => describePciProblem(p, t)));

  const gpus = scan.devices.filter(isMonitoredPciDevice);
  const lines: string[] = [];
  if (gpus.length === 0) lines.push(t('pci.summary.noGpu'));
  else lines.push(gpus.length === 1 ? t('pci.summary.oneGpu') : t('pci.summary.manyGpus', { count: gpus.length }));
  for (const gpu of gpus) {
    const link = describePciLink(gpu, t);
    lines.push(`  ${describePciDevice(gpu, t)}${link === null ? '' : `, ${link}`}`);
  }
  const virtualFunctions = scan.devices.filter((d) => d.role !== 'other' && d.physicalFunction !== null).length;
  if (virtualFunctions > 0) lines.push(t('pci.virtualFunctions', { count: virtualFunctions }));
  for (const other of scan.devices.filter((d) => d.role === 'other')) {
    lines.push(
      t('pci.otherDisplay', {
        label: pciDisplayName(other) ?? `${other.vendorName ?? t('pci.unknownVendor')} ${t('pci.unnamedDevice')}`,
        ids: `${other.vendorId}:${other.deviceId}`,
        address: other.address,
        driver: describePciDriver(other, t),
      }),
    );
  }
  if (scan.wsl) lines.push(t('pci.wsl'));
  if (scan.source === 'lspci') lines.push(t('pci.fromLspci'));
  for (const problem of scan.problems) lines.push(describePciProblem(problem, t));
  return lines;
}
