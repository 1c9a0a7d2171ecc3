// JAX, per interpreter: jax.devices() lists GPUs only when a CUDA plugin (jax[cuda12] or
// jax[cuda13]) is installed and the driver is new enough for it.

import { chooseJaxExtra } from '../compat/jax-builds.js';
import { FRAMEWORK_DOCS, jaxInstallSteps, tensorflowWindowsSteps } from '../fixes/frameworks.js';
import { msg, type Message } from '../types.js';
import { ev, nvidiaPresence, outcome, type Check, type CheckContext } from './check.js';
import { containerWithoutGpus, foldVerdicts, impossibleVerdict, installsOf, notInstalledOutcome, verdict, type FrameworkInstall, type InterpreterVerdict } from './frameworks-common.js';
import { hiddenByVisibleDevices } from './visible-devices.js';

async function judge(ctx: CheckContext, install: FrameworkInstall, presence: 'yes' | 'no' | 'unknown'): Promise<InterpreterVerdict> {
  const { probe, framework: jax } = install;
  const python = probe.interpreter.path;
  const base = { python, version: jax.version ?? '?' };
  const evidence: Message[] = [
    ev('doctor.ev.jaxBuild', { ...base, jaxlib: jax.jaxlibVersion ?? '?', backend: jax.backend ?? '?' }, { plugins: jax.cudaPlugins?.length ? jax.cudaPlugins : ['—'] }),
  ];
  if (jax.initError) evidence.push(ev('doctor.ev.pythonError', { text: jax.initError }));
  const ccs = ctx.facts.gpus().nvidia.map((g) => g.computeCapability).filter((cc): cc is string => cc !== null);
  const extra = chooseJaxExtra(ctx.driver.os === 'linux' ? ctx.driver.version : null, ccs);
  const installFix = extra ? { why: msg('doctor.frameworks.jax.pluginWhy'), steps: jaxInstallSteps(ctx.target, python, extra), docs: [FRAMEWORK_DOCS.jax] } : undefined;

  if (jax.importError) return verdict('fail', msg('doctor.frameworks.jax.importFailed', { python, error: jax.importError }), evidence, installFix);
  if (jax.probeError) return verdict('warn', msg('doctor.frameworks.probeError', { python, error: jax.probeError }), evidence);
  const impossible = impossibleVerdict(python, 'JAX', jax, evidence);
  if (impossible) return impossible;
  if (jax.gpuAvailable) {
    for (const d of jax.devices ?? []) if (d.platform !== 'cpu') evidence.push(ev('doctor.ev.frameworkDevice', { name: d.name ?? '?', cc: d.computeCapability ?? '?' }));
    return verdict('ok', msg('doctor.frameworks.jax.ok', { ...base, count: jax.deviceCount ?? 0 }), evidence);
  }
  if (presence === 'no') return verdict('ok', msg('doctor.frameworks.jax.cpuNoGpu', base), evidence);
  const inContainer = await containerWithoutGpus(ctx, python, 'JAX');
  if (inContainer) return { ...inContainer, evidence: [...evidence, ...inContainer.evidence] };
  if (probe.python.platform === 'win32') {
    return verdict('fail', msg('doctor.frameworks.jax.windows', base), evidence, {
      why: msg('doctor.frameworks.jax.windowsWhy'),
      steps: tensorflowWindowsSteps(python).slice(0, 1),
      docs: [FRAMEWORK_DOCS.wslInstall, FRAMEWORK_DOCS.jax],
    });
  }
  if ((jax.cudaPlugins ?? []).length === 0) return verdict('fail', msg('doctor.frameworks.jax.noPlugin', base), evidence, installFix);
  const hidden = hiddenByVisibleDevices(ctx, python, 'JAX', false);
  if (hidden) return { ...hidden, evidence: [...evidence, ...hidden.evidence] };
  return verdict('fail', msg('doctor.frameworks.jax.notVisible', { ...base, error: jax.initError ?? '—' }, { plugins: jax.cudaPlugins ?? [] }), evidence, installFix);
}

export const frameworksJax: Check = {
  id: 'frameworks.jax',
  layer: 'frameworks',
  title: 'doctor.frameworks.jax.title',
  async run(ctx) {
    const python = await ctx.facts.python();
    if (python.candidates.length === 0) return outcome('skipped', msg('doctor.frameworks.noPython'));
    const installs = installsOf(python.probes, 'jax');
    if (installs.length === 0) return notInstalledOutcome(python.probes, 'JAX');
    if (ctx.facts.env.platform === 'darwin') return outcome('skipped', msg('doctor.frameworks.macos', { framework: 'JAX' }));
    const presence = await nvidiaPresence(ctx);
    return foldVerdicts(await Promise.all(installs.map((install) => judge(ctx, install, presence))));
  },
};
