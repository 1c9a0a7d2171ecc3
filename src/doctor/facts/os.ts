// The operating system: distribution (/etc/os-release), kernel, WSL, and Windows' version.

import { plausibleVersion } from '../compat/versions.js';
import type { DoctorEnv, FsErrorCode } from '../env.js';
import { DEFAULT_PROBE_LIMITS, type ProbeLimits } from './probe-limits.js';

export interface OsRelease {
  id: string;
  /** ID_LIKE, split: ["debian"] for Ubuntu, ["rhel", "centos", "fedora"] for Rocky. */
  idLike: string[];
  versionId: string | null;
  prettyName: string | null;
  versionCodename: string | null;
}

export interface OsReleaseProblem {
  path: string;
  code: FsErrorCode | 'no-id';
  detail: string;
}

export interface WslInfo {
  version: 1 | 2;
  distro: string | null;
}

export interface OsFacts {
  osRelease: OsRelease | null;
  /** Why os-release is missing on Linux (unreadable, or no ID= line); null otherwise. */
  osReleaseProblem: OsReleaseProblem | null;
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

/** The first line of `text`, trimmed and at most `max` characters: a /proc file says one line. */
function firstLine(text: string, max: number): string | null {
  const line = (text.split('\n', 1)[0] ?? '').trim().slice(0, max);
  return line === '' ? null : line;
}

/** "6.8.0-45-generic": one word of at most 128 characters; an empty or garbled file is no release. */
function plausibleKernelRelease(text: string): string | null {
  const line = firstLine(text, 129);
  return line !== null && /^[\w.+~-]{1,128}$/.test(line) ? line : null;
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
  let osReleaseProblem: OsReleaseProblem | null = null;
  if (!releaseFile.ok && !usrReleaseFile.ok) {
    // The fallback's problem only when /etc/os-release is simply absent and the fallback is not.
    const fallback = releaseFile.code === 'not-found' && usrReleaseFile.code !== 'not-found';
    const failed = fallback ? usrReleaseFile : releaseFile;
    osReleaseProblem = { path: fallback ? '/usr/lib/os-release' : '/etc/os-release', code: failed.code, detail: failed.detail };
  } else if (!osRelease) {
    osReleaseProblem = { path: releaseFile.ok ? '/etc/os-release' : '/usr/lib/os-release', code: 'no-id', detail: '' };
  }
  const procVersion = versionFile.ok ? firstLine(versionFile.value, 1024) : null;
  const kernelRelease = (kernelFile.ok ? plausibleKernelRelease(kernelFile.value) : null) ?? plausibleKernelRelease(procVersion?.match(/^Linux version (\S+)/)?.[1] ?? '');
  return { osRelease, osReleaseProblem, kernelRelease, procVersion, wsl: detectWsl(procVersion, env.env), windowsVersion: null };
}
