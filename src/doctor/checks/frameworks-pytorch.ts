// PyTorch, per interpreter: the build (CUDA, ROCm or CPU-only), whether it sees the GPUs
// (torch.cuda.is_available()), whether its kernels cover them, and — when not — why, with the pip
// line for the build that fits this driver.

import { driverSupportFor } from '../compat/cuda-driver.js';
import { decodeCudnnVersion } from '../compat/cudnn.js';
import { LAST_TORCH_FOR_OLD_GLIBC, oldGlibcOf } from '../compat/glibc.js';
import { choosePytorchBuild, pytorchLocalTag } from '../compat/pytorch-builds.js';
import { FRAMEWORK_DOCS, pytorchInstallSteps } from '../fixes/frameworks.js';
import { driverInstallSteps } from '../fixes/driver.js';
import { msg, type Message } from '../types.js';
import { ev, nvidiaPresence, outcome, type Check, type CheckContext } from './check.js';
import { driverRequirement } from './driver-choice.js';
import { hiddenByVisibleDevices } from './visible-devices.js';
import { archListCovers, containerWithoutGpus, foldVerdicts, impossibleVerdict, installsOf, notInstalledOutcome, verdict, type FrameworkInstall, type InterpreterVerdict } from './frameworks-common.js';

function gpuCapabilities(ctx: CheckContext, install: FrameworkInstall): string[] {
  const fromBackend = ctx.facts.gpus().nvidia.map((g) => g.computeCapability).filter((cc): cc is string => cc !== null);
  if (fromBackend.length > 0) return fromBackend;
  return (install.framework.devices ?? []).map((d) => d.computeCapability).filter((cc): cc is string => !!cc);
}

