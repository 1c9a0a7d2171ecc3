// What a check is: an id, its layer, a title, and a function from the run's facts to an outcome.
// Checks never throw at the caller: a bug inside one becomes a visible warning, not a crash.

import { isCutOffGpuName } from '../../catalog/index.js';
import type { MessageKey, MessageParams } from '../../i18n/index.js';
import type { DriverOs } from '../compat/cuda-driver.js';
import type { FsErrorCode } from '../env.js';
import type { DoctorFacts } from '../facts/index.js';
import type { FixTarget } from '../fixes/target.js';
import { msg, type CheckResult, type CheckStatus, type Fix, type Layer, type Message } from '../types.js';

/** The NVIDIA driver as far as this run can tell, from the backend first, then the kernel module. */
export interface DriverState {
  version: string | null;
  versionSource: 'backend' | 'kernel-module' | null;
  /** Newest CUDA the driver supports (NVML / nvidia-smi). */
  maxCuda: string | null;
  /** Open kernel module (from /proc/driver/nvidia/version); null when unknown. */
  openModule: boolean | null;
  os: DriverOs;
}

export interface CheckContext {
  facts: DoctorFacts;
  target: FixTarget;
  driver: DriverState;
  now: Date;
}

export interface CheckOutcome {
  status: CheckStatus;
  summary: Message;
  evidence?: Message[];
  fix?: Fix | null;
}

export interface Check {
  id: string;
  layer: Layer;
  title: MessageKey;
  run(ctx: CheckContext): Promise<CheckOutcome>;
}

export const ev = (key: MessageKey, params?: MessageParams, lists?: Message['lists']): Message => msg(key, params, lists);

/** A file or folder that could not be read, said in the reader's language; the system's own words only for an unexpected error. */
export function unreadable(path: string, problem: { code: FsErrorCode; detail: string } | null): Message {
  if (problem === null || problem.code === 'error') return ev('doctor.ev.fileUnreadable.error', { path, detail: problem?.detail ?? '' });
  return ev(`doctor.ev.fileUnreadable.${problem.code}`, { path });
}

export function outcome(status: CheckStatus, summary: Message, evidence: Message[] = [], fix: Fix | null = null): CheckOutcome {
  return { status, summary, evidence, fix };
}

export async function runCheck(check: Check, ctx: CheckContext): Promise<CheckResult> {
  let result: CheckOutcome;
  try {
    result = await check.run(ctx);
  } catch (error) {
    result = outcome('warn', msg('doctor.check.crashed', { detail: error instanceof Error ? error.message : String(error) }));
  }
  return {
    id: check.id,
    layer: check.layer,
    status: result.status,
    title: msg(check.title),
    summary: result.summary,
    evidence: result.evidence ?? [],
    fix: result.fix ?? null,
  };
}

/** Bytes → "31.4 GiB" (binary units, one decimal) for evidence. */
export function formatGiB(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}

/**
 * Is there an NVIDIA GPU? `no` only when the bus was scanned and shows none and no backend lists
 * one (WSL2 hides the GPU from the bus, so there it stays `unknown`); NVIDIA-specific checks are
 * skipped only on `no`.
 */
export async function nvidiaPresence(ctx: CheckContext): Promise<'yes' | 'no' | 'unknown'> {
  const gpus = ctx.facts.gpus();
  if (gpus.nvidia.length > 0) return 'yes';
  if (gpus.pciStatus !== 'scanned' || gpus.driverSilent) return 'unknown';
  const os = await ctx.facts.os();
  return os.wsl ? 'unknown' : 'no';
}

/**
 * No listed NVIDIA GPU has a known compute capability: say why — none is listed, a listed name is
 * cut off (nvidia-smi's table elides long names: "NVIDIA GeForce RTX 2080 ..."), or the model is
 * not one gpuwise knows. "The driver lists no GPU" is only the first.
 */
export function skippedNoCapability(ctx: CheckContext): CheckOutcome {
  const listed = ctx.facts.gpus().nvidia;
  if (listed.length === 0) return outcome('skipped', msg('doctor.skip.noComputeCapability'));
  const names = listed.map((g) => g.name ?? '?');
  const cut = listed.some((g) => g.name !== null && isCutOffGpuName(g.name));
  return outcome('skipped', msg(cut ? 'doctor.skip.gpuNameCut' : 'doctor.skip.gpuModelUnknown', { count: listed.length }, { names }));
}

export const skippedNoGpu = (): CheckOutcome => outcome('skipped', msg('doctor.skip.noNvidiaGpu'));
export const skippedNotLinux = (): CheckOutcome => outcome('skipped', msg('doctor.skip.notLinux'));
