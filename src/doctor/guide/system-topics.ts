// Guides for the system layers: the NVIDIA driver, the CUDA toolkit, cuDNN and Docker with GPUs.

import { compareVersions, majorMinor, majorOf } from '../compat/versions.js';
import { containerToolkitSteps } from '../fixes/containers.js';
import { toolkitInstallSteps, toolkitPathSteps } from '../fixes/cuda.js';
import { cudaRepoSteps, driverInstallSteps, nouveauFix, persistenceFix, secureBootFix } from '../fixes/driver.js';
import { addRepoCommands, dockerRepoUrl, rpmInstall, rpmSystem, toolkitVersionFor } from '../fixes/rpm.js';
import { step } from '../fixes/steps.js';
import { nvidiaRepoName } from '../fixes/target.js';
import { msg } from '../types.js';
import { driverReadyStep, stepFromCheck, type GuideContext } from './context.js';
import { guideStep, verification, type Guide, type GuideStep } from './types.js';

const NEWEST_TOOLKIT = '13.0';
const LAST_TOOLKIT_FOR_PRE_TURING = '12.9';
const CUDNN_DOWNLOADS = 'https://developer.nvidia.com/cudnn-downloads';

function gpuStep(ctx: GuideContext): GuideStep {
  const check = ctx.check('hardware.gpus');
  const state = check?.status === 'ok' ? 'done' : check?.status === 'fail' ? 'blocked' : 'info';
  return guideStep('doctor.guide.step.gpu', state, check ? [check.summary] : []);
}

function nvidiaSmiVerification(ctx: GuideContext) {
  const shell = ctx.windowsNative ? ('powershell' as const) : ('sh' as const);
  return verification('doctor.guide.verify.nvidiaSmi', ['nvidia-smi', 'nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv'], shell);
}

export function driverGuide(ctx: GuideContext): Guide {
  const target = ctx.report.machine.target;
  const steps: GuideStep[] = [gpuStep(ctx)];
  if (target.wsl || target.family === 'windows') {
    steps.push(stepFromCheck(ctx, 'doctor.guide.step.windowsDriver', 'driver.nvml', () => driverInstallSteps(target, ctx.driverChoice)));
    if (target.wsl) steps.push(guideStep('doctor.guide.step.wslNoLinuxDriver', 'info', [msg('doctor.guide.wslNoLinuxDriver')]));
  } else {
    steps.push(nouveauStep(ctx), secureBootStep(ctx));
    const installed = ctx.status('driver.kernel-module') === 'ok' && ctx.status('driver.nvml') !== 'fail';
    steps.push(
      installed
        ? guideStep('doctor.guide.step.installDriver', 'done', [ctx.check('driver.kernel-module')?.summary ?? msg('doctor.skip.noDriverVersion')])
        : guideStep(
            'doctor.guide.step.installDriver',
            // With no GPU here the steps are still given, to read: people plan before the card arrives.
            ctx.noGpu ? 'info' : 'todo',
            [msg(driverBranchKey(ctx), { branch: ctx.driverChoice.branch ?? '?' }), ...(ctx.noGpu ? [msg('guide.noGpuYet')] : [])],
            driverInstallSteps(target, ctx.driverChoice),
          ),
    );
    if (ctx.status('driver.version-mismatch') === 'fail') steps.push(stepFromCheck(ctx, 'doctor.guide.step.mismatch', 'driver.version-mismatch', () => []));
    if (!target.container) steps.push(stepFromCheck(ctx, 'doctor.guide.step.persistence', 'driver.persistence', () => persistenceFix().steps));
  }
  return { topic: 'driver', title: msg('doctor.guide.title.driver'), steps, verify: [nvidiaSmiVerification(ctx)] };
}

/** nouveau as found here; for another machine (`--for`), how to see it there and keep it out. */
function nouveauStep(ctx: GuideContext): GuideStep {
  const blacklist = nouveauFix(ctx.report.machine.target, ctx.driverChoice).steps.slice(0, 1);
  if (ctx.elsewhere) {
    const check = step('guide.target.nouveauCheck', undefined, ['lsmod | grep nouveau'], { needsRoot: false });
    return guideStep('doctor.guide.step.nouveau', 'info', [msg('guide.target.nouveau')], [check, ...blacklist]);
  }
  const nouveau = ctx.check('driver.nouveau');
  if (nouveau?.status === 'fail') return guideStep('doctor.guide.step.nouveau', 'todo', [nouveau.summary, msg('doctor.driver.nouveau.why')], blacklist);
  return guideStep('doctor.guide.step.nouveau', nouveau?.status === 'ok' ? 'done' : 'info', nouveau ? [nouveau.summary] : []);
}

