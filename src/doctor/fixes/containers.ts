// Container fixes: install and configure the NVIDIA Container Toolkit on the host, and start
// containers with the GPUs passed in.

import type { FixStep } from '../types.js';
import { step } from './steps.js';
import { rpmInstall, rpmSystem } from './rpm.js';
import type { FixTarget } from './target.js';

export const CONTAINER_DOCS = {
  toolkitInstall: 'https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html',
  cdi: 'https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html',
} as const;

const VERIFY = 'docker run --rm --gpus all ubuntu nvidia-smi';

export function containerToolkitSteps(target: FixTarget): FixStep[] {
  const where = target.container ? ('container-host' as const) : ('here' as const);
  const configure = step('doctor.fix.step.ctkConfigure', undefined, [
    'sudo nvidia-ctk runtime configure --runtime=docker',
    'sudo systemctl restart docker',
    VERIFY,
  ], { where });
  if (target.container) {
    // The toolkit belongs on the host, whose distribution a container cannot see.
    return [step('doctor.fix.step.ctkOnHost', { url: CONTAINER_DOCS.toolkitInstall }, ['gpuwise doctor --fix-script fix-gpu.sh'], { where, needsRoot: false }), configure];
  }
  const sys = rpmSystem(target);
  if (sys) {
    return [
      step('doctor.fix.step.ctkInstallDnf', undefined, [
        'curl -s -L https://nvidia.github.io/libnvidia-container/stable/rpm/nvidia-container-toolkit.repo | sudo tee /etc/yum.repos.d/nvidia-container-toolkit.repo',
        rpmInstall(sys, 'nvidia-container-toolkit'),
      ], { where }),
      configure,
    ];
  }
  if (target.family === 'ubuntu' || target.family === 'debian') {
    return [
      step('doctor.fix.step.ctkInstallApt', undefined, [
        'curl -fsSL https://nvidia.github.io/libnvidia-container/gpgkey | sudo gpg --dearmor -o /usr/share/keyrings/nvidia-container-toolkit-keyring.gpg',
        "curl -s -L https://nvidia.github.io/libnvidia-container/stable/deb/nvidia-container-toolkit.list | sed 's#deb https://#deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg] https://#g' | sudo tee /etc/apt/sources.list.d/nvidia-container-toolkit.list",
        'sudo apt-get update',
        'sudo apt-get install -y nvidia-container-toolkit',
      ], { where }),
      configure,
    ];
  }
  return [step('doctor.fix.step.ctkManual', { url: CONTAINER_DOCS.toolkitInstall }, [], { where })];
}

/** Run on the machine that starts this container: start it again with the GPUs passed in. */
export function restartWithGpusSteps(engine: string): FixStep[] {
  const command =
    engine === 'podman'
      ? 'podman run --rm --device nvidia.com/gpu=all <image> nvidia-smi'
      : engine === 'kubernetes'
        ? 'kubectl describe node <node> | grep nvidia.com/gpu'
        : 'docker run --rm --gpus all <image> nvidia-smi';
  return [step(engine === 'kubernetes' ? 'doctor.fix.step.k8sGpus' : 'doctor.fix.step.runWithGpus', undefined, [command], { where: 'container-host', needsRoot: false })];
}
