// A recorded machine for tests and demos: a folder with the machine's files under files/ and a
// fixture.json with its platform, environment variables, the clock, gpuwise's own inputs (backend
// chain outcome, PCI scan) and the outputs of every command the doctor runs. Commands that were
// not recorded behave like programs that are not installed.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackendAttempt } from '../../backends/chain.js';
import type { BackendId } from '../../core/backend.js';
import type { DriverInfo, GpuDevice } from '../../core/snapshot.js';
import type { Exec, ExecResult } from '../../system/exec.js';
import { createNodeFs, type DoctorEnv } from '../env.js';
import type { DoctorInputs, DoctorPciInput } from '../inputs.js';
import { PROBE_MARKER } from '../probes/framework-probe.js';
import { makeGpuDevice } from './devices.js';

export interface RecordedCommand {
  /** Program as the doctor runs it: a bare name ("nvcc") or a path; a bare name also matches any path ending in it. */
  file: string;
  /** Arguments; "*" matches any one argument (the probe script). */
  args: string[];
  result?: ExecResult;
  /** Shorthand for a Python probe's answer: printed after the marker, exit code 0. */
  probe?: unknown;
}

export interface FixtureManifest {
  description: string;
  platform: NodeJS.Platform;
  arch: string;
  now: string;
  env: Record<string, string>;
  inputs: {
    gpu: {
      attempts: BackendAttempt[];
      openedBackend: BackendId | null;
      reading: { driver: DriverInfo; devices: Partial<GpuDevice>[] } | null;
      readError?: string | null;
    } | null;
    pci: DoctorPciInput | null;
  };
  commands: RecordedCommand[];
}

export interface FixtureEnv {
  env: DoctorEnv;
  inputs: DoctorInputs;
  manifest: FixtureManifest;
  /** Every command the doctor ran, in order: "file arg1 arg2". */
  ran: string[];
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function matches(recorded: RecordedCommand, file: string, args: readonly string[]): boolean {
  const fileOk = recorded.file === file || (!/[\\/]/.test(recorded.file) && baseName(file) === recorded.file);
  return fileOk && recorded.args.length === args.length && recorded.args.every((a, i) => a === '*' || a === args[i]);
}

export function createRecordedExec(commands: readonly RecordedCommand[], ran: string[] = []): Exec {
  return async (file, args) => {
    ran.push([file, ...args.map((a) => (a.length > 60 ? '<script>' : a))].join(' '));
    const recorded = commands.find((c) => matches(c, file, args));
    if (!recorded) return { kind: 'not-found', detail: `${file}: not found` };
    if (recorded.probe !== undefined) {
      return { kind: 'exited', exitCode: 0, stdout: `${PROBE_MARKER}${JSON.stringify(recorded.probe)}\n`, stderr: '', truncated: false, durationMs: 1 };
    }
    return recorded.result ?? { kind: 'exited', exitCode: 0, stdout: '', stderr: '', truncated: false, durationMs: 1 };
  };
}

export function loadFixtureEnv(dir: string): FixtureEnv {
  const manifest = JSON.parse(readFileSync(join(dir, 'fixture.json'), 'utf8')) as FixtureManifest;
  const ran: string[] = [];
  const env: DoctorEnv = {
    fs: createNodeFs(join(dir, 'files')),
    exec: createRecordedExec(manifest.commands, ran),
    env: manifest.env,
    platform: manifest.platform,
    arch: manifest.arch,
    now: () => new Date(manifest.now),
  };
  const gpu = manifest.inputs.gpu;
  const inputs: DoctorInputs = {
    gpu: gpu
      ? {
          attempts: gpu.attempts,
          openedBackend: gpu.openedBackend,
          reading: gpu.reading ? { driver: gpu.reading.driver, devices: gpu.reading.devices.map((d, i) => makeGpuDevice({ index: i, ...d })) } : null,
          readError: gpu.readError ?? null,
        }
      : null,
    pci: manifest.inputs.pci,
    host: null,
  };
  return { env, inputs, manifest, ran };
}
