// The fallback when sysfs is missing or unreadable: `lspci -Dnnk` (domain, numeric ids with
// names, kernel driver and modules), run through the one exec helper with a timeout.

import type { Exec } from '../../system/exec.js';
import { parseLspci } from './lspci-parse.js';
import type { PciDeviceFacts, PciScanFailureCode, PciScanProblem } from './types.js';
import { pciClassKind } from './vendors.js';

export const LSPCI_ARGS = ['-Dnnk'] as const;
export const DEFAULT_LSPCI_TIMEOUT_MS = 5000;

export type LspciScanResult =
  | { kind: 'ok'; devices: PciDeviceFacts[]; problems: PciScanProblem[] }
  | { kind: 'absent'; detail: string }
  | { kind: 'failed'; code: PciScanFailureCode; detail: string };

const firstLines = (text: string, count = 5) => text.trim().split('\n').slice(0, count).join(' | ');

export async function scanWithLspci(exec: Exec, command: string, timeoutMs: number): Promise<LspciScanResult> {
  const result = await exec(command, LSPCI_ARGS, { timeoutMs, maxOutputBytes: 4 * 1024 * 1024 });
  switch (result.kind) {
    case 'not-found':
      return { kind: 'absent', detail: result.detail };
    case 'no-permission':
      return { kind: 'failed', code: 'no-permission', detail: result.detail };
    case 'timeout':
      return { kind: 'failed', code: 'timeout', detail: `${command} ${LSPCI_ARGS.join(' ')}: no answer in ${timeoutMs} ms` };
    case 'signal':
      return { kind: 'failed', code: 'lspci-failed', detail: `${command}: killed by ${result.signal}` };
    case 'error':
      return { kind: 'failed', code: 'error', detail: result.detail };
    case 'exited':
      if (result.exitCode !== 0) {
        return { kind: 'failed', code: 'lspci-failed', detail: `${command} exited with ${result.exitCode}: ${firstLines(result.stderr)}` };
      }
      return { kind: 'ok', ...lspciOutputToFacts(result.stdout, result.stderr) };
  }
}

/** Pure: lspci -Dnnk output → facts for the display and accelerator functions in it. */
export function lspciOutputToFacts(stdout: string, stderr = ''): { devices: PciDeviceFacts[]; problems: PciScanProblem[] } {
  const parsed = parseLspci(stdout);
  const problems: PciScanProblem[] = [];
  // lspci still answers when libkmod or pci.ids is missing; say so, it explains missing names.
  if (stderr.trim() !== '') problems.push({ address: null, code: 'lspci-warning', detail: firstLines(stderr) });
  if (parsed.unparsed.length > 0) {
    problems.push({ address: null, code: 'parse', detail: `lspci: ${parsed.unparsed.length} unrecognised line(s): ${firstLines(parsed.unparsed.join('\n'), 3)}` });
  }
  const devices: PciDeviceFacts[] = [];
  for (const record of parsed.records) {
    const classKind = record.classCode === null ? null : pciClassKind(record.classCode);
    if (classKind === null || record.classCode === null) continue;
    if (record.vendorId === null || record.deviceId === null) {
      problems.push({ address: record.address, code: 'parse', detail: `lspci printed no [vendor:device] ids for ${record.address}` });
      continue;
    }
    devices.push({
      address: record.address,
      vendorId: record.vendorId,
      deviceId: record.deviceId,
      subsystemVendorId: record.subsystemVendorId,
      subsystemDeviceId: record.subsystemDeviceId,
      revision: record.revision,
      classCode: record.classCode,
      programmingInterface: record.programmingInterface,
      classKind,
      driver: record.driver,
      driverVersion: null,
      // -k prints "Kernel modules:" only when some module claims the device.
      kernelModules: record.kernelModules ?? [],
      numaNode: record.numaNode,
      iommuGroup: record.iommuGroup,
      physicalFunction: null,
      pcieLinkSpeedGtPerSecond: null,
      pcieLinkSpeedMaxGtPerSecond: null,
      pcieLinkGeneration: null,
      pcieLinkGenerationMax: null,
      pcieLinkWidth: null,
      pcieLinkWidthMax: null,
      modalias: null,
      reportedDeviceName: record.deviceName,
      reportedVendorName: record.vendorName,
    });
  }
  return { devices, problems };
}
