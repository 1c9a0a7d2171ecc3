// Guides for the frameworks (PyTorch, TensorFlow, JAX) and the final "verify everything" list.

import { chooseJaxExtra } from '../compat/jax-builds.js';
import { LAST_TORCH_FOR_OLD_GLIBC, oldGlibcOf } from '../compat/glibc.js';
import { choosePytorchBuild, pytorchIndexUrl } from '../compat/pytorch-builds.js';
import { jaxInstallSteps, tensorflowLinuxSteps, tensorflowWindowsSteps, TF_WSL_CHECK, torchInstallExplain } from '../fixes/frameworks.js';
import { psQuote, shQuote } from '../fixes/shell-quote.js';
import { step } from '../fixes/steps.js';
import { msg, type FixShell, type FixStep } from '../types.js';
import { driverReadyStep, stepFromCheck, type GuideContext } from './context.js';
import { guideStep, verification, type Guide, type GuideStep, type GuideVerification } from './types.js';

const TORCH_CHECK = 'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.device_count())';
const TF_CHECK = "import tensorflow as tf; print(tf.__version__, tf.config.list_physical_devices('GPU'))";
const JAX_CHECK = 'import jax; print(jax.__version__, jax.devices())';

function shellOf(ctx: GuideContext): FixShell {
  return ctx.windowsNative ? 'powershell' : 'sh';
}

function quoteFor(ctx: GuideContext): (value: string) => string {
  return ctx.windowsNative ? psQuote : shQuote;
}

function pythonCheck(ctx: GuideContext, code: string): string {
  return `${ctx.pythonQuoted} -c ${quoteFor(ctx)(code)}`;
}

function pythonEnvStep(ctx: GuideContext): GuideStep {
  const pythons = ctx.report.machine.pythons;
  if (pythons.length > 0) {
    return guideStep('doctor.guide.step.pythonEnv', 'done', pythons.map((p) => msg('doctor.guide.pythonFound', { path: p.path, version: p.version })));
  }
  const create = ctx.windowsNative
    ? [step('doctor.guide.action.venv', undefined, ['py -3 -m venv $HOME\\venvs\\ml', '& $HOME\\venvs\\ml\\Scripts\\Activate.ps1'], { shell: 'powershell', needsRoot: false })]
    : [step('doctor.guide.action.venv', undefined, ['python3 -m venv ~/venvs/ml', '. ~/venvs/ml/bin/activate'], { needsRoot: false })];
  // For another machine (`--for`) its Python was not looked for: no "none found".
  return guideStep('doctor.guide.step.pythonEnv', 'todo', [msg(ctx.elsewhere ? 'guide.target.pythonEnv' : 'doctor.guide.noPython')], create);
}

function pipInstall(ctx: GuideContext, args: string[], key: Parameters<typeof step>[0], params: Parameters<typeof step>[1]): FixStep {
  return step(key, params, [`${ctx.pythonQuoted} ${args.map(quoteFor(ctx)).join(' ')}`], { shell: shellOf(ctx), needsRoot: false });
}

export function pytorchGuide(ctx: GuideContext): Guide {
  const steps: GuideStep[] = [driverReadyStep(ctx), pythonEnvStep(ctx)];
  steps.push(
    stepFromCheck(ctx, 'doctor.guide.step.installTorch', 'frameworks.pytorch', () => {
      if (ctx.noGpu) return [pipInstall(ctx, ['-m', 'pip', 'install', 'torch', '--index-url', pytorchIndexUrl('cpu')], 'doctor.guide.action.torchCpu', undefined)];
      const glibc = oldGlibcOf(ctx.report.machine.target);
      const choice = choosePytorchBuild(ctx.report.machine.driver.maxCuda, ctx.computeCapabilities, glibc ? LAST_TORCH_FOR_OLD_GLIBC : null);
      if (!choice) return [];
      return [pipInstall(ctx, choice.pipArgs, ...torchInstallExplain(ctx.python, choice, glibc))];
    }),
  );
  return { topic: 'pytorch', title: msg('doctor.guide.title.pytorch'), steps, verify: [verification('doctor.guide.verify.torch', [pythonCheck(ctx, TORCH_CHECK)], shellOf(ctx))] };
}

export function tensorflowGuide(ctx: GuideContext): Guide {
  if (ctx.windowsNative) {
    const steps = [
      guideStep('doctor.guide.step.tfWindows', 'info', [msg('doctor.frameworks.tf.windowsWhy')]),
      guideStep('doctor.guide.step.tfWsl', ctx.status('frameworks.tensorflow') === 'ok' ? 'done' : 'todo', [], tensorflowWindowsSteps(ctx.python).slice(0, 2)),
    ];
    return {
      topic: 'tensorflow',
      title: msg('doctor.guide.title.tensorflow'),
      steps,
      verify: [verification('doctor.guide.verify.tf', [TF_WSL_CHECK], 'powershell')],
    };
  }
  const steps: GuideStep[] = [driverReadyStep(ctx), pythonEnvStep(ctx)];
  steps.push(stepFromCheck(ctx, 'doctor.guide.step.installTf', 'frameworks.tensorflow', () => tensorflowLinuxSteps(ctx.report.machine.target, ctx.python)));
  return { topic: 'tensorflow', title: msg('doctor.guide.title.tensorflow'), steps, verify: [verification('doctor.guide.verify.tf', [pythonCheck(ctx, TF_CHECK)])] };
}

export function jaxGuide(ctx: GuideContext): Guide {
  const steps: GuideStep[] = [driverReadyStep(ctx), pythonEnvStep(ctx)];
  const driver = ctx.report.machine.driver;
  const extra = chooseJaxExtra(driver.os === 'linux' ? driver.version : null, ctx.computeCapabilities);
  if (ctx.windowsNative) {
    steps.push(guideStep('doctor.guide.step.installJax', 'info', [msg('doctor.frameworks.jax.windowsWhy')], tensorflowWindowsSteps(ctx.python).slice(0, 1)));
  } else {
    steps.push(stepFromCheck(ctx, 'doctor.guide.step.installJax', 'frameworks.jax', () => (extra ? jaxInstallSteps(ctx.report.machine.target, ctx.python, extra) : [])));
  }
  return { topic: 'jax', title: msg('doctor.guide.title.jax'), steps, verify: [verification('doctor.guide.verify.jax', [pythonCheck(ctx, JAX_CHECK)], shellOf(ctx))] };
}

/** Every verification command that applies to this machine, in stack order. */
export function verifyGuide(ctx: GuideContext, others: readonly Guide[]): Guide {
  const machine = ctx.report.machine;
  const wanted = new Set<string>(['driver']);
  if (machine.toolkits.length > 0) wanted.add('cuda');
  if (machine.pythons.some((p) => p.torch)) wanted.add('pytorch');
  if (machine.pythons.some((p) => p.tensorflow)) wanted.add('tensorflow');
  if (machine.pythons.some((p) => p.jax)) wanted.add('jax');
  if (machine.docker.installed) wanted.add('docker');
  // Several guides end with the same check (nvidia-smi after the driver and after CUDA): list each once.
  const seen = new Set<string>();
  const verify: GuideVerification[] = others
    .filter((g) => wanted.has(g.topic))
    .flatMap((g) => g.verify)
    .filter((v) => {
      const key = `${v.shell}\n${v.commands.join('\n')}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  const steps = [guideStep('doctor.guide.step.verdict', ctx.report.exitCode === 0 ? 'done' : 'todo', [msg('doctor.guide.runDoctor')])];
  return { topic: 'verify', title: msg('doctor.guide.title.verify'), steps, verify };
}
