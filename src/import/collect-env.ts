// PyTorch's `python -m torch.utils.collect_env` and TensorFlow's `tf.sysconfig.get_build_info()`,
// as pasted into issues and forum posts: "Key: value" lines (indented or not, some values on the
// lines after the key), pip and conda package lists. Every field is optional: older versions of
// the script print fewer lines, and pastes are cut. "Could not collect", "N/A" and "None" are no
// value. Pure; linear (lines are split once, each matched by anchored patterns on bounded lines).

import { MAX_GPUS_PER_MACHINE } from '../system/limits.js';

export interface CollectEnv {
  torchVersion: string | null;
  /** torch.version.cuda; null for a build without CUDA (printed "None" or, before ~1.8, "Could not collect"). */
  cudaBuild: string | null;
  /** Whether the line was there at all (a paste cut before it says nothing about the build). */
  cudaBuildPrinted: boolean;
  rocmBuild: string | null;
  os: string | null;
  pythonVersion: string | null;
  /** "Linux-5.4.0-81-generic-x86_64-with-…", "Windows-10-10.0.22621-SP0". */
  pythonPlatform: string | null;
  cudaAvailable: boolean | null;
  /** nvcc's version on that machine (collect_env's "CUDA runtime version"). */
  cudaRuntime: string | null;
  gpus: string[];
  driverVersion: string | null;
  /** System cuDNN libraries found (paths or bare versions), as printed. */
  cudnn: string[];
  /** pip and conda packages: name → version. */
  packages: Map<string, string>;
}

export interface TfBuildInfo {
  isCudaBuild: boolean | null;
  isRocmBuild: boolean | null;
  cudaVersion: string | null;
  cudnnVersion: string | null;
  computeCapabilities: string[];
}

const NO_VALUE = /^(?:could not collect|n\/a|none|unknown|)$/i;
const MAX_LINE = 2000;
const clean = (value: string | undefined) => {
  const text = (value ?? '').trim();
  return NO_VALUE.test(text) ? null : text;
};

function lines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => (line.length > MAX_LINE ? '' : line.trim()));
}

export function looksLikeCollectEnv(text: string): boolean {
  return /^\s*PyTorch version\s*:/m.test(text) && (/^\s*Is CUDA available\s*:/m.test(text) || /^\s*CUDA used to build PyTorch\s*:/m.test(text));
}

