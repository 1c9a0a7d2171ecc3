// Which driver to install on this machine: the oldest still-supported long-term branch that is new
// enough for every GPU (Blackwell needs R570+) and every CUDA toolkit present (CUDA 13 needs R580),
// and not past the last branch of the oldest GPU (Maxwell–Volta end at R580, Kepler at R470); open
// kernel modules from Turing on (Blackwell requires them).

import { minimumDriverFor } from '../compat/cuda-driver.js';
import { recommendedBranch } from '../compat/driver-branches.js';
import { computeCapabilityRow } from '../compat/gpu-architectures.js';
import { compareVersions, driverBranch } from '../compat/versions.js';
import type { DriverChoice } from '../fixes/driver.js';
import type { CheckContext } from './check.js';

export interface DriverRequirement {
  choice: DriverChoice;
  /** Oldest branch every GPU and toolkit accepts. */
  minimumBranch: number;
  lastAllowedBranch: number | null;
}

export async function driverRequirement(ctx: CheckContext, extraMinimumBranch = 0): Promise<DriverRequirement> {
  const gpus = ctx.facts.gpus().nvidia;
  const rows = gpus.map((g) => computeCapabilityRow(g.computeCapability)).filter((r) => r !== null);
  const toolkits = (await ctx.facts.toolkits()).toolkits;
  const toolkitBranches = toolkits
    .map((t) => (t.version ? minimumDriverFor(t.version, ctx.driver.os) : null))
    .map((min) => driverBranch(min) ?? 0);
  const minimumBranch = Math.max(0, extraMinimumBranch, ...rows.map((r) => r.firstDriverBranch), ...toolkitBranches);
  const lastBranches = rows.map((r) => r.lastDriverBranch).filter((b): b is number => b !== null);
  const lastAllowedBranch = lastBranches.length > 0 ? Math.min(...lastBranches) : null;
  const branch = recommendedBranch(ctx.now, lastAllowedBranch, minimumBranch)?.branch ?? null;
  // Open modules need Turing (7.5) or newer on every GPU; unknown GPUs keep the proprietary module.
  const openModule =
    rows.length > 0 && rows.length === gpus.length && rows.every((r) => compareVersions(r.computeCapability, '7.5') >= 0);
  return { choice: { branch, openModule }, minimumBranch, lastAllowedBranch };
}