async function judge(ctx: CheckContext, install: FrameworkInstall, presence: 'yes' | 'no' | 'unknown'): Promise<InterpreterVerdict> {
  const { probe, framework: torch } = install;
  const python = probe.interpreter.path;
  const version = torch.version ?? '?';
  const base = { python, version };
  const evidence: Message[] = [
    ev('doctor.ev.torchBuild', { ...base, cuda: torch.cudaBuild ?? '—', cudnn: torch.cudnnVersion ? (decodeCudnnVersion(torch.cudnnVersion) ?? '?') : '—', arch: (torch.archList ?? []).join(' ') || '—' }),
  ];
  for (const w of torch.warnings ?? []) evidence.push(ev('doctor.ev.pythonWarning', { text: w }));
  if (torch.initError) evidence.push(ev('doctor.ev.pythonError', { text: torch.initError }));
  const ccs = gpuCapabilities(ctx, install);
  const reinstall = () => {
    const steps = pytorchInstallSteps(ctx.target, python, ctx.driver.maxCuda, ccs);
    return steps ? { why: msg('doctor.frameworks.torch.reinstallWhy'), steps, docs: [FRAMEWORK_DOCS.pytorch] } : undefined;
  };

  if (torch.importError) return verdict('fail', msg('doctor.frameworks.torch.importFailed', { python, error: torch.importError }), evidence, reinstall());
  if (torch.probeError) return verdict('warn', msg('doctor.frameworks.probeError', { python, error: torch.probeError }), evidence);
  const impossible = impossibleVerdict(python, 'PyTorch', torch, evidence);
  if (impossible) return impossible;
  if (torch.hipBuild) {
    return presence === 'yes'
      ? verdict('fail', msg('doctor.frameworks.torch.rocmOnNvidia', { ...base, hip: torch.hipBuild }), evidence, reinstall())
      : verdict('warn', msg('doctor.frameworks.torch.rocm', { ...base, hip: torch.hipBuild }), evidence);
  }
  if (!torch.cudaBuild) {
    const tag = pytorchLocalTag(version) ?? 'cpu';
    if (presence === 'no') return verdict('ok', msg('doctor.frameworks.torch.cpuNoGpu', base), evidence);
    // No CUDA wheel runs on this driver: the driver comes first.
    const fix = reinstall() ?? { why: msg('doctor.frameworks.torch.noBuildForDriverWhy'), steps: driverInstallSteps(ctx.target, (await driverRequirement(ctx, 525)).choice) };
    return verdict('fail', msg('doctor.frameworks.torch.cpuWheel', { ...base, tag }), evidence, fix);
  }
  if (torch.gpuAvailable) {
    const devices = torch.devices ?? [];
    for (const d of devices) evidence.push(ev('doctor.ev.frameworkDevice', { name: d.name ?? '?', cc: d.computeCapability ?? '?' }));
    const uncovered = devices.filter((d) => d.computeCapability && archListCovers(torch.archList ?? [], d.computeCapability) === 'none');
    const first = uncovered[0];
    if (first) {
      return verdict('fail', msg('doctor.frameworks.torch.archMissing', { ...base, name: first.name ?? '?', cc: first.computeCapability ?? '?' }), evidence, reinstall());
    }
    if (torch.kernelTest && torch.kernelTest !== 'ok') {
      return verdict('fail', msg('doctor.frameworks.torch.kernelFailed', { ...base, error: torch.kernelTest }), evidence, reinstall());
    }
    return verdict('ok', msg('doctor.frameworks.torch.ok', { ...base, cuda: torch.cudaBuild, count: torch.deviceCount ?? devices.length }), evidence);
  }
  // A CUDA build that sees no GPU: say why.
  if (presence === 'no') return verdict('ok', msg('doctor.frameworks.torch.cudaBuildNoGpu', { ...base, cuda: torch.cudaBuild }), evidence);
  const inContainer = await containerWithoutGpus(ctx, python, 'PyTorch');
  if (inContainer) return { ...inContainer, evidence: [...evidence, ...inContainer.evidence] };
  if (!ctx.driver.version && !ctx.driver.maxCuda) {
    const requirement = await driverRequirement(ctx);
    return verdict('fail', msg('doctor.frameworks.torch.noDriver', { ...base, cuda: torch.cudaBuild }), evidence, {
      why: msg('doctor.frameworks.torch.noDriverWhy'),
      steps: driverInstallSteps(ctx.target, requirement.choice),
    });
  }
  const support = driverSupportFor(torch.cudaBuild, { driverVersion: ctx.driver.version, driverMaxCuda: ctx.driver.maxCuda, os: ctx.driver.os });
  if (support === 'too-old') {
    const params = { ...base, cuda: torch.cudaBuild, driverCuda: ctx.driver.maxCuda ?? '?', driver: ctx.driver.version ?? '?' };
    if (choosePytorchBuild(ctx.driver.maxCuda, ccs, oldGlibcOf(ctx.target) ? LAST_TORCH_FOR_OLD_GLIBC : null)) return verdict('fail', msg('doctor.frameworks.torch.driverTooOld', params), evidence, reinstall());
    const requirement = await driverRequirement(ctx, 525);
    return verdict('fail', msg('doctor.frameworks.torch.driverTooOld', params), evidence, {
      why: msg('doctor.frameworks.torch.noBuildForDriverWhy'),
      steps: driverInstallSteps(ctx.target, requirement.choice),
    });
  }
  const hidden = hiddenByVisibleDevices(ctx, python, 'PyTorch', probe.python.platform === 'win32');
  if (hidden) return { ...hidden, evidence: [...evidence, ...hidden.evidence] };
  return verdict('fail', msg('doctor.frameworks.torch.notAvailable', { ...base, cuda: torch.cudaBuild, error: torch.initError ?? (torch.warnings ?? [])[0] ?? '—' }), evidence, reinstall());
}

export const frameworksPytorch: Check = {
  id: 'frameworks.pytorch',
  layer: 'frameworks',
  title: 'doctor.frameworks.torch.title',
  async run(ctx) {
    const python = await ctx.facts.python();
    if (python.candidates.length === 0) return outcome('skipped', msg('doctor.frameworks.noPython'));
    const installs = installsOf(python.probes, 'torch');
    if (installs.length === 0) return notInstalledOutcome(python.probes, 'PyTorch');
    if (ctx.facts.env.platform === 'darwin') return outcome('skipped', msg('doctor.frameworks.macos', { framework: 'PyTorch' }));
    const presence = await nvidiaPresence(ctx);
    return foldVerdicts(await Promise.all(installs.map((install) => judge(ctx, install, presence))));
  },
};
