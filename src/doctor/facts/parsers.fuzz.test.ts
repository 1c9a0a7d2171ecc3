// Every parser of probe output and machine files in the doctor, fuzzed (seeded, so a failure is
// reproduced by its seed) and checked for linear time on long runs of spaces: no throw, no
// non-finite number, every count and size within what a machine can have, every version one
// that compares as numbers.

import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import { expectLinear } from '../../../test/fuzz/scaling.js';
import { MAX_GPUS_PER_MACHINE } from '../../system/limits.js';
import { archListCovers } from '../checks/frameworks-common.js';
import { decodeCudnnVersion } from '../compat/cudnn.js';
import { pytorchLocalTag } from '../compat/pytorch-builds.js';
import { compareVersions, parseVersion } from '../compat/versions.js';
import { psQuote, shQuote } from '../fixes/shell-quote.js';
import { PROBE_MARKER } from '../probes/framework-probe.js';
import { engineFromCgroup } from './container.js';
import { parseCudaHeaderVersion, parseNvccVersion, parseVersionJson, parseVersionTxt } from './cuda-toolkits.js';
import { cudnnVersionFromLibraryName, parseCudnnHeader } from './cudnn.js';
import { classifyDaemonError, parseDaemonJsonRuntimes, parseDockerInfoRuntimes, parseDockerVersion, parseNvidiaCtkVersion } from './docker.js';
import { parseBlockSizeBytes, parseCpuinfo, parseMemTotalBytes } from './host-resources.js';
import { parseNvidiaProcVersion, parseProcModules } from './kernel-modules.js';
import { detectWsl, parseOsRelease, parseWindowsVer } from './os.js';
import { parseProbeOutput, type FrameworkProbe } from './python.js';
import { parseMokutilState, parseSecureBootEfivar } from './secure-boot.js';

const PROBE = `${PROBE_MARKER}${JSON.stringify({
  python: { version: '3.10.12', executable: '/usr/bin/python3', prefix: '/usr', platform: 'linux' },
  torch: { installed: true, version: '2.5.1+cu121', cudaBuild: '12.1', cudnnVersion: 90100, archList: ['sm_80', 'sm_90'], gpuAvailable: true, deviceCount: 2, devices: [{ name: 'NVIDIA RTX A6000', computeCapability: '8.6', memoryTotalBytes: 50925535232 }] },
  tensorflow: { installed: true, version: '2.17.0', gpuAvailable: true, deviceCount: 1, devices: [{ name: '/physical_device:GPU:0', computeCapability: '8.6' }] },
  jax: { installed: true, version: '0.4.35', gpuAvailable: false, deviceCount: 0, devices: [{ name: 'cpu', platform: 'cpu' }] },
})}\n`;

/** Checks a version string: null, or digits that compare as finite numbers. */
function expectVersion(value: string | null): void {
  if (value === null) return;
  const parts = parseVersion(value);
  expect(parts).not.toBeNull();
  for (const part of parts ?? []) expect(Number.isSafeInteger(part)).toBe(true);
}

/** No number anywhere in a result is NaN, ±Infinity or -0. */
function expectFiniteNumbers(value: unknown, path = '$'): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0)) throw new Error(`${path} is ${value}`);
  } else if (Array.isArray(value)) value.forEach((item, i) => expectFiniteNumbers(item, `${path}[${i}]`));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) expectFiniteNumbers(v, `${path}.${k}`);
}

function expectFramework(framework: FrameworkProbe): void {
  if (framework.deviceCount !== undefined) {
    expect(Number.isInteger(framework.deviceCount) && framework.deviceCount >= 0 && framework.deviceCount <= MAX_GPUS_PER_MACHINE).toBe(true);
  }
  const cudnn = framework.cudnnVersion;
  if (cudnn !== undefined && cudnn !== null) expect(decodeCudnnVersion(cudnn)).not.toBeNull();
  for (const device of framework.devices ?? []) {
    const bytes = device.memoryTotalBytes;
    if (bytes !== undefined && bytes !== null) expect(Number.isSafeInteger(bytes) && bytes >= 0).toBe(true);
  }
}

interface Parser {
  name: string;
  samples: string[];
  /** Cases per round (default 1): the probe output, the richest input, gets more. */
  weight?: number;
  /** Runs the parser and checks what it returned beyond "finite numbers". */
  check: (input: string) => unknown;
}

const version = (parse: (text: string) => string | null) => (input: string) => {
  const out = parse(input);
  expectVersion(out);
  return out;
};