/** Secure Boot as found here; for another machine (`--for`), how to find it out there. */
function secureBootStep(ctx: GuideContext): GuideStep {
  if (ctx.elsewhere) {
    const check = step('guide.target.secureBootCheck', undefined, ['mokutil --sb-state'], { needsRoot: false });
    return guideStep('doctor.guide.step.secureBoot', 'info', [msg('guide.target.secureBoot')], [check]);
  }
  if (ctx.status('os.secure-boot') === 'warn') {
    return guideStep('doctor.guide.step.secureBoot', 'todo', [msg('doctor.os.secureBoot.why')], secureBootFix(ctx.report.machine.target).steps);
  }
  return guideStep('doctor.guide.step.secureBoot', 'info', [ctx.check('os.secure-boot')?.summary ?? msg('doctor.os.secureBoot.unknown')]);
}

function driverBranchKey(ctx: GuideContext) {
  if (ctx.elsewhere) return ctx.driverChoice.openModule ? 'guide.target.driverBranchOpen' : 'guide.target.driverBranchProprietary';
  return ctx.driverChoice.openModule ? 'doctor.guide.driverBranchOpen' : 'doctor.guide.driverBranchProprietary';
}

/** The toolkit to install: the driver's own CUDA version, capped at the newest in the tables (and at 12.4 on RHEL 7). */
function toolkitToInstall(ctx: GuideContext): string {
  const preTuring = ctx.computeCapabilities.some((cc) => (majorOf(cc) ?? 0) < 7 || cc === '7.0' || cc === '7.2');
  const newest = preTuring ? LAST_TOOLKIT_FOR_PRE_TURING : NEWEST_TOOLKIT;
  const driverMax = majorMinor(ctx.report.machine.driver.maxCuda);
  return toolkitVersionFor(rpmSystem(ctx.report.machine.target), driverMax && compareVersions(driverMax, newest) < 0 ? driverMax : newest);
}

export function cudaGuide(ctx: GuideContext): Guide {
  const target = ctx.report.machine.target;
  const version = toolkitToInstall(ctx);
  const steps: GuideStep[] = [driverReadyStep(ctx), guideStep('doctor.guide.step.toolkitNeeded', 'info', [msg('doctor.guide.toolkitNeeded')])];
  const installed = ctx.report.machine.toolkits.length > 0;
  const driverOk = ctx.status('cuda.toolkit-driver') !== 'fail' && ctx.status('cuda.toolkit-arch') !== 'fail';
  if (installed && driverOk) {
    steps.push(guideStep('doctor.guide.step.installToolkit', 'done', [ctx.check('cuda.toolkits')?.summary ?? msg('doctor.cuda.toolkits.title')]));
  } else {
    const why = [ctx.check('cuda.toolkit-driver'), ctx.check('cuda.toolkit-arch')].filter((c) => c?.status === 'fail').map((c) => c?.summary ?? msg('doctor.cuda.toolkits.title'));
    steps.push(guideStep('doctor.guide.step.installToolkit', 'todo', [...why, msg('doctor.guide.toolkitVersion', { version })], toolkitInstallSteps(target, version), { version }));
  }
  const active = ctx.report.machine.activeToolkitRoot ?? ctx.report.machine.toolkits[0]?.root ?? `/usr/local/cuda-${version}`;
  if (!ctx.windowsNative) steps.push(stepFromCheck(ctx, 'doctor.guide.step.toolkitPath', 'cuda.toolkits', () => toolkitPathSteps(active)));
  const compile = "printf '__global__ void k(){}\\nint main(){k<<<1,1>>>();return cudaDeviceSynchronize();}\\n' > /tmp/gpuwise-t.cu && nvcc /tmp/gpuwise-t.cu -o /tmp/gpuwise-t && /tmp/gpuwise-t && echo CUDA OK";
  return {
    topic: 'cuda',
    title: msg('doctor.guide.title.cuda', { version }),
    steps,
    verify: [verification('doctor.guide.verify.nvcc', ['nvcc --version'], ctx.windowsNative ? 'powershell' : 'sh'), ...(ctx.windowsNative ? [] : [verification('doctor.guide.verify.compile', [compile])]), nvidiaSmiVerification(ctx)],
  };
}

