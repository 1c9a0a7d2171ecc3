// CUDA toolkit fixes: install the toolkit version the driver supports, and make PATH,
// LD_LIBRARY_PATH and CUDA_HOME agree on one toolkit.

import type { FixStep } from '../types.js';
import { cudaRepoSteps } from './driver.js';
import { appendLineCommand, shQuote } from './shell-quote.js';
import { step } from './steps.js';
import { rpmInstall, rpmSystem, toolkitVersionFor } from './rpm.js';
import { nvidiaRepoName, type FixTarget } from './target.js';

export const CUDA_DOCS = {
  linuxGuide: 'https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html',
  windowsGuide: 'https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html',
  archive: 'https://developer.nvidia.com/cuda-toolkit-archive',
  compatibility: 'https://docs.nvidia.com/deploy/cuda-compatibility/index.html',
} as const;

const BASHRC = '~/.bashrc';

/** Installs CUDA `version` ("12.8") without touching the driver (cuda-toolkit-X-Y, not cuda). */
export function toolkitInstallSteps(target: FixTarget, version: string): FixStep[] {
  const suffix = version.replace('.', '-');
  if (target.family === 'windows') {
    return [
      step('doctor.fix.step.toolkitWindows', { version, url: CUDA_DOCS.archive }, [`winget install --id Nvidia.CUDA --version ${version} --exact --source winget`], {
        shell: 'powershell',
        needsRoot: true,
      }),
    ];
  }
  if (target.family === 'ubuntu' || target.family === 'debian') {
    return [...cudaRepoSteps(target), step('doctor.fix.step.toolkitApt', { version }, [`sudo apt-get install -y cuda-toolkit-${suffix}`]), ...toolkitPathSteps(`/usr/local/cuda-${version}`)];
  }
  const sys = rpmSystem(target);
  if (sys) {
    if (!nvidiaRepoName(target)) return [step('doctor.fix.step.toolkitManual', { version, url: CUDA_DOCS.archive }, [])];
    const fits = toolkitVersionFor(sys, version);
    const install = fits === version
      ? step('doctor.fix.step.toolkitDnf', { version }, [rpmInstall(sys, `cuda-toolkit-${suffix}`)])
      : step('doctor.fix.step.toolkitEl7', { version: fits, wanted: version }, [rpmInstall(sys, `cuda-toolkit-${fits.replace('.', '-')}`)]);
    return [...cudaRepoSteps(target), install, ...toolkitPathSteps(`/usr/local/cuda-${fits}`)];
  }
  return [step('doctor.fix.step.toolkitManual', { version, url: CUDA_DOCS.archive }, [])];
}

/**
 * Puts one toolkit first on PATH and LD_LIBRARY_PATH, in ~/.bashrc (for new shells) and now.
 * Each ~/.bashrc line is written by printf from one quoted argument, so the toolkit path is
 * quoted twice, once for each shell that reads it: for the line bash will source later, then
 * for the command that appends that line now.
 */
export function toolkitPathSteps(root: string): FixStep[] {
  const home = `export CUDA_HOME=${shQuote(root)}`;
  const path = 'export PATH="$CUDA_HOME/bin:$PATH"';
  return [
    step('doctor.fix.step.toolkitPath', { root }, [
      appendLineCommand(home, BASHRC),
      appendLineCommand(path, BASHRC),
      appendLineCommand('export LD_LIBRARY_PATH="$CUDA_HOME/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"', BASHRC),
      home,
      path,
      'nvcc --version',
    ], { needsRoot: false }),
  ];
}
