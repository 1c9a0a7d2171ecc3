// The driver layer, bottom up: nouveau out of the way, the NVIDIA kernel module loaded, and the
// user-space library (NVML) loadable — the last taken from the backend chain gpuwise already ran.

import type { BackendAttempt } from '../../backends/chain.js';
import { restartWithGpusSteps } from '../fixes/containers.js';
import { driverInstallFix, nouveauFix, reloadDriverFix } from '../fixes/driver.js';
import { rebootStep, step } from '../fixes/steps.js';
import type { KernelModuleFacts } from '../facts/kernel-modules.js';
import { msg, type Message } from '../types.js';
import { ev, nvidiaPresence, outcome, skippedNoGpu, skippedNotLinux, unreadable, type Check, type CheckContext, type CheckOutcome } from './check.js';
import { failedAttemptEvidence, withReason } from './backend-reason.js';
import { driverRequirement } from './driver-choice.js';
import { unansweredOutcome } from './gpu-answers.js';

/** NVML's LIB_RM_VERSION_MISMATCH, or nvidia-smi's "Failed to initialize NVML: Driver/library version mismatch". */
export const VERSION_MISMATCH = /LIB_RM_VERSION_MISMATCH|version mismatch/i;

async function linuxDriverScope(ctx: CheckContext): Promise<CheckOutcome | null> {
  if (ctx.facts.env.platform !== 'linux') return skippedNotLinux();
  if ((await ctx.facts.os()).wsl) return outcome('skipped', msg('doctor.skip.wslDriver'));
  if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
  return null;
}

export const driverNouveau: Check = {
  id: 'driver.nouveau',
  layer: 'driver',
  title: 'doctor.driver.nouveau.title',
  async run(ctx) {
    const scope = await linuxDriverScope(ctx);
    if (scope) return scope;
    const modules = await ctx.facts.modules();
    const evidence: Message[] = [modules.facts.available ? ev('doctor.ev.modulesRead', { count: modules.facts.loaded.length }) : modulesUnreadable(modules.facts)];
    if (!modules.nouveau) return outcome('ok', msg('doctor.driver.nouveau.notLoaded'), evidence);
    evidence.push(ev('doctor.ev.moduleLoaded', { name: 'nouveau' }));
    const requirement = await driverRequirement(ctx);
    return outcome('fail', msg('doctor.driver.nouveau.loaded'), evidence, nouveauFix(ctx.target, requirement.choice));
  },
};

const modulesUnreadable = (facts: KernelModuleFacts): Message => unreadable('/proc/modules', facts.problem);

export const driverKernelModule: Check = {
  id: 'driver.kernel-module',
  layer: 'driver',
  title: 'doctor.driver.module.title',
  async run(ctx) {
    const scope = await linuxDriverScope(ctx);
    if (scope) return scope;
    const [modules, nvidiaModule] = await Promise.all([ctx.facts.modules(), ctx.facts.nvidiaModule()]);
    const evidence: Message[] = [];
    if (nvidiaModule) evidence.push(ev('doctor.ev.procDriver', { line: nvidiaModule.line }));
    if (modules.nvidia || nvidiaModule) {
      const version = nvidiaModule?.version ?? '?';
      const key = nvidiaModule === null ? 'doctor.driver.module.loaded' : nvidiaModule.open ? 'doctor.driver.module.loadedOpen' : 'doctor.driver.module.loadedProprietary';
      return outcome('ok', msg(key, { version }), evidence);
    }
    evidence.push(modules.facts.available ? ev('doctor.ev.moduleNotLoaded', { name: 'nvidia' }) : modulesUnreadable(modules.facts));
    // NVML or nvidia-smi answering is the driver answering: its kernel module is loaded, whatever
    // /proc shows (a sandboxed or unusual kernel may have no /proc/modules to read).
    const answered = driverAnswered(ctx.facts.inputs.gpu?.attempts ?? []);
    if (answered) {
      const key = answered === 'nvml' ? 'doctor.driver.module.loadedPerNvml' : 'doctor.driver.module.loadedPerNvidiaSmi';
      return outcome('ok', msg(key, { version: ctx.facts.inputs.gpu?.reading?.driver.driverVersion ?? '?' }), evidence);
    }
    const installed = await ctx.facts.installedNvidiaModule();
    const requirement = await driverRequirement(ctx);
    if (installed) {
      evidence.push(ev('doctor.ev.modinfo', { version: installed }));
      const where = ctx.target.container ? ('container-host' as const) : ('here' as const);
      return outcome('fail', msg('doctor.driver.module.notLoaded', { version: installed }), evidence, {
        why: msg('doctor.driver.module.notLoadedWhy'),
        steps: [
          step('doctor.fix.step.modprobe', undefined, ['sudo modprobe nvidia', "sudo dmesg | grep -iE 'nvidia|nouveau|lockdown|secure boot' | tail -n 20"], { where }),
          { ...rebootStep(), where },
        ],
        docs: [],
      });
    }
    return outcome('fail', msg('doctor.driver.module.notInstalled'), evidence, driverInstallFix(ctx.target, requirement.choice, msg('doctor.driver.module.notInstalledWhy')));
  },
};

