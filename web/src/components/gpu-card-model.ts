// What a GPU card shows, decided apart from drawing it: the GPU's state, levels (warn/danger) with
// the same thresholds as `gpuwise top` (src/cli/top/gpu-state.ts; gpu-card-model.test.ts checks
// they agree), its processes, and the overview's totals. Pure: tested in Node.
import { isPerformanceLimiting, type ClockEventReason } from '../../../src/core/clock-events.js';
import type { UnavailableReason } from '../../../src/core/unavailable.js';
import type { SnapshotProblem } from '../../../src/core/snapshot.js';
import type { GpuDevice, GpuProcess, Snapshot } from '../api/index.js';

export type CardState = 'ok' | 'lost' | 'hung' | 'error' | 'unsupported';
export type Level = 'warn' | 'danger';

/** The key the API names this GPU by (as src/monitor/history.ts's deviceKey). */
export function deviceKey(device: Pick<GpuDevice, 'uuid' | 'pciBusId' | 'index'>): string {
  if (device.uuid) return device.uuid;
  if (device.pciBusId) return `pci:${device.pciBusId}`;
  return `index:${device.index}`;
}

/** The live fields whose absence together means nothing here can read this GPU. */
const CORE_FIELDS = ['gpuUtilPercent', 'memoryUsedBytes', 'temperatureCelsius', 'powerDrawWatts'] as const;

export function cardState(device: GpuDevice, capabilities: Snapshot['capabilities']): CardState {
  if (device.state === 'lost') return 'lost';
  if (device.state === 'error') {
    return device.unavailable.gpuUtilPercent === 'timeout' || device.unavailable.memoryUsedBytes === 'timeout' ? 'hung' : 'error';
  }
  // A bus scan (the pci backend) finds the board but reads nothing; so does a driver that answers
  // "not supported" to every live field (a card it does not really drive).
  if (capabilities?.metrics === false) return 'unsupported';
  const unsupported = CORE_FIELDS.every((field) => device[field] === null && device.unavailable[field] === 'not-supported');
  return unsupported ? 'unsupported' : 'ok';
}

/**
 * The reading's problem that says why this GPU has no values, so the card can say it in the
 * reader's language: the backend sets the GPU's stateDetail and the problem's English message
 * from one sentence, so the problem with that message; else one scoped to this GPU. Only a problem
 * with a message key counts: without one it would be the same English again.
 */
export function stateProblem(device: Pick<GpuDevice, 'index' | 'stateDetail'>, problems: readonly SnapshotProblem[]): SnapshotProblem | null {
  const keyed = problems.filter((problem) => problem.key !== undefined);
  return (
    keyed.find((problem) => device.stateDetail !== null && problem.message === device.stateDetail) ??
    keyed.find((problem) => problem.scope === `device:${device.index}`) ??
    null
  );
}

export function memoryPercent(device: Pick<GpuDevice, 'memoryUsedBytes' | 'memoryTotalBytes'>): number | null {
  const { memoryUsedBytes: used, memoryTotalBytes: total } = device;
  return used !== null && total !== null && total > 0 ? (used / total) * 100 : null;
}

export function powerPercent(device: Pick<GpuDevice, 'powerDrawWatts' | 'powerLimitWatts'>): number | null {
  const { powerDrawWatts: draw, powerLimitWatts: limit } = device;
  return draw !== null && limit !== null && limit > 0 ? (draw / limit) * 100 : null;
}

export function temperatureLevel(device: Pick<GpuDevice, 'temperatureCelsius' | 'temperatureSlowdownCelsius'>): Level | null {
  const temp = device.temperatureCelsius;
  if (temp === null) return null;
  const slowdown = device.temperatureSlowdownCelsius;
  if (slowdown !== null) return temp >= slowdown - 5 ? 'danger' : temp >= slowdown - 12 ? 'warn' : null;
  return temp >= 85 ? 'danger' : temp >= 78 ? 'warn' : null;
}

export function memoryLevel(device: Pick<GpuDevice, 'memoryUsedBytes' | 'memoryTotalBytes'>): Level | null {
  const percent = memoryPercent(device);
  if (percent === null) return null;
  return percent >= 95 ? 'danger' : percent >= 90 ? 'warn' : null;
}

