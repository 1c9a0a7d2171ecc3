// The doctor's result: every check grouped by layer, a summary of the machine (what the guide
// tailors its steps to), the verdict and the exit code.

import type { DriverState } from '../checks/check.js';
import type { FixTarget } from '../fixes/target.js';
import type { CheckResult, CheckStatus, Layer } from '../types.js';

export const DOCTOR_REPORT_SCHEMA_VERSION = 1;

export interface PythonSummary {
  path: string;
  version: string;
  prefix: string;
  torch: { version: string; cuda: string | null; gpuAvailable: boolean } | null;
  tensorflow: { version: string; gpuAvailable: boolean } | null;
  jax: { version: string; gpuAvailable: boolean } | null;
}

export interface MachineSummary {
  platform: string;
  arch: string;
  target: FixTarget;
  kernelRelease: string | null;
  nvidiaGpus: { name: string | null; computeCapability: string | null; architecture: string | null; memoryTotalBytes: number | null }[];
  driver: DriverState;
  /** The branch doctor's fixes install (see checks/driver-choice.ts). */
  recommendedDriverBranch: number | null;
  openKernelModule: boolean;
  toolkits: { root: string; version: string | null }[];
  /** The toolkit `nvcc` on PATH belongs to. */
  activeToolkitRoot: string | null;
  cudnnVersions: string[];
  pythons: PythonSummary[];
  docker: { installed: boolean; daemon: string | null; nvidiaRuntime: boolean };
}

export type Verdict =
  | { kind: 'problems'; failCount: number; warnCount: number; firstCheckId: string }
  | { kind: 'ready'; framework: 'PyTorch' | 'TensorFlow' | 'JAX' | null; gpuCount: number; warnCount: number }
  | { kind: 'no-gpu'; warnCount: number };

export interface DoctorReport {
  schemaVersion: typeof DOCTOR_REPORT_SCHEMA_VERSION;
  /** ISO 8601. */
  generatedAt: string;
  machine: MachineSummary;
  layers: { layer: Layer; checks: CheckResult[] }[];
  counts: Record<CheckStatus, number>;
  verdict: Verdict;
  /** 0 when no check failed, 1 when one did. */
  exitCode: 0 | 1;
}

export function allChecks(report: DoctorReport): CheckResult[] {
  return report.layers.flatMap((layer) => layer.checks);
}

export function findCheck(report: DoctorReport, id: string): CheckResult | null {
  return allChecks(report).find((check) => check.id === id) ?? null;
}
