// CUDA toolkits on disk, and which one the shell actually uses: the `nvcc` PATH finds, the
// libraries LD_LIBRARY_PATH puts first, and CUDA_HOME / CUDA_PATH (what PyTorch extensions and
// CMake build against). Mixed answers are the classic "nvcc says 12.1 but the libs are 11.8".

import { shortenDetail } from '../../system/limits.js';
import type { DoctorEnv } from '../env.js';
import { compareVersions, majorMinor, plausibleVersion } from '../compat/versions.js';
import { DEFAULT_PROBE_LIMITS, formatSeconds, type ProbeLimits } from './probe-limits.js';
import { findOnPath } from './which.js';

export type ToolkitVersionSource = 'version.json' | 'version.txt' | 'cuda.h' | 'nvcc' | 'directory-name';

export interface CudaToolkit {
  /** The real directory (symbolic links such as /usr/local/cuda resolved). */
  root: string;
  /** Other names that lead here: /usr/local/cuda, /etc/alternatives/cuda. */
  aliases: string[];
  version: string | null;
  versionSource: ToolkitVersionSource | null;
}

export interface NvccFacts {
  path: string;
  /** Full version from `nvcc --version` ("13.0.88"); null when it could not run or parse. */
  version: string | null;
  /** The toolkit it belongs to (by location, else by version); null when unknown. */
  toolkitRoot: string | null;
  problem: NvccProblem | null;
}

/**
 * Why `nvcc --version` gave no version: no answer within the limit (`detail`: the limit), not
 * run at all (the system's words), an exit status, or a run that printed no version (its words).
 */
export type NvccProblem = { kind: 'timeout' | 'not-run' | 'no-version'; detail: string } | { kind: 'exited'; status: string; detail: string };

export interface CudaToolkitFacts {
  toolkits: CudaToolkit[];
  nvcc: NvccFacts | null;
  /** The first LD_LIBRARY_PATH entry inside a toolkit, and that toolkit. */
  ldLibraryPath: { entry: string; toolkitRoot: string } | null;
  /** CUDA_HOME (or CUDA_PATH) and the toolkit it names. */
  cudaHome: { variable: string; value: string; toolkitRoot: string | null } | null;
}

/** "Cuda compilation tools, release 13.0, V13.0.88" → "13.0.88" (or "13.0" without the V part). */
export function parseNvccVersion(text: string): string | null {
  const full = text.match(/release\s+\d+\.\d+,\s*V(\d+\.\d+(?:\.\d+)?)/)?.[1];
  return plausibleVersion(full) ?? plausibleVersion(text.match(/release\s+(\d+\.\d+)/)?.[1]);
}

/** version.json: { "cuda": { "name": "CUDA SDK", "version": "12.4.1" }, … }. */
export function parseVersionJson(text: string): string | null {
  try {
    const data = JSON.parse(text) as { cuda?: { version?: unknown } };
    return typeof data.cuda?.version === 'string' ? plausibleVersion(data.cuda.version) : null;
  } catch {
    return null;
  }
}

/** version.txt (CUDA ≤ 11.0): "CUDA Version 11.0.228". */
export function parseVersionTxt(text: string): string | null {
  return plausibleVersion(text.match(/CUDA Version\s+(\d+\.\d+(?:\.\d+)?)/)?.[1]);
}

