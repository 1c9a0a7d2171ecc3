import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExecResult } from '../../system/exec.js';
import { architectureFromComputeCapability } from './architecture.js';
import { nvidiaSmiCandidates } from './command.js';
import { parseDriverVersions } from './driver-info.js';
import { classifyQuery } from './outcome.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/nvidia-smi/${name}`, import.meta.url), 'utf8');
const exited = (exitCode: number, stdout: string, stderr = ''): ExecResult => ({
  kind: 'exited',
  exitCode,
  stdout,
  stderr,
  truncated: false,
  durationMs: 80,
});

describe('classifyQuery', () => {
  it('passes CSV through', () => {
    expect(classifyQuery(exited(0, 'index\n0\n'))).toEqual({ kind: 'csv', text: 'index\n0\n', deviceErrors: [] });
  });

  it('recognises a driver that is not loaded, with the message as detail', () => {
    const outcome = classifyQuery(exited(9, fixture('handmade_driver-not-loaded.txt')));
    expect(outcome).toMatchObject({ kind: 'failed', code: 'driver-not-loaded' });
    if (outcome.kind === 'failed') expect(outcome.detail).toContain("couldn't communicate with the NVIDIA driver");
  });

  it('recognises an NVML that will not start', () => {
    expect(classifyQuery(exited(18, 'Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 550.54\n'))).toEqual({
      kind: 'failed',
      code: 'init-failed',
      detail: 'Failed to initialize NVML: Driver/library version mismatch',
    });
  });

  it('treats "No devices were found" as an answer, on either stream', () => {
    expect(classifyQuery(exited(6, fixture('handmade_no-devices.txt')))).toEqual({ kind: 'no-devices' });
    expect(classifyQuery(exited(6, '', 'No devices were found\n'))).toEqual({ kind: 'no-devices' });
  });

  it('names the field the driver rejected', () => {
    expect(classifyQuery(exited(2, fixture('handmade_invalid-field.txt')))).toEqual({
      kind: 'invalid-field',
      field: 'memory.reserved',
      detail: 'Field "memory.reserved" is not a valid field to query',
    });
  });

  it('keeps the rows of the GPUs that answered when another cannot be opened', () => {
    const stdout = 'Unable to determine the device handle for GPU0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU\nindex\n0\n';
    expect(classifyQuery(exited(15, stdout))).toEqual({
      kind: 'csv',
      text: stdout,
      deviceErrors: [{ pciBusId: '0000:3B:00.0', message: 'GPU is lost.  Reboot the system to recover this GPU', lost: true }],
    });
  });

  it('reports permission problems and other failures with the exit code', () => {
    expect(classifyQuery(exited(4, 'Insufficient Permissions\n'))).toMatchObject({ kind: 'failed', code: 'no-permission' });
    expect(classifyQuery(exited(255, '', 'Segmentation fault\n'))).toEqual({
      kind: 'failed',
      code: 'command-failed',
      detail: 'exit code 255: Segmentation fault',
    });
  });

  it('maps every way the run itself can fail', () => {
    expect(classifyQuery({ kind: 'not-found', detail: 'nvidia-smi: spawn ENOENT' })).toMatchObject({ code: 'command-not-found' });
    expect(classifyQuery({ kind: 'no-permission', detail: 'EACCES' })).toMatchObject({ code: 'no-permission' });
    expect(classifyQuery({ kind: 'timeout', stdout: '', stderr: '', durationMs: 5003.2 })).toEqual({
      kind: 'failed',
      code: 'timeout',
      detail: 'no answer within 5003 ms',
    });
    expect(classifyQuery({ kind: 'signal', signal: 'SIGSEGV', stdout: '', stderr: '', durationMs: 1 })).toMatchObject({
      code: 'command-failed',
      detail: 'killed by SIGSEGV',
    });
    expect(classifyQuery({ kind: 'error', detail: 'EMFILE' })).toMatchObject({ code: 'error' });
  });
});

