// One DRM client's usage from /proc/<pid>/fdinfo/<fd> (Linux Documentation/gpu/drm-usage-stats.rst):
// `drm-driver`, `drm-pdev`, `drm-client-id`, `drm-engine-<name>: <ns> ns`, and memory either as
// the common `drm-{total,shared,resident,active,purgeable}-<region>: <n> [KiB|MiB]` keys or as
// amdgpu's older `drm-memory-<region>` (its resident size). VRAM regions are called `vram`
// (amdgpu, xe: `vram0`) or `local0` (i915 discrete, e.g. Intel Arc); `gtt`/`system0` are host memory.
// xe counts busy time as `drm-cycles-<class>` against the GPU's `drm-total-cycles-<class>`.

import { normalizePciAddress } from '../backends/pci/address.js';

export interface DrmClientUsage {
  driver: string;
  /** The GPU, in the kernel's form ("0000:03:00.0"); null when the driver does not say. */
  pdev: string | null;
  clientId: string;
  /** Busy time per engine since the client opened, in nanoseconds ("gfx", "compute", "render" …). */
  engineNs: Record<string, number>;
  /** Device-local memory the client holds (resident where the driver says so), bytes; null when not reported. */
  vramBytes: number | null;
  /** xe's busy counters per engine class: the client's cycles and the GPU's total cycles ("rcs", "ccs" …). */
  engineCycles: Record<string, { cycles: number; total: number }>;
}

const UNIT: Readonly<Record<string, number>> = { '': 1, KiB: 1024, MiB: 1024 * 1024, GiB: 1024 * 1024 * 1024 };
const VRAM_REGION = /^(?:vram|local)\d*$/;
/** Which memory key wins: what is resident in VRAM now, then amdgpu's legacy key (also resident), then the total. */
const MEMORY_PRIORITY = ['resident', 'memory', 'total'] as const;

function bytesOf(value: string): number | null {
  const match = /^(\d{1,20})\s*(KiB|MiB|GiB)?$/.exec(value);
  if (!match?.[1]) return null;
  const bytes = Number(match[1]) * (UNIT[match[2] ?? ''] ?? 1);
  return Number.isSafeInteger(bytes) ? bytes : null;
}

/** The usage in one fdinfo text, or null when the file is not a DRM client's (a socket, a plain file). */
export function parseDrmFdinfo(text: string): DrmClientUsage | null {
  let driver: string | null = null;
  let pdev: string | null = null;
  let clientId: string | null = null;
  const engineNs: Record<string, number> = {};
  const memory: Record<string, number> = {};
  const cycles: Record<string, number> = {};
  const totalCycles: Record<string, number> = {};
  // A real fdinfo is a few hundred bytes; a stray huge file is read no further than needed.
  for (const line of text.slice(0, 64 * 1024).split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (key === 'drm-driver') driver = value || null;
    else if (key === 'drm-pdev') pdev = normalizePciAddress(value);
    else if (key === 'drm-client-id') clientId = /^\d{1,20}$/.test(value) ? value : null;
    else if (key.startsWith('drm-engine-') && !key.startsWith('drm-engine-capacity-')) {
      const ns = /^(\d{1,20}) ns$/.exec(value);
      const number = ns?.[1] ? Number(ns[1]) : NaN;
      if (Number.isSafeInteger(number)) engineNs[key.slice('drm-engine-'.length)] = number;
    } else if (key.startsWith('drm-cycles-') || key.startsWith('drm-total-cycles-')) {
      const number = /^\d{1,20}$/.test(value) ? Number(value) : NaN;
      if (!Number.isSafeInteger(number)) continue;
      if (key.startsWith('drm-cycles-')) cycles[key.slice('drm-cycles-'.length)] = number;
      else totalCycles[key.slice('drm-total-cycles-'.length)] = number;
    } else {
      const region = /^drm-(resident|memory|total)-(\S+)$/.exec(key);
      const bytes = region ? bytesOf(value) : null;
      if (region?.[1] && region[2] && VRAM_REGION.test(region[2]) && bytes !== null) {
        memory[region[1]] = (memory[region[1]] ?? 0) + bytes;
      }
    }
  }
  if (driver === null || clientId === null) return null;
  const kind = MEMORY_PRIORITY.find((name) => name in memory);
  const engineCycles: DrmClientUsage['engineCycles'] = {};
  for (const [engine, count] of Object.entries(cycles)) {
    const total = totalCycles[engine];
    if (total !== undefined) engineCycles[engine] = { cycles: count, total };
  }
  return { driver, pdev, clientId, engineNs, vramBytes: kind ? memory[kind]! : null, engineCycles };
}