export function cudnnGuide(ctx: GuideContext): Guide {
  const target = ctx.report.machine.target;
  const cudaMajor = majorOf(ctx.report.machine.toolkits[0]?.version ?? ctx.report.machine.driver.maxCuda) ?? 12;
  const pkg = `cudnn9-cuda-${cudaMajor}`;
  const rpm = rpmSystem(target);
  const install =
    target.family === 'windows'
      ? [step('doctor.guide.action.cudnnWindows', undefined, [`Start-Process "${CUDNN_DOWNLOADS}"`], { shell: 'powershell', needsRoot: false })]
      : !nvidiaRepoName(target) || (!rpm && target.family !== 'ubuntu' && target.family !== 'debian')
        ? [step('doctor.guide.action.cudnnManual', { cuda: cudaMajor, url: CUDNN_DOWNLOADS }, [], { needsRoot: false })]
        : [...cudaRepoSteps(target), step('doctor.guide.action.cudnnPackage', { package: pkg }, [rpm ? rpmInstall(rpm, pkg) : `sudo apt-get install -y ${pkg}`])];
  const versions = ctx.report.machine.cudnnVersions;
  const steps: GuideStep[] = [
    guideStep('doctor.guide.step.cudnnNeeded', 'info', [msg('doctor.guide.cudnnNeeded')]),
    versions.length > 0
      ? guideStep('doctor.guide.step.installCudnn', ctx.status('cuda.cudnn') === 'warn' ? 'todo' : 'done', [ctx.check('cuda.cudnn')?.summary ?? msg('doctor.cuda.cudnn.title')], install)
      : guideStep('doctor.guide.step.installCudnn', 'todo', [msg('doctor.guide.cudnnFor', { cuda: cudaMajor })], install),
  ];
  const header = target.family === 'windows' ? [] : ["grep -h -A2 'define CUDNN_MAJOR' /usr/include/cudnn_version*.h /usr/include/*/cudnn_version*.h 2>/dev/null"];
  return { topic: 'cudnn', title: msg('doctor.guide.title.cudnn'), steps, verify: header.length ? [verification('doctor.guide.verify.cudnnHeader', header)] : [] };
}

/** Installed is not done: the daemon must answer (doctor's containers.docker is ✓ only then). */
function dockerStep(ctx: GuideContext): GuideStep {
  const check = ctx.check('containers.docker');
  const detail = check ? [check.summary] : [];
  if (check?.status === 'ok') return guideStep('doctor.guide.step.docker', 'done', detail);
  const start = ctx.report.machine.target.family === 'windows'
    ? [step('guide.action.dockerStartDesktop', undefined, ['Start-Process "Docker Desktop"'], { shell: 'powershell', needsRoot: false })]
    : [step('guide.action.dockerStart', undefined, ['sudo systemctl enable --now docker', 'docker info'])];
  return guideStep('doctor.guide.step.docker', 'todo', check?.fix ? [...detail, check.fix.why] : detail, check?.fix?.steps.length ? check.fix.steps : start);
}

export function dockerGuide(ctx: GuideContext): Guide {
  const target = ctx.report.machine.target;
  const docker = ctx.report.machine.docker;
  const sys = rpmSystem(target);
  const dockerRepo = sys ? dockerRepoUrl(sys) : null;
  const installDocker = sys
    ? [step(dockerRepo ? 'doctor.guide.action.dockerDnf' : 'doctor.guide.action.dockerApt', undefined, [...(dockerRepo ? addRepoCommands(sys, dockerRepo) : []), rpmInstall(sys, dockerRepo ? 'docker-ce docker-ce-cli containerd.io' : 'docker'), 'sudo systemctl enable --now docker'])]
    : [step('doctor.guide.action.dockerApt', undefined, ['sudo apt-get update', 'sudo apt-get install -y docker.io', 'sudo systemctl enable --now docker'])];
  const steps: GuideStep[] = [
    docker.installed ? dockerStep(ctx) : guideStep('doctor.guide.step.docker', 'todo', [], installDocker),
    driverReadyStep(ctx),
    docker.nvidiaRuntime ? guideStep('doctor.guide.step.containerToolkit', 'done', [ctx.check('containers.nvidia-runtime')?.summary ?? msg('doctor.containers.runtime.title')]) : guideStep('doctor.guide.step.containerToolkit', 'todo', [msg('doctor.containers.runtime.why')], containerToolkitSteps(target)),
  ];
  return { topic: 'docker', title: msg('doctor.guide.title.docker'), steps, verify: [verification('doctor.guide.verify.docker', ['docker run --rm --gpus all ubuntu nvidia-smi'])] };
}
