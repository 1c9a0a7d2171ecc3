// The operating system layer: which distribution (it decides every fix command), WSL2 (the
// driver lives on Windows), containers (GPUs must be passed in), Secure Boot (it can refuse the
// NVIDIA module).

import { containerToolkitSteps, restartWithGpusSteps } from '../fixes/containers.js';
import { secureBootFix } from '../fixes/driver.js';
import { psQuote } from '../fixes/shell-quote.js';
import { step } from '../fixes/steps.js';
import { msg, type Message } from '../types.js';
import { ev, nvidiaPresence, outcome, skippedNoGpu, skippedNotLinux, unreadable, type Check } from './check.js';

export const osDistro: Check = {
  id: 'os.distro',
  layer: 'os',
  title: 'doctor.os.distro.title',
  async run(ctx) {
    const os = await ctx.facts.os();
    const platform = ctx.facts.env.platform;
    if (platform === 'win32') {
      return outcome('ok', msg('doctor.os.distro.windows', { version: os.windowsVersion ?? '?' }), [ev('doctor.ev.arch', { arch: ctx.facts.env.arch })]);
    }
    if (platform === 'darwin') return outcome('warn', msg('doctor.os.distro.macos'));
    if (platform !== 'linux') return outcome('warn', msg('doctor.os.distro.other', { platform }));
    const evidence: Message[] = [];
    if (os.osRelease) evidence.push(ev('doctor.ev.osRelease', { id: os.osRelease.id, version: os.osRelease.versionId ?? '?', like: os.osRelease.idLike.join(' ') || '—' }));
    if (os.kernelRelease) evidence.push(ev('doctor.ev.kernel', { release: os.kernelRelease }));
    evidence.push(ev('doctor.ev.arch', { arch: ctx.facts.env.arch }));
    if (!os.osRelease) {
      const problem = os.osReleaseProblem;
      if (problem) evidence.unshift(problem.code === 'no-id' ? ev('doctor.ev.osReleaseNoId', { path: problem.path }) : unreadable(problem.path, { code: problem.code, detail: problem.detail }));
      return outcome('warn', msg('doctor.os.distro.unknown'), evidence);
    }
    const name = os.osRelease.prettyName ?? `${os.osRelease.id} ${os.osRelease.versionId ?? ''}`.trim();
    if (ctx.target.family === 'linux-other') return outcome('warn', msg('doctor.os.distro.generic', { name }), evidence);
    return outcome('ok', msg('doctor.os.distro.linux', { name, kernel: os.kernelRelease ?? '?' }), evidence);
  },
};

export const osWsl: Check = {
  id: 'os.wsl',
  layer: 'os',
  title: 'doctor.os.wsl.title',
  async run(ctx) {
    if (ctx.facts.env.platform !== 'linux') return skippedNotLinux();
    const os = await ctx.facts.os();
    if (!os.wsl) return outcome('skipped', msg('doctor.os.wsl.notWsl'));
    const distro = os.wsl.distro ?? '<distro>';
    const evidence = [ev('doctor.ev.procVersion', { text: os.procVersion ?? '?' })];
    if (os.wsl.distro) evidence.push(ev('doctor.ev.env', { name: 'WSL_DISTRO_NAME', value: os.wsl.distro }));
    if (os.wsl.version === 1) {
      return outcome('fail', msg('doctor.os.wsl.wsl1', { distro }), evidence, {
        why: msg('doctor.os.wsl.wsl1Why'),
        steps: [step('doctor.fix.step.wslSetVersion', { distro }, [`wsl --set-version ${os.wsl.distro ? psQuote(os.wsl.distro) : distro} 2`], { shell: 'powershell', where: 'windows-host', needsRoot: false })],
        docs: ['https://learn.microsoft.com/windows/wsl/install#upgrade-version-from-wsl-1-to-wsl-2'],
      });
    }
    const nodes = await ctx.facts.deviceNodes();
    evidence.push(ev(nodes.dxg ? 'doctor.ev.dxgPresent' : 'doctor.ev.dxgAbsent'));
    if (!nodes.dxg) {
      return outcome('warn', msg('doctor.os.wsl.noDxg', { distro }), evidence, {
        why: msg('doctor.os.wsl.noDxgWhy'),
        steps: [step('doctor.fix.step.wslUpdate', undefined, ['wsl --update', 'wsl --shutdown'], { shell: 'powershell', where: 'windows-host', needsRoot: false })],
        docs: ['https://docs.nvidia.com/cuda/wsl-user-guide/index.html'],
      });
    }
    return outcome('ok', msg('doctor.os.wsl.ok', { distro }), evidence);
  },
};