const PARSERS: Parser[] = [
  {
    name: 'probe output',
    samples: [PROBE, `torch banner\n${PROBE}`],
    weight: 10,
    check: (input) => {
      const out = parseProbeOutput(input);
      if (!('error' in out)) for (const framework of [out.torch, out.tensorflow, out.jax]) expectFramework(framework);
      return out;
    },
  },
  { name: 'nvcc --version', samples: ['nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 13.0, V13.0.88\n'], check: version(parseNvccVersion) },
  { name: 'version.json', samples: ['{"cuda":{"name":"CUDA SDK","version":"12.4.1"}}'], check: version(parseVersionJson) },
  { name: 'version.txt', samples: ['CUDA Version 11.0.228\n'], check: version(parseVersionTxt) },
  { name: 'cuda.h', samples: ['#ifndef CUDA_H\n#define CUDA_VERSION 13000\n#endif\n'], check: version(parseCudaHeaderVersion) },
  { name: 'cudnn_version.h', samples: ['#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n'], check: version(parseCudnnHeader) },
  { name: 'libcudnn name', samples: ['libcudnn.so.9.1.0', 'libcudnn.so.8'], check: version(cudnnVersionFromLibraryName) },
  { name: '/proc/modules', samples: ['nvidia_uvm 1437696 0 - Live 0x0\nnvidia 56721408 1 nvidia_uvm, Live 0x0\n'], check: parseProcModules },
  {
    name: '/proc/driver/nvidia/version',
    samples: ['NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.86.15  Release Build  (dvs-builder@U16-I3-B03-4-3)\nGCC version:  gcc version 12.2.0\n'],
    check: (input) => {
      const out = parseNvidiaProcVersion(input);
      expectVersion(out?.version ?? null);
      return out;
    },
  },
  { name: 'docker --version', samples: ['Docker version 28.2.2, build e6534b4\n'], check: version(parseDockerVersion) },
  { name: 'nvidia-ctk --version', samples: ['NVIDIA Container Toolkit CLI version 1.17.8\ncommit: 3b6d0c7\n'], check: version(parseNvidiaCtkVersion) },
  { name: 'docker errors', samples: ['Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?'], check: classifyDaemonError },
  { name: 'docker info runtimes', samples: ['{"io.containerd.runc.v2":{"path":"runc"},"nvidia":{"path":"nvidia-container-runtime"}}|runc\n'], check: parseDockerInfoRuntimes },
  { name: 'daemon.json', samples: ['{"runtimes":{"nvidia":{"path":"nvidia-container-runtime","runtimeArgs":[]}}}'], check: parseDaemonJsonRuntimes },
  {
    name: '/proc/meminfo',
    samples: ['MemTotal:       24604584 kB\nMemFree:         1203400 kB\n'],
    check: (input) => {
      const out = parseMemTotalBytes(input);
      if (out !== null) expect(Number.isSafeInteger(out) && out >= 0).toBe(true);
      return out;
    },
  },
  {
    name: '/proc/cpuinfo',
    samples: ['processor\t: 0\nmodel name\t: AMD EPYC 7B13\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n'],
    check: (input) => {
      const out = parseCpuinfo(input);
      if (out.logicalCount !== null) expect(Number.isSafeInteger(out.logicalCount) && out.logicalCount > 0).toBe(true);
      return out;
    },
  },
  {
    name: '/sys/block/*/size',
    samples: ['500118192\n'],
    check: (input) => {
      const out = parseBlockSizeBytes(input);
      if (out !== null) expect(Number.isSafeInteger(out) && out >= 0).toBe(true);
      return out;
    },
  },
  { name: 'os-release', samples: ['NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\nPRETTY_NAME="Ubuntu 24.04.1 LTS"\n'], check: parseOsRelease },
  { name: '/proc/version (WSL)', samples: ['Linux version 5.15.153.1-microsoft-standard-WSL2 (root@x) (gcc (GCC) 11.2.0)'], check: (input) => detectWsl(input, { WSL_DISTRO_NAME: input.slice(0, 20) }) },
  { name: 'ver', samples: ['\r\nMicrosoft Windows [Version 10.0.22631.4460]\r\n'], check: version(parseWindowsVer) },
  { name: 'mokutil --sb-state', samples: ['SecureBoot enabled\n'], check: parseMokutilState },
  { name: 'SecureBoot efivar', samples: ['\u0006\u0000\u0000\u0000\u0001'], check: (input) => parseSecureBootEfivar(new TextEncoder().encode(input)) },
  { name: '/proc/1/cgroup', samples: ['0::/docker/3f1a2b\n', '12:cpu:/kubepods/burstable/pod1/abc\n'], check: engineFromCgroup },
  {
    name: 'versions',
    samples: ['535.104.05', '2.5.1+cu121', 'v12.8'],
    check: (input) => {
      const compared = compareVersions(input, '12.8.0');
      expect(Number.isFinite(compared)).toBe(true);
      return { parts: parseVersion(input), compared, tag: pytorchLocalTag(input) };
    },
  },
  { name: 'arch list', samples: ['sm_80 sm_90a compute_90'], check: (input) => archListCovers(input.split(' '), input.slice(0, 4)) },
  { name: 'quoting', samples: ["/opt/it's here", 'C:\\Program Files\\x'], check: (input) => [shQuote(input), psQuote(input)] },
];

