// The end-of-run report as data (report.json; docs/run.md "Report"): the run, each attempt and how
// it ended, the restarts and their waits, the failures recognised, the GPUs' summary and series,
// the energy and its cost, and diagnose's findings over the run's last window. Pure: the HTML page
// (./report-html.ts) and the CLI render it.

import type { DiagnoseReport } from '../diagnose/types.js';
import type { Failure, FailureKind, Text } from './failures/types.js';
import type { GpuRunSummary } from './gpu-record.js';
import type { RestartPolicyOptions } from './policy.js';
import type { RunOutcome, RunStop } from './supervisor.js';

export const RUN_REPORT_FORMAT = 'gpuwise-run-report';

export interface AttemptReport {
  attempt: number;
  pid: number;
  args: string[];
  startedAt: string;
  endedAt: string;
  seconds: number;
  exitCode: number;
  signal: string | null;
  reason: Text;
  /** The wait before the next attempt (ms); null for the last. */
  restartDelayMs: number | null;
  failures: FailureKind[];
}

/** A recorded GPU the energy total leaves out, or counts only in part, and why. */
export interface EnergyLeftOut {
  gpu: number;
  /** 'not-answering': it stopped answering during the run; 'no-readings': no counter and fewer than two power readings. */
  reason: 'not-answering' | 'no-readings';
  /** True when its energy up to then is in the total. */
  partial: boolean;
}

export interface EnergyReport {
  joules: number | null;
  kWh: number | null;
  /** 'mixed' when some GPUs had a counter and others only power. */
  source: 'counter' | 'power' | 'mixed' | null;
  cost: { pricePerKwh: number; currency: string; amount: number } | null;
  leftOut: EnergyLeftOut[];
}

export interface RunReport {
  format: typeof RUN_REPORT_FORMAT;
  version: 1;
  recordedBy: string;
  hostname: string;
  command: string[];
  startedAt: string;
  endedAt: string;
  seconds: number;
  exitCode: number;
  stop: RunStop;
  stopText: Text;
  stoppedBy: string | null;
  startError: string | null;
  policy: Required<RestartPolicyOptions>;
  attempts: AttemptReport[];
  failures: Failure[];
  gpus: {
    /** What CUDA_VISIBLE_DEVICES was set to (--gpus), or null when left alone. */
    visibleDevices: string | null;
    recorded: GpuRunSummary[];
    /** Why no GPU was recorded, or null. */
    unavailable: string | null;
  };
  energy: EnergyReport;
  diagnose: DiagnoseReport | null;
  diagnoseUnavailable: string | null;
  logs: { dir: string; combined: string; stdout: string; stderr: string };
}

export interface ReportInput {
  recordedBy: string;
  hostname: string;
  command: string[];
  startedMs: number;
  endedMs: number;
  outcome: RunOutcome;
  policy: Required<RestartPolicyOptions>;
  visibleDevices: string | null;
  gpus: GpuRunSummary[];
  gpusUnavailable: string | null;
  diagnose: DiagnoseReport | null;
  diagnoseUnavailable: string | null;
  pricePerKwh: number | null;
  currency: string;
  logs: RunReport['logs'];
}

const iso = (ms: number) => new Date(ms).toISOString();
const JOULES_PER_KWH = 3_600_000;

export function exitReason(status: { code: number | null; signal: string | null }): Text {
  return status.signal === null ? { key: 'run.reason.exited', params: { code: status.code ?? 0 } } : { key: 'run.reason.signal', params: { signal: status.signal } };
}

export function stopText(outcome: Pick<RunOutcome, 'stop' | 'stoppedBy' | 'failuresInWindow'>): Text {
  if (outcome.stop === 'stopped') return { key: 'run.stop.stopped', params: { signal: outcome.stoppedBy ?? '?' } };
  if (outcome.stop === 'restart-limit') return { key: 'run.stop.restart-limit', params: { failures: outcome.failuresInWindow } };
  return { key: `run.stop.${outcome.stop}` };
}

