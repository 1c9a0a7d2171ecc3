// TensorFlow, per interpreter, with the modern check (tf.config.list_physical_devices('GPU'), not
// the deprecated tf.test.is_gpu_available) and the build info (tf.sysconfig.get_build_info()).
// On native Windows, TensorFlow after 2.10 has no GPU support: the answer is WSL2.

import { TENSORFLOW_LAST_NATIVE_WINDOWS_GPU, tensorflowBuildFor, tensorflowHasNativeWindowsGpu } from '../compat/tensorflow-builds.js';
import { FRAMEWORK_DOCS, tensorflowLinuxSteps, tensorflowWindowsSteps } from '../fixes/frameworks.js';
import { driverSupportFor } from '../compat/cuda-driver.js';
import { msg, type Fix, type Message } from '../types.js';
import { ev, nvidiaPresence, outcome, type Check, type CheckContext } from './check.js';
import { archListCovers, containerWithoutGpus, foldVerdicts, impossibleVerdict, installsOf, notInstalledOutcome, verdict, type FrameworkInstall, type InterpreterVerdict } from './frameworks-common.js';
import { hiddenByVisibleDevices } from './visible-devices.js';

async function judge(ctx: CheckContext, install: FrameworkInstall, presence: 'yes' | 'no' | 'unknown'): Promise<InterpreterVerdict> {
  const { probe, framework: tf } = install;
  const python = probe.interpreter.path;
  const version = tf.version ?? '?';
  const base = { python, version };
  const tested = tensorflowBuildFor(version);
  const evidence: Message[] = [
    ev('doctor.ev.tfBuild', { ...base, cuda: tf.cudaBuild ?? '—', cudnn: tf.cudnnBuild ?? '—', arch: (tf.archList ?? []).join(' ') || '—' }),
  ];
  if (tested) evidence.push(ev('doctor.ev.tfTested', { tf: tested.tensorflow, cuda: tested.cuda, cudnn: tested.cudnn }));
  if (tf.initError) evidence.push(ev('doctor.ev.pythonError', { text: tf.initError }));
  const linuxFix = { why: msg('doctor.frameworks.tf.andCudaWhy'), steps: tensorflowLinuxSteps(ctx.target, python), docs: [FRAMEWORK_DOCS.tensorflow] };

  if (tf.importError) return verdict('fail', msg('doctor.frameworks.tf.importFailed', { python, error: tf.importError }), evidence, linuxFix);
  if (tf.probeError) return verdict('warn', msg('doctor.frameworks.probeError', { python, error: tf.probeError }), evidence);
  const impossible = impossibleVerdict(python, 'TensorFlow', tf, evidence);
  if (impossible) return impossible;
  if (probe.python.platform === 'win32' && !tensorflowHasNativeWindowsGpu(version)) {
    if (presence === 'no') return verdict('ok', msg('doctor.frameworks.tf.cpuNoGpu', base), evidence);
    return verdict('fail', msg('doctor.frameworks.tf.windowsNative', { ...base, last: TENSORFLOW_LAST_NATIVE_WINDOWS_GPU }), evidence, {
      why: msg('doctor.frameworks.tf.windowsWhy'),
      steps: tensorflowWindowsSteps(python),
      docs: [FRAMEWORK_DOCS.wslInstall, FRAMEWORK_DOCS.tensorflow],
    });
  }
  // Only the build is known (a pasted tf.sysconfig.get_build_info(), `doctor --from`): judge the build.
  if (tf.gpuAvailable === undefined) return buildOnlyVerdict(ctx, tf, base, evidence, presence, linuxFix);
  if (tf.gpuAvailable) {
    const devices = tf.devices ?? [];
    for (const d of devices) evidence.push(ev('doctor.ev.frameworkDevice', { name: d.name ?? '?', cc: d.computeCapability ?? '?' }));
    const jitOnly = devices.find((d) => d.computeCapability && archListCovers(tf.archList ?? [], d.computeCapability) === 'ptx');
    if (jitOnly) return verdict('warn', msg('doctor.frameworks.tf.ptxOnly', { ...base, name: jitOnly.name ?? '?', cc: jitOnly.computeCapability ?? '?' }), evidence);
    return verdict('ok', msg('doctor.frameworks.tf.ok', { ...base, count: tf.deviceCount ?? devices.length }), evidence);
  }
  if (presence === 'no') return verdict('ok', msg('doctor.frameworks.tf.cpuNoGpu', base), evidence);
  const inContainer = await containerWithoutGpus(ctx, python, 'TensorFlow');
  if (inContainer) return { ...inContainer, evidence: [...evidence, ...inContainer.evidence] };
  if (!tf.cudaBuild) return verdict('fail', msg('doctor.frameworks.tf.cpuBuild', base), evidence, linuxFix);
  const hidden = hiddenByVisibleDevices(ctx, python, 'TensorFlow', probe.python.platform === 'win32');
  if (hidden) return { ...hidden, evidence: [...evidence, ...hidden.evidence] };
  return verdict('fail', msg('doctor.frameworks.tf.notVisible', { ...base, cuda: tf.cudaBuild }), evidence, linuxFix);
}

/** A CPU-only build, or a CUDA build the driver is too old for, fails; otherwise the build is fine as far as it goes. */
function buildOnlyVerdict(
  ctx: CheckContext,
  tf: FrameworkInstall['framework'],
  base: { python: string; version: string },
  evidence: Message[],
  presence: 'yes' | 'no' | 'unknown',
  linuxFix: Fix,
): InterpreterVerdict {
  if (!tf.cudaBuild) {
    return presence === 'no' ? verdict('ok', msg('doctor.frameworks.tf.cpuNoGpu', base), evidence) : verdict('fail', msg('doctor.frameworks.tf.cpuBuild', base), evidence, linuxFix);
  }
  const support = driverSupportFor(tf.cudaBuild, { driverVersion: ctx.driver.version, driverMaxCuda: ctx.driver.maxCuda, os: ctx.driver.os });
  const params = { ...base, cuda: tf.cudaBuild, cudnn: tf.cudnnBuild ?? '?', driver: ctx.driver.version ?? ctx.driver.maxCuda ?? '?' };
  if (support === 'too-old') return verdict('fail', msg('doctor.from.tfDriverTooOld', params), evidence, linuxFix);
  if (support === 'unknown') return verdict('ok', msg('doctor.from.tfBuildNoDriver', params), evidence);
  return verdict('ok', msg('doctor.from.tfBuildOnly', params), evidence);
}

export const frameworksTensorflow: Check = {
  id: 'frameworks.tensorflow',
  layer: 'frameworks',
  title: 'doctor.frameworks.tf.title',
  async run(ctx) {
    const python = await ctx.facts.python();
    if (python.candidates.length === 0) return outcome('skipped', msg('doctor.frameworks.noPython'));
    const installs = installsOf(python.probes, 'tensorflow');
    if (installs.length === 0) return notInstalledOutcome(python.probes, 'TensorFlow');
    if (ctx.facts.env.platform === 'darwin') return outcome('skipped', msg('doctor.frameworks.macos', { framework: 'TensorFlow' }));
    const presence = await nvidiaPresence(ctx);
    return foldVerdicts(await Promise.all(installs.map((install) => judge(ctx, install, presence))));
  },
};
