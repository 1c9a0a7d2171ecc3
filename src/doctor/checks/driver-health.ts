// After the driver loads: do its kernel and user-space halves agree, is it kept initialised
// (persistence), is its branch still supported, and does it support these GPUs at all.

import { driverBranchRow, DRIVER_BRANCH_SOURCES, isPastEndOfLife } from '../compat/driver-branches.js';
import { driverSupportsGpu, computeCapabilityRow } from '../compat/gpu-architectures.js';
import { driverBranch } from '../compat/versions.js';
import { driverInstallFix, persistenceFix, reloadDriverFix } from '../fixes/driver.js';
import type { DoctorEnv } from '../env.js';
import { msg, type Message } from '../types.js';
import { failedAttemptEvidence } from './backend-reason.js';
import { ev, nvidiaPresence, outcome, skippedNoCapability, skippedNoGpu, skippedNotLinux, type Check } from './check.js';
import { driverRequirement } from './driver-choice.js';
import { VERSION_MISMATCH } from './driver.js';

/** The user-space driver's version from libnvidia-ml.so.<version> in the usual library folders. */
export async function userspaceDriverVersion(env: DoctorEnv): Promise<{ version: string; path: string } | null> {
  const dirs = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib'];
  for (const dir of dirs) {
    const listing = await env.fs.readdir(dir);
    if (!listing.ok) continue;
    const name = listing.value.find((n) => /^libnvidia-ml\.so\.\d{1,9}\.\d{1,9}(\.\d{1,9})?$/.test(n));
    if (name) return { version: name.replace('libnvidia-ml.so.', ''), path: `${dir}/${name}` };
  }
  return null;
}

export const driverVersionMismatch: Check = {
  id: 'driver.version-mismatch',
  layer: 'driver',
  title: 'doctor.driver.mismatch.title',
  async run(ctx) {
    if (ctx.facts.env.platform !== 'linux') return skippedNotLinux();
    if ((await ctx.facts.os()).wsl) return outcome('skipped', msg('doctor.skip.wslDriver'));
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    const [kernel, user] = await Promise.all([ctx.facts.nvidiaModule(), userspaceDriverVersion(ctx.facts.env)]);
    const evidence: Message[] = [];
    if (kernel) evidence.push(ev('doctor.ev.kernelDriverVersion', { version: kernel.version }));
    if (user) evidence.push(ev('doctor.ev.userDriverVersion', { version: user.version, path: user.path }));
    const failedAttempt = ctx.facts.inputs.gpu?.attempts.find((a) => VERSION_MISMATCH.test(a.unavailable?.detail ?? ''));
    if (failedAttempt) evidence.push(...failedAttemptEvidence(failedAttempt));
    const differ = kernel !== null && user !== null && kernel.version !== user.version;
    if (failedAttempt || differ) {
      return outcome('fail', msg('doctor.driver.mismatch.found', { kernel: kernel?.version ?? '?', user: user?.version ?? '?' }), evidence, reloadDriverFix(ctx.target));
    }
    if (kernel && user) return outcome('ok', msg('doctor.driver.mismatch.same', { version: kernel.version }), evidence);
    if (ctx.facts.inputs.gpu?.attempts.some((a) => a.id === 'nvml' && a.ok)) return outcome('ok', msg('doctor.driver.mismatch.nvmlOk'), evidence);
    return outcome('skipped', msg('doctor.driver.mismatch.unknown'), evidence);
  },
};

export const driverPersistence: Check = {
  id: 'driver.persistence',
  layer: 'driver',
  title: 'doctor.driver.persistence.title',
  async run(ctx) {
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    if (ctx.facts.env.platform !== 'linux' || (await ctx.facts.os()).wsl) return outcome('skipped', msg('doctor.driver.persistence.notApplicable'));
    const gpus = ctx.facts.gpus().nvidia.filter((g) => g.source === 'backend');
    if (gpus.length === 0) return outcome('skipped', msg('doctor.skip.noDevicesRead'));
    const known = gpus.filter((g) => g.persistenceMode !== null);
    if (known.length === 0) return outcome('skipped', msg('doctor.driver.persistence.unknown'));
    const evidence = known.map((g) => ev(g.persistenceMode ? 'doctor.ev.persistence.on' : 'doctor.ev.persistence.off', { index: g.index ?? '?' }));
    const off = known.filter((g) => g.persistenceMode === false);
    // A GPU that did not answer says nothing: "on for all" would count only those that did.
    if (off.length === 0 && known.length < gpus.length) return outcome('ok', msg('doctor.driver.persistence.onSome', { count: known.length, total: gpus.length }), evidence);
    if (off.length === 0) return outcome('ok', msg('doctor.driver.persistence.on', { count: known.length }), evidence);
    const fix = ctx.target.container ? null : persistenceFix();
    return outcome('warn', msg('doctor.driver.persistence.off', { count: off.length, total: known.length }), evidence, fix);
  },
};

