import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeFs, MAX_READ_BYTES } from '../env.js';
import { engineFromCgroup } from './container.js';
import { parseCudaHeaderVersion, parseNvccVersion, parseVersionJson, parseVersionTxt } from './cuda-toolkits.js';
import { cudnnVersionFromLibraryName, parseCudnnHeader } from './cudnn.js';
import { classifyDaemonError, parseDaemonJsonRuntimes, parseDockerInfoRuntimes, parseDockerVersion, parseNvidiaCtkVersion } from './docker.js';
import { isPhysicalBlockDevice, parseCpuinfo, parseMemTotalBytes } from './host-resources.js';
import { parseNvidiaProcVersion, parseProcModules } from './kernel-modules.js';
import { detectWsl, parseOsRelease, parseWindowsVer } from './os.js';
import { parseProbeOutput } from './python.js';
import { parseMokutilState, parseSecureBootEfivar } from './secure-boot.js';

describe('operating system', () => {
  it('parses os-release with quotes and ID_LIKE lists', () => {
    const rocky = parseOsRelease('NAME="Rocky Linux"\nVERSION_ID="9.4"\nID="rocky"\nID_LIKE="rhel centos fedora"\nPRETTY_NAME="Rocky Linux 9.4 (Blue Onyx)"\n');
    expect(rocky).toEqual({ id: 'rocky', idLike: ['rhel', 'centos', 'fedora'], versionId: '9.4', prettyName: 'Rocky Linux 9.4 (Blue Onyx)', versionCodename: null });
    expect(parseOsRelease('NAME=Nothing\n# comment\n')).toBeNull();
  });

  it('tells WSL 2 from WSL 1 and from plain Linux', () => {
    expect(detectWsl('Linux version 5.15.153.1-microsoft-standard-WSL2 (root@x)', { WSL_DISTRO_NAME: 'Ubuntu' })).toEqual({ version: 2, distro: 'Ubuntu' });
    expect(detectWsl('Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com)', {})).toEqual({ version: 1, distro: null });
    expect(detectWsl('Linux version 6.8.0-45-generic (buildd@lcy02)', {})).toBeNull();
  });

  it('reads the Windows version from `ver`', () => {
    expect(parseWindowsVer('\r\nMicrosoft Windows [Version 10.0.22631.4460]\r\n')).toBe('10.0.22631.4460');
    expect(parseWindowsVer('garbage')).toBeNull();
  });

  it('recognises container engines from /proc/1/cgroup', () => {
    expect(engineFromCgroup('0::/docker/3f1a2b\n')).toBe('docker');
    expect(engineFromCgroup('12:cpu:/kubepods/burstable/pod1/abc\n')).toBe('kubernetes');
    expect(engineFromCgroup('0::/machine.slice/libpod-abc.scope\n')).toBe('podman');
    expect(engineFromCgroup('0::/\n')).toBeNull();
    expect(engineFromCgroup('0::/init.scope\n')).toBeNull();
  });

  it('reads Secure Boot from mokutil or the efivar byte', () => {
    expect(parseMokutilState('SecureBoot enabled\n')).toBe('enabled');
    expect(parseMokutilState('SecureBoot disabled\nPlatform is in Setup Mode\n')).toBe('disabled');
    expect(parseMokutilState('EFI variables are not supported on this system\n')).toBe('not-uefi');
    expect(parseMokutilState('')).toBeNull();
    expect(parseSecureBootEfivar(new Uint8Array([6, 0, 0, 0, 1]))).toBe('enabled');
    expect(parseSecureBootEfivar(new Uint8Array([6, 0, 0, 0, 0]))).toBe('disabled');
    expect(parseSecureBootEfivar(new Uint8Array([6, 0]))).toBeNull();
  });
});

