// NVML (or nvidia-smi) opening says the driver loaded, not that it answers: a GPU that fell off
// the bus (Xid 79) is still listed, a hung one is listed with a read that ran out of time, and a
// hung driver opens and then does not say even its own version. None of that is "NVML answers".

import type { DoctorGpuInputs } from '../inputs.js';
import type { GpuFacts, NvidiaGpu } from '../facts/gpus.js';
import type { FixTarget } from '../fixes/target.js';
import { rebootStep, step } from '../fixes/steps.js';
import { msg, type Fix, type Message } from '../types.js';
import { ev, outcome, type CheckOutcome } from './check.js';

function gpuEvidence(gpu: NvidiaGpu): Message {
  const params = { index: gpu.index ?? '?', bus: gpu.pciBusId ?? '?', detail: gpu.stateDetail ?? '—' };
  if (gpu.state === 'lost') return ev('doctor.ev.gpuLost', params);
  return ev(gpu.hung ? 'doctor.ev.gpuHung' : 'doctor.ev.gpuError', params);
}

/** Read the driver's Xid log, then reset the machine: a lost or hung GPU comes back no other way. */
function unansweredFix(target: FixTarget): Fix {
  const why = msg('doctor.driver.nvml.unansweredWhy');
  if (target.family === 'windows' || target.wsl) {
    const where = target.wsl ? ('windows-host' as const) : ('here' as const);
    return { why, steps: [{ ...rebootStep('powershell'), explain: msg('doctor.fix.step.rebootUnanswered'), where }], docs: [XID_DOCS] };
  }
  const where = target.container ? ('container-host' as const) : ('here' as const);
  return {
    why,
    steps: [
      step('doctor.fix.step.xidLog', undefined, ["sudo dmesg | grep -iE 'NVRM|Xid' | tail -n 20"], { where }),
      { ...rebootStep(), explain: msg('doctor.fix.step.rebootUnanswered'), where },
    ],
    docs: [XID_DOCS],
  };
}

const XID_DOCS = 'https://docs.nvidia.com/deploy/xid-errors/index.html';

/**
 * A failure when a listed GPU did not answer its read, the driver did not answer in time, or the
 * read failed outright; null when every listed GPU answered.
 */
export function unansweredOutcome(gpu: DoctorGpuInputs, facts: GpuFacts, target: FixTarget, evidence: Message[]): CheckOutcome | null {
  const gpus = facts.nvidia;
  const silent = gpus.filter((g) => g.source === 'backend' && g.state !== null && g.state !== 'ok');
  if (silent.length === 0 && !facts.driverSilent) return null;
  const all = [...evidence, ...silent.map(gpuEvidence)];
  if (gpu.readError !== null) all.push(ev('doctor.ev.readFailed', { detail: gpu.readError }));
  const lost = silent.filter((g) => g.state === 'lost');
  const indexes = (list: readonly NvidiaGpu[]) => list.map((g) => String(g.index ?? g.pciBusId ?? '?'));
  const total = gpus.filter((g) => g.source === 'backend').length;
  const summary =
    lost.length > 0
      ? msg('doctor.driver.nvml.gpuLost', { count: lost.length, total }, { gpus: indexes(lost) })
      : silent.length > 0
        ? msg('doctor.driver.nvml.gpuSilent', { count: silent.length, total }, { gpus: indexes(silent) })
        : msg(gpu.readError !== null ? 'doctor.driver.nvml.readFailed' : 'doctor.driver.nvml.driverHung');
  return outcome('fail', summary, all, unansweredFix(target));
}
