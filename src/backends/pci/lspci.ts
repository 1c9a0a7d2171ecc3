// The fallback when sysfs is missing or unreadable: `lspci -Dnnk` (domain, numeric ids with
// names, kernel driver and modules), run through the one exec helper with a timeout.

import type { Exec } from '../../system/exec.js';
import { shortenDetail } from '../../system/limits.js';
import { parseLspci } from './lspci-parse.js';
import type { PciDeviceFacts, PciScanFailureCode, PciScanProblem } from './types.js';
import { pciClassKind } from './vendors.js';

export const LSPCI_ARGS = ['-Dnnk'] as const;
export const DEFAULT_LSPCI_TIMEOUT_MS = 5000;
/** lspci -Dnnk of a large server is ~100 KB; past this, the output is cut (and said so). */
const LSPCI_MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

export type LspciScanResult =
  | { kind: 'ok'; devices: PciDeviceFacts[]; problems: PciScanProblem[] }
  | { kind: 'absent'; detail: string }
  | { kind: 'failed'; code: PciScanFailureCode; detail: string };

/** The first `count` lines of `text`, on one line, bounded: a detail for a person. */
function firstLines(text: string, count = 5): string {
  const lines: string[] = [];
  let start = 0;
  const body = text.trim();
  while (lines.length < count && start < body.length) {
    const end = body.indexOf('\n', start);
    // A line is cut at 1000 characters before it is copied: one line may be all of a 4 MB output.
    lines.push(body.slice(start, Math.min(end < 0 ? body.length : end, start + 1000)).trim());
    if (end < 0) break;
    start = end + 1;
  }
  return shortenDetail(lines.join(' | '));
}

export async function scanWithLspci(exec: Exec, command: string, timeoutMs: number): Promise<LspciScanResult> {
  const result = await exec(command, LSPCI_ARGS, { timeoutMs, maxOutputBytes: LSPCI_MAX_OUTPUT_BYTES });
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
    {
      const facts = lspciOutputToFacts(result.stdout, result.stderr);
      // The bus is still worth showing (pci is the last backend), but not as if it were whole.
      if (result.truncated) {
        facts.problems.push({ address: null, code: 'parse', detail: `${command}: output cut at ${LSPCI_MAX_OUTPUT_BYTES / 2 ** 20} MiB; devices after it are missing` });
      }
      return { kind: 'ok', devices: facts.devices, problems: facts.problems };
    }
  }
}

/** Pure: lspci -Dnnk output → facts for the display and accelerator functions in it. */
export function lspciOutputToFacts(stdout: string, stderr = ''): { devices: PciDeviceFacts[]; problems: PciScanProblem[] } {
  const parsed = parseLspci(stdout);
  const problems: PciScanProblem[] = [];
  // lspci still answers when libkmod or pci.ids is missing; say so, it explains missing names.
  if (stderr.trim() !== '') problems.push({ address: null, code: 'lspci-warning', detail: firstLines(stderr) });
  if (parsed.unparsedCount > 0) {
    problems.push({ address: null, code: 'parse', detail: `lspci: ${parsed.unparsedCount} unrecognised line(s): ${firstLines(parsed.unparsed.join('\n'), 3)}` });
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
