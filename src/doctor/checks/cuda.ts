// The CUDA layer: what the driver supports (its maximum CUDA version, which nvidia-smi prints as
// "CUDA Version"), which toolkits are installed and which one the shell uses, whether the driver is
// new enough for each toolkit, and whether each toolkit can build for these GPUs.

import { CUDA_DRIVER_SOURCES, driverSupportFor, minimumDriverFor, newestCudaForDriver } from '../compat/cuda-driver.js';
import { computeCapabilityRow, toolkitSupportsGpu } from '../compat/gpu-architectures.js';
import { compareVersions, majorMinor, majorOf } from '../compat/versions.js';
import { toolkitInstallSteps, toolkitPathSteps } from '../fixes/cuda.js';
import { driverInstallSteps } from '../fixes/driver.js';
import { msg, type Message } from '../types.js';
import { ev, nvidiaPresence, outcome, skippedNoCapability, skippedNoGpu, type Check } from './check.js';
import { driverRequirement } from './driver-choice.js';

const CURRENT_WHEELS_CUDA_MAJOR = 12;

export const cudaDriverMax: Check = {
  id: 'cuda.driver-max',
  layer: 'cuda',
  title: 'doctor.cuda.driverMax.title',
  async run(ctx) {
    const { version, maxCuda } = ctx.driver;
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    if (!maxCuda) return outcome('skipped', msg(version ? 'doctor.cuda.driverMax.unknown' : 'doctor.skip.noDriverVersion'));
    const evidence = [ev('doctor.ev.driverMaxCuda', { cuda: maxCuda, driver: version ?? '?' })];
    if ((majorOf(maxCuda) ?? 0) < CURRENT_WHEELS_CUDA_MAJOR) {
      const requirement = await driverRequirement(ctx, 525);
      return outcome('warn', msg('doctor.cuda.driverMax.old', { cuda: maxCuda }), evidence, {
        why: msg('doctor.cuda.driverMax.oldWhy'),
        steps: driverInstallSteps(ctx.target, requirement.choice),
        docs: [],
      });
    }
    return outcome('ok', msg('doctor.cuda.driverMax.ok', { cuda: maxCuda }), evidence);
  },
};

export const cudaToolkits: Check = {
  id: 'cuda.toolkits',
  layer: 'cuda',
  title: 'doctor.cuda.toolkits.title',
  async run(ctx) {
    const facts = await ctx.facts.toolkits();
    const evidence: Message[] = facts.toolkits.map((t) =>
      ev('doctor.ev.toolkit', { root: t.root, version: t.version ?? '?', source: t.versionSource ?? '?' }, { aliases: t.aliases.length > 0 ? t.aliases : ['—'] }),
    );
    if (facts.nvcc) evidence.push(ev('doctor.ev.nvcc', { path: facts.nvcc.path, version: facts.nvcc.version ?? '?', root: facts.nvcc.toolkitRoot ?? '?' }));
    if (facts.ldLibraryPath) evidence.push(ev('doctor.ev.ldLibraryPath', { entry: facts.ldLibraryPath.entry, root: facts.ldLibraryPath.toolkitRoot }));
    if (facts.cudaHome) evidence.push(ev('doctor.ev.env', { name: facts.cudaHome.variable, value: facts.cudaHome.value }));

    if (facts.toolkits.length === 0 && !facts.nvcc) return outcome('ok', msg('doctor.cuda.toolkits.none'), evidence);
    if (facts.nvcc?.problem) {
      const problem = facts.nvcc.problem;
      const params = { path: facts.nvcc.path, detail: problem.detail, status: problem.kind === 'exited' ? problem.status : '' };
      return outcome('warn', msg(`doctor.cuda.toolkits.nvccBroken.${problem.kind}`, params), evidence);
    }
    const active = facts.nvcc?.toolkitRoot ?? null;
    const list = facts.toolkits.map((t) => `${t.version ?? '?'} (${t.root})`);
    if (!facts.nvcc) {
      const newest = facts.toolkits[0];
      return outcome('warn', msg('doctor.cuda.toolkits.notOnPath', undefined, { list }), evidence, {
        why: msg('doctor.cuda.toolkits.notOnPathWhy'),
        steps: newest ? toolkitPathSteps(newest.root) : [],
        docs: [],
      });
    }
    const mismatches: Message[] = [];
    if (active && facts.ldLibraryPath && facts.ldLibraryPath.toolkitRoot !== active) {
      mismatches.push(msg('doctor.cuda.toolkits.ldMismatch', { nvcc: active, lib: facts.ldLibraryPath.toolkitRoot }));
    }
    if (active && facts.cudaHome?.toolkitRoot && facts.cudaHome.toolkitRoot !== active) {
      mismatches.push(msg('doctor.cuda.toolkits.homeMismatch', { variable: facts.cudaHome.variable, home: facts.cudaHome.toolkitRoot, nvcc: active }));
    }
    const first = mismatches[0];
    if (first && active) {
      return outcome('warn', first, [...evidence, ...mismatches.slice(1)], {
        why: msg('doctor.cuda.toolkits.mismatchWhy'),
        steps: toolkitPathSteps(active),
        docs: [],
      });
    }
    return outcome('ok', msg('doctor.cuda.toolkits.ok', { version: facts.nvcc.version ?? '?', path: facts.nvcc.path, root: active ?? '?', count: facts.toolkits.length }), evidence);
  },
};

