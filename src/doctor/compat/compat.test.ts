import { describe, expect, it } from 'vitest';
import { CUDA_DRIVER_TABLE, driverSupportFor, minimumDriverFor, newestCudaForDriver } from './cuda-driver.js';
import { decodeCudnnVersion, cudnnSupportsCudaMajor } from './cudnn.js';
import { DRIVER_BRANCHES, DRIVER_BRANCH_SOURCES, isPastEndOfLife, recommendedBranch } from './driver-branches.js';
import { driverSupportsGpu, smName, toolkitSupportsGpu } from './gpu-architectures.js';
import { chooseJaxExtra } from './jax-builds.js';
import { choosePytorchBuild, pytorchLocalTag, PYTORCH_CUDA_BUILDS } from './pytorch-builds.js';
import { tensorflowBuildFor, tensorflowHasNativeWindowsGpu } from './tensorflow-builds.js';
import { compareVersions, driverBranch, majorMinor, parseVersion } from './versions.js';

describe('version numbers', () => {
  it('compares dotted versions numerically, not as text', () => {
    expect(compareVersions('535.104.05', '535.54.03')).toBeGreaterThan(0);
    expect(compareVersions('12.10', '12.9')).toBeGreaterThan(0);
    expect(compareVersions('12.8', '12.8.0')).toBe(0);
    expect(parseVersion('2.5.1+cu121')).toEqual([2, 5, 1]);
    expect(parseVersion('not a version')).toBeNull();
    expect(majorMinor('13.0.88')).toBe('13.0');
    expect(majorMinor('13')).toBeNull();
    expect(driverBranch('580.65.06')).toBe(580);
  });
});

describe('CUDA toolkit ↔ driver table', () => {
  it('lists each minor release once, newest first, with increasing drivers', () => {
    const versions = CUDA_DRIVER_TABLE.map((row) => row.cuda);
    expect(new Set(versions).size).toBe(versions.length);
    for (let i = 1; i < CUDA_DRIVER_TABLE.length; i++) {
      const newer = CUDA_DRIVER_TABLE[i - 1];
      const older = CUDA_DRIVER_TABLE[i];
      expect(compareVersions(newer?.cuda ?? '', older?.cuda ?? '')).toBeGreaterThan(0);
      expect(compareVersions(newer?.linuxMinDriver ?? '', older?.linuxMinDriver ?? '')).toBeGreaterThan(0);
    }
  });

  it('knows the published minimums', () => {
    expect(minimumDriverFor('13.0.88', 'linux')).toBe('580.65.06');
    expect(minimumDriverFor('12.8', 'linux')).toBe('570.26');
    expect(minimumDriverFor('12.4.1', 'windows')).toBe('551.61');
    expect(minimumDriverFor('99.0', 'linux')).toBeNull();
  });

  it('tells full support, minor-version compatibility and too old apart', () => {
    const r535 = { driverVersion: '535.183.01', driverMaxCuda: '12.2', os: 'linux' as const };
    expect(driverSupportFor('12.1', r535)).toBe('full');
    expect(driverSupportFor('12.8', r535)).toBe('minor-compat');
    expect(driverSupportFor('13.0', r535)).toBe('too-old');
    expect(driverSupportFor('11.8', { driverVersion: '470.256.02', driverMaxCuda: '11.4', os: 'linux' })).toBe('minor-compat');
    expect(driverSupportFor('12.0', { driverVersion: '470.256.02', driverMaxCuda: '11.4', os: 'linux' })).toBe('too-old');
    expect(driverSupportFor('12.4', { driverVersion: null, driverMaxCuda: null, os: 'linux' })).toBe('unknown');
    // CUDA 10.x had no minor-version compatibility: a CUDA 10.2 wheel on R418 (CUDA 10.1) does not run.
    expect(driverSupportFor('10.2', { driverVersion: '418.67', driverMaxCuda: null, os: 'linux' })).toBe('too-old');
    expect(driverSupportFor('10.1', { driverVersion: '418.67', driverMaxCuda: null, os: 'linux' })).toBe('full');
    // Only the driver's CUDA version known (no version string): same major is minor-version compatible.
    expect(driverSupportFor('12.8', { driverVersion: null, driverMaxCuda: '12.4', os: 'windows' })).toBe('minor-compat');
  });

  it('names the newest CUDA a driver fully supports', () => {
    expect(newestCudaForDriver('535.216.01', 'linux')).toBe('12.2');
    expect(newestCudaForDriver('580.95.05', 'linux')).toBe('13.0');
    expect(newestCudaForDriver('400.0', 'linux')).toBeNull();
  });
});

describe('GPU architectures', () => {
  it('knows which toolkits build for which GPUs', () => {
    expect(toolkitSupportsGpu('12.4', '12.0')).toBe('too-new-for-toolkit'); // Blackwell needs 12.8
    expect(toolkitSupportsGpu('12.8', '12.0')).toBe('supported');
    expect(toolkitSupportsGpu('13.0', '6.1')).toBe('dropped-by-toolkit'); // CUDA 13 dropped Pascal
    expect(toolkitSupportsGpu('13.0', '7.0')).toBe('dropped-by-toolkit'); // … and Volta
    expect(toolkitSupportsGpu('12.0', '3.7')).toBe('dropped-by-toolkit'); // CUDA 12 dropped Kepler
    expect(toolkitSupportsGpu('13.0', '7.5')).toBe('supported');
    expect(toolkitSupportsGpu('12.2', '4.2')).toBe('unknown');
  });

  it('knows which driver branches drive which GPUs', () => {
    expect(driverSupportsGpu(590, '6.1', false)).toBe('driver-too-new');
    expect(driverSupportsGpu(580, '6.1', false)).toBe('supported');
    expect(driverSupportsGpu(550, '10.0', true)).toBe('driver-too-old');
    expect(driverSupportsGpu(570, '12.0', false)).toBe('needs-open-module');
    expect(driverSupportsGpu(570, '12.0', null)).toBe('supported');
    expect(smName('8.6')).toBe('sm_86');
  });
});

