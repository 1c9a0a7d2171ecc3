// Driver fixes per system: install or upgrade the NVIDIA driver, get nouveau out of the way, let
// Secure Boot load the module, reload after an upgrade, keep the driver initialised.

import type { Fix, FixStep } from '../types.js';
import { msg } from '../types.js';
import { rebootStep, step } from './steps.js';
import { addRepoCommands, makecacheCommand, rpmDriverSteps, rpmSystem } from './rpm.js';
import { nvidiaRepoArch, nvidiaRepoName, type FixTarget } from './target.js';

export const DRIVER_DOCS = {
  installGuide: 'https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html',
  download: 'https://www.nvidia.com/Download/index.aspx',
  wsl: 'https://docs.nvidia.com/cuda/wsl-user-guide/index.html',
  ubuntu: 'https://ubuntu.com/server/docs/nvidia-drivers-installation',
  lifecycle: 'https://docs.nvidia.com/datacenter/tesla/drivers/index.html',
} as const;

export interface DriverChoice {
  /** Branch to install (580 …); null lets the distribution pick its recommended one. */
  branch: number | null;
  /** Open kernel modules: required for Blackwell, recommended from Turing on. */
  openModule: boolean;
}

function cudaKeyringSteps(target: FixTarget): FixStep[] {
  const repo = nvidiaRepoName(target);
  if (!repo) return [];
  const base = `https://developer.download.nvidia.com/compute/cuda/repos/${repo}/${nvidiaRepoArch(target)}`;
  return [
    step('doctor.fix.step.cudaRepoApt', { repo }, [
      `wget -O /tmp/cuda-keyring.deb ${base}/cuda-keyring_1.1-1_all.deb`,
      'sudo dpkg -i /tmp/cuda-keyring.deb',
      'sudo apt-get update',
    ]),
  ];
}

export function cudaRepoSteps(target: FixTarget): FixStep[] {
  if (target.family === 'ubuntu' || target.family === 'debian') return cudaKeyringSteps(target);
  const repo = nvidiaRepoName(target);
  const sys = rpmSystem(target);
  if (!repo || !sys) return [];
  const url = `https://developer.download.nvidia.com/compute/cuda/repos/${repo}/${nvidiaRepoArch(target)}/cuda-${repo}.repo`;
  // RHEL 7's guide clears yum's cache after adding the repository; dnf refreshes on its own.
  const refresh = sys.pm === 'yum' ? [makecacheCommand(sys)] : [];
  return [step('doctor.fix.step.cudaRepoDnf', { repo }, [...addRepoCommands(sys, url), ...refresh])];
}

function linuxDriverSteps(target: FixTarget, choice: DriverChoice): FixStep[] {
  const branch = choice.branch;
  switch (target.family) {
    case 'ubuntu': {
      const install =
        branch === null
          ? 'sudo ubuntu-drivers install'
          : `sudo apt-get install -y nvidia-driver-${branch}${choice.openModule ? '-open' : ''}`;
      return [
        step('doctor.fix.step.aptHeaders', undefined, ['sudo apt-get update', 'sudo apt-get install -y ubuntu-drivers-common linux-headers-$(uname -r)']),
        step(branch === null ? 'doctor.fix.step.ubuntuDriversAuto' : 'doctor.fix.step.aptDriver', { branch: branch ?? '' }, [install]),
        rebootStep(),
      ];
    }
    case 'debian': {
      const pkg = choice.openModule ? `nvidia-open${branch ? `-${branch}` : ''}` : `cuda-drivers${branch ? `-${branch}` : ''}`;
      return [
        step('doctor.fix.step.aptHeaders', undefined, ['sudo apt-get update', 'sudo apt-get install -y wget linux-headers-$(uname -r)']),
        ...cudaKeyringSteps(target),
        step('doctor.fix.step.nvidiaRepoDriver', { package: pkg }, [`sudo apt-get install -y ${pkg}`]),
        rebootStep(),
      ];
    }
    case 'rhel': {
      const sys = rpmSystem(target)!;
      return [...rpmDriverSteps(sys, choice, cudaRepoSteps(target), DRIVER_DOCS.download), rebootStep()];
    }
    case 'fedora':
      return [
        step('doctor.fix.step.rpmFusion', undefined, [
          'sudo dnf install -y https://mirrors.rpmfusion.org/free/fedora/rpmfusion-free-release-$(rpm -E %fedora).noarch.rpm https://mirrors.rpmfusion.org/nonfree/fedora/rpmfusion-nonfree-release-$(rpm -E %fedora).noarch.rpm',
          'sudo dnf install -y akmod-nvidia xorg-x11-drv-nvidia-cuda',
        ]),
        rebootStep(),
      ];
    default:
      return [step('doctor.fix.step.runfile', { url: DRIVER_DOCS.download }, [])];
  }
}

