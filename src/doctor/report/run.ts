// runDoctor: gather the facts (concurrently, each once), run every check (concurrently — they only
// read facts), and fold the results into a report with a verdict and an exit code.

import { ALL_CHECKS } from '../checks/index.js';
import { runCheck, type Check, type CheckContext, type DriverState } from '../checks/check.js';
import { driverRequirement } from '../checks/driver-choice.js';
import { createFacts, type DoctorFacts, type DoctorProgressEvent, type FactsOptions } from '../facts/index.js';
import { isCudnnInstall } from '../facts/cudnn.js';
import { fixTargetOf } from '../fixes/target.js';
import type { DoctorEnv } from '../env.js';
import type { DoctorInputs } from '../inputs.js';
import { LAYERS, type CheckResult, type CheckStatus } from '../types.js';
import { DOCTOR_REPORT_SCHEMA_VERSION, type DoctorReport, type MachineSummary, type Verdict } from './report.js';

export interface RunDoctorOptions {
  /** Progress of slow probes (Python frameworks, docker), and of any program still running after a few seconds. */
  onProgress?: (event: DoctorProgressEvent) => void;
  /** The limit for every program the doctor runs (--timeout); by default each kind of probe has its own. */
  timeoutMs?: number;
  /** How long a program runs before progress says it is waiting (default 3 s). */
  waitNoticeMs?: number;
  /** Run only these checks (by id); all by default. */
  only?: readonly string[];
  /** Facts given instead of read (`doctor --from`; see FactsOptions.known). */
  known?: FactsOptions['known'];
}

async function driverState(facts: DoctorFacts): Promise<DriverState> {
  const reading = facts.inputs.gpu?.reading ?? null;
  const [module, os] = await Promise.all([facts.nvidiaModule(), facts.os()]);
  const fromBackend = reading?.driver.driverVersion ?? null;
  return {
    version: fromBackend ?? module?.version ?? null,
    versionSource: fromBackend ? 'backend' : module ? 'kernel-module' : null,
    maxCuda: reading?.driver.cudaDriverVersion ?? null,
    openModule: module?.open ?? null,
    // Inside WSL2 the driver is the Windows one, with Windows version numbers.
    os: facts.env.platform === 'win32' || os.wsl?.version === 2 ? 'windows' : 'linux',
  };
}

const FRAMEWORK_CHECKS = [
  ['frameworks.pytorch', 'PyTorch'],
  ['frameworks.tensorflow', 'TensorFlow'],
  ['frameworks.jax', 'JAX'],
] as const;

export function verdictOf(checks: readonly CheckResult[], gpuCount: number): Verdict {
  const failing = checks.filter((c) => c.status === 'fail');
  const warnCount = checks.filter((c) => c.status === 'warn').length;
  const first = failing[0];
  if (first) return { kind: 'problems', failCount: failing.length, warnCount, firstCheckId: first.id };
  if (gpuCount === 0) return { kind: 'no-gpu', warnCount };
  const ready = FRAMEWORK_CHECKS.find(([id]) => checks.find((c) => c.id === id)?.status === 'ok');
  return { kind: 'ready', framework: ready?.[1] ?? null, gpuCount, warnCount };
}

async function machineSummary(ctx: CheckContext): Promise<MachineSummary> {
  const { facts } = ctx;
  const [os, toolkits, cudnn, python, docker, requirement] = await Promise.all([
    facts.os(),
    facts.toolkits(),
    facts.cudnn(),
    facts.python(),
    facts.docker(),
    driverRequirement(ctx),
  ]);
  return {
    platform: facts.env.platform,
    arch: facts.env.arch,
    target: ctx.target,
    kernelRelease: os.kernelRelease,
    nvidiaGpus: facts.gpus().nvidia.map((g) => ({ name: g.name, computeCapability: g.computeCapability, architecture: g.architecture, memoryTotalBytes: g.memoryTotalBytes })),
    driver: ctx.driver,
    recommendedDriverBranch: requirement.choice.branch,
    openKernelModule: requirement.choice.openModule,
    toolkits: toolkits.toolkits.map((t) => ({ root: t.root, version: t.version })),
    activeToolkitRoot: toolkits.nvcc?.toolkitRoot ?? null,
    cudnnVersions: [...new Set(cudnn.filter(isCudnnInstall).map((c) => c.version))],
    pythons: python.probes.flatMap((p) =>
      p.kind !== 'ok'
        ? []
        : [
            {
              path: p.interpreter.path,
              version: p.python.version,
              prefix: p.python.prefix,
              torch: p.torch.installed && p.torch.version ? { version: p.torch.version, cuda: p.torch.cudaBuild ?? null, gpuAvailable: p.torch.gpuAvailable === true } : null,
              tensorflow: p.tensorflow.installed && p.tensorflow.version ? { version: p.tensorflow.version, gpuAvailable: p.tensorflow.gpuAvailable === true } : null,
              jax: p.jax.installed && p.jax.version ? { version: p.jax.version, gpuAvailable: p.jax.gpuAvailable === true } : null,
            },
          ],
    ),
    docker: {
      installed: docker.cliPath !== null,
      daemon: docker.daemon,
      nvidiaRuntime: (docker.runtimes?.includes('nvidia') ?? docker.daemonJsonRuntimes?.includes('nvidia') ?? false) || docker.cdiSpecs.length > 0,
    },
  };
}

export async function runDoctor(env: DoctorEnv, inputs: DoctorInputs, options: RunDoctorOptions = {}): Promise<DoctorReport> {
  const progress = options.onProgress ?? (() => undefined);
  const facts = createFacts(env, inputs, { onProgress: progress, timeoutMs: options.timeoutMs, waitNoticeMs: options.waitNoticeMs, known: options.known });
  const [os, container] = await Promise.all([facts.os(), facts.container()]);
  const ctx: CheckContext = { facts, target: fixTargetOf(os, container, env.platform, env.arch), driver: await driverState(facts), now: env.now() };
  const selected: readonly Check[] = options.only ? ALL_CHECKS.filter((c) => options.only?.includes(c.id)) : ALL_CHECKS;
  const results = await Promise.all(selected.map((check) => runCheck(check, ctx)));
  const counts: Record<CheckStatus, number> = { ok: 0, warn: 0, fail: 0, skipped: 0 };
  for (const result of results) counts[result.status]++;
  return {
    schemaVersion: DOCTOR_REPORT_SCHEMA_VERSION,
    generatedAt: ctx.now.toISOString(),
    machine: await machineSummary(ctx),
    layers: LAYERS.map((layer) => ({ layer, checks: results.filter((r) => r.layer === layer) })),
    counts,
    verdict: verdictOf(results, facts.gpus().nvidia.length),
    exitCode: counts.fail > 0 ? 1 : 0,
  };
}