describe('driver branches', () => {
  it('cites a source for every row', () => {
    for (const row of DRIVER_BRANCHES) expect(DRIVER_BRANCH_SOURCES[row.source]).toBeDefined();
  });

  it('ends support after the last month', () => {
    expect(isPastEndOfLife('2026-06', new Date('2026-06-30T23:00:00Z'))).toBe(false);
    expect(isPastEndOfLife('2026-06', new Date('2026-07-01T00:00:00Z'))).toBe(true);
  });

  it('recommends the oldest supported LTSB that meets the minimum and the GPUs', () => {
    const now = new Date('2026-11-29T00:00:00Z');
    expect(recommendedBranch(now)?.branch).toBe(580); // R535 ended June 2026
    expect(recommendedBranch(now, null, 581)?.branch).toBe(620);
    expect(recommendedBranch(now, 580)?.branch).toBe(580); // Pascal ends at R580
    expect(recommendedBranch(now, 470)).toBeNull(); // Kepler: nothing supported any more
    expect(recommendedBranch(new Date('2025-01-15T00:00:00Z'))?.branch).toBe(535);
  });
});

describe('PyTorch builds', () => {
  it('reads the local version tag', () => {
    expect(pytorchLocalTag('2.5.1+cu121')).toBe('cu121');
    expect(pytorchLocalTag('2.5.1+cpu')).toBe('cpu');
    expect(pytorchLocalTag('2.5.1')).toBeNull();
  });

  it('picks the newest build the driver and GPUs allow', () => {
    expect(choosePytorchBuild('12.4', ['8.9'])?.build.tag).toBe('cu124');
    expect(choosePytorchBuild('12.4', ['8.9'])?.pipArgs).toEqual([
      '-m', 'pip', 'install', '--upgrade', 'torch==2.6.0', '--index-url', 'https://download.pytorch.org/whl/cu124',
    ]);
    expect(choosePytorchBuild('13.0', ['9.0'])?.build.tag).toBe('cu130');
    expect(choosePytorchBuild('12.8', ['12.0'])?.build.tag).toBe('cu128'); // Blackwell needs cu128+
    expect(choosePytorchBuild('12.6', ['12.0'])).toBeNull(); // no build for Blackwell on a 12.6 driver
    expect(choosePytorchBuild('13.0', ['6.1'])?.build.tag).toBe('cu126'); // Pascal: not in cu128+
    expect(choosePytorchBuild('11.4', ['8.6'])).toBeNull();
    expect(choosePytorchBuild(null, ['8.0'])?.build.tag).toBe('cu130');
  });

  it('pins the last release of builds that are no longer current', () => {
    for (const build of PYTORCH_CUDA_BUILDS) expect(build.current === (build.lastTorch === null)).toBe(true);
  });
});

describe('TensorFlow and JAX', () => {
  it('knows native-Windows GPU support ended after 2.10', () => {
    expect(tensorflowHasNativeWindowsGpu('2.10.1')).toBe(true);
    expect(tensorflowHasNativeWindowsGpu('2.11.0')).toBe(false);
    expect(tensorflowHasNativeWindowsGpu('2.15.0')).toBe(false);
    expect(tensorflowBuildFor('2.15.0')).toEqual({ tensorflow: '2.15', cuda: '12.2', cudnn: '8.9' });
  });

  it('picks the JAX CUDA extra the driver runs', () => {
    expect(chooseJaxExtra('580.65.06', ['9.0'])?.extra).toBe('cuda13');
    expect(chooseJaxExtra('550.120', ['9.0'])?.extra).toBe('cuda12');
    expect(chooseJaxExtra('580.65.06', ['7.0'])?.extra).toBe('cuda12');
    expect(chooseJaxExtra('470.256.02', ['8.0'])).toBeNull();
  });
});

describe('cuDNN versions', () => {
  it('decodes both encodings of CUDNN_VERSION', () => {
    expect(decodeCudnnVersion(8907)).toBe('8.9.7');
    expect(decodeCudnnVersion(90100)).toBe('9.1.0');
    expect(decodeCudnnVersion(91300)).toBe('9.13.0');
    expect(decodeCudnnVersion(7605)).toBe('7.6.5');
    expect(decodeCudnnVersion(0)).toBeNull();
    expect(decodeCudnnVersion(Number.NaN)).toBeNull();
  });

  it('knows cuDNN 8 does not support CUDA 13', () => {
    expect(cudnnSupportsCudaMajor('8.9.7', 13)).toBe(false);
    expect(cudnnSupportsCudaMajor('9.3.0', 13)).toBe(true);
    expect(cudnnSupportsCudaMajor('8.9.7', 12)).toBe(true);
    // cuDNN 7 predates CUDA 11 (its last release, 7.6.5, lists CUDA 9.0–10.2).
    expect(cudnnSupportsCudaMajor('7.6.5', 11)).toBe(false);
    expect(cudnnSupportsCudaMajor('7.6.5', 10)).toBe(true);
  });
});
