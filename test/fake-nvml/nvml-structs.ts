// Test glue for the fake's counter, sample, violation and GPM calls: NVML's structs packed and
// unpacked by hand at nvml.h's offsets (nvmlFieldValue_t 40 bytes, nvmlSample_t 16, ...), with
// the tests' own C declarations, so these tests do not depend on how gpuwise binds them.

import koffi from 'koffi';

import { code, type LoadedNvml } from './nvml-binding.js';
import type { Handle } from './session.js';

export const ALL_LINKS = 0xffffffff;
const FIELD_VALUE_SIZE = 40;

export interface FieldValue {
  fieldId: number;
  scopeId: number;
  timestampUs: bigint;
  latencyUs: bigint;
  valueType: number;
  rc: number;
  /** The value by its valueType: bigint for 64-bit types, number otherwise. */
  value: bigint | number;
}

function readValue(buffer: Buffer, at: number, valueType: number): bigint | number {
  switch (valueType) {
    case 0: return buffer.readDoubleLE(at);
    case 1: return buffer.readUInt32LE(at);
    case 2:
    case 3: return buffer.readBigUInt64LE(at);
    case 4: return buffer.readBigInt64LE(at);
    case 5: return buffer.readInt32LE(at);
    default: return buffer.readUInt16LE(at);
  }
}

/** nvmlDeviceGetFieldValues on (fieldId, scopeId) pairs; `count` overrides valuesCount. */
export function fieldValues(
  nvml: LoadedNvml,
  device: Handle,
  fields: readonly (number | readonly [number, number])[],
  count = fields.length,
): { rc: number; values: FieldValue[] } {
  const buffer = Buffer.alloc(Math.max(fields.length, 1) * FIELD_VALUE_SIZE, 0xcd);
  fields.forEach((field, i) => {
    const [id, scope] = typeof field === 'number' ? [field, 0] : field;
    buffer.writeUInt32LE(id, i * FIELD_VALUE_SIZE);
    buffer.writeUInt32LE(scope, i * FIELD_VALUE_SIZE + 4);
  });
  const rc = Number(nvml.declared('int nvmlDeviceGetFieldValues(void *device, int valuesCount, void *values)')(device, count, fields.length > 0 ? buffer : null));
  const values = fields.map((_, i) => {
    const at = i * FIELD_VALUE_SIZE;
    const valueType = buffer.readInt32LE(at + 24);
    return {
      fieldId: buffer.readUInt32LE(at),
      scopeId: buffer.readUInt32LE(at + 4),
      timestampUs: buffer.readBigInt64LE(at + 8),
      latencyUs: buffer.readBigInt64LE(at + 16),
      valueType,
      rc: buffer.readInt32LE(at + 28),
      value: readValue(buffer, at + 32, valueType),
    };
  });
  return { rc, values };
}

/** One field that must succeed, as a bigint (counters) or number. */
export function field(nvml: LoadedNvml, device: Handle, id: number, scope = 0): FieldValue {
  const { rc, values } = fieldValues(nvml, device, [[id, scope]]);
  if (rc !== code('SUCCESS') || values[0] === undefined) throw new Error(`nvmlDeviceGetFieldValues returned ${rc}`);
  return values[0];
}

export interface Sample {
  timeStampUs: bigint;
  value: number;
}

/** nvmlDeviceGetSamples; capacity null passes samples = NULL (the count query). */
export function samples(
  nvml: LoadedNvml,
  device: Handle,
  type: number,
  lastSeenUs: bigint,
  capacity: number | null,
): { rc: number; count: number; valueType: number; samples: Sample[] } {
  const valueType = Buffer.alloc(4, 0xee);
  const count = Buffer.alloc(4);
  count.writeUInt32LE(capacity ?? 0);
  const buffer = capacity === null ? null : Buffer.alloc(Math.max(capacity, 1) * 16, 0xcd);
  const rc = Number(nvml.declared(
    'int nvmlDeviceGetSamples(void *device, int type, unsigned long long lastSeen, void *valueType, void *count, void *samples)',
  )(device, type, lastSeenUs, valueType, count, buffer));
  const written = count.readUInt32LE(0);
  const out: Sample[] = [];
  for (let i = 0; buffer !== null && rc === code('SUCCESS') && i < written; i++) {
    out.push({ timeStampUs: buffer.readBigUInt64LE(i * 16), value: buffer.readUInt32LE(i * 16 + 8) });
  }
  return { rc, count: written, valueType: valueType.readInt32LE(0), samples: out };
}

/** nvmlDeviceGetViolationStatus: referenceTime µs, violationTime ns. */
export function violation(nvml: LoadedNvml, device: Handle, policy: number): { rc: number; referenceUs: bigint; ns: bigint } {
  const out = Buffer.alloc(16, 0xcd);
  const rc = Number(nvml.declared('int nvmlDeviceGetViolationStatus(void *device, int policy, void *violTime)')(device, policy, out));
  return { rc, referenceUs: out.readBigUInt64LE(0), ns: out.readBigUInt64LE(8) };
}

// -- GPM ---------------------------------------------------------------------------------------

export type GpmSample = unknown;

export function gpmSupport(nvml: LoadedNvml, device: Handle, version = 1): { rc: number; supported: number } {
  const out = Buffer.alloc(8);
  out.writeUInt32LE(version, 0);
  const rc = Number(nvml.declared('int nvmlGpmQueryDeviceSupport(void *device, void *support)')(device, out));
  return { rc, supported: out.readUInt32LE(4) };
}

export function gpmAlloc(nvml: LoadedNvml): GpmSample {
  const out: unknown[] = [null];
  const rc: unknown = nvml.declared('int nvmlGpmSampleAlloc(_Out_ void **sample)')(out);
  if (rc !== code('SUCCESS')) throw new Error(`nvmlGpmSampleAlloc returned ${String(rc)}`);
  return out[0];
}

export function gpmFree(nvml: LoadedNvml, sample: GpmSample): number {
  return Number(nvml.declared('int nvmlGpmSampleFree(void *sample)')(sample));
}

export function gpmGet(nvml: LoadedNvml, device: Handle, sample: GpmSample): number {
  return Number(nvml.declared('int nvmlGpmSampleGet(void *device, void *sample)')(device, sample));
}

export interface GpmMetric {
  rc: number;
  value: number;
}

/** nvmlGpmMetricsGet over two samples (pointers, or raw addresses for foreign ones). */
export function gpmMetrics(
  nvml: LoadedNvml,
  first: GpmSample | bigint,
  second: GpmSample | bigint,
  metricIds: readonly number[],
  options: { version?: number; numMetrics?: number } = {},
): { rc: number; metrics: GpmMetric[] } {
  const buffer = Buffer.alloc(24 + Math.max(metricIds.length, 1) * 40, 0);
  const address = (s: GpmSample | bigint): bigint => (typeof s === 'bigint' ? s : BigInt(koffi.address(s)));
  buffer.writeUInt32LE(options.version ?? 1, 0);
  buffer.writeUInt32LE(options.numMetrics ?? metricIds.length, 4);
  buffer.writeBigUInt64LE(address(first), 8);
  buffer.writeBigUInt64LE(address(second), 16);
  metricIds.forEach((id, i) => buffer.writeUInt32LE(id, 24 + i * 40));
  const rc = Number(nvml.declared('int nvmlGpmMetricsGet(void *metricsGet)')(buffer));
  const metrics = metricIds.map((_, i) => ({ rc: buffer.readInt32LE(28 + i * 40), value: buffer.readDoubleLE(32 + i * 40) }));
  return { rc, metrics };
}
