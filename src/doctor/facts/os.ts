// The operating system: distribution (/etc/os-release), kernel, WSL, and Windows' version.

import { plausibleVersion } from '../compat/versions.js';
import type { DoctorEnv } from '../env.js';
import { DEFAULT_PROBE_LIMITS, type ProbeLimits } from './probe-limits.js';

export interface OsRelease {
  id: string;
  /** ID_LIKE, split: ["debian"] for Ubuntu, ["rhel", "centos", "fedora"] for Rocky. */
  idLike: string[];
  versionId: string | null;
  prettyName: string | null;
  versionCodename: string | null;
}

export interface WslInfo {
  version: 1 | 2;
  distro: string | null;
}

export interface OsFacts {
  osRelease: OsRelease | null;
  /** Why os-release is missing on Linux (unreadable, unparseable); null otherwise. */
  osReleaseProblem: string | null;
  kernelRelease: string | null;
  /** /proc/version, for evidence. */
  procVersion: string | null;
  wsl: WslInfo | null;
  /** "10.0.22631.4037" on Windows. */
  windowsVersion: string | null;
}

/** Parses os-release(5): KEY=value lines, values optionally quoted. */
export function parseOsRelease(text: string): OsRelease | null {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = line.trim().match(/^([A-Z0-9_]+)=(.*)$/);
    if (!match?.[1]) continue;
    let value = (match[2] ?? '').trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1).replace(/\\(["'$`\\])/g, '$1');
    }
    fields.set(match[1], value);
  }
  const id = fields.get('ID')?.toLowerCase();
  if (!id) return null;
  return {
    id,
    idLike: (fields.get('ID_LIKE') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
    versionId: fields.get('VERSION_ID') ?? null,
    prettyName: fields.get('PRETTY_NAME') ?? null,
    versionCodename: fields.get('VERSION_CODENAME') ?? null,
  };
}

/** WSL kernels say "microsoft" in /proc/version; WSL2's are "…-microsoft-standard-WSL2". */
export function detectWsl(procVersion: string | null, env: Readonly<Record<string, string | undefined>>): WslInfo | null {
  const text = procVersion ?? '';
  const distro = env.WSL_DISTRO_NAME ?? null;
  if (!/microsoft/i.test(text)) return distro ? { version: 2, distro } : null;
  const version = /microsoft-standard|WSL2/i.test(text) ? 2 : 1;
  return { version, distro };
}

/** "Microsoft Windows [Version 10.0.22631.4037]" → "10.0.22631.4037". */
export function parseWindowsVer(text: string): string | null {
  return plausibleVersion(text.match(/\[Version\s+([\d.]+)\]/i)?.[1]);
}

export async function readOsFacts(env: DoctorEnv, limits: ProbeLimits = DEFAULT_PROBE_LIMITS): Promise<OsFacts> {
  if (env.platform === 'win32') {
    const ver = await env.exec('cmd.exe', ['/d', '/c', 'ver'], { timeoutMs: limits.versionMs });
    const windowsVersion = ver.kind === 'exited' ? parseWindowsVer(ver.stdout) : null;
    return { osRelease: null, osReleaseProblem: null, kernelRelease: null, procVersion: null, wsl: null, windowsVersion };
  }
  if (env.platform !== 'linux') {
    return { osRelease: null, osReleaseProblem: null, kernelRelease: null, procVersion: null, wsl: null, windowsVersion: null };
  }
  const [releaseFile, usrReleaseFile, kernelFile, versionFile] = await Promise.all([
    env.fs.readText('/etc/os-release'),
    env.fs.readText('/usr/lib/os-release'),
    env.fs.readText('/proc/sys/kernel/osrelease'),
    env.fs.readText('/proc/version'),
  ]);
  const release = releaseFile.ok ? releaseFile : usrReleaseFile;
  const osRelease = release.ok ? parseOsRelease(release.value) : null;
  const osReleaseProblem = !release.ok ? `/etc/os-release: ${release.detail}` : osRelease ? null : '/etc/os-release: no ID= line';
  const procVersion = versionFile.ok ? versionFile.value.trim() : null;
  const kernelRelease = kernelFile.ok
    ? kernelFile.value.trim()
    : (procVersion?.match(/^Linux version (\S+)/)?.[1] ?? null);
  return { osRelease, osReleaseProblem, kernelRelease, procVersion, wsl: detectWsl(procVersion, env.env), windowsVersion: null };
}