const NUMBERS = ['-5', '-0', '1.5', '1e400', '1e308', '18446744073709551615', '4294967295', '"2"', 'null', 'true', '[]', '1e-7', '9'.repeat(40)];

/** `sample` with one of its numbers (any one) replaced by a hostile number. */
function swapNumber(sample: string, fuzz: ReturnType<typeof createFuzzer>): string {
  // JSON numbers (after `:`, `[` or `,`) when there are any, else any digits.
  const json = [...sample.matchAll(/(?<=[:[,])-?\d+(\.\d+)?/g)];
  const numbers = json.length > 0 ? json : [...sample.matchAll(/\d+(\.\d+)?/g)];
  const chosen = numbers.length > 0 ? fuzz.pick(numbers) : undefined;
  if (chosen?.index === undefined) return sample;
  return sample.slice(0, chosen.index) + fuzz.pick(NUMBERS) + sample.slice(chosen.index + chosen[0].length);
}

describe('doctor parsers under fuzzing', () => {
  it('survive 4000 seeded hostile inputs: no throw, only finite numbers in range', () => {
    let cases = 0;
    for (let seed = 1; cases < 4000; seed++) {
      const fuzz = createFuzzer(seed);
      for (const parser of PARSERS.flatMap((p) => Array<Parser>(p.weight ?? 1).fill(p))) {
        const sample = fuzz.pick(parser.samples);
        // Sample-based mutations, a number swapped for a hostile one, or plain hostile text.
        const input = [
          () => fuzz.mutate(sample),
          () => swapNumber(sample, fuzz),
          () => fuzz.text(200),
        ][fuzz.int(3)]?.() ?? sample;
        try {
          expectFiniteNumbers(parser.check(input));
        } catch (error) {
          throw new Error(`${parser.name}, seed ${seed}: ${error instanceof Error ? error.message : String(error)}\ninput: ${JSON.stringify(input.slice(0, 300))}`);
        }
        cases++;
      }
    }
    expect(cases).toBeGreaterThanOrEqual(4000);
  }, 60_000);
});

/** Inputs with a long run of spaces where each parser's patterns would backtrack if they could. */
function spaced(n: number): { parser: Parser; input: string }[] {
  const s = ' '.repeat(n);
  const templates: Record<string, string[]> = {
    'probe output': [s, `${PROBE_MARKER}${s}`, `${s}${PROBE_MARKER}{${s}`],
    'nvcc --version': [`release${s}12.4,${s}V`, `release${s}`, s],
    'version.txt': [`CUDA Version${s}`],
    'cuda.h': [`#define${s}CUDA_VERSION${s}`],
    'cudnn_version.h': [`#define${s}CUDNN_MAJOR${s}`],
    'libcudnn name': [`libcudnn.so.${s}`],
    '/proc/modules': [`${s}nvidia${s}\n`],
    '/proc/driver/nvidia/version': [`NVRM version: NVIDIA UNIX Kernel Module${s}`],
    'docker --version': [`Docker version${s}`],
    'nvidia-ctk --version': [`version${s}1.`],
    '/proc/meminfo': [`MemTotal:${s}123${s}`],
    '/proc/cpuinfo': [`processor${s}`, `model name${s}:${s}`],
    'os-release': [`ID=${s}`, `${s}ID=ubuntu${s}`],
    'ver': [`[Version${s}`],
    versions: [`${s}1.2`, `1.2+${s}`],
    'arch list': [`${s}sm_80${s}`],
    quoting: [`${s}'`],
  };
  return PARSERS.flatMap((parser) => (templates[parser.name] ?? [s]).map((input) => ({ parser, input })));
}

describe('doctor parsers in linear time', () => {
  it('take no more than ×8 as long when a run of spaces grows ×4 (512 KB → 2 MB)', () => {
    const MB = 1024 * 1024;
    // The shared check: CPU time, the sizes taking turns, measured again when a burst of load
    // spoils one measurement (a quadratic parser is ×16 every time); also at 8 → 32 KiB.
    expectLinear(spaced, (cases: { parser: Parser; input: string }[]) => {
      for (const { parser, input } of cases) parser.check(input);
    }, 2 * MB);
  }, 60_000);
});
