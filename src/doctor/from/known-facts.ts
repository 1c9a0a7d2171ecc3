// A pasted collect_env (and TensorFlow's build info) as the facts the doctor's checks read: the
// OS, the CUDA toolkit (collect_env's "CUDA runtime version" is nvcc's), system cuDNN, and one
// Python whose framework probe says what the paste says. What the paste does not state stays
// unknown (undefined in the probe), so the checks judge only what was seen.

import { decodeCudnnVersion } from '../compat/cudnn.js';
import type { FactsOptions } from '../facts/index.js';
import type { CudnnInstall } from '../facts/cudnn.js';
import type { CudaToolkitFacts } from '../facts/cuda-toolkits.js';
import type { OsFacts, OsRelease } from '../facts/os.js';
import type { FrameworkProbe, InterpreterProbe, PythonFacts } from '../facts/python.js';
import { cudnnVersionOf, type CollectEnv, type TfBuildInfo } from '../../import/collect-env.js';

/** The interpreter the paste came from, as the report names it. */
// collect_env is run as `python -m torch.utils.collect_env`: `python` is that machine's interpreter.
export const PASTED_PYTHON = 'python';
export const PASTED_TOOLKIT = 'nvcc';

const DISTROS: readonly [RegExp, string, string[]][] = [
  [/^Ubuntu (\d+\.\d+)/, 'ubuntu', ['debian']],
  [/^Debian GNU\/Linux (\d+)/, 'debian', []],
  [/^CentOS(?: Linux| Stream)? (\d+)/, 'centos', ['rhel', 'fedora']],
  [/^Red Hat Enterprise Linux(?: Server| Workstation)? (\d+(?:\.\d+)?)/, 'rhel', ['fedora']],
  [/^Rocky Linux (\d+(?:\.\d+)?)/, 'rocky', ['rhel', 'centos', 'fedora']],
  [/^AlmaLinux (\d+(?:\.\d+)?)/, 'almalinux', ['rhel', 'centos', 'fedora']],
  [/^Fedora(?: Linux)? (\d+)/, 'fedora', []],
  [/^Oracle Linux(?: Server)? (\d+(?:\.\d+)?)/, 'ol', ['fedora']],
  [/^Amazon Linux (2023|2)\b/, 'amzn', ['centos', 'rhel', 'fedora']],
];

export type PastedPlatform = 'linux' | 'win32' | 'darwin';

export function platformOf(env: CollectEnv | null): PastedPlatform {
  const os = env?.os ?? '';
  const platform = env?.pythonPlatform ?? '';
  if (/windows/i.test(os) || /^Windows-/i.test(platform)) return 'win32';
  if (/mac ?os|os ?x/i.test(os) || /^macOS-/i.test(platform)) return 'darwin';
  return 'linux';
}

export function archOf(env: CollectEnv | null): string {
  const text = `${env?.os ?? ''} ${env?.pythonPlatform ?? ''}`;
  return /aarch64|arm64/i.test(text) ? 'arm64' : 'x64';
}

export function osFactsOf(env: CollectEnv | null): OsFacts {
  const os = env?.os ?? null;
  let osRelease: OsRelease | null = null;
  for (const [pattern, id, idLike] of DISTROS) {
    const match = os ? pattern.exec(os) : null;
    if (match) osRelease = { id, idLike, versionId: match[1]!, prettyName: os!.replace(/\s*\((?:x86_64|aarch64|ppc64le)\)$/, ''), versionCodename: null };
  }
  const kernel = /^Linux-(.+?)-(?:x86_64|aarch64|ppc64le)(?:-|$)/.exec(env?.pythonPlatform ?? '')?.[1] ?? null;
  const wsl = kernel && /microsoft/i.test(kernel) ? { version: /microsoft-standard|WSL2/i.test(kernel) ? (2 as const) : (1 as const), distro: null } : null;
  const windowsVersion = /^Windows-\d+-(\d+\.\d+\.\d+)/.exec(env?.pythonPlatform ?? '')?.[1] ?? null;
  return { osRelease, osReleaseProblem: null, kernelRelease: kernel, procVersion: null, wsl, windowsVersion };
}

export function toolkitFactsOf(env: CollectEnv | null): CudaToolkitFacts {
  const version = env?.cudaRuntime && /^\d+\.\d+/.test(env.cudaRuntime) ? env.cudaRuntime : null;
  if (!version) return { toolkits: [], nvcc: null, ldLibraryPath: null, cudaHome: null };
  return {
    toolkits: [{ root: PASTED_TOOLKIT, aliases: [], version, versionSource: 'nvcc' }],
    nvcc: { path: PASTED_TOOLKIT, version, toolkitRoot: PASTED_TOOLKIT, problem: null },
    ldLibraryPath: null,
    cudaHome: null,
  };
}

