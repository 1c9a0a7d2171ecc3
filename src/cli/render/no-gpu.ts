// What `gpuwise info` says when no backend gives live GPU data: which GPUs the PCI bus shows,
// what was tried and why each failed — with the tool's own message where it has one — and
// whether the driver did not answer at all (a hang is not a missing driver).

import type { BackendUnavailableCode } from '../../core/backend.js';
import type { Snapshot } from '../../core/snapshot.js';
import type { TextRenderOptions } from './info-text.js';
import { displayWidth, padEnd, truncate } from './format.js';
import { isTimeoutCode, reasonText } from './reasons.js';

/**
 * Whether an attempt's technical detail helps the reader. "exit code 9: …" from nvidia-smi or an
 * NVML init error does; "spawn nvidia-smi ENOENT" after "not on PATH" only repeats the reason.
 */
const DETAIL_SHOWN = {
  'library-not-found': false,
  'init-failed': true,
  'command-not-found': false,
  'command-failed': true,
  timeout: true,
  'unsupported-platform': false,
  'driver-not-loaded': false,
  'no-permission': true,
  error: true,
} as const satisfies Record<BackendUnavailableCode, boolean>;

/** Shortest room a detail gets on a narrow terminal before it is cut. */
const MIN_DETAIL_COLUMNS = 40;

/**
 * True when a GPU backend was there but the driver did not answer in time: the chain's NVML or
 * nvidia-smi attempt timed out, or NVML opened and then nvmlDeviceGetCount timed out (no GPUs
 * listed, a `timeout` problem on the whole backend).
 */
export function driverDidNotAnswer(snapshot: Snapshot): boolean {
  const gpuBackendTimedOut = snapshot.backendAttempts.some(
    (a) => !a.ok && (a.backend === 'nvml' || a.backend === 'nvidia-smi') && isTimeoutCode(a.code),
  );
  if (gpuBackendTimedOut) return true;
  return (
    snapshot.devices.length === 0 &&
    snapshot.problems.some((p) => (p.scope === 'devices' || p.scope === 'backend') && isTimeoutCode(p.code))
  );
}

/** `snapshot` must already be a safe view (see safe-view.ts). */
export function renderNoWorkingGpu(snapshot: Snapshot, options: TextRenderOptions, nameWidth: number): string[] {
  const { t, color } = options;
  // A copy (info --from, a replay) that lists no GPU: nothing here was tried, and doctor would
  // check this machine, not the one the copy came from.
  if (snapshot.backend === 'static') return [color.yellow(t('info.noGpu.recordedNone'))];
  const na = t('common.notAvailable');
  const lines = [color.yellow(t(driverDidNotAnswer(snapshot) ? 'info.noGpu.noAnswer' : 'info.noGpu.title'))];
  // A backend that opened without live metrics is a bus scan: what it lists was found, not read.
  const busScan = snapshot.capabilities?.metrics === false;
  const onBus = busScan ? snapshot.devices : [];
  if (busScan && onBus.length === 0) lines.push(t('info.noGpu.pciNone'));
  if (onBus.length > 0) {
    lines.push(t('info.noGpu.pciFound', { count: onBus.length }));
    for (const device of onBus) {
      const where = device.pciBusId ?? '';
      lines.push(`  ${color.cyan(`[${device.index}]`)} ${padEnd(truncate(device.name ?? na, nameWidth), nameWidth)}  ${where}  ${color.dim(device.stateDetail ?? '')}`);
    }
  }
  const failed = snapshot.backendAttempts.filter((attempt) => !attempt.ok);
  if (failed.length > 0) lines.push(t('info.noGpu.tried'));
  for (const attempt of failed) {
    const line = `  ${attempt.backend}: ${reasonText(attempt.code, t, attempt.backend)}`;
    const detail = attempt.code !== null && DETAIL_SHOWN[attempt.code] ? attempt.detail : null;
    if (!detail) {
      lines.push(line);
      continue;
    }
    const room = Math.max(MIN_DETAIL_COLUMNS, options.width - displayWidth(line) - 3);
    lines.push(`${line} ${color.dim(`— ${truncate(detail, room)}`)}`);
  }
  lines.push(t('info.noGpu.doctor'));
  return lines;
}
