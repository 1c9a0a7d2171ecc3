// The nvidia-smi backend: the fallback when NVML cannot be loaded through FFI. Each reading is two
// nvidia-smi runs, started together — `--query-gpu` and `--query-compute-apps` cannot share one
// run (each invocation takes one query). Every run goes through runCommand with a timeout.

import type { Backend, BackendDriver, BackendOpenResult, BackendReading } from '../../core/backend.js';
import type { DriverInfo, SnapshotProblem } from '../../core/snapshot.js';
import { createWhich, type Which } from '../../system/which.js';
import { runCommand, type Exec, type ExecResult } from '../../system/exec.js';
import { openedWithoutGpus } from '../no-gpu.js';
import { nvidiaSmiCandidates } from './command.js';
import { parseDriverVersions, type DriverVersions } from './driver-info.js';
import { GPU_FIELDS, PROCESS_FIELDS, type GpuFieldKey, type ProcessFieldKey } from './fields.js';
import { parseComputeApps, parseGpuQuery } from './parse-query.js';
import { QueryPlan, runPlannedQuery, type PlannedQuery } from './query-plan.js';

export const NVIDIA_SMI_BACKEND_ID = 'nvidia-smi';
export const DEFAULT_TIMEOUT_MS = 5000;

export interface NvidiaSmiDriverOptions {
  /** How to run a program; tests pass recorded outputs. Default: runCommand. */
  exec?: Exec;
  /** Limit for each nvidia-smi run. Default 5000 ms. */
  timeoutMs?: number;
  /** The nvidia-smi to run (a name on PATH or a path); default: by platform, see command.ts. */
  command?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /**
   * Finds a candidate without running it. Default: a PATH lookup when `exec` is the real one;
   * with an injected `exec`, every candidate counts as present (the test owns the world).
   */
  which?: Which;
}

/** `--format=csv,nounits`: the header keeps each unit in brackets, so values need no unit stripping. */
const CSV_FORMAT = '--format=csv,nounits';

interface Session {
  run: (args: readonly string[]) => Promise<ExecResult>;
  gpuPlan: QueryPlan<GpuFieldKey>;
  processPlan: QueryPlan<ProcessFieldKey>;
}

const queryGpus = (session: Session) =>
  runPlannedQuery(session.gpuPlan, (names) => session.run([`--query-gpu=${names.join(',')}`, CSV_FORMAT]));

const queryProcesses = (session: Session) =>
  runPlannedQuery(session.processPlan, (names) => session.run([`--query-compute-apps=${names.join(',')}`, CSV_FORMAT]));

/** Driver and CUDA versions from `nvidia-smi -q -d COMPUTE` (a short report with the header). */
async function readDriverVersions(session: Session): Promise<DriverVersions | null> {
  const result = await session.run(['-q', '-d', 'COMPUTE']);
  if (result.kind !== 'exited' || result.exitCode !== 0) return null;
  return parseDriverVersions(result.stdout);
}

function failureProblem(scope: string, query: PlannedQuery): SnapshotProblem[] {
  const { outcome } = query;
  return outcome.kind === 'failed' ? [{ scope, code: outcome.rejection ?? outcome.code, message: outcome.detail }] : [];
}

function createBackend(session: Session, versions: DriverVersions | null): Backend {
  return {
    id: NVIDIA_SMI_BACKEND_ID,
    capabilities: { metrics: true, processes: true },
    async read(): Promise<BackendReading> {
      const [gpuQuery, processQuery] = await Promise.all([queryGpus(session), queryProcesses(session)]);
      // A failed or rejected GPU query leaves no devices but still a reading: the problem says why.
      const gpus =
        gpuQuery.outcome.kind === 'csv'
          ? parseGpuQuery(gpuQuery.outcome.text, gpuQuery.asked)
          : { devices: [], driverVersion: null, problems: failureProblem('devices', gpuQuery) };
      // A failed process query must not lose the devices.
      const apps =
        processQuery.outcome.kind === 'csv'
          ? parseComputeApps(processQuery.outcome.text, gpus.devices, processQuery.asked)
          : { processes: [], problems: failureProblem('processes', processQuery) };
      const driverVersion = gpus.driverVersion ?? versions?.driverVersion ?? null;
      const cudaDriverVersion = versions?.cudaDriverVersion ?? null;
      const driver: DriverInfo = {
        driverVersion,
        cudaDriverVersion,
        nvmlVersion: null,
        unavailable: {
          ...(driverVersion === null ? { driverVersion: 'not-reported' as const } : {}),
          ...(cudaDriverVersion === null ? { cudaDriverVersion: 'not-reported' as const } : {}),
          nvmlVersion: 'not-reported',
        },
      };
      return { driver, devices: gpus.devices, processes: apps.processes, problems: gpus.problems.concat(apps.problems) };
    },
    // Nothing stays open between runs.
    async close() {},
  };
}

async function open(options: NvidiaSmiDriverOptions): Promise<BackendOpenResult> {
  const exec = options.exec ?? runCommand;
  const env = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const platform = options.platform ?? process.platform;
  const listed = options.command ? [options.command] : nvidiaSmiCandidates(platform, env);
  const find = options.which ?? (options.exec ? (command: string) => command : createWhich({ env, platform }));
  // Skip the spawns that would only fail with ENOENT (two per candidate, ~10 ms each).
  const candidates = listed.filter((command) => find(command) !== null);
  const missing: string[] = listed.filter((command) => !candidates.includes(command));

  for (const command of candidates) {
    const session: Session = {
      run: (args) => exec(command, args, { timeoutMs, env }),
      gpuPlan: new QueryPlan(GPU_FIELDS),
      processPlan: new QueryPlan(PROCESS_FIELDS),
    };
    // The probe settles which fields this driver knows; the version report runs alongside.
    const [probe, versions] = await Promise.all([queryGpus(session), readDriverVersions(session)]);
    const { outcome } = probe;
    if (outcome.kind === 'failed' && outcome.code === 'command-not-found') {
      missing.push(command);
      continue;
    }
    if (outcome.kind === 'failed') return { ok: false, unavailable: { code: outcome.code, detail: outcome.detail } };
    // An answer that cannot be believed (check-output.ts) is no answer: the chain moves on.
    const parsed = outcome.kind === 'csv' ? parseGpuQuery(outcome.text, probe.asked) : null;
    if (parsed?.rejected) return { ok: false, unavailable: { code: 'command-failed', detail: parsed.rejected.detail } };
    const backend = createBackend(session, versions);
    // "No devices were found": nvidia-smi and the driver work, but there is no NVIDIA GPU. The
    // chain looks on (an AMD GPU, the bus) and comes back to this answer only if nothing has one.
    if (outcome.kind === 'no-devices' || (parsed?.devices.length === 0 && parsed.problems.length === 0)) {
      const said = outcome.kind === 'no-devices' ? 'No devices were found' : 'a query answer with no GPU row';
      return { ok: true, backend: openedWithoutGpus(backend, { code: 'command-failed', detail: `${command} lists no NVIDIA GPU (${said})` }) };
    }
    return { ok: true, backend };
  }
  return { ok: false, unavailable: { code: 'command-not-found', detail: `not found: ${missing.join(', ')}` } };
}

export function createNvidiaSmiDriver(options: NvidiaSmiDriverOptions = {}): BackendDriver {
  return { id: NVIDIA_SMI_BACKEND_ID, open: () => open(options) };
}