/**
 * Power against its limit: a training GPU runs near its cap as a matter of course, so only the
 * cap itself (98 % and up) is marked; whether it holds the clocks back, the throttle reasons say.
 */
export function powerLevel(percent: number | null): Level | null {
  return percent !== null && percent >= 98 ? 'warn' : null;
}

const HARDWARE_REASONS: ReadonlySet<ClockEventReason> = new Set(['hw-slowdown', 'hw-thermal-slowdown', 'hw-power-brake-slowdown']);

export interface ThrottleReason {
  reason: ClockEventReason;
  /** null: a reason that does not hold the GPU back (idle, clocks set by an application). */
  level: Level | null;
}

/** Why clocks are below their maximum now; null when the driver does not say. */
export function throttleReasons(device: Pick<GpuDevice, 'clockEventReasons'>): ThrottleReason[] | null {
  if (device.clockEventReasons === null) return null;
  return device.clockEventReasons.map((reason) => ({
    reason,
    level: HARDWARE_REASONS.has(reason) ? 'danger' : isPerformanceLimiting(reason) ? 'warn' : null,
  }));
}

/** The GPU's processes, most memory first (unknown memory last), then by PID. */
export function processesOf(processes: readonly GpuProcess[], device: Pick<GpuDevice, 'index' | 'uuid'>): GpuProcess[] {
  const mine = processes.filter((process) => (device.uuid && process.gpuUuid ? process.gpuUuid === device.uuid : process.gpuIndex === device.index));
  return mine.sort((a, b) => (b.usedMemoryBytes ?? -1) - (a.usedMemoryBytes ?? -1) || a.pid - b.pid);
}

/** Why a value is missing, for the N/A's tooltip; undefined when the snapshot does not say. */
export function missingReason(device: GpuDevice, field: keyof GpuDevice['unavailable']): UnavailableReason | undefined {
  return device.unavailable[field];
}

/** An amount and the whole it is part of (memory used of total, power drawn of the limits). */
export interface PairedTotal {
  /** Summed over `counted` GPUs only; null when none reports both values. */
  used: number | null;
  whole: number | null;
  /** GPUs in both sums: those that report both values. Fewer than the GPUs → a partial total. */
  counted: number;
}

export interface OverviewTotals {
  gpus: number;
  /** GPUs that are lost, hung, unreadable or without metrics. */
  trouble: number;
  /** Mean GPU-Util over the GPUs that report it; null when none does. */
  meanUtilPercent: number | null;
  /** Bytes. */
  memory: PairedTotal;
  /** Watts: the draw against the enforced limits. */
  power: PairedTotal;
  processes: number;
}

/**
 * Both sums over the same GPUs: a GPU that lacks either value is left out of both, never counted
 * as 0 — else the draw of two GPUs would be set against the limits of three and the share would lie.
 */
function pairedTotal(pairs: readonly (readonly [number | null, number | null])[]): PairedTotal {
  let used = 0;
  let whole = 0;
  let counted = 0;
  for (const [part, total] of pairs) {
    if (part === null || total === null) continue;
    used += part;
    whole += total;
    counted += 1;
  }
  return counted === 0 ? { used: null, whole: null, counted } : { used, whole, counted };
}

/** The overview's totals: each over the GPUs that report what it needs (see PairedTotal). */
export function overviewTotals(snapshot: Snapshot): OverviewTotals {
  const utils = snapshot.devices.map((device) => device.gpuUtilPercent).filter((value): value is number => value !== null);
  return {
    gpus: snapshot.devices.length,
    trouble: snapshot.devices.filter((device) => cardState(device, snapshot.capabilities) !== 'ok').length,
    meanUtilPercent: utils.length === 0 ? null : utils.reduce((a, b) => a + b, 0) / utils.length,
    memory: pairedTotal(snapshot.devices.map((device) => [device.memoryUsedBytes, device.memoryTotalBytes] as const)),
    power: pairedTotal(snapshot.devices.map((device) => [device.powerDrawWatts, device.powerLimitWatts] as const)),
    processes: snapshot.processes.length,
  };
}
