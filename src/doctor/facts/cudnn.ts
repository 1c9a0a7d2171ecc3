// System-wide cuDNN: from its header (cudnn_version.h: CUDNN_MAJOR / MINOR / PATCHLEVEL) or, when
// only the runtime is installed, from library file names (libcudnn.so.9.1.0, libcudnn.so.8).
// pip wheels of PyTorch / TensorFlow / JAX bring their own cuDNN and ignore these.

import { plausibleVersion } from '../compat/versions.js';
import type { DoctorEnv } from '../env.js';
import type { CudaToolkit } from './cuda-toolkits.js';

export interface CudnnInstall {
  version: string;
  source: 'header' | 'library';
  path: string;
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

async function headerInstalls(env: DoctorEnv, toolkits: readonly CudaToolkit[]): Promise<CudnnInstall[]> {
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
  const found = await Promise.all(
    [...new Set(candidates)].map(async (path): Promise<CudnnInstall | null> => {
      const file = await env.fs.readText(path);
      const version = file.ok ? parseCudnnHeader(file.value) : null;
      return version ? { version, source: 'header', path } : null;
    }),
  );
  return found.filter((install): install is CudnnInstall => install !== null);
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

export async function readCudnn(env: DoctorEnv, toolkits: readonly CudaToolkit[]): Promise<CudnnInstall[]> {
  if (env.platform !== 'linux') {
    const headers = await Promise.all(
      toolkits.map(async (t): Promise<CudnnInstall | null> => {
        const path = `${t.root}\\include\\cudnn_version.h`;
        const file = await env.fs.readText(path);
        const version = file.ok ? parseCudnnHeader(file.value) : null;
        return version ? { version, source: 'header', path } : null;
      }),
    );
    return headers.filter((install): install is CudnnInstall => install !== null);
  }
  const [headers, libraries] = await Promise.all([headerInstalls(env, toolkits), libraryInstalls(env, toolkits)]);
  // A library whose version a header in the same tree already states adds nothing.
  const extra = libraries.filter((lib) => !headers.some((h) => h.version.startsWith(lib.version) || lib.version.startsWith(h.version)));
  return [...headers, ...extra];
}
