// Shared pieces of the framework checks: which interpreters have a framework, whether a build's
// compiled architectures cover a GPU, and how per-interpreter results fold into one check.

import { restartWithGpusSteps } from '../fixes/containers.js';
import type { FrameworkName, FrameworkProbe, InterpreterProbe } from '../facts/python.js';
import { msg } from '../types.js';
import type { CheckStatus, Fix, FixStep, Message } from '../types.js';
import { ev, outcome, type CheckContext, type CheckOutcome } from './check.js';

export type OkProbe = Extract<InterpreterProbe, { kind: 'ok' }>;

export interface FrameworkInstall {
  probe: OkProbe;
  framework: FrameworkProbe;
}

/**
 * No interpreter has the framework: "not installed" counts only the interpreters that answered;
 * when none did, whether it is installed is unknown (the Python check says why).
 */
export function notInstalledOutcome(probes: readonly InterpreterProbe[], framework: string): CheckOutcome {
  const answered = probes.filter((probe) => probe.kind === 'ok').length;
  if (answered === 0) return outcome('skipped', msg('doctor.frameworks.noAnswer', { framework, count: probes.length }));
  return outcome('skipped', msg('doctor.frameworks.notInstalled', { framework, count: answered }));
}

export function installsOf(probes: readonly InterpreterProbe[], name: FrameworkName): FrameworkInstall[] {
  return probes.flatMap((probe) => (probe.kind === 'ok' && probe[name].installed ? [{ probe, framework: probe[name] }] : []));
}

/**
 * Does a build's architecture list (`sm_80`, `sm_90a`, `compute_90` …, as torch.cuda.get_arch_list()
 * and TensorFlow's build info give it) run on a GPU of compute capability `cc`?
 * `sass`: machine code for it (same major, minor ≤ the GPU's); `ptx`: only PTX the driver must
 * compile at first use; `none`: no kernels at all ("no kernel image is available").
 */
export function archListCovers(archList: readonly string[], cc: string): 'sass' | 'ptx' | 'none' | 'unknown' {
  if (archList.length === 0) return 'unknown';
  const [major, minor] = cc.split('.').map((part) => Number.parseInt(part, 10));
  if (major === undefined || minor === undefined || Number.isNaN(major) || Number.isNaN(minor)) return 'unknown';
  const value = major * 10 + minor;
  let ptx = false;
  for (const entry of archList) {
    const match = entry.trim().match(/^(sm|compute)_(\d+)([af]?)$/);
    if (!match) continue;
    const n = Number.parseInt(match[2] ?? '', 10);
    const suffix = match[3] ?? '';
    if (match[1] === 'sm') {
      // Architecture-specific cubins (sm_90a) run only on exactly that GPU.
      if (suffix === 'a' ? n === value : Math.floor(n / 10) === major && n % 10 <= minor) return 'sass';
    } else if (n <= value && suffix === '') {
      ptx = true;
    }
  }
  return ptx ? 'ptx' : 'none';
}

export interface InterpreterVerdict {
  status: CheckStatus;
  summary: Message;
  evidence: Message[];
  why: Message | null;
  steps: FixStep[];
  docs: string[];
}

const RANK: Record<CheckStatus, number> = { skipped: 0, ok: 1, warn: 2, fail: 3 };

/** The worst interpreter decides the status and summary; every interpreter adds evidence and steps. */
export function foldVerdicts(verdicts: readonly InterpreterVerdict[]): CheckOutcome {
  const worst = [...verdicts].sort((a, b) => RANK[b.status] - RANK[a.status])[0];
  if (!worst) throw new Error('foldVerdicts needs at least one verdict');
  const evidence = verdicts.flatMap((v) => (v === worst ? v.evidence : [v.summary, ...v.evidence]));
  const problems = verdicts.filter((v) => v.status === 'fail' || v.status === 'warn');
  const steps = problems.flatMap((v) => v.steps);
  const why = problems.find((v) => v.why !== null)?.why ?? null;
  const fix: Fix | null = why ? { why, steps, docs: [...new Set(problems.flatMap((v) => v.docs))] } : null;
  return outcome(worst.status, worst.summary, evidence, fix);
}

export function verdict(status: CheckStatus, summary: Message, evidence: Message[] = [], fix?: { why: Message; steps: FixStep[]; docs?: string[] }): InterpreterVerdict {
  return { status, summary, evidence, why: fix?.why ?? null, steps: fix?.steps ?? [], docs: fix?.docs ?? [] };
}

/** In a container started without GPUs a framework cannot see one whatever is installed inside. */
export async function containerWithoutGpus(ctx: CheckContext, python: string, framework: string): Promise<InterpreterVerdict | null> {
  const container = ctx.target.container;
  if (!container) return null;
  const nodes = await ctx.facts.deviceNodes();
  if (nodes.gpus.length > 0 || nodes.nvidiactl) return null;
  return verdict('fail', msg('doctor.frameworks.containerNoGpu', { python, framework, engine: container.engine }), [], {
    why: msg('doctor.os.container.why'),
    steps: restartWithGpusSteps(container.engine),
  });
}

/**
 * A framework that reported a number no machine can have (-5 GPUs, "GPU available" with 0 GPUs):
 * its answer is not believed, so the check says "unknown" (a warning) instead of ✓ or ✗.
 */
export function impossibleVerdict(python: string, framework: string, probe: FrameworkProbe, evidence: Message[]): InterpreterVerdict | null {
  const first = probe.impossible[0];
  if (!first) return null;
  const ignored = probe.impossible.map((value) => ev('doctor.ev.impossibleValue', { field: value.field, value: value.value }));
  return verdict('warn', msg('doctor.frameworks.impossible', { python, framework, field: first.field, value: first.value }), [...evidence, ...ignored]);
}
