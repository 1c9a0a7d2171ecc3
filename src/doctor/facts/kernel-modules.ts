// Loaded kernel modules (/proc/modules) and the NVIDIA kernel module's own report
// (/proc/driver/nvidia/version), which names its version and whether it is the open module.

import { plausibleVersion } from '../compat/versions.js';
import type { DoctorEnv, FsErrorCode } from '../env.js';
import { DEFAULT_PROBE_LIMITS, type ProbeLimits } from './probe-limits.js';

export interface KernelModuleFacts {
  /** False when the kernel has no loadable modules or /proc/modules cannot be read. */
  available: boolean;
  loaded: string[];
  /** Why /proc/modules could not be read (a sandbox may have none); the code is said in the reader's language. */
  problem: { code: FsErrorCode; detail: string } | null;
}

export interface NvidiaKernelModule {
  version: string;
  /** "NVIDIA UNIX Open Kernel Module" vs the proprietary "NVIDIA UNIX x86_64 Kernel Module". */
  open: boolean;
  /** The NVRM line, for evidence. */
  line: string;
}

export function parseProcModules(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter((name) => name !== '');
}

/**
 * "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 …" or
 * "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.86.15  Release Build …".
 */
export function parseNvidiaProcVersion(text: string): NvidiaKernelModule | null {
  const line = text.split('\n').find((l) => l.startsWith('NVRM version:'));
  if (!line) return null;
  const version = plausibleVersion(line.match(/Kernel Module(?: for \S+)?\s+(\d+\.\d+(?:\.\d+)?)/)?.[1]);
  if (!version) return null;
  return { version, open: /Open Kernel Module/i.test(line), line: line.replace(/\s+/g, ' ').trim() };
}

export async function readKernelModules(env: DoctorEnv): Promise<KernelModuleFacts> {
  if (env.platform !== 'linux') return { available: false, loaded: [], problem: null };
  const modules = await env.fs.readText('/proc/modules');
  if (!modules.ok) return { available: false, loaded: [], problem: { code: modules.code, detail: modules.detail } };
  return { available: true, loaded: parseProcModules(modules.value), problem: null };
}

/** A module built into the kernel is not in /proc/modules but has /sys/module/<name>. */
export async function isModuleLoaded(env: DoctorEnv, facts: KernelModuleFacts, name: string): Promise<boolean> {
  if (facts.loaded.includes(name)) return true;
  return env.fs.exists(`/sys/module/${name}`);
}

export async function readNvidiaKernelModule(env: DoctorEnv): Promise<NvidiaKernelModule | null> {
  if (env.platform !== 'linux') return null;
  const file = await env.fs.readText('/proc/driver/nvidia/version');
  return file.ok ? parseNvidiaProcVersion(file.value) : null;
}

/** `modinfo -F version nvidia`: the module the next modprobe would load, if any is installed. */
export async function readInstalledNvidiaModule(env: DoctorEnv, limits: ProbeLimits = DEFAULT_PROBE_LIMITS): Promise<string | null> {
  if (env.platform !== 'linux') return null;
  const result = await env.exec('modinfo', ['-F', 'version', 'nvidia'], { timeoutMs: limits.versionMs });
  if (result.kind !== 'exited' || result.exitCode !== 0) return null;
  return plausibleVersion(result.stdout.trim().split('\n')[0]?.trim());
}
