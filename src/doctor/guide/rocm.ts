// `guide rocm`: ROCm and PyTorch's ROCm build for the AMD GPUs the doctor sees on the bus. The
// commands are AMD's quick-start install for ROCm 6.4 (amdgpu-install), per distribution; other
// systems get the documentation. ROCm has no native Windows PyTorch: there it is WSL2.

import type { TableSource } from '../compat/source.js';
import { rebootStep, step } from '../fixes/steps.js';
import { msg, type FixStep } from '../types.js';
import type { GuideContext } from './context.js';
import { guideStep, verification, type Guide, type GuideStep } from './types.js';

export const ROCM_VERSION = '6.4';
const ROCM_PACKAGE = '6.4.60400-1';
/** PyTorch's wheel index for this ROCm (download.pytorch.org/whl/rocm6.4). */
export const PYTORCH_ROCM_INDEX = 'https://download.pytorch.org/whl/rocm6.4';

export const ROCM_SOURCES: readonly TableSource[] = [
  {
    title: 'ROCm installation for Linux — AMDGPU installer (ROCm 6.4)',
    url: 'https://rocm.docs.amd.com/projects/install-on-linux/en/docs-6.4.0/install/install-methods/amdgpu-installer-index.html',
    checked: '2026-12-01',
  },
  { title: 'PyTorch — Get started (ROCm builds)', url: 'https://pytorch.org/get-started/locally/', checked: '2026-12-01' },
];

const UBUNTU_CODENAMES: Readonly<Record<string, string>> = { '22.04': 'jammy', '24.04': 'noble' };
const EL_RELEASES = ['9.5', '9.4', '8.10'];

function installSteps(ctx: GuideContext): FixStep[] | null {
  const target = ctx.report.machine.target;
  const groups = step('guide.rocm.action.groups', undefined, ['sudo usermod -a -G render,video $LOGNAME']);
  const version = target.versionId ?? '';
  if (target.family === 'ubuntu' && UBUNTU_CODENAMES[version.split('.').slice(0, 2).join('.')]) {
    const codename = UBUNTU_CODENAMES[version.split('.').slice(0, 2).join('.')]!;
    const deb = `amdgpu-install_${ROCM_PACKAGE}_all.deb`;
    return [
      step('guide.rocm.action.repo', { version: ROCM_VERSION }, [`wget https://repo.radeon.com/amdgpu-install/${ROCM_VERSION}/ubuntu/${codename}/${deb}`, `sudo apt install -y ./${deb}`, 'sudo apt update']),
      groups,
      step('guide.rocm.action.install', undefined, ['sudo apt install -y python3-setuptools python3-wheel', 'sudo apt install -y amdgpu-dkms rocm']),
      rebootStep(),
    ];
  }
  const el = EL_RELEASES.find((release) => version === release || version.startsWith(`${release}.`)) ?? null;
  if (target.family === 'rhel' && el) {
    const major = el.split('.')[0];
    return [
      step('guide.rocm.action.repo', { version: ROCM_VERSION }, [`sudo dnf install -y https://repo.radeon.com/amdgpu-install/${ROCM_VERSION}/el/${el}/amdgpu-install-${ROCM_PACKAGE}.el${major}.noarch.rpm`]),
      groups,
      step('guide.rocm.action.install', undefined, ['sudo dnf install -y amdgpu-dkms rocm']),
      rebootStep(),
    ];
  }
  return null;
}

export function rocmGuide(ctx: GuideContext): Guide {
  const check = ctx.check('hardware.gpus');
  // The bus scan lists AMD devices (vendor 1002) as evidence, also next to an NVIDIA GPU.
  const amd = check?.summary.key === 'doctor.hardware.gpus.amdOnly' || (check?.evidence ?? []).some((e) => e.key === 'doctor.ev.pciDevice' && String(e.params?.id ?? '').startsWith('1002:'));
  const steps: GuideStep[] = [guideStep('guide.rocm.step.gpu', amd ? 'done' : 'info', [check?.summary ?? msg('doctor.hardware.gpus.unknown'), ...(amd ? [] : [msg('guide.rocm.noAmd')])])];
  const docs = ROCM_SOURCES.map((s) => msg('guide.source', { title: s.title, url: s.url, checked: s.checked }));
  if (ctx.windowsNative || ctx.report.machine.target.wsl) {
    steps.push(guideStep('guide.rocm.step.windows', 'info', [msg('guide.rocm.windows'), ...docs]));
  } else {
    const install = installSteps(ctx);
    steps.push(install ? guideStep('guide.rocm.step.install', 'todo', [msg('guide.rocm.version', { version: ROCM_VERSION }), ...docs], install) : guideStep('guide.rocm.step.install', 'info', [msg('guide.rocm.unsupportedOs'), ...docs]));
    steps.push(
      guideStep('guide.rocm.step.pytorch', 'todo', [msg('guide.rocm.pytorch')], [
        step('guide.rocm.action.pytorch', { index: PYTORCH_ROCM_INDEX }, [`${ctx.pythonQuoted} -m pip install --upgrade torch --index-url ${PYTORCH_ROCM_INDEX}`], { needsRoot: false }),
      ]),
    );
  }
  const torchCheck = `${ctx.pythonQuoted} -c "import torch; print(torch.cuda.is_available(), torch.version.hip)"`;
  return {
    topic: 'rocm',
    title: msg('guide.rocm.title'),
    steps,
    verify: ctx.windowsNative ? [] : [verification('guide.rocm.verify.rocminfo', ['rocminfo | grep -m1 -i gfx', 'amd-smi list']), verification('guide.rocm.verify.torch', [torchCheck])],
  };
}