describe('classifyQuery, hostile and broken runs', () => {
  it('refuses an output cut at the cap, whatever it holds', () => {
    const outcome = classifyQuery({ kind: 'exited', exitCode: 0, stdout: 'index\n0\n', stderr: '', truncated: true, durationMs: 80 });
    expect(outcome).toMatchObject({ kind: 'failed', code: 'command-failed', rejection: 'output-truncated' });
  });

  // Process names are chosen by any local user: a successful run's output is data, not a message.
  it('does not read error messages out of a successful run', () => {
    const stdout = 'pid, process_name\n4242, Field "pid" is not a valid field to query\n';
    expect(classifyQuery(exited(0, stdout))).toEqual({ kind: 'csv', text: stdout, deviceErrors: [] });
    const driverText = 'pid, process_name\n4242, NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver\n';
    expect(classifyQuery(exited(0, driverText)).kind).toBe('csv');
  });

  it('still answers "no devices" for a successful run that says only that', () => {
    expect(classifyQuery(exited(0, 'No devices were found\n'))).toEqual({ kind: 'no-devices' });
  });

  it('reads the answer of a run that only warns of a corrupted infoROM (exit 14)', () => {
    expect(classifyQuery(exited(14, 'index\n0\n', 'WARNING: infoROM is corrupted at gpu 0000:B3:00.0\n'))).toEqual({ kind: 'csv', text: 'index\n0\n', deviceErrors: [] });
  });

  it('says so when a failed run printed nothing', () => {
    expect(classifyQuery(exited(9, '\n'))).toEqual({ kind: 'failed', code: 'command-failed', detail: 'exit code 9, no message' });
  });

  it('keeps what a killed run printed', () => {
    const outcome = classifyQuery({ kind: 'signal', signal: 'SIGKILL', stdout: '', stderr: 'out of memory\n', durationMs: 3 });
    expect(outcome).toMatchObject({ detail: 'killed by SIGKILL; it printed: out of memory' });
  });
});

describe('parseDriverVersions', () => {
  it('reads the -q header of R590', () => {
    expect(parseDriverVersions(fixture('h100-80gb-hbm3_driver-590.48.01_q-header.txt'))).toEqual({
      driverVersion: '590.48.01',
      cudaDriverVersion: '13.1',
    });
  });

  it('reads the R610 -q header despite its deprecation notes', () => {
    expect(parseDriverVersions(fixture('rtx-2080-super_driver-610.57.04_q-header.txt'))).toEqual({
      driverVersion: '610.57.04',
      cudaDriverVersion: '13.3',
    });
  });

  it('reads the R610 table header (KMD Version, CUDA UMD Version)', () => {
    expect(parseDriverVersions(fixture('rtx-2080-super_driver-610.57.04_table-header.txt'))).toEqual({
      driverVersion: '610.57.04',
      cudaDriverVersion: '13.3',
    });
  });

  it('returns nulls for text without versions', () => {
    expect(parseDriverVersions('No devices were found')).toEqual({ driverVersion: null, cudaDriverVersion: null });
  });
});

describe('architectureFromComputeCapability', () => {
  it.each([
    ['6.0', 'pascal'],
    ['7.0', 'volta'],
    ['7.5', 'turing'],
    ['8.0', 'ampere'],
    ['8.6', 'ampere'],
    ['8.9', 'ada'],
    ['9.0', 'hopper'],
    ['10.0', 'blackwell'],
    ['12.0', 'blackwell'],
  ])('%s → %s', (capability, name) => {
    expect(architectureFromComputeCapability(capability)).toBe(name);
  });

  it('does not guess', () => {
    expect(architectureFromComputeCapability('7.9')).toBeNull();
    expect(architectureFromComputeCapability('99.0')).toBeNull();
    expect(architectureFromComputeCapability('n/a')).toBeNull();
  });
});

describe('nvidiaSmiCandidates', () => {
  it('looks on PATH first, then where Windows drivers install it', () => {
    expect(nvidiaSmiCandidates('win32', { SystemRoot: 'D:\\WINDOWS', ProgramW6432: 'D:\\Program Files' })).toEqual([
      'nvidia-smi.exe',
      'D:\\WINDOWS\\System32\\nvidia-smi.exe',
      'D:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvidia-smi.exe',
    ]);
    expect(nvidiaSmiCandidates('win32', {})[1]).toBe('C:\\Windows\\System32\\nvidia-smi.exe');
  });

  it('covers WSL2 and a bare PATH on Linux', () => {
    expect(nvidiaSmiCandidates('linux', {})).toEqual(['nvidia-smi', '/usr/lib/wsl/lib/nvidia-smi', '/usr/bin/nvidia-smi']);
    expect(nvidiaSmiCandidates('darwin', {})).toEqual(['nvidia-smi']);
  });
});