export const driverBranchCheck: Check = {
  id: 'driver.branch',
  layer: 'driver',
  title: 'doctor.driver.branch.title',
  async run(ctx) {
    const version = ctx.driver.version;
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    if (!version) return outcome('skipped', msg('doctor.skip.noDriverVersion'));
    if (ctx.driver.os === 'windows' || ctx.target.wsl) return outcome('skipped', msg('doctor.driver.branch.windows', { version }));
    const branch = driverBranch(version);
    const row = branch === null ? null : driverBranchRow(branch);
    const checked = DRIVER_BRANCH_SOURCES[0]?.checked ?? '';
    if (!row) return outcome('skipped', msg('doctor.driver.branch.notInTable', { branch: branch ?? '?', checked }));
    const source = DRIVER_BRANCH_SOURCES[row.source];
    const evidence = [ev('doctor.ev.source', { title: source?.title ?? '', url: source?.url ?? '', checked: source?.checked ?? '' })];
    const params = { branch: row.branch, version, kind: row.kind.toUpperCase(), eol: row.endOfLife ?? '—' };
    const requirement = await driverRequirement(ctx);
    if (row.kind === 'nfb') {
      return outcome('warn', msg('doctor.driver.branch.nfb', params), evidence, driverInstallFix(ctx.target, requirement.choice, msg('doctor.driver.branch.nfbWhy')));
    }
    if (row.endOfLife && isPastEndOfLife(row.endOfLife, ctx.now)) {
      return outcome('warn', msg('doctor.driver.branch.eol', params), evidence, driverInstallFix(ctx.target, requirement.choice, msg('doctor.driver.branch.eolWhy')));
    }
    return outcome('ok', msg('doctor.driver.branch.supported', params), evidence);
  },
};

export const driverGpuSupport: Check = {
  id: 'driver.gpu-support',
  layer: 'driver',
  title: 'doctor.driver.gpuSupport.title',
  async run(ctx) {
    const branch = driverBranch(ctx.driver.version);
    const gpus = ctx.facts.gpus().nvidia.filter((g) => g.computeCapability !== null);
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    if (branch === null) return outcome('skipped', msg('doctor.skip.noDriverVersion'));
    if (gpus.length === 0) return skippedNoCapability(ctx);
    if (ctx.driver.os === 'windows' || ctx.target.wsl) return outcome('skipped', msg('doctor.driver.branch.windows', { version: ctx.driver.version ?? '' }));
    const evidence: Message[] = [];
    const problems: Message[] = [];
    let extraMinimum = 0;
    for (const gpu of gpus) {
      const cc = gpu.computeCapability ?? '';
      const row = computeCapabilityRow(cc);
      const support = driverSupportsGpu(branch, cc, ctx.driver.openModule);
      const params = { name: gpu.name ?? '?', cc, arch: row?.architecture ?? '?', branch, first: row?.firstDriverBranch ?? '?', last: row?.lastDriverBranch ?? '?' };
      evidence.push(ev(`doctor.ev.gpuDriverSupport.${support}`, params));
      if (support === 'driver-too-old') {
        problems.push(msg('doctor.driver.gpuSupport.tooOld', params));
        extraMinimum = Math.max(extraMinimum, row?.firstDriverBranch ?? 0);
      } else if (support === 'driver-too-new') {
        problems.push(msg('doctor.driver.gpuSupport.tooNew', params));
      } else if (support === 'needs-open-module') {
        problems.push(msg('doctor.driver.gpuSupport.needsOpen', params));
      }
    }
    // A GPU whose model is cut off or unknown is not judged: the verdict says it covers only the rest.
    const unjudged = ctx.facts.gpus().nvidia.filter((g) => g.computeCapability === null);
    for (const gpu of unjudged) evidence.push(ev('doctor.ev.gpuDriverSupport.notJudged', { name: gpu.name ?? '?' }));
    if (problems.length === 0 && unjudged.length > 0) {
      return outcome('ok', msg('doctor.driver.gpuSupport.okKnown', { count: gpus.length, branch, rest: unjudged.length }), evidence);
    }
    if (problems.length === 0) return outcome('ok', msg('doctor.driver.gpuSupport.ok', { count: gpus.length, branch }), evidence);
    const requirement = await driverRequirement(ctx, extraMinimum);
    const first = problems[0] ?? msg('doctor.driver.gpuSupport.title');
    return outcome('fail', first, [...evidence, ...problems.slice(1)], driverInstallFix(ctx.target, requirement.choice, msg('doctor.driver.gpuSupport.why')));
  },
};
