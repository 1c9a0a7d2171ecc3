// System-wide cuDNN: from its header (cudnn_version.h: CUDNN_MAJOR / MINOR / PATCHLEVEL) or, when
// only the runtime is installed, from library file names (libcudnn.so.9.1.0, libcudnn.so.8).
// pip wheels of PyTorch / TensorFlow / JAX bring their own cuDNN and ignore these.

import { plausibleVersion } from '../compat/versions.js';
import type { DoctorEnv, FsErrorCode } from '../env.js';
import type { CudaToolkit } from './cuda-toolkits.js';

export interface CudnnInstall {
  version: string;
  source: 'header' | 'library';
  path: string;
}

/** A header that is there but could not be read (EACCES, EIO): not an absent cuDNN. */
export interface CudnnUnreadable {
  source: 'unreadable';
  path: string;
  code: Exclude<FsErrorCode, 'not-found'>;
  detail: string;
}

/** What the machine says of system-wide cuDNN: installs found, and headers it would not let be read. */
export type CudnnFact = CudnnInstall | CudnnUnreadable;

export function isCudnnInstall(fact: CudnnFact): fact is CudnnInstall {
  return fact.source !== 'unreadable';
}

async function readHeader(env: DoctorEnv, path: string): Promise<CudnnFact | null> {
  const file = await env.fs.readText(path);
  if (!file.ok) return file.code === 'not-found' ? null : { source: 'unreadable', path, code: file.code, detail: file.detail };
  const version = parseCudnnHeader(file.value);
  return version ? { version, source: 'header', path } : null;
}

export function parseCudnnHeader(text: string): string | null {
  const define = (name: string) => text.match(new RegExp(`#define\\s+${name}\\s+(\\d+)`))?.[1];
  const major = define('CUDNN_MAJOR');
  const minor = define('CUDNN_MINOR');
  const patch = define('CUDNN_PATCHLEVEL');
  if (major === undefined || minor === undefined) return null;
  return plausibleVersion(patch === undefined ? `${major}.${minor}` : `${major}.${minor}.${patch}`);
}

/** "libcudnn.so.9.1.0" → "9.1.0"; "libcudnn.so.8" → "8"; other names → null. */
export function cudnnVersionFromLibraryName(name: string): string | null {
  return plausibleVersion(name.match(/^libcudnn\.so\.(\d+(?:\.\d+)*)$/)?.[1]);
}

function debianTriplet(arch: string): string {
  return arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu';
}

async function headerInstalls(env: DoctorEnv, toolkits: readonly CudaToolkit[]): Promise<CudnnFact[]> {
  const tripletDir = `/usr/include/${debianTriplet(env.arch)}`;
  const listing = await env.fs.readdir(tripletDir);
  const versioned = listing.ok
    ? listing.value.filter((n) => /^cudnn_version(_v\d+)?\.h$/.test(n)).map((n) => `${tripletDir}/${n}`)
    : [];
  const candidates = [
    '/usr/include/cudnn_version.h',
    ...versioned,
    ...toolkits.map((t) => `${t.root}/include/cudnn_version.h`),
    // cuDNN 7 and older kept the version in cudnn.h itself.
    '/usr/include/cudnn.h',
    ...toolkits.map((t) => `${t.root}/include/cudnn.h`),
  ];
  const found = await Promise.all([...new Set(candidates)].map((path) => readHeader(env, path)));
  return found.filter((fact): fact is CudnnFact => fact !== null);
}

async function libraryInstalls(env: DoctorEnv, toolkits: readonly CudaToolkit[]): Promise<CudnnInstall[]> {
  const dirs = [
    `/usr/lib/${debianTriplet(env.arch)}`,
    '/usr/lib64',
    ...toolkits.flatMap((t) => [`${t.root}/lib64`, `${t.root}/lib`]),
  ];
  const perDir = await Promise.all(
    [...new Set(dirs)].map(async (dir): Promise<CudnnInstall | null> => {
      const listing = await env.fs.readdir(dir);
      if (!listing.ok) return null;
      // The longest version in a directory is the most precise (libcudnn.so.9.1.0 over .so.9).
      const versions = listing.value.map(cudnnVersionFromLibraryName).filter((v): v is string => v !== null);
      const best = versions.sort((a, b) => b.length - a.length)[0];
      return best ? { version: best, source: 'library', path: `${dir}/libcudnn.so.${best}` } : null;
    }),
  );
  return perDir.filter((install): install is CudnnInstall => install !== null);
}

export async function readCudnn(env: DoctorEnv, toolkits: readonly CudaToolkit[]): Promise<CudnnFact[]> {
  if (env.platform !== 'linux') {
    const headers = await Promise.all(toolkits.map((t) => readHeader(env, `${t.root}\\include\\cudnn_version.h`)));
    return headers.filter((fact): fact is CudnnFact => fact !== null);
  }
  const [headerFacts, libraries] = await Promise.all([headerInstalls(env, toolkits), libraryInstalls(env, toolkits)]);
  const headers = headerFacts.filter(isCudnnInstall);
  // A library whose version a header in the same tree already states adds nothing.
  const extra = libraries.filter((lib) => !headers.some((h) => h.version.startsWith(lib.version) || lib.version.startsWith(h.version)));
  return [...headers, ...extra, ...headerFacts.filter((fact) => !isCudnnInstall(fact))];
}