export const osContainer: Check = {
  id: 'os.container',
  layer: 'os',
  title: 'doctor.os.container.title',
  async run(ctx) {
    const container = await ctx.facts.container();
    if (!container) return outcome('skipped', msg('doctor.os.container.notContainer'));
    const nodes = await ctx.facts.deviceNodes();
    const evidence: Message[] = container.evidence.map((text) => ev('doctor.ev.containerSign', { text }));
    const nodeList = [...nodes.gpus, ...(nodes.nvidiactl ? ['/dev/nvidiactl'] : [])];
    evidence.push(ev('doctor.ev.devNodes', undefined, { nodes: nodeList.length > 0 ? nodeList : ['—'] }));
    const visible = ctx.facts.env.env.NVIDIA_VISIBLE_DEVICES;
    if (visible !== undefined) evidence.push(ev('doctor.ev.env', { name: 'NVIDIA_VISIBLE_DEVICES', value: visible }));
    const engine = container.engine;
    if (nodes.gpus.length > 0 || nodes.nvidiactl) {
      return outcome('ok', msg('doctor.os.container.gpusPassed', { engine, count: nodes.gpus.length }), evidence);
    }
    const presence = await nvidiaPresence(ctx);
    if (presence === 'no') return outcome('skipped', msg('doctor.os.container.noHostGpu', { engine }), evidence);
    const fix = {
      why: msg('doctor.os.container.why'),
      steps: [...containerToolkitSteps(ctx.target), ...restartWithGpusSteps(engine)],
      docs: ['https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html'],
    };
    if (presence === 'yes') return outcome('fail', msg('doctor.os.container.notPassed', { engine }), evidence, fix);
    return outcome('warn', msg('doctor.os.container.noNodes', { engine }), evidence, fix);
  },
};

export const osSecureBoot: Check = {
  id: 'os.secure-boot',
  layer: 'os',
  title: 'doctor.os.secureBoot.title',
  async run(ctx) {
    if (ctx.facts.env.platform !== 'linux') return skippedNotLinux();
    const os = await ctx.facts.os();
    if (os.wsl) return outcome('skipped', msg('doctor.skip.wslDriver'));
    if ((await ctx.facts.container()) !== null) return outcome('skipped', msg('doctor.skip.containerHost'));
    if ((await nvidiaPresence(ctx)) === 'no') return skippedNoGpu();
    const [secureBoot, modules] = await Promise.all([ctx.facts.secureBoot(), ctx.facts.modules()]);
    // No /sys/firmware/efi is said in words; mokutil's line and the efivar's byte are shown as read.
    const evidence = secureBoot.state === 'not-uefi' ? [ev('doctor.ev.efiAbsent')] : secureBoot.evidence ? [ev('doctor.ev.raw', { text: secureBoot.evidence })] : [];
    if (modules.nvidia) return outcome('skipped', msg(`doctor.os.secureBoot.moduleLoaded.${secureBoot.state}`), evidence);
    switch (secureBoot.state) {
      case 'enabled': {
        const installed = await ctx.facts.installedNvidiaModule();
        if (!installed) return outcome('ok', msg(ctx.target.family === 'ubuntu' ? 'doctor.os.secureBoot.enabledUbuntu' : 'doctor.os.secureBoot.enabledNoDriver'), evidence);
        evidence.push(ev('doctor.ev.modinfo', { version: installed }));
        return outcome('fail', msg('doctor.os.secureBoot.enabled', { version: installed }), evidence, secureBootFix(ctx.target));
      }
      case 'disabled':
        return outcome('ok', msg('doctor.os.secureBoot.disabled'), evidence);
      case 'not-uefi':
        return outcome('ok', msg('doctor.os.secureBoot.notUefi'), evidence);
      default:
        return outcome('skipped', msg('doctor.os.secureBoot.unknown'), evidence);
    }
  },
};
