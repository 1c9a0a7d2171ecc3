// What the guides read from a doctor report: check outcomes by id, the fix target, the preferred
// Python, and the driver state the fixes are written for.

import type { MessageKey } from '../../i18n/index.js';
import type { DriverChoice } from '../fixes/driver.js';
import { psQuote, shQuote } from '../fixes/shell-quote.js';
import { findCheck, type DoctorReport } from '../report/report.js';
import type { CheckResult, CheckStatus } from '../types.js';
import { guideStep, type GuideStep, type GuideStepState } from './types.js';

export interface GuideContext {
  report: DoctorReport;
  check(id: string): CheckResult | null;
  status(id: string): CheckStatus | null;
  /** The interpreter to install into: the active virtualenv / conda env first, then PATH's. */
  python: string;
  /** The same, quoted for the target's shell. */
  pythonQuoted: string;
  driverChoice: DriverChoice;
  computeCapabilities: string[];
  windowsNative: boolean;
  noGpu: boolean;
  /**
   * The report is of another machine (`--for`): only its OS and GPU are known, nothing was read
   * there, so a step says what to check on it instead of reporting this machine's state.
   */
  elsewhere: boolean;
}

export function guideContext(report: DoctorReport, elsewhere = false): GuideContext {
  const windowsNative = report.machine.target.family === 'windows';
  const python = report.machine.pythons[0]?.path ?? (windowsNative ? 'python' : 'python3');
  return {
    report,
    check: (id) => findCheck(report, id),
    status: (id) => findCheck(report, id)?.status ?? null,
    python,
    pythonQuoted: windowsNative ? `& ${psQuote(python)}` : shQuote(python),
    driverChoice: { branch: report.machine.recommendedDriverBranch, openModule: report.machine.openKernelModule },
    computeCapabilities: report.machine.nvidiaGpus.map((g) => g.computeCapability).filter((cc): cc is string => cc !== null),
    windowsNative,
    noGpu: findCheck(report, 'hardware.gpus')?.status === 'fail',
    elsewhere,
  };
}

/** A step whose state follows one check: done when it passed, blocked when an earlier layer failed. */
export function stepFromCheck(
  ctx: GuideContext,
  title: MessageKey,
  checkId: string,
  todo: () => GuideStep['actions'],
): GuideStep {
  const check = ctx.check(checkId);
  const status = check?.status ?? 'skipped';
  const detail = check ? [check.summary] : [];
  if (status === 'ok') return guideStep(title, 'done', detail);
  if (status === 'fail' || status === 'warn') {
    const actions = check?.fix?.steps.length ? check.fix.steps : todo();
    return guideStep(title, 'todo', check?.fix ? [...detail, check.fix.why] : detail, actions);
  }
  return guideStep(title, 'todo', detail, todo());
}

/** The driver layer as one step for guides built on top of it. */
export function driverReadyStep(ctx: GuideContext): GuideStep {
  if (ctx.noGpu) return guideStep('doctor.guide.step.driverReady', 'blocked', [ctx.check('hardware.gpus')?.summary ?? { key: 'doctor.skip.noNvidiaGpu' }]);
  const problems = ['driver.nouveau', 'driver.kernel-module', 'driver.nvml', 'driver.version-mismatch', 'driver.gpu-support']
    .map((id) => ctx.check(id))
    .filter((c): c is CheckResult => c !== null && c.status === 'fail');
  const driver = ctx.report.machine.driver;
  // No failing check but no driver either (a target machine, `--for`): installing it comes first.
  const state: GuideStepState = problems.length > 0 ? 'blocked' : driver.version || driver.maxCuda ? 'done' : 'todo';
  const detail = problems.length > 0 || state === 'todo' ? [...problems.map((p) => p.summary), { key: 'doctor.guide.seeDriver' as const }] : [];
  if (state === 'done' && driver.version) detail.push({ key: 'doctor.guide.driverVersion', params: { version: driver.version, cuda: driver.maxCuda ?? '?' } });
  return guideStep('doctor.guide.step.driverReady', state, detail);
}
