// Docker and the NVIDIA Container Toolkit: is the CLI there, does the daemon answer, is an
// `nvidia` runtime (or CDI spec) configured, is nvidia-ctk installed. A missing daemon is a fact
// to report, not a failure of the doctor.

import { plausibleVersion } from '../compat/versions.js';
import { shortenDetail } from '../../system/limits.js';
import type { DoctorEnv, FsErrorCode } from '../env.js';
import { DEFAULT_PROBE_LIMITS, type ProbeLimits } from './probe-limits.js';
import { findOnPath } from './which.js';

export type DaemonState = 'ok' | 'unreachable' | 'no-permission' | 'timeout' | 'error';

export interface DockerFacts {
  cliPath: string | null;
  cliVersion: string | null;
  daemon: DaemonState | null;
  daemonDetail: string | null;
  /** Runtimes `docker info` lists ("runc", "nvidia" …); null when the daemon did not answer. */
  runtimes: string[] | null;
  defaultRuntime: string | null;
  /** Runtimes named in /etc/docker/daemon.json; null when the file is absent or unreadable. */
  daemonJsonRuntimes: string[] | null;
  /** Why daemon.json could not be used: unreadable, or not JSON (`invalid`); null when fine or absent. */
  daemonJsonProblem: { path: string; code: FsErrorCode | 'invalid'; detail: string } | null;
  nvidiaCtkVersion: string | null;
  /** CDI specs for NVIDIA GPUs (/etc/cdi/nvidia.yaml, /var/run/cdi/nvidia*.yaml). */
  cdiSpecs: string[];
}

/** "Docker version 28.2.2, build e6534b4" → "28.2.2". */
export function parseDockerVersion(text: string): string | null {
  return plausibleVersion(text.match(/version\s+(\d+\.\d+(?:\.\d+)?)/i)?.[1]);
}

/** "NVIDIA Container Toolkit CLI version 1.17.8" → "1.17.8". */
export function parseNvidiaCtkVersion(text: string): string | null {
  return plausibleVersion(text.match(/version\s+(\d+\.\d+(?:\.\d+)?)/i)?.[1]);
}

export function classifyDaemonError(text: string): DaemonState {
  if (/permission denied/i.test(text)) return 'no-permission';
  if (/Cannot connect to the Docker daemon|Is the docker daemon running|error during connect|The system cannot find the file specified/i.test(text)) {
    return 'unreachable';
  }
  return 'error';
}

/** `docker info --format '{{json .Runtimes}}|{{.DefaultRuntime}}'` output. */
export function parseDockerInfoRuntimes(text: string): { runtimes: string[]; defaultRuntime: string | null } | null {
  const [json, defaultRuntime] = text.trim().split('|');
  try {
    const runtimes = JSON.parse(json ?? '') as Record<string, unknown> | null;
    if (!runtimes || typeof runtimes !== 'object') return null;
    return { runtimes: Object.keys(runtimes).sort(), defaultRuntime: defaultRuntime?.trim() || null };
  } catch {
    return null;
  }
}

export function parseDaemonJsonRuntimes(text: string): string[] | { error: string } {
  try {
    const data = JSON.parse(text) as { runtimes?: Record<string, unknown> };
    return Object.keys(data.runtimes ?? {}).sort();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

async function readDaemonJson(env: DoctorEnv): Promise<Pick<DockerFacts, 'daemonJsonRuntimes' | 'daemonJsonProblem'>> {
  const path = env.platform === 'win32' ? `${env.env.ProgramData ?? 'C:\\ProgramData'}\\docker\\config\\daemon.json` : '/etc/docker/daemon.json';
  const file = await env.fs.readText(path);
  if (!file.ok) {
    return { daemonJsonRuntimes: null, daemonJsonProblem: file.code === 'not-found' ? null : { path, code: file.code, detail: file.detail } };
  }
  const parsed = parseDaemonJsonRuntimes(file.value);
  return Array.isArray(parsed)
    ? { daemonJsonRuntimes: parsed, daemonJsonProblem: null }
    : { daemonJsonRuntimes: null, daemonJsonProblem: { path, code: 'invalid', detail: parsed.error } };
}

async function readCdiSpecs(env: DoctorEnv): Promise<string[]> {
  const dirs = ['/etc/cdi', '/var/run/cdi'];
  const found = await Promise.all(
    dirs.map(async (dir) => {
      const listing = await env.fs.readdir(dir);
      return listing.ok ? listing.value.filter((n) => /^nvidia.*\.(ya?ml|json)$/.test(n)).map((n) => `${dir}/${n}`) : [];
    }),
  );
  return found.flat();
}

export async function readDockerFacts(env: DoctorEnv, limits: ProbeLimits = DEFAULT_PROBE_LIMITS): Promise<DockerFacts> {
  const [cliPath, ctkPath, daemonJson, cdiSpecs] = await Promise.all([
    findOnPath(env, 'docker'),
    findOnPath(env, 'nvidia-ctk'),
    readDaemonJson(env),
    env.platform === 'linux' ? readCdiSpecs(env) : Promise.resolve([]),
  ]);
  let nvidiaCtkVersion: string | null = null;
  if (ctkPath) {
    const ctk = await env.exec(ctkPath, ['--version'], { timeoutMs: limits.versionMs });
    nvidiaCtkVersion = ctk.kind === 'exited' ? parseNvidiaCtkVersion(ctk.stdout) : null;
  }
  const base: DockerFacts = {
    cliPath,
    cliVersion: null,
    daemon: null,
    daemonDetail: null,
    runtimes: null,
    defaultRuntime: null,
    ...daemonJson,
    nvidiaCtkVersion,
    cdiSpecs,
  };
  if (!cliPath) return base;
  const [version, info] = await Promise.all([
    env.exec(cliPath, ['--version'], { timeoutMs: limits.versionMs }),
    env.exec(cliPath, ['info', '--format', '{{json .Runtimes}}|{{.DefaultRuntime}}'], { timeoutMs: limits.daemonMs }),
  ]);
  base.cliVersion = version.kind === 'exited' ? parseDockerVersion(version.stdout) : null;
  // daemonDetail is docker's (or the system's) own words, shown as a quote: none for a timeout or a signal.
  if (info.kind === 'timeout') return { ...base, daemon: 'timeout' };
  if (info.kind !== 'exited') return { ...base, daemon: 'error', daemonDetail: 'detail' in info ? info.detail : null };
  const runtimes = info.exitCode === 0 ? parseDockerInfoRuntimes(info.stdout) : null;
  if (runtimes) return { ...base, daemon: 'ok', ...runtimes };
  const text = `${info.stderr}\n${info.stdout}`.trim();
  return { ...base, daemon: classifyDaemonError(text), daemonDetail: shortenDetail(text.split('\n').find((l) => l.trim() !== '') ?? '') || null };
}