export function cudnnFactsOf(env: CollectEnv | null): CudnnInstall[] {
  return (env?.cudnn ?? []).flatMap((entry) => {
    const version = cudnnVersionOf(entry);
    return version ? [{ version, source: 'library' as const, path: entry }] : [];
  });
}

/** "8.9.2.26" (the nvidia-cudnn-cu12 wheel PyTorch depends on) → 8902; "9.1.0.70" → 90100. */
export function encodeCudnn(version: string): number | null {
  const [major, minor, patch] = version.split('.').map(Number);
  if (!Number.isInteger(major) || !Number.isInteger(minor)) return null;
  const encoded = major! >= 9 ? major! * 10000 + minor! * 100 + (patch ?? 0) : major! * 1000 + minor! * 100 + (patch ?? 0);
  return decodeCudnnVersion(encoded) ? encoded : null;
}

/** "+cu117" → "11.7", "+cu121" → "12.1"; "+cpu" → null; no tag → undefined (not said). */
function cudaFromLocalTag(version: string): string | null | undefined {
  if (/\+cpu$/.test(version)) return null;
  const tag = /\+cu(\d{2,3})$/.exec(version)?.[1];
  return tag ? `${tag.slice(0, -1)}.${tag.slice(-1)}` : undefined;
}

function torchProbe(env: CollectEnv): FrameworkProbe {
  const version = env.torchVersion ?? env.packages.get('torch') ?? null;
  if (version === null) return { installed: false, impossible: [] };
  const probe: FrameworkProbe = { installed: true, version, impossible: [] };
  const cudaBuild = env.cudaBuildPrinted ? env.cudaBuild : cudaFromLocalTag(version);
  if (cudaBuild !== undefined) probe.cudaBuild = cudaBuild;
  if (env.rocmBuild) probe.hipBuild = env.rocmBuild;
  const cudnnWheel = [...env.packages].find(([name]) => /^nvidia-cudnn-cu\d+$/.test(name))?.[1];
  const cudnn = cudnnWheel ? encodeCudnn(cudnnWheel) : null;
  if (cudnn !== null) probe.cudnnVersion = cudnn;
  if (env.cudaAvailable !== null) {
    probe.gpuAvailable = env.cudaAvailable;
    probe.deviceCount = env.cudaAvailable ? env.gpus.length : 0;
    if (env.cudaAvailable) probe.devices = env.gpus.map((name) => ({ name }));
  }
  return probe;
}

function tensorflowProbe(env: CollectEnv | null, tf: TfBuildInfo | null): FrameworkProbe {
  const version = env?.packages.get('tensorflow') ?? env?.packages.get('tensorflow-gpu') ?? env?.packages.get('tf-nightly') ?? null;
  if (version === null && tf === null) return { installed: false, impossible: [] };
  const probe: FrameworkProbe = { installed: true, impossible: [] };
  if (version !== null) probe.version = version;
  if (tf) {
    probe.cudaBuild = tf.isCudaBuild === false ? null : tf.cudaVersion;
    probe.cudnnBuild = tf.isCudaBuild === false ? null : tf.cudnnVersion;
    probe.archList = tf.computeCapabilities;
  }
  // Whether TensorFlow sees a GPU is not in either paste: gpuAvailable stays unknown.
  return probe;
}

export function pythonFactsOf(env: CollectEnv | null, tf: TfBuildInfo | null, platform: PastedPlatform): PythonFacts {
  const interpreter = { path: PASTED_PYTHON, source: 'path' as const };
  const probe: InterpreterProbe = {
    kind: 'ok',
    interpreter,
    python: { version: env?.pythonVersion ?? '?', executable: PASTED_PYTHON, prefix: '?', platform },
    torch: env ? torchProbe(env) : { installed: false, impossible: [] },
    tensorflow: tensorflowProbe(env, tf),
    jax: { installed: false, impossible: [] },
  };
  return { candidates: [interpreter], probes: [probe] };
}

/** Everything a paste states, as the facts the checks read instead of this machine's. */
export function knownFactsOf(env: CollectEnv | null, tf: TfBuildInfo | null): NonNullable<FactsOptions['known']> {
  const os = osFactsOf(env);
  const toolkits = toolkitFactsOf(env);
  const cudnn = cudnnFactsOf(env);
  const python = pythonFactsOf(env, tf, platformOf(env));
  return {
    os: async () => os,
    // Not stated by any paste: not a container as far as the checks can tell.
    container: async () => null,
    toolkits: async () => toolkits,
    cudnn: async () => cudnn,
    python: async () => python,
  };
}
