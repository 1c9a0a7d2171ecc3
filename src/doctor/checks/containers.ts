// Containers: Docker itself (only reported — a missing daemon is a fact, not a failure) and the
// NVIDIA Container Toolkit that lets `docker run --gpus all` hand GPUs to a container.

import { CONTAINER_DOCS, containerToolkitSteps } from '../fixes/containers.js';
import { msg, type Message } from '../types.js';
import { ev, nvidiaPresence, outcome, skippedNoGpu, unreadable, type Check } from './check.js';

export const containersDocker: Check = {
  id: 'containers.docker',
  layer: 'containers',
  title: 'doctor.containers.docker.title',
  async run(ctx) {
    const docker = await ctx.facts.docker();
    if (!docker.cliPath) return outcome('skipped', msg('doctor.containers.docker.absent'));
    const evidence: Message[] = [ev('doctor.ev.dockerCli', { path: docker.cliPath, version: docker.cliVersion ?? '?' })];
    // docker's own words, marked as a quote: they are in whatever language docker speaks.
    if (docker.daemonDetail) evidence.push(ev('doctor.ev.dockerSaid', { text: docker.daemonDetail }));
    switch (docker.daemon) {
      case 'ok':
        evidence.push(ev('doctor.ev.dockerRuntimes', { default: docker.defaultRuntime ?? '?' }, { runtimes: docker.runtimes ?? [] }));
        return outcome('ok', msg('doctor.containers.docker.ok', { version: docker.cliVersion ?? '?' }), evidence);
      case 'no-permission':
        return outcome('warn', msg('doctor.containers.docker.noPermission'), evidence, {
          why: msg('doctor.containers.docker.noPermissionWhy'),
          steps: [],
          docs: ['https://docs.docker.com/engine/install/linux-postinstall/'],
        });
      case 'timeout':
      case 'unreachable':
        return outcome('warn', msg(`doctor.containers.docker.daemon.${docker.daemon}`), evidence);
      default:
        return outcome('warn', msg('doctor.containers.docker.daemon.error'), evidence);
    }
  },
};

export const containersNvidiaRuntime: Check = {
  id: 'containers.nvidia-runtime',
  layer: 'containers',
  title: 'doctor.containers.runtime.title',
  async run(ctx) {
    if (ctx.target.container) return outcome('skipped', msg('doctor.skip.containerHost'));
    const docker = await ctx.facts.docker();
    if (!docker.cliPath) return outcome('skipped', msg('doctor.containers.docker.absent'));
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    const evidence: Message[] = [ev('doctor.ev.nvidiaCtk', { version: docker.nvidiaCtkVersion ?? '—' })];
    if (docker.daemonJsonRuntimes) evidence.push(ev('doctor.ev.daemonJson', undefined, { runtimes: docker.daemonJsonRuntimes.length > 0 ? docker.daemonJsonRuntimes : ['—'] }));
    const problem = docker.daemonJsonProblem;
    if (problem) evidence.push(problem.code === 'invalid' ? ev('doctor.ev.notJson', { path: problem.path, detail: problem.detail }) : unreadable(problem.path, { code: problem.code, detail: problem.detail }));
    if (docker.runtimes) evidence.push(ev('doctor.ev.dockerRuntimes', { default: docker.defaultRuntime ?? '?' }, { runtimes: docker.runtimes }));
    if (docker.cdiSpecs.length > 0) evidence.push(ev('doctor.ev.cdiSpecs', undefined, { specs: docker.cdiSpecs }));
    const configured =
      (docker.runtimes?.includes('nvidia') ?? docker.daemonJsonRuntimes?.includes('nvidia') ?? false) || docker.cdiSpecs.length > 0;
    const fix = { why: msg('doctor.containers.runtime.why'), steps: containerToolkitSteps(ctx.target), docs: [CONTAINER_DOCS.toolkitInstall] };
    if (!docker.nvidiaCtkVersion && !configured) return outcome('fail', msg('doctor.containers.runtime.missing'), evidence, fix);
    if (!configured) {
      return outcome('fail', msg('doctor.containers.runtime.notConfigured', { version: docker.nvidiaCtkVersion ?? '?' }), evidence, { ...fix, steps: fix.steps.slice(-1) });
    }
    if (docker.daemon !== 'ok') return outcome('ok', msg('doctor.containers.runtime.configuredNoDaemon'), evidence);
    return outcome('ok', msg('doctor.containers.runtime.ok', { version: docker.nvidiaCtkVersion ?? '?' }), evidence);
  },
};