function nvmlAttempt(attempts: readonly BackendAttempt[]): BackendAttempt | null {
  return attempts.find((a) => a.id === 'nvml') ?? null;
}

/** Which of NVIDIA's own backends opened (NVML first), or null: each can only open through the driver. */
function driverAnswered(attempts: readonly BackendAttempt[]): 'nvml' | 'nvidia-smi' | null {
  if (nvmlAttempt(attempts)?.ok) return 'nvml';
  return attempts.some((a) => a.id === 'nvidia-smi' && a.ok) ? 'nvidia-smi' : null;
}

export const driverNvml: Check = {
  id: 'driver.nvml',
  layer: 'driver',
  title: 'doctor.driver.nvml.title',
  async run(ctx) {
    const gpu = ctx.facts.inputs.gpu;
    if (!gpu) return outcome('skipped', msg('doctor.skip.noChain'));
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    const evidence: Message[] = gpu.attempts.flatMap((a) => (a.ok ? [ev('doctor.ev.backendOpened', { backend: a.id })] : failedAttemptEvidence(a)));
    const nvml = nvmlAttempt(gpu.attempts);
    const driver = gpu.reading?.driver;
    const opened = nvml?.ok === true || (!nvml && gpu.openedBackend !== null && gpu.openedBackend !== 'pci');
    const unanswered = opened ? unansweredOutcome(gpu, ctx.facts.gpus(), ctx.target, evidence) : null;
    if (unanswered) return unanswered;
    if (nvml?.ok) {
      return outcome('ok', msg('doctor.driver.nvml.ok', { driver: driver?.driverVersion ?? '?', nvml: driver?.nvmlVersion ?? '?' }), evidence);
    }
    if (!nvml) {
      if (gpu.openedBackend && gpu.openedBackend !== 'pci') return outcome('ok', msg('doctor.driver.nvml.otherBackend', { backend: gpu.openedBackend }), evidence);
      return outcome('skipped', msg('doctor.driver.nvml.notTried'), evidence);
    }
    const code = nvml.unavailable?.code ?? 'error';
    const detail = nvml.unavailable?.detail ?? '';
    if (code === 'unsupported-platform') return outcome('skipped', msg('doctor.driver.nvml.unsupported'), evidence);
    // nvidia-smi works although gpuwise's own NVML binding did not: the driver is fine.
    if (gpu.openedBackend === 'nvidia-smi') return outcome('warn', withReason('doctor.driver.nvml.bindingOnly', code, detail), evidence);
    const os = await ctx.facts.os();
    const requirement = await driverRequirement(ctx);
    if (VERSION_MISMATCH.test(detail) || gpu.attempts.some((a) => VERSION_MISMATCH.test(a.unavailable?.detail ?? ''))) {
      return outcome('fail', msg('doctor.driver.nvml.mismatch'), evidence, reloadDriverFix(ctx.target));
    }
    if (ctx.target.container && code === 'library-not-found') {
      return outcome('fail', msg('doctor.driver.nvml.containerNoLib', { engine: ctx.target.container.engine }), evidence, {
        why: msg('doctor.os.container.why'),
        steps: restartWithGpusSteps(ctx.target.container.engine),
        docs: [],
      });
    }
    if (os.wsl) {
      return outcome('fail', withReason('doctor.driver.nvml.wsl', code, detail), evidence, driverInstallFix(ctx.target, requirement.choice, msg('doctor.driver.nvml.wslWhy')));
    }
    const modules = await ctx.facts.modules();
    if (ctx.facts.env.platform === 'linux' && !modules.nvidia && !ctx.target.container) {
      // The kernel module check already says why and how to fix it; NVML cannot work before that.
      return outcome('fail', withReason('doctor.driver.nvml.becauseModule', code, detail), evidence);
    }
    if (code === 'library-not-found' && modules.nvidia) {
      return outcome('fail', msg('doctor.driver.nvml.userspaceMissing', { code, detail }), evidence, driverInstallFix(ctx.target, requirement.choice, msg('doctor.driver.nvml.userspaceWhy')));
    }
    if (code === 'no-permission') {
      return outcome('fail', msg('doctor.driver.nvml.noPermission'), evidence, {
        why: msg('doctor.driver.nvml.noPermissionWhy'),
        steps: [step('doctor.fix.step.devPermissions', undefined, ['ls -l /dev/nvidia*', 'sudo usermod -aG video "$USER"'])],
        docs: [],
      });
    }
    return outcome('fail', withReason('doctor.driver.nvml.failed', code, detail), evidence, driverInstallFix(ctx.target, requirement.choice, msg('doctor.driver.nvml.failedWhy')));
  },
};