export const cudaToolkitDriver: Check = {
  id: 'cuda.toolkit-driver',
  layer: 'cuda',
  title: 'doctor.cuda.toolkitDriver.title',
  async run(ctx) {
    const toolkits = (await ctx.facts.toolkits()).toolkits.filter((t) => t.version !== null);
    if (toolkits.length === 0) return outcome('skipped', msg('doctor.cuda.toolkitDriver.noToolkit'));
    const source = CUDA_DRIVER_SOURCES[0];
    const evidence: Message[] = source ? [ev('doctor.ev.source', { title: source.title, url: source.url, checked: source.checked })] : [];
    const needs = toolkits.map((t) => `CUDA ${majorMinor(t.version)} → ≥ ${minimumDriverFor(t.version ?? '', ctx.driver.os) ?? `R${majorOf(t.version)}xx`}`);
    if (!ctx.driver.version && !ctx.driver.maxCuda) {
      const presence = await nvidiaPresence(ctx);
      return outcome('skipped', msg(presence === 'no' ? 'doctor.cuda.toolkitDriver.noGpuNoDriver' : 'doctor.cuda.toolkitDriver.noDriver', undefined, { needs }), evidence);
    }
    const driverFacts = { driverVersion: ctx.driver.version, driverMaxCuda: ctx.driver.maxCuda, os: ctx.driver.os };
    const results = toolkits.map((t) => ({ toolkit: t, support: driverSupportFor(t.version ?? '', driverFacts) }));
    for (const { toolkit, support } of results) {
      evidence.push(ev(`doctor.ev.toolkitDriver.${support}`, { cuda: majorMinor(toolkit.version) ?? '?', root: toolkit.root, min: minimumDriverFor(toolkit.version ?? '', ctx.driver.os) ?? '?', driver: ctx.driver.version ?? '?' }));
    }
    const tooOld = results.filter((r) => r.support === 'too-old');
    const driver = ctx.driver.version ?? ctx.driver.maxCuda ?? '?';
    if (tooOld.length > 0) {
      const worst = tooOld.sort((a, b) => compareVersions(b.toolkit.version ?? '0', a.toolkit.version ?? '0'))[0];
      const cuda = majorMinor(worst?.toolkit.version) ?? '?';
      const min = minimumDriverFor(worst?.toolkit.version ?? '', ctx.driver.os) ?? '?';
      const requirement = await driverRequirement(ctx);
      const fitting = ctx.driver.version ? newestCudaForDriver(ctx.driver.version, ctx.driver.os) : majorMinor(ctx.driver.maxCuda);
      if (fitting) evidence.push(ev('doctor.ev.toolkitAlternative', { cuda: fitting }));
      return outcome('fail', msg('doctor.cuda.toolkitDriver.tooOld', { cuda, min, driver, branch: requirement.choice.branch ?? '?' }), evidence, {
        why: msg('doctor.cuda.toolkitDriver.tooOldWhy', { cuda, min }),
        steps: driverInstallSteps(ctx.target, requirement.choice),
        docs: ['https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html'],
      });
    }
    const compat = results.filter((r) => r.support === 'minor-compat');
    if (compat.length > 0) {
      const cuda = compat.map((r) => majorMinor(r.toolkit.version) ?? '?');
      return outcome('warn', msg('doctor.cuda.toolkitDriver.minorCompat', { driver }, { cuda }), evidence, {
        why: msg('doctor.cuda.toolkitDriver.minorCompatWhy'),
        steps: [],
        docs: ['https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html'],
      });
    }
    return outcome('ok', msg('doctor.cuda.toolkitDriver.ok', { driver, count: results.length }), evidence);
  },
};