/** Steps that install (or upgrade to) the chosen driver on this system. */
export function driverInstallSteps(target: FixTarget, choice: DriverChoice): FixStep[] {
  if (target.wsl) {
    return [
      step(choice.branch === null ? 'doctor.fix.step.wslWindowsDriverAny' : 'doctor.fix.step.wslWindowsDriver', { url: DRIVER_DOCS.download, branch: choice.branch ?? '' }, [
        `Start-Process "${DRIVER_DOCS.download}"`,
      ], { shell: 'powershell', where: 'windows-host', needsRoot: true }),
      step('doctor.fix.step.wslUpdate', undefined, ['wsl --update', 'wsl --shutdown'], { shell: 'powershell', where: 'windows-host' }),
    ];
  }
  if (target.family === 'windows') {
    return [
      step(choice.branch === null ? 'doctor.fix.step.windowsDriverAny' : 'doctor.fix.step.windowsDriver', { url: DRIVER_DOCS.download, branch: choice.branch ?? '' }, [`Start-Process "${DRIVER_DOCS.download}"`], {
        shell: 'powershell',
        needsRoot: true,
        rebootAfter: true,
      }),
    ];
  }
  if (target.family === 'macos') return [step('doctor.fix.step.macosNoCuda', undefined, [])];
  // In a container the kernel module and driver belong to the host, whose system we cannot see.
  if (target.container) return [onHostStep(choice.branch)];
  return linuxDriverSteps(target, choice);
}

/** A step for the machine that runs this container: its own doctor run knows its system. */
export function onHostStep(branch: number | null): FixStep {
  return step(branch === null ? 'doctor.fix.step.driverOnHostAny' : 'doctor.fix.step.driverOnHost', { branch: branch ?? '' }, ['gpuwise doctor --fix-script fix-gpu.sh'], {
    where: 'container-host',
    needsRoot: false,
  });
}

export function driverInstallFix(target: FixTarget, choice: DriverChoice, why: Fix['why']): Fix {
  const docs = target.wsl ? [DRIVER_DOCS.wsl] : target.family === 'ubuntu' ? [DRIVER_DOCS.ubuntu, DRIVER_DOCS.installGuide] : [DRIVER_DOCS.installGuide];
  return { why, steps: driverInstallSteps(target, choice), docs };
}

export function nouveauFix(target: FixTarget, choice: DriverChoice): Fix {
  const regenerate =
    target.family === 'rhel' || target.family === 'fedora' ? 'sudo dracut --force' : 'sudo update-initramfs -u';
  const where = target.container ? ('container-host' as const) : ('here' as const);
  return {
    why: msg('doctor.driver.nouveau.why'),
    steps: [
      step('doctor.fix.step.blacklistNouveau', undefined, [
        "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf",
        regenerate,
      ], { where }),
      ...driverInstallSteps(target, choice).filter((s) => !s.rebootAfter),
      { ...rebootStep(), where },
    ],
    docs: [DRIVER_DOCS.installGuide],
  };
}

export function secureBootFix(target: FixTarget): Fix {
  const keyPath = target.family === 'ubuntu' || target.family === 'debian' ? '/var/lib/shim-signed/mok/MOK.der' : '/var/lib/dkms/mok.pub';
  return {
    why: msg('doctor.os.secureBoot.why'),
    steps: [
      step('doctor.fix.step.mokEnroll', { key: keyPath }, [`sudo mokutil --import ${keyPath}`]),
      { ...rebootStep(), explain: msg('doctor.fix.step.mokReboot') },
    ],
    docs: ['https://wiki.debian.org/SecureBoot#MOK_-_Machine_Owner_Key', DRIVER_DOCS.installGuide],
  };
}

export function reloadDriverFix(target: FixTarget): Fix {
  const where = target.container ? ('container-host' as const) : ('here' as const);
  return {
    why: msg('doctor.driver.mismatch.why'),
    steps: [
      step('doctor.fix.step.reloadModules', undefined, [
        'sudo systemctl stop nvidia-persistenced 2>/dev/null || true',
        'sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia',
        'sudo modprobe nvidia',
      ], { where }),
      { ...rebootStep(), explain: msg('doctor.fix.step.rebootIfBusy'), where },
    ],
    docs: [DRIVER_DOCS.installGuide],
  };
}

export function persistenceFix(): Fix {
  return {
    why: msg('doctor.driver.persistence.why'),
    steps: [step('doctor.fix.step.persistenced', undefined, ['sudo systemctl enable --now nvidia-persistenced', 'nvidia-smi --query-gpu=index,persistence_mode --format=csv'])],
    docs: ['https://docs.nvidia.com/deploy/driver-persistence/index.html'],
  };
}
