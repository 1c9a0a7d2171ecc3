// --gpus: which GPUs the job gets. `auto` and `N` ask pick (src/pick) for the freest, over pick's
// own window at pick's own pace: the run's sampler reads four times a second for that second (its
// interval is put back after), since at the run's 1 Hz the window would hold two reads — the
// "looks once" weakness docs/pick.md warns of, which hands a GPU busy between two steps to a
// second job. A list ("0,1") is taken as given, after checking each index exists.
// The GPUs chosen (a list's too) are claimed for as long as this gpuwise lives, so that a pick or
// run started before the job shows up on them does not choose them as well (docs/pick.md
// "Claims"); the caller releases them when the run ends.
// CUDA_VISIBLE_DEVICES is set with CUDA_DEVICE_ORDER=PCI_BUS_ID (unless the user set an order):
// CUDA's default order is "fastest first", NVML's — and so pick's and nvidia-smi's — is the PCI
// bus order, and on a mixed box GPU 0 would be two different GPUs.

import type { Sampler } from '../monitor/sampler.js';
import { claimKeyOf, DEFAULT_PICK_WINDOW_MS, formatVisibleDevices, pickFreeGpus, type ClaimStore, type RejectedGpu } from '../pick/index.js';
import type { Text } from './failures/types.js';
import type { GpuSpec } from './gpu-spec.js';

export { parseGpuSpec, type GpuSpec } from './gpu-spec.js';

export class GpuChoiceError extends Error {
  /** The GPUs pick turned down, with why: the user sees them, as `gpuwise pick` shows them. */
  constructor(readonly text: Text, readonly rejected: readonly RejectedGpu[] = []) {
    super(text.key);
  }
}

export interface GpuChoice {
  visibleDevices: string;
  /** NVML indices to record (a MIG instance's parent GPU). */
  indices: number[];
  env: Record<string, string>;
  /** Why the GPUs are not claimed though a claim store was given (its folder not writable …); else null. */
  claimError: Error | null;
}

export async function chooseGpus(spec: GpuSpec, sampler: Sampler | null, env: NodeJS.ProcessEnv, specText: string, claims: ClaimStore | null = null): Promise<GpuChoice> {
  if (sampler === null) throw new GpuChoiceError({ key: 'run.gpus.noGpus', params: { detail: 'no sampler', value: specText } });
  const order: Record<string, string> = env.CUDA_DEVICE_ORDER === undefined ? { CUDA_DEVICE_ORDER: 'PCI_BUS_ID' } : {};
  if (spec.kind === 'list') {
    const devices = (sampler.latest() ?? (await sampler.first())).snapshot.devices;
    const known = devices.map((d) => d.index);
    const missing = spec.indices.find((i) => !known.includes(i));
    if (missing !== undefined) throw new GpuChoiceError({ key: 'run.gpus.unknownIndex', params: { index: missing, known: known.join(', ') || '—' } });
    const visibleDevices = spec.indices.join(',');
    const claimError = claims === null ? null : claimListed(claims, spec.indices.map((index) => claimKeyOf({ index, uuid: devices.find((d) => d.index === index)?.uuid ?? null })));
    return { visibleDevices, indices: spec.indices, env: { ...order, CUDA_VISIBLE_DEVICES: visibleDevices }, claimError };
  }
  const count = spec.kind === 'auto' ? 1 : spec.count;
  const result = await pickDensely(sampler, count, claims);
  const seen = result.lastSnapshot?.devices.length ?? 0;
  if (seen === 0) {
    const detail = result.lastSnapshot?.problems.map((p) => p.message).filter((m) => m !== '').slice(0, 2).join('; ') || 'no GPU found';
    throw new GpuChoiceError({ key: 'run.gpus.noGpus', params: { detail, value: specText } });
  }
  if (!result.enough) throw new GpuChoiceError({ key: 'run.gpus.notEnough', params: { found: result.picked.length, asked: count } }, result.rejected);
  const visibleDevices = formatVisibleDevices(result, 'index');
  return { visibleDevices, indices: [...new Set(result.picked.map((g) => g.index))], env: { ...order, CUDA_VISIBLE_DEVICES: visibleDevices }, claimError: result.claimError };
}

/** A list is the user's own choice: claimed where no other holds it, never refused. */
function claimListed(claims: ClaimStore, keys: readonly string[]): Error | null {
  try {
    for (const key of keys) claims.claim(key, 'run', null);
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** `gpuwise pick`'s pace: four reads over its window (src/pick/free.ts, an owned sampler's interval). */
export const PICK_READ_INTERVAL_MS = Math.max(50, Math.round(DEFAULT_PICK_WINDOW_MS / 4));

/** pick over the run's sampler, read at pick's pace for the window, then at the run's interval again. */
async function pickDensely(sampler: Sampler, count: number, claims: ClaimStore | null): ReturnType<typeof pickFreeGpus> {
  const runIntervalMs = sampler.intervalMs;
  sampler.setInterval(Math.min(runIntervalMs, PICK_READ_INTERVAL_MS));
  try {
    return await pickFreeGpus({ count, sampler, windowMs: DEFAULT_PICK_WINDOW_MS, ...(claims !== null && { claiming: { store: claims, claimAs: { by: 'run', ttlMs: null } } }) });
  } finally {
    sampler.setInterval(runIntervalMs);
  }
}