/** include/cuda.h: "#define CUDA_VERSION 13000" → "13.0" (major*1000 + minor*10); CUDA 99.9 is 99090. */
export function parseCudaHeaderVersion(text: string): string | null {
  const value = text.match(/#define\s+CUDA_VERSION\s+(\d+)/)?.[1];
  if (!value || value.length > 6) return null;
  const n = Number.parseInt(value, 10);
  return `${Math.floor(n / 1000)}.${Math.floor((n % 1000) / 10)}`;
}

function dirname(path: string): string {
  const index = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return index <= 0 ? path.slice(0, 1) : path.slice(0, index);
}

function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`) || path.startsWith(`${root}\\`);
}

/** Follows symbolic links (relative ones too) up to a few hops. */
async function resolveLinks(env: DoctorEnv, path: string): Promise<string> {
  let current = path;
  for (let hop = 0; hop < 8; hop++) {
    const link = await env.fs.readlink(current);
    if (!link.ok) return current;
    current = link.value.startsWith('/') ? link.value : `${dirname(current)}/${link.value}`;
  }
  return current;
}

async function toolkitVersion(env: DoctorEnv, root: string): Promise<Pick<CudaToolkit, 'version' | 'versionSource'>> {
  const sep = env.platform === 'win32' ? '\\' : '/';
  const json = await env.fs.readText(`${root}${sep}version.json`);
  const fromJson = json.ok ? parseVersionJson(json.value) : null;
  if (fromJson) return { version: fromJson, versionSource: 'version.json' };
  const txt = await env.fs.readText(`${root}${sep}version.txt`);
  const fromTxt = txt.ok ? parseVersionTxt(txt.value) : null;
  if (fromTxt) return { version: fromTxt, versionSource: 'version.txt' };
  const header = await env.fs.readText(`${root}${sep}include${sep}cuda.h`);
  const fromHeader = header.ok ? parseCudaHeaderVersion(header.value) : null;
  if (fromHeader) return { version: fromHeader, versionSource: 'cuda.h' };
  const fromName = root.match(/(?:cuda-|[\\/]v)(\d+\.\d+)$/i)?.[1];
  return fromName ? { version: fromName, versionSource: 'directory-name' } : { version: null, versionSource: null };
}

async function candidateRoots(env: DoctorEnv): Promise<string[]> {
  if (env.platform === 'win32') {
    const base = `${env.env.ProgramFiles ?? 'C:\\Program Files'}\\NVIDIA GPU Computing Toolkit\\CUDA`;
    const listing = await env.fs.readdir(base);
    const fromDir = listing.ok ? listing.value.filter((n) => /^v\d+\.\d+$/i.test(n)).map((n) => `${base}\\${n}`) : [];
    const fromEnv = env.env.CUDA_PATH ? [env.env.CUDA_PATH.replace(/[\\/]+$/, '')] : [];
    return [...fromDir, ...fromEnv];
  }
  const listing = await env.fs.readdir('/usr/local');
  const local = listing.ok ? listing.value.filter((n) => /^cuda(-\d+(\.\d+)*)?$/.test(n)).map((n) => `/usr/local/${n}`) : [];
  const others = await Promise.all(['/opt/cuda', '/usr/lib/cuda'].map(async (p) => ((await env.fs.exists(`${p}/bin`)) ? p : null)));
  return [...local, ...others.filter((p): p is string => p !== null)];
}

async function readNvcc(env: DoctorEnv, timeoutMs: number): Promise<Omit<NvccFacts, 'toolkitRoot'> | null> {
  const path = await findOnPath(env, 'nvcc');
  if (!path) return null;
  const result = await env.exec(path, ['--version'], { timeoutMs });
  if (result.kind === 'timeout') return { path, version: null, problem: { kind: 'timeout', detail: formatSeconds(timeoutMs) } };
  if (result.kind === 'signal') return { path, version: null, problem: { kind: 'exited', status: result.signal, detail: '—' } };
  if (result.kind !== 'exited') return { path, version: null, problem: { kind: 'not-run', detail: result.detail } };
  const version = parseNvccVersion(result.stdout);
  if (result.exitCode !== 0 || !version) {
    const output = shortenDetail(`${result.stdout}${result.stderr}`.trim().split('\n').slice(-1)[0] ?? '') || '—';
    const problem: NvccProblem = result.exitCode !== 0 ? { kind: 'exited', status: String(result.exitCode), detail: output } : { kind: 'no-version', detail: output };
    return { path, version, problem };
  }
  return { path, version, problem: null };
}

export async function readCudaToolkits(env: DoctorEnv, limits: ProbeLimits = DEFAULT_PROBE_LIMITS): Promise<CudaToolkitFacts> {
  const nvcc = await readNvcc(env, limits.versionMs);
  const roots = await candidateRoots(env);
  if (nvcc && /[\\/]bin[\\/]nvcc(\.exe)?$/i.test(nvcc.path)) {
    const root = dirname(dirname(nvcc.path));
    if (!['/usr', '/usr/local', '/'].includes(root)) roots.push(root);
  }
  const byRoot = new Map<string, CudaToolkit>();
  for (const candidate of roots) {
    const real = env.platform === 'win32' ? candidate : await resolveLinks(env, candidate);
    const existing = byRoot.get(real);
    if (existing) {
      if (candidate !== real && !existing.aliases.includes(candidate)) existing.aliases.push(candidate);
      continue;
    }
    byRoot.set(real, { root: real, aliases: candidate !== real ? [candidate] : [], ...(await toolkitVersion(env, real)) });
  }
  const toolkits = [...byRoot.values()].sort((a, b) => compareVersions(b.version ?? '0', a.version ?? '0'));
  const rootOf = (path: string): string | null =>
    toolkits.find((t) => isInside(path, t.root) || t.aliases.some((alias) => isInside(path, alias)))?.root ?? null;

  let nvccFacts: NvccFacts | null = null;
  if (nvcc) {
    let toolkitRoot = rootOf(nvcc.path);
    if (!toolkitRoot && nvcc.version) {
      // A wrapper (/usr/local/bin/nvcc → exec …): match the toolkit by version when only one fits.
      const same = toolkits.filter((t) => majorMinor(t.version) === majorMinor(nvcc.version));
      toolkitRoot = same.length === 1 ? (same[0]?.root ?? null) : null;
    }
    nvccFacts = { ...nvcc, toolkitRoot };
  }

  const separator = env.platform === 'win32' ? ';' : ':';
  const ldEntries = (env.env.LD_LIBRARY_PATH ?? '').split(separator).filter(Boolean);
  const ldHit = ldEntries.map((entry) => ({ entry, toolkitRoot: rootOf(entry) })).find((hit) => hit.toolkitRoot !== null);
  const homeVariable = ['CUDA_HOME', 'CUDA_PATH'].find((name) => env.env[name]);
  const homeValue = homeVariable ? (env.env[homeVariable] ?? '').replace(/[\\/]+$/, '') : null;
  return {
    toolkits,
    nvcc: nvccFacts,
    ldLibraryPath: ldHit ? { entry: ldHit.entry, toolkitRoot: ldHit.toolkitRoot ?? '' } : null,
    cudaHome: homeVariable && homeValue ? { variable: homeVariable, value: homeValue, toolkitRoot: rootOf(homeValue) } : null,
  };
}
