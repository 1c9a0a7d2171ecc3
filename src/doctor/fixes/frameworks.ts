// Framework fixes: the exact pip line for the interpreter that has the problem — the PyTorch index
// URL for the newest CUDA build the driver supports, TensorFlow's [and-cuda] extra, JAX's
// cuda12/cuda13 extra — and WSL2 for TensorFlow on Windows.

import { LAST_TORCH_FOR_OLD_GLIBC, oldGlibcOf, PYTORCH_MIN_GLIBC } from '../compat/glibc.js';
import { choosePytorchBuild, PYTORCH_SOURCES, type PytorchChoice } from '../compat/pytorch-builds.js';
import { JAX_SOURCES, type JaxCudaExtra } from '../compat/jax-builds.js';
import { TENSORFLOW_SOURCES } from '../compat/tensorflow-builds.js';
import type { MessageKey, MessageParams } from '../../i18n/index.js';
import type { FixStep } from '../types.js';
import { psQuote, shQuote } from './shell-quote.js';
import { step } from './steps.js';
import type { FixTarget } from './target.js';

export const FRAMEWORK_DOCS = {
  pytorch: PYTORCH_SOURCES[0]?.url ?? 'https://pytorch.org/get-started/locally/',
  tensorflow: TENSORFLOW_SOURCES[1]?.url ?? 'https://www.tensorflow.org/install/pip',
  jax: JAX_SOURCES[0]?.url ?? 'https://docs.jax.dev/en/latest/installation.html',
  wslInstall: 'https://learn.microsoft.com/windows/wsl/install',
} as const;

function pythonCommand(target: FixTarget, python: string, args: string[]): string {
  const quote = target.family === 'windows' ? psQuote : shQuote;
  const head = target.family === 'windows' ? `& ${quote(python)}` : quote(python);
  return [head, ...args.map(quote)].join(' ');
}

function shellOf(target: FixTarget) {
  return target.family === 'windows' ? ('powershell' as const) : ('sh' as const);
}

/** What the install step says: the build, and on an old glibc why it is not the newest release. */
export function torchInstallExplain(python: string, choice: PytorchChoice, glibc: string | null): [MessageKey, MessageParams] {
  const build = { python, tag: choice.build.tag, cuda: choice.build.cuda };
  return glibc
    ? ['doctor.fix.step.pipInstallTorchOldGlibc', { ...build, torch: LAST_TORCH_FOR_OLD_GLIBC, glibc, needed: PYTORCH_MIN_GLIBC }]
    : ['doctor.fix.step.pipInstallTorch', build];
}

/** Replaces the installed torch with the CUDA build that fits the driver and GPUs. */
export function pytorchInstallSteps(
  target: FixTarget,
  python: string,
  driverMaxCuda: string | null,
  computeCapabilities: readonly string[],
): FixStep[] | null {
  const glibc = oldGlibcOf(target);
  const choice = choosePytorchBuild(driverMaxCuda, computeCapabilities, glibc ? LAST_TORCH_FOR_OLD_GLIBC : null);
  if (!choice) return null;
  const shell = shellOf(target);
  return [
    step('doctor.fix.step.pipUninstallTorch', { python }, [pythonCommand(target, python, ['-m', 'pip', 'uninstall', '-y', 'torch'])], { shell, needsRoot: false }),
    step(...torchInstallExplain(python, choice, glibc), [pythonCommand(target, python, choice.pipArgs)], { shell, needsRoot: false }),
  ];
}

export function tensorflowLinuxSteps(target: FixTarget, python: string): FixStep[] {
  return [
    step('doctor.fix.step.pipTensorflowCuda', { python }, [pythonCommand(target, python, ['-m', 'pip', 'install', '--upgrade', 'tensorflow[and-cuda]'])], {
      needsRoot: false,
    }),
  ];
}

/**
 * TensorFlow's device list inside WSL, from PowerShell. No `"` inside: Windows PowerShell 5.1
 * passes embedded double quotes to wsl.exe unescaped, which splits the bash command. The Python
 * code therefore lists every device (CPU and GPU) rather than quote 'GPU'.
 */
export const TF_WSL_CHECK = "wsl -d Ubuntu-24.04 -- bash -lc '~/tf/bin/python -c ''import tensorflow as tf; print(tf.config.list_physical_devices())'''";

/** TensorFlow > 2.10 has no GPU on native Windows: move to WSL2 (or pin 2.10 as a stopgap). */
export function tensorflowWindowsSteps(python: string): FixStep[] {
  return [
    step('doctor.fix.step.wslInstall', undefined, ['wsl --install -d Ubuntu-24.04'], { shell: 'powershell', needsRoot: true, rebootAfter: true }),
    step('doctor.fix.step.wslTensorflow', undefined, [
      'wsl -d Ubuntu-24.04 -- bash -lc "sudo apt-get update && sudo apt-get install -y python3-venv && python3 -m venv ~/tf && ~/tf/bin/pip install \'tensorflow[and-cuda]\'"',
      TF_WSL_CHECK,
    ], { shell: 'powershell', needsRoot: false }),
    step('doctor.fix.step.tensorflow210Windows', { python }, [`& ${psQuote(python)} -m pip install "tensorflow<2.11"`], {
      shell: 'powershell',
      needsRoot: false,
    }),
  ];
}

export function jaxInstallSteps(target: FixTarget, python: string, extra: JaxCudaExtra): FixStep[] {
  return [
    step('doctor.fix.step.pipJax', { python, extra: extra.extra, driver: extra.linuxMinDriver }, [
      pythonCommand(target, python, ['-m', 'pip', 'install', '--upgrade', `jax[${extra.extra}]`]),
    ], { needsRoot: false }),
  ];
}