describe('kernel modules and the NVIDIA kernel module', () => {
  it('lists module names', () => {
    expect(parseProcModules('nvidia_uvm 4927488 4 - Live 0x0 (POE)\nnouveau 3096576 3 - Live 0x0\n\n')).toEqual(['nvidia_uvm', 'nouveau']);
  });

  it('reads the proprietary and the open module lines', () => {
    expect(parseNvidiaProcVersion('NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024\nGCC version: 12\n')).toMatchObject({ version: '535.183.01', open: false });
    expect(parseNvidiaProcVersion('NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.86.15  Release Build  (dvs-builder@U16)  Thu Jan 23 2025\n')).toMatchObject({ version: '570.86.15', open: true });
    expect(parseNvidiaProcVersion('NVRM version: NVIDIA UNIX Open Kernel Module for aarch64  580.65.06  Release Build\n')).toMatchObject({ version: '580.65.06', open: true });
    expect(parseNvidiaProcVersion('something else')).toBeNull();
  });
});

describe('host resources', () => {
  it('reads memory in KiB and counts processors', () => {
    expect(parseMemTotalBytes('MemTotal:       24683620 kB\nMemFree: 1 kB\n')).toBe(24683620 * 1024);
    expect(parseMemTotalBytes('nothing')).toBeNull();
    expect(parseCpuinfo('processor\t: 0\nmodel name\t: AMD EPYC\n\nprocessor\t: 1\nmodel name\t: AMD EPYC\n')).toEqual({ logicalCount: 2, model: 'AMD EPYC' });
    expect(parseCpuinfo('')).toEqual({ logicalCount: null, model: null });
  });

  it('ignores block devices that are not disks', () => {
    expect(['nvme0n1', 'sda', 'vda', 'loop0', 'zram0', 'sr0', 'dm-0', 'md127'].filter(isPhysicalBlockDevice)).toEqual(['nvme0n1', 'sda', 'vda']);
  });
});

describe('CUDA toolkit versions', () => {
  it('reads nvcc, version.json, version.txt and cuda.h', () => {
    expect(parseNvccVersion('Cuda compilation tools, release 13.0, V13.0.88\nBuild cuda_13.0.r13.0/compiler')).toBe('13.0.88');
    expect(parseNvccVersion('Cuda compilation tools, release 10.1, V10.1.243')).toBe('10.1.243');
    expect(parseNvccVersion('bash: nvcc: command not found')).toBeNull();
    expect(parseVersionJson('{ "cuda": { "name": "CUDA SDK", "version": "12.4.1" } }')).toBe('12.4.1');
    expect(parseVersionJson('{ not json')).toBeNull();
    expect(parseVersionTxt('CUDA Version 11.0.228\n')).toBe('11.0.228');
    expect(parseCudaHeaderVersion('#define CUDA_VERSION 13000\n')).toBe('13.0');
    expect(parseCudaHeaderVersion('#define CUDA_VERSION 12080\n')).toBe('12.8');
    expect(parseCudaHeaderVersion('#define CUDART_VERSION 12080\n')).toBeNull();
  });

  it('reads cuDNN from its header or library names', () => {
    expect(parseCudnnHeader('#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 3\n#define CUDNN_PATCHLEVEL 0\n')).toBe('9.3.0');
    expect(parseCudnnHeader('#define CUDNN_MAJOR 9\n')).toBeNull();
    expect(cudnnVersionFromLibraryName('libcudnn.so.9.1.0')).toBe('9.1.0');
    expect(cudnnVersionFromLibraryName('libcudnn.so.8')).toBe('8');
    expect(cudnnVersionFromLibraryName('libcudnn_ops.so.9')).toBeNull();
  });
});

