// The framework probe's answer, read as untrusted input: the structure is checked by a schema,
// and every number by what a machine can have. A framework that says it uses -5 GPUs (a broken
// install, a stub module, a corrupted line) is not believed: the value is dropped and named in
// `impossible`, and the framework checks report that instead of a ✓.

import { z } from 'zod';
import { MAX_GPUS_PER_MACHINE } from '../../system/limits.js';
import { PROBE_MARKER } from '../probes/framework-probe.js';

const nullableString = z.string().nullable().optional();
// Numbers are checked after the schema, one by one, so one bad number costs that number only.
const number = z.unknown().optional();

const deviceSchema = z.object({
  name: nullableString,
  computeCapability: nullableString,
  platform: nullableString,
  memoryTotalBytes: number,
});
const frameworkSchema = z.object({
  installed: z.boolean(),
  importError: z.string().optional(),
  probeError: z.string().optional(),
  version: z.string().optional(),
  cudaBuild: nullableString,
  hipBuild: nullableString,
  cudnnVersion: number,
  cudnnBuild: nullableString,
  archList: z.array(z.string()).optional(),
  gpuAvailable: z.boolean().optional(),
  deviceCount: number,
  devices: z.array(deviceSchema).optional(),
  kernelTest: z.string().optional(),
  initError: z.string().optional(),
  buildInfoError: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  jaxlibVersion: nullableString,
  cudaPlugins: z.array(z.string()).optional(),
  backend: nullableString,
});
const probeSchema = z.object({
  python: z.object({ version: z.string(), executable: z.string(), prefix: z.string(), platform: z.string() }),
  torch: frameworkSchema,
  tensorflow: frameworkSchema,
  jax: frameworkSchema,
});

/** A number the probe reported that no machine can have: which field, and the value as sent. */
export interface ImpossibleValue {
  field: string;
  value: string;
}

export interface FrameworkDevice {
  name?: string | null;
  computeCapability?: string | null;
  platform?: string | null;
  memoryTotalBytes?: number | null;
}

type RawFramework = z.infer<typeof frameworkSchema>;

export type FrameworkProbe = Omit<RawFramework, 'deviceCount' | 'cudnnVersion' | 'devices'> & {
  /** GPUs the framework uses: an integer from 0 to MAX_GPUS_PER_MACHINE; absent when not said or impossible. */
  deviceCount?: number;
  /** The encoded cuDNN version (8907, 90100); null when none or impossible. */
  cudnnVersion?: number | null;
  devices?: FrameworkDevice[];
  /** Numbers dropped as impossible; empty when every number was believable. */
  impossible: ImpossibleValue[];
};

export interface ProbeOutput {
  python: z.infer<typeof probeSchema>['python'];
  torch: FrameworkProbe;
  tensorflow: FrameworkProbe;
  jax: FrameworkProbe;
}

// cuDNN 99.99.99 encodes as 999999; anything above is no cuDNN version.
const MAX_CUDNN_ENCODED = 999_999;

function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** An integer in [min, max], or the reason it is not one. */
function integerIn(value: unknown, min: number, max: number): number | 'impossible' {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max && !Object.is(value, -0) ? value : 'impossible';
}

function normalizeFramework(raw: RawFramework): FrameworkProbe {
  const impossible: ImpossibleValue[] = [];
  const { deviceCount: rawCount, cudnnVersion: rawCudnn, devices: rawDevices, ...rest } = raw;
  const out: FrameworkProbe = { ...rest, impossible };
  if (rawCount !== undefined) {
    const count = integerIn(rawCount, 0, MAX_GPUS_PER_MACHINE);
    if (count === 'impossible') impossible.push({ field: 'deviceCount', value: show(rawCount) });
    else out.deviceCount = count;
  }
  // "GPU available" with no GPU contradicts itself as surely as a negative count.
  if (raw.gpuAvailable === true && out.deviceCount === 0) impossible.push({ field: 'deviceCount', value: '0' });
  if (rawCudnn !== undefined) {
    const cudnn = rawCudnn === null ? null : integerIn(rawCudnn, 1, MAX_CUDNN_ENCODED);
    if (cudnn === 'impossible') impossible.push({ field: 'cudnnVersion', value: show(rawCudnn) });
    out.cudnnVersion = cudnn === 'impossible' ? null : cudnn;
  }
  if (rawDevices !== undefined) {
    if (rawDevices.length > MAX_GPUS_PER_MACHINE) impossible.push({ field: 'devices', value: `${rawDevices.length} entries` });
    out.devices = rawDevices.slice(0, MAX_GPUS_PER_MACHINE).map(({ memoryTotalBytes, ...device }, index) => {
      if (memoryTotalBytes === undefined || memoryTotalBytes === null) return { ...device, memoryTotalBytes };
      const bytes = integerIn(memoryTotalBytes, 0, Number.MAX_SAFE_INTEGER);
      if (bytes === 'impossible') impossible.push({ field: `devices[${index}].memoryTotalBytes`, value: show(memoryTotalBytes) });
      return { ...device, memoryTotalBytes: bytes === 'impossible' ? null : bytes };
    });
  }
  return out;
}

/** Why no answer could be read: none printed, not JSON, or JSON not of the probe's shape. */
export type ProbeAnswerProblem = 'none' | 'malformed' | 'unexpected';

/** Reads the marked JSON line the probe prints last; frameworks may have printed before it. */
export function parseProbeOutput(stdout: string): ProbeOutput | { error: string; problem: ProbeAnswerProblem; parserSaid: string } {
  let line: string | undefined;
  // From the end: the marker line is last, and a framework's chatter before it may be megabytes.
  for (let end = stdout.length; end > 0 && line === undefined; ) {
    const start = stdout.lastIndexOf('\n', end - 1) + 1;
    const candidate = stdout.slice(start, end);
    if (candidate.startsWith(PROBE_MARKER)) line = candidate;
    end = start - 1;
  }
  if (line === undefined) return { error: 'no probe result in the output', problem: 'none', parserSaid: '' };
  let data: unknown;
  try {
    data = JSON.parse(line.slice(PROBE_MARKER.length));
  } catch (error) {
    const parserSaid = error instanceof Error ? error.message : String(error);
    return { error: `malformed probe JSON: ${parserSaid}`, problem: 'malformed', parserSaid };
  }
  const parsed = probeSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const parserSaid = issue ? `${issue.path.join('.')}: ${issue.message}` : '';
    return { error: `unexpected probe JSON: ${parserSaid}`, problem: 'unexpected', parserSaid };
  }
  const { python, torch, tensorflow, jax } = parsed.data;
  return { python, torch: normalizeFramework(torch), tensorflow: normalizeFramework(tensorflow), jax: normalizeFramework(jax) };
}