export const cudaToolkitArch: Check = {
  id: 'cuda.toolkit-arch',
  layer: 'cuda',
  title: 'doctor.cuda.toolkitArch.title',
  async run(ctx) {
    const facts = await ctx.facts.toolkits();
    const toolkits = facts.toolkits.filter((t) => t.version !== null);
    const gpus = ctx.facts.gpus().nvidia.filter((g) => g.computeCapability !== null);
    if (toolkits.length === 0) return outcome('skipped', msg('doctor.cuda.toolkitDriver.noToolkit'));
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    if (gpus.length === 0) return skippedNoCapability(ctx);
    const active = facts.nvcc?.toolkitRoot ?? (toolkits.length === 1 ? toolkits[0]?.root : null);
    const evidence: Message[] = [];
    let failing: { cuda: string; gpu: string; cc: string; kind: string; needed: string } | null = null;
    let warning: Message | null = null;
    for (const t of toolkits) {
      for (const g of gpus) {
        const cc = g.computeCapability ?? '';
        const support = toolkitSupportsGpu(t.version ?? '', cc);
        const row = computeCapabilityRow(cc);
        const params = { cuda: majorMinor(t.version) ?? '?', name: g.name ?? '?', cc, arch: row?.architecture ?? '?', first: row?.firstCuda ?? '?', last: row?.lastCudaMajor ?? '?' };
        evidence.push(ev(`doctor.ev.toolkitArch.${support}`, params));
        if (support !== 'too-new-for-toolkit' && support !== 'dropped-by-toolkit') continue;
        const needed = support === 'too-new-for-toolkit' ? (row?.firstCuda ?? '?') : `${row?.lastCudaMajor ?? '?'}.x`;
        if (t.root === active) failing ??= { cuda: params.cuda, gpu: params.name, cc, kind: support, needed };
        else warning ??= msg('doctor.cuda.toolkitArch.inactive', { ...params, root: t.root });
      }
    }
    if (failing) {
      const key = failing.kind === 'too-new-for-toolkit' ? 'doctor.cuda.toolkitArch.gpuTooNew' : 'doctor.cuda.toolkitArch.dropped';
      const install = failing.kind === 'too-new-for-toolkit' ? (newestCudaFitting(ctx.driver.maxCuda, failing.needed) ?? failing.needed) : '12.9';
      return outcome('fail', msg(key, failing), evidence, {
        why: msg('doctor.cuda.toolkitArch.why'),
        steps: toolkitInstallSteps(ctx.target, install),
        docs: ['https://docs.nvidia.com/datacenter/tesla/drivers/cuda-toolkit-driver-and-architecture-matrix.html'],
      });
    }
    if (warning) return outcome('warn', warning, evidence);
    return outcome('ok', msg('doctor.cuda.toolkitArch.ok', { toolkits: toolkits.length, gpus: gpus.length }), evidence);
  },
};

/** The CUDA minor release to install: the driver's own maximum when it is at least `needed`. */
function newestCudaFitting(driverMaxCuda: string | null, needed: string): string | null {
  if (!driverMaxCuda || compareVersions(driverMaxCuda, needed) < 0) return null;
  return majorMinor(driverMaxCuda);
}
