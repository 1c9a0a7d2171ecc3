// What is wrong with a GPU right now, by level: lost, hung, hot, memory nearly full, clocks held
// back, ECC errors, impossible values. The panel colours and flags from these, so "danger" has
// one definition.

import { isPerformanceLimiting, type ClockEventReason } from '../../core/clock-events.js';
import type { GpuDevice, ThrottleTimePercent } from '../../core/snapshot.js';
import type { MessageKey, Translate } from '../../i18n/index.js';
import { clockReasonText } from '../render/reasons.js';

export type Level = 'warn' | 'danger';

/** Causes of held-back clocks worth a warning (low utilisation is the GPU idling, not a limit). */
const THROTTLE_CAUSES = ['power', 'thermal', 'syncBoost', 'boardLimit', 'reliability'] as const satisfies readonly (keyof ThrottleTimePercent)[];
const THROTTLE_KEYS = {
  power: 'top.throttle.power',
  thermal: 'top.throttle.thermal',
  syncBoost: 'top.throttle.syncBoost',
  boardLimit: 'top.throttle.boardLimit',
  reliability: 'top.throttle.reliability',
} as const satisfies Record<(typeof THROTTLE_CAUSES)[number], MessageKey>;

export interface Warning {
  level: Level;
  text: string;
}

/** Clock reasons that mean the hardware itself pulled the clocks down (as opposed to a software cap). */
const HARDWARE_REASONS: ReadonlySet<ClockEventReason> = new Set(['hw-slowdown', 'hw-thermal-slowdown', 'hw-power-brake-slowdown']);

/** A GPU whose read did not come back within the deadline (a hang in the driver). */
export function isHung(device: GpuDevice): boolean {
  return device.state === 'error' && (device.unavailable.gpuUtilPercent === 'timeout' || device.unavailable.memoryUsedBytes === 'timeout');
}

export function memoryPercent(device: Pick<GpuDevice, 'memoryUsedBytes' | 'memoryTotalBytes'>): number | null {
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  return used !== null && total !== null && total > 0 ? (used / total) * 100 : null;
}

export function temperatureLevel(device: GpuDevice): Level | null {
  const temp = device.temperatureCelsius;
  if (temp === null) return null;
  const slowdown = device.temperatureSlowdownCelsius;
  if (slowdown !== null) {
    if (temp >= slowdown - 5) return 'danger';
    if (temp >= slowdown - 12) return 'warn';
    return null;
  }
  return temp >= 85 ? 'danger' : temp >= 78 ? 'warn' : null;
}

export function memoryLevel(device: GpuDevice): Level | null {
  const percent = memoryPercent(device);
  if (percent === null) return null;
  return percent >= 95 ? 'danger' : percent >= 90 ? 'warn' : null;
}

/** GPU-Util says busy while few SMs work: the kernels are small, stalled, or waiting on input. */
export function lowSmActivity(device: GpuDevice): boolean {
  return device.gpuUtilPercent !== null && device.smActivePercent !== null && device.gpuUtilPercent >= 80 && device.smActivePercent < 40;
}

export function warnings(device: GpuDevice, t: Translate): Warning[] {
  const out: Warning[] = [];
  const temp = temperatureLevel(device);
  if (temp) out.push({ level: temp, text: t('top.warn.hot') });
  const memory = memoryLevel(device);
  if (memory === 'danger') out.push({ level: memory, text: t('top.warn.memoryFull') });
  const limiting = (device.clockEventReasons ?? []).filter(isPerformanceLimiting);
  for (const reason of limiting) out.push({ level: HARDWARE_REASONS.has(reason) ? 'danger' : 'warn', text: clockReasonText(reason, t) });
  // Over the whole interval, not just the instant of the read: "held back 35 % of the time".
  const shares = device.throttleTimePercent;
  if (shares) {
    for (const cause of THROTTLE_CAUSES) {
      const share = shares[cause];
      if (share !== null && share >= 5) out.push({ level: cause === 'thermal' || cause === 'reliability' ? 'danger' : 'warn', text: t('top.warn.throttled', { percent: Math.round(share), cause: t(THROTTLE_KEYS[cause]) }) });
    }
  }
  const ecc = device.eccErrors;
  if ((ecc?.uncorrectedVolatile ?? 0) > 0) out.push({ level: 'danger', text: t('top.warn.eccUncorrected', { count: ecc!.uncorrectedVolatile! }) });
  if (device.migModePending !== null && device.migModeCurrent !== null && device.migModePending !== device.migModeCurrent) out.push({ level: 'warn', text: t('top.warn.migPending') });
  const impossible = Object.values(device.unavailable).filter((reason) => reason === 'out-of-range').length;
  if (impossible > 0) out.push({ level: 'warn', text: t('top.warn.impossible', { count: impossible }) });
  return out;
}

/** The worst level among warnings, or null. */
export function worst(list: readonly Warning[]): Level | null {
  if (list.some((w) => w.level === 'danger')) return 'danger';
  return list.length > 0 ? 'warn' : null;
}
