// The system a fix is written for: the distribution family decides the package manager and
// NVIDIA's repository name; WSL2 and containers change *where* a driver fix must run.

import type { ContainerFacts } from '../facts/container.js';
import type { OsFacts } from '../facts/os.js';

export type OsFamily = 'ubuntu' | 'debian' | 'rhel' | 'fedora' | 'linux-other' | 'windows' | 'macos' | 'other';

export interface FixTarget {
  family: OsFamily;
  /** os-release ID: "ubuntu", "rocky", "rhel" …; null off Linux. */
  distroId: string | null;
  /** "24.04", "12", "9.4" … */
  versionId: string | null;
  /** "Ubuntu 24.04.1 LTS"; for messages. */
  prettyName: string | null;
  /** Linux inside WSL2: the driver belongs to Windows, the toolkit comes from the wsl-ubuntu repo. */
  wsl: boolean;
  container: ContainerFacts | null;
  /** Node's arch: x64, arm64. */
  arch: string;
}

const RHEL_LIKE = ['rhel', 'centos', 'rocky', 'almalinux', 'ol'];

export function osFamilyOf(os: OsFacts, platform: NodeJS.Platform): OsFamily {
  if (platform === 'win32') return 'windows';
  if (platform === 'darwin') return 'macos';
  if (platform !== 'linux') return 'other';
  const release = os.osRelease;
  if (!release) return 'linux-other';
  const ids = [release.id, ...release.idLike];
  if (release.id === 'ubuntu' || (ids.includes('ubuntu') && release.id !== 'debian')) return 'ubuntu';
  if (release.id === 'fedora') return 'fedora';
  if (ids.some((id) => RHEL_LIKE.includes(id))) return 'rhel';
  if (ids.includes('debian')) return 'debian';
  return 'linux-other';
}

/**
 * Repository names and URLs are built from VERSION_ID, and os-release is whatever a container
 * image put there: only a dotted number ("24.04", "9") may go into a command.
 */
function numericVersion(value: string | null | undefined): string | null {
  return value && /^\d{1,9}(\.\d{1,9}){0,3}$/.test(value) ? value : null;
}

export function fixTargetOf(os: OsFacts, container: ContainerFacts | null, platform: NodeJS.Platform, arch: string): FixTarget {
  return {
    family: osFamilyOf(os, platform),
    distroId: os.osRelease?.id ?? null,
    versionId: numericVersion(os.osRelease?.versionId) ?? numericVersion(os.windowsVersion),
    prettyName: os.osRelease?.prettyName ?? (os.windowsVersion ? `Windows ${os.windowsVersion}` : null),
    wsl: os.wsl?.version === 2,
    container,
    arch,
  };
}

/** NVIDIA's CUDA repository for this system ("ubuntu2404", "debian12", "rhel9", "amzn2023", "wsl-ubuntu"); null if none. */
export function nvidiaRepoName(target: FixTarget): string | null {
  const major = target.versionId?.split('.')[0] ?? null;
  if (target.wsl && (target.family === 'ubuntu' || target.family === 'debian')) return 'wsl-ubuntu';
  switch (target.family) {
    case 'ubuntu':
      return target.versionId ? `ubuntu${target.versionId.replace('.', '')}` : null;
    case 'debian':
      return major ? `debian${major}` : null;
    case 'rhel':
      // Rocky, AlmaLinux, Oracle Linux and CentOS use the rhel repositories; Amazon Linux 2023 has
      // its own, Amazon Linux 2 none.
      if (target.distroId === 'amzn') return major === '2023' ? 'amzn2023' : null;
      return major ? `rhel${major}` : null;
    case 'fedora':
      return major ? `fedora${major}` : null;
    default:
      return null;
  }
}

/** NVIDIA's name for the architecture in repository URLs. */
export function nvidiaRepoArch(target: FixTarget): string {
  return target.arch === 'arm64' ? 'sbsa' : 'x86_64';
}

export function nvidiaRepoUrl(target: FixTarget): string | null {
  const name = nvidiaRepoName(target);
  return name ? `https://developer.download.nvidia.com/compute/cuda/repos/${name}/${nvidiaRepoArch(target)}` : null;
}