export function looksLikeTfBuildInfo(text: string): boolean {
  return /['"]is_cuda_build['"]\s*[,:]/.test(text) || /['"]cuda_compute_capabilities['"]/.test(text);
}

const yes = (value: string | null) => (value === null ? null : /^(?:true|yes)$/i.test(value) ? true : /^(?:false|no)$/i.test(value) ? false : null);

/** "…/libcudnn.so.7.6.5", "cudnn64_7.dll", "cudnn_ops_train64_8.dll", "8.9.2" → the version it names. */
export function cudnnVersionOf(entry: string): string | null {
  const so = /libcudnn(?:_\w+)?\.so\.(\d+(?:\.\d+){0,2})$/.exec(entry);
  if (so) return so[1]!;
  const dll = /cudnn(?:_\w+)?64_(\d+)\.dll$/i.exec(entry);
  if (dll) return dll[1]!;
  return /^\d+(?:\.\d+){0,2}$/.test(entry) ? entry : null;
}

export function parseCollectEnv(text: string): CollectEnv {
  const all = lines(text);
  const fields = new Map<string, string>();
  const gpus: string[] = [];
  const cudnn: string[] = [];
  const packages = new Map<string, string>();
  let open: 'gpus' | 'cudnn' | null = null;
  for (const line of all) {
    const pkg = /^\[(?:pip3?|conda)\]\s+([A-Za-z0-9_.-]+)(?:==|\s+)([0-9][\w.+-]*)/.exec(line);
    if (pkg) {
      if (!packages.has(pkg[1]!.toLowerCase())) packages.set(pkg[1]!.toLowerCase(), pkg[2]!);
      open = null;
      continue;
    }
    const gpu = /^GPU \d{1,3}\s*[:：]\s*(.+)$/.exec(line);
    if (gpu && (open === 'gpus' || open === null)) {
      if (gpus.length < MAX_GPUS_PER_MACHINE) gpus.push(gpu[1]!.trim());
      continue;
    }
    if (open === 'cudnn' && cudnnVersionOf(line) !== null) {
      cudnn.push(line);
      continue;
    }
    const colon = line.indexOf(':');
    // "C:\Program Files\…" has a colon too: a key holds letters, spaces, dots and dashes only.
    const key = colon > 0 && colon < 60 ? line.slice(0, colon).trim() : '';
    if (!/^[A-Za-z][\w .()/-]*$/.test(key)) {
      if (line !== '') open = null;
      continue;
    }
    const value = line.slice(colon + 1).trim();
    if (!fields.has(key)) fields.set(key, value);
    open = null;
    if (key === 'GPU models and configuration') {
      open = 'gpus';
      const inline = /^GPU \d{1,3}\s*[:：]\s*(.+)$/.exec(value);
      if (inline) gpus.push(inline[1]!.trim());
    } else if (key === 'cuDNN version') {
      open = 'cudnn';
      if (cudnnVersionOf(value) !== null) cudnn.push(value);
    }
  }
  // "PyTorch version 1.5.0" without a colon appears in hand-edited pastes.
  const torchVersion = clean(fields.get('PyTorch version')) ?? /^PyTorch version\s+(\S+)$/m.exec(text)?.[1] ?? null;
  return {
    torchVersion,
    cudaBuild: clean(fields.get('CUDA used to build PyTorch')),
    cudaBuildPrinted: fields.has('CUDA used to build PyTorch'),
    rocmBuild: clean(fields.get('ROCM used to build PyTorch')),
    os: clean(fields.get('OS') ?? fields.get('Os')),
    pythonVersion: clean(fields.get('Python version'))?.split(/\s/)[0] ?? null,
    pythonPlatform: clean(fields.get('Python platform')),
    cudaAvailable: yes(clean(fields.get('Is CUDA available'))),
    cudaRuntime: clean(fields.get('CUDA runtime version')),
    gpus,
    driverVersion: clean(fields.get('Nvidia driver version')),
    cudnn,
    packages,
  };
}

/** The dict or OrderedDict Python prints for tf.sysconfig.get_build_info(), one or many lines. */
export function parseTfBuildInfo(text: string): TfBuildInfo {
  // The printout is a few hundred characters: read the window around its first key, once found.
  const first = text.search(/['"](?:cpu_compiler|cuda_compute_capabilities|cuda_version|cudnn_version|is_cuda_build|is_rocm_build)['"]/);
  const flat = first < 0 ? '' : text.slice(Math.max(0, first - 200), first + 16_384);
  const value = (key: string): string | null => {
    const match = new RegExp(`['"]${key}['"]\\s*[,:]\\s*(?:'([^']{0,40})'|"([^"]{0,40})"|(True|False|None))`).exec(flat);
    return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
  };
  const flag = (key: string) => {
    const v = value(key);
    return v === 'True' ? true : v === 'False' ? false : null;
  };
  const capsAt = flat.search(/['"]cuda_compute_capabilities['"]/);
  const caps = capsAt < 0 ? '' : flat.slice(capsAt, flat.indexOf(']', capsAt) + 1);
  return {
    isCudaBuild: flag('is_cuda_build'),
    isRocmBuild: flag('is_rocm_build'),
    cudaVersion: clean(value('cuda_version') ?? undefined),
    cudnnVersion: clean(value('cudnn_version') ?? undefined),
    computeCapabilities: [...caps.matchAll(/(?:sm|compute)_\d{2,3}[a-z]?/g)].map((m) => m[0]).slice(0, 64),
  };
}
