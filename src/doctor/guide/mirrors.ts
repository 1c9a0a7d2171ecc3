// Mirrors for users in China (`guide --mirror cn`, or a zh-CN locale): PyPI through the Tsinghua
// (TUNA) or Aliyun mirror, PyTorch's CUDA wheels through Aliyun's copy of download.pytorch.org,
// conda channels through TUNA, NVIDIA's CUDA repository through Aliyun's copy, and for Docker
// the registry accelerator of one's cloud account (the public Docker Hub mirrors run by
// universities closed in 2024). Each is sourced and dated; gpuwise cannot check from here that a
// mirror is reachable or current, and says so.

import type { TableSource } from '../compat/source.js';
import { rpmSystem } from '../fixes/rpm.js';
import { step } from '../fixes/steps.js';
import { nvidiaRepoName } from '../fixes/target.js';
import { msg, type FixStep, type Message } from '../types.js';
import type { GuideContext } from './context.js';
import { guideStep, type GuideStep, type GuideTopic } from './types.js';

export type MirrorRegion = 'cn';

export const MIRROR_SOURCES = {
  tunaPypi: { title: 'TUNA (Tsinghua) — PyPI mirror help', url: 'https://mirrors.tuna.tsinghua.edu.cn/help/pypi/', checked: '2026-12-01' },
  aliyunPypi: { title: 'Aliyun mirror — PyPI', url: 'https://developer.aliyun.com/mirror/pypi', checked: '2026-12-01' },
  aliyunPytorch: { title: 'Aliyun mirror — PyTorch wheels (copy of download.pytorch.org/whl)', url: 'https://mirrors.aliyun.com/pytorch-wheels/', checked: '2026-12-01' },
  tunaConda: { title: 'TUNA (Tsinghua) — Anaconda mirror help', url: 'https://mirrors.tuna.tsinghua.edu.cn/help/anaconda/', checked: '2026-12-01' },
  aliyunCuda: { title: 'Aliyun mirror — NVIDIA CUDA repositories (copy of developer.download.nvidia.com/compute/cuda/repos)', url: 'https://mirrors.aliyun.com/nvidia-cuda/', checked: '2026-12-01' },
  aliyunRegistry: { title: 'Aliyun Container Registry — image accelerator (per account)', url: 'https://help.aliyun.com/zh/acr/user-guide/accelerate-the-pulls-of-docker-official-images', checked: '2026-12-01' },
} as const satisfies Record<string, TableSource>;

const TUNA_PYPI = 'https://pypi.tuna.tsinghua.edu.cn/simple';
const ALIYUN_PYPI = 'https://mirrors.aliyun.com/pypi/simple/';
const ALIYUN_PYTORCH = 'https://mirrors.aliyun.com/pytorch-wheels';
const TUNA_CONDA = 'https://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud/conda-forge/';
const NVIDIA_REPOS = 'https://developer.download.nvidia.com/compute/cuda/repos';
const ALIYUN_CUDA = 'https://mirrors.aliyun.com/nvidia-cuda';

const source = (s: TableSource): Message => msg('guide.source', { title: s.title, url: s.url, checked: s.checked });

function pipSteps(ctx: GuideContext, topic: GuideTopic, wheelTag: string): FixStep[] {
  const shell = ctx.windowsNative ? ('powershell' as const) : ('sh' as const);
  const steps = [
    step('guide.mirror.action.pip', { url: TUNA_PYPI, alternative: ALIYUN_PYPI }, [`${ctx.pythonQuoted} -m pip config set global.index-url ${TUNA_PYPI}`], { shell, needsRoot: false }),
  ];
  if (topic === 'pytorch') {
    // Aliyun's copy is a flat folder of wheels (pip's --find-links), one per CUDA tag, like the original's.
    steps.push(step('guide.mirror.action.pytorchWheels', { url: ALIYUN_PYTORCH }, [`${ctx.pythonQuoted} -m pip install --upgrade torch -f ${ALIYUN_PYTORCH}/${wheelTag}/`], { shell, needsRoot: false }));
  }
  steps.push(step('guide.mirror.action.conda', { url: TUNA_CONDA }, [`conda config --add channels ${TUNA_CONDA}`, 'conda config --set show_channel_urls yes'], { shell, needsRoot: false }));
  return steps;
}

function nvidiaRepoSteps(ctx: GuideContext): FixStep[] {
  const family = ctx.report.machine.target.family;
  const sed = `s#${NVIDIA_REPOS}#${ALIYUN_CUDA}#g`;
  if (family === 'ubuntu' || family === 'debian') return [step('guide.mirror.action.cudaRepo', { url: ALIYUN_CUDA }, [`sudo sed -i '${sed}' /etc/apt/sources.list.d/cuda*.list`, 'sudo apt-get update'])];
  const rpm = rpmSystem(ctx.report.machine.target);
  if (rpm && nvidiaRepoName(ctx.report.machine.target)) return [step('guide.mirror.action.cudaRepo', { url: ALIYUN_CUDA }, [`sudo sed -i '${sed}' /etc/yum.repos.d/cuda*.repo`, rpm.pm === 'yum' ? 'sudo yum makecache' : 'sudo dnf makecache'])];
  return [];
}

/** The wheel folder the guide's install step uses (".../whl/cu126" → "cu126"); cu126 when it names none. */
export function wheelTagOf(steps: readonly GuideStep[]): string {
  for (const command of steps.flatMap((s) => s.actions.flatMap((a) => a.commands))) {
    const tag = /download\.pytorch\.org\/whl\/(cu\d{3}|cpu|rocm\d+(?:\.\d+)?)\b/.exec(command)?.[1];
    if (tag) return tag;
  }
  return 'cu126';
}

/** The mirror step for `topic`, or null when the topic downloads nothing a mirror holds. */
export function mirrorStep(ctx: GuideContext, topic: GuideTopic, guideSteps: readonly GuideStep[] = []): GuideStep | null {
  const caveat = msg('guide.mirror.caveat');
  switch (topic) {
    case 'pytorch':
    case 'tensorflow':
    case 'jax':
      return guideStep('guide.mirror.step', 'info', [caveat, source(MIRROR_SOURCES.tunaPypi), source(MIRROR_SOURCES.aliyunPypi), ...(topic === 'pytorch' ? [source(MIRROR_SOURCES.aliyunPytorch)] : []), source(MIRROR_SOURCES.tunaConda)], pipSteps(ctx, topic, wheelTagOf(guideSteps)));
    case 'driver':
    case 'cuda':
    case 'cudnn': {
      const steps = nvidiaRepoSteps(ctx);
      if (steps.length === 0) return null;
      return guideStep('guide.mirror.step', 'info', [msg('guide.mirror.cudaRepo'), caveat, source(MIRROR_SOURCES.aliyunCuda)], steps);
    }
    case 'docker':
      return guideStep('guide.mirror.step', 'info', [msg('guide.mirror.docker'), caveat, source(MIRROR_SOURCES.aliyunRegistry)]);
    default:
      return null;
  }
}
