// The one choke point for native NVML calls (nvitop's nvmlQuery is the model): find and load
// the library, bind each symbol group once (newest version present wins), and make every call
// return an nvmlReturn_t — a missing symbol reads as NVML_ERROR_FUNCTION_NOT_FOUND, never a throw.

import type { LibraryHandle } from 'koffi';
import koffi from './koffi.js';
import { NVML_SYMBOLS, type NvmlSymbolKey } from './symbols.js';
import { NVML_ERROR_FUNCTION_NOT_FOUND } from './return-codes.js';

/** A native function as koffi binds it; arguments are pointers (bigint), numbers or null. */
type NativeFunction = (...args: unknown[]) => unknown;

/** A bound NVML function; returns its nvmlReturn_t. */
export type NvmlFunction = (...args: unknown[]) => number;

export interface NvmlLibrary {
  /** The path (or soname) that loaded. */
  readonly path: string;
  /**
   * Every symbol group, bound once: the newest version present, or a stand-in that returns
   * NVML_ERROR_FUNCTION_NOT_FOUND. Calling these directly (no lookup, no argument spreading)
   * keeps the per-call cost at koffi's own.
   */
  readonly fn: Readonly<Record<NvmlSymbolKey, NvmlFunction>>;
  /** The symbol a group resolved to, or null when the library has none of its names. */
  symbolName(key: NvmlSymbolKey): string | null;
  has(key: NvmlSymbolKey): boolean;
  /** nvmlErrorString, with our own name table as a fallback. */
  errorString(code: number): string | null;
  unload(): void;
}

export type LoadResult = { ok: true; library: NvmlLibrary } | { ok: false; tried: string[]; detail: string };

/** Where drivers put NVML, in the order we try them (`GPUWISE_NVML_LIB` replaces the list). */
export function nvmlLibraryCandidates(platform: string, env: NodeJS.ProcessEnv): string[] {
  const override = env.GPUWISE_NVML_LIB;
  if (override) return [override];
  if (platform === 'win32') {
    const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? 'C:\\Windows';
    const programFiles = env.ProgramW6432 ?? env.ProgramFiles ?? 'C:\\Program Files';
    return [
      'nvml.dll',
      // DCH drivers install it next to the OS; older drivers under NVSMI.
      `${systemRoot}\\System32\\nvml.dll`,
      `${programFiles}\\NVIDIA Corporation\\NVSMI\\nvml.dll`,
    ];
  }
  if (platform === 'linux' || platform === 'freebsd') {
    return [
      // The soname: found through the ld.so cache wherever the distribution put it.
      'libnvidia-ml.so.1',
      // WSL2 maps the Windows driver's libraries here, outside the ld.so cache.
      '/usr/lib/wsl/lib/libnvidia-ml.so.1',
      // Containers started by the NVIDIA runtime, and some manual installs.
      '/usr/local/nvidia/lib64/libnvidia-ml.so.1',
      '/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1',
      '/usr/lib/aarch64-linux-gnu/libnvidia-ml.so.1',
      '/usr/lib64/libnvidia-ml.so.1',
      // Only the development symlink exists on some toolkits-only setups.
      'libnvidia-ml.so',
    ];
  }
  return [];
}

export function loadNvmlLibrary(platform: string, env: NodeJS.ProcessEnv): LoadResult {
  const tried = nvmlLibraryCandidates(platform, env);
  const errors: string[] = [];
  for (const path of tried) {
    try {
      return { ok: true, library: bindLibrary(path, koffi.load(path)) };
    } catch (error) {
      errors.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { ok: false, tried, detail: errors.join('; ') || `no NVML library location is known for ${platform}` };
}

function bindLibrary(path: string, handle: LibraryHandle): NvmlLibrary {
  const bound = new Map<NvmlSymbolKey, { name: string; fn: NativeFunction } | null>();

  const resolve = (key: NvmlSymbolKey) => {
    let entry = bound.get(key);
    if (entry !== undefined) return entry;
    entry = null;
    const group = NVML_SYMBOLS[key];
    for (const name of group.names) {
      try {
        entry = { name, fn: handle.func(group.prototype.replace('NAME', name)) as NativeFunction };
        break;
      } catch {
        // Not exported by this driver: try the older name.
      }
    }
    bound.set(key, entry);
    return entry;
  };

  const notFound: NvmlFunction = () => NVML_ERROR_FUNCTION_NOT_FOUND;
  const fn = {} as Record<NvmlSymbolKey, NvmlFunction>;
  for (const key of Object.keys(NVML_SYMBOLS) as NvmlSymbolKey[]) {
    fn[key] = (resolve(key)?.fn as NvmlFunction | undefined) ?? notFound;
  }

  return {
    path,
    fn,
    symbolName: (key) => resolve(key)?.name ?? null,
    has: (key) => resolve(key) !== null,
    errorString(code) {
      const entry = resolve('errorString');
      if (!entry) return null;
      const text = entry.fn(code);
      return typeof text === 'string' ? text : null;
    },
    unload: () => handle.unload(),
  };
}