/** Energy in the unit that shows its digits: Wh below 1 kWh (a short job), kWh above — never "0.0000 kWh". */
export const energyText = (kWh: number) => (kWh < 1 ? `${(kWh * 1000).toFixed(kWh < 0.01 ? 3 : 1)} Wh` : `${kWh.toFixed(3)} kWh`);

type EnergyInput = Pick<GpuRunSummary, 'index' | 'energyJoules' | 'energySource' | 'unansweredSamples'>;

/** The GPUs whose energy is missing from the total, or there only until they stopped answering. */
function leftOutOf(gpus: readonly EnergyInput[]): EnergyLeftOut[] {
  return gpus.flatMap((g): EnergyLeftOut[] => {
    const unanswered = g.unansweredSamples > 0;
    if (g.energyJoules === null) return [{ gpu: g.index, reason: unanswered ? 'not-answering' : 'no-readings', partial: false }];
    return unanswered ? [{ gpu: g.index, reason: 'not-answering', partial: true }] : [];
  });
}

/** How the total treats each GPU it leaves out, as the user reads it (the CLI's summary, the page). */
export function leftOutTexts(energy: EnergyReport): Text[] {
  return energy.leftOut.map((l) => ({
    key: l.partial ? 'run.energy.partial' : l.reason === 'not-answering' ? 'run.energy.leftOut.notAnswering' : 'run.energy.leftOut.noReadings',
    params: { gpu: l.gpu },
  }));
}

export function energyOf(gpus: readonly EnergyInput[], pricePerKwh: number | null, currency: string): EnergyReport {
  const measured = gpus.filter((g) => g.energyJoules !== null);
  const leftOut = leftOutOf(gpus);
  if (measured.length === 0) return { joules: null, kWh: null, source: null, cost: null, leftOut };
  const joules = measured.reduce((sum, g) => sum + (g.energyJoules ?? 0), 0);
  const sources = new Set(measured.map((g) => g.energySource));
  const kWh = joules / JOULES_PER_KWH;
  return {
    joules: Math.round(joules),
    kWh: Math.round(kWh * 1e6) / 1e6,
    source: sources.size > 1 ? 'mixed' : (measured[0]?.energySource ?? null),
    cost: pricePerKwh === null ? null : { pricePerKwh, currency, amount: Math.round(kWh * pricePerKwh * 1e4) / 1e4 },
    leftOut,
  };
}

export function buildRunReport(input: ReportInput): RunReport {
  const { outcome } = input;
  return {
    format: RUN_REPORT_FORMAT,
    version: 1,
    recordedBy: input.recordedBy,
    hostname: input.hostname,
    command: input.command,
    startedAt: iso(input.startedMs),
    endedAt: iso(input.endedMs),
    seconds: Math.round((input.endedMs - input.startedMs) / 100) / 10,
    exitCode: outcome.exitCode,
    stop: outcome.stop,
    stopText: stopText(outcome),
    stoppedBy: outcome.stoppedBy,
    startError: outcome.startError,
    policy: input.policy,
    attempts: outcome.attempts.map((a) => ({
      attempt: a.attempt,
      pid: a.pid,
      args: a.args,
      startedAt: iso(a.startedMs),
      endedAt: iso(a.endedMs),
      seconds: Math.round((a.endedMs - a.startedMs) / 100) / 10,
      exitCode: a.exitCode,
      signal: a.status.signal,
      reason: exitReason(a.status),
      restartDelayMs: a.restartDelayMs,
      failures: [...new Set(outcome.failures.filter((f) => f.attempt === a.attempt).map((f) => f.kind))],
    })),
    failures: outcome.failures,
    gpus: { visibleDevices: input.visibleDevices, recorded: input.gpus, unavailable: input.gpusUnavailable },
    energy: energyOf(input.gpus, input.pricePerKwh, input.currency),
    diagnose: input.diagnose,
    diagnoseUnavailable: input.diagnoseUnavailable,
    logs: input.logs,
  };
}