describe('docker', () => {
  it('parses versions, runtimes and daemon errors', () => {
    expect(parseDockerVersion('Docker version 28.2.2, build e6534b4\n')).toBe('28.2.2');
    expect(parseNvidiaCtkVersion('NVIDIA Container Toolkit CLI version 1.17.8\ncommit: abc\n')).toBe('1.17.8');
    expect(parseDockerInfoRuntimes('{"nvidia":{"path":"nvidia-container-runtime"},"runc":{"path":"runc"}}|runc\n')).toEqual({ runtimes: ['nvidia', 'runc'], defaultRuntime: 'runc' });
    expect(parseDockerInfoRuntimes('null|\n')).toBeNull();
    expect(classifyDaemonError('Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?')).toBe('unreachable');
    expect(classifyDaemonError('permission denied while trying to connect to the Docker daemon socket')).toBe('no-permission');
    expect(classifyDaemonError('something else')).toBe('error');
    expect(parseDaemonJsonRuntimes('{"runtimes":{"nvidia":{"path":"nvidia-container-runtime"}}}')).toEqual(['nvidia']);
    expect(parseDaemonJsonRuntimes('{}')).toEqual([]);
    expect(parseDaemonJsonRuntimes('{ broken')).toHaveProperty('error');
  });
});

describe('framework probe output', () => {
  const answer = {
    python: { version: '3.11.7', executable: '/usr/bin/python3', prefix: '/usr', platform: 'linux' },
    torch: { installed: false },
    tensorflow: { installed: false },
    jax: { installed: false },
  };

  it('takes the marked line even after a framework printed to stdout', () => {
    const parsed = parseProbeOutput(`some banner\nGPUWISE_PROBE_JSON:${JSON.stringify(answer)}\n`);
    expect(parsed).toMatchObject({ python: { version: '3.11.7' }, torch: { installed: false } });
  });

  it('says what is wrong with a missing, malformed or unexpected answer', () => {
    expect(parseProbeOutput('')).toEqual({ error: 'no probe result in the output', problem: 'none', parserSaid: '' });
    expect(parseProbeOutput('GPUWISE_PROBE_JSON:{oops')).toMatchObject({ error: expect.stringContaining('malformed'), problem: 'malformed' });
    expect(parseProbeOutput('GPUWISE_PROBE_JSON:{"python":1}')).toMatchObject({ error: expect.stringContaining('unexpected'), problem: 'unexpected', parserSaid: expect.stringMatching(/^python: /) });
  });
});

describe('the file-system seam', () => {
  it('re-roots POSIX and Windows paths under a recorded machine and returns errors as values', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gpuwise-fs-'));
    mkdirSync(join(root, 'etc'));
    writeFileSync(join(root, 'etc', 'os-release'), 'ID=ubuntu\n');
    mkdirSync(join(root, 'C', 'Python311'), { recursive: true });
    writeFileSync(join(root, 'C', 'Python311', 'python.exe'), '');
    symlinkSync('os-release', join(root, 'etc', 'link'));
    const fs = createNodeFs(root);
    expect(await fs.readText('/etc/os-release')).toEqual({ ok: true, value: 'ID=ubuntu\n' });
    expect(await fs.exists('C:\\Python311\\python.exe')).toBe(true);
    expect(await fs.readlink('/etc/link')).toEqual({ ok: true, value: 'os-release' });
    expect(await fs.readlink('/etc/os-release')).toMatchObject({ ok: false });
    expect(await fs.readText('/etc/missing')).toMatchObject({ ok: false, code: 'not-found' });
    expect(await fs.stat('/etc')).toEqual({ ok: true, value: { kind: 'directory', sizeBytes: expect.any(Number) } });
  });

  it('reads no FIFO (it would wait for a writer for ever) and at most MAX_READ_BYTES of a file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gpuwise-fs-'));
    execFileSync('mkfifo', [join(root, 'version.json')]);
    writeFileSync(join(root, 'huge'), Buffer.alloc(MAX_READ_BYTES + 4096, 'x'));
    const fs = createNodeFs(root);
    expect(await fs.readText('/version.json')).toMatchObject({ ok: false, code: 'not-a-file' });
    const huge = await fs.readText('/huge');
    expect(huge.ok && huge.value.length).toBe(MAX_READ_BYTES);
    expect(await fs.readBytes('/version.json')).toMatchObject({ ok: false, code: 'not-a-file' });
  });
});
