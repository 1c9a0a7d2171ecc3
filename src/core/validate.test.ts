import { describe, expect, it } from 'vitest';
import type { BackendProcess, BackendReading } from './backend.js';
import { emptyGpuDevice } from './empty-device.js';
import { checkRange, DEVICE_NUMERIC_FIELDS } from './fields.js';
import { validateReading } from './validate.js';

function device(values: Partial<Record<string, unknown>>) {
  const d = emptyGpuDevice(0, 'nvidia');
  Object.assign(d, values);
  return d;
}

function process(values: Partial<BackendProcess>): BackendProcess {
  return {
    pid: 4242, gpuIndex: 0, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: 'compute',
    usedMemoryBytes: 1024, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
    name: 'python3', ...values,
  };
}

function reading(devices: ReturnType<typeof device>[], processes: BackendProcess[] = []): BackendReading {
  return { driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} }, devices, processes, problems: [] };
}

describe('validateReading', () => {
  it('turns NVML u32 sentinels into null with reason out-of-range and a problem per field', () => {
    const out = validateReading(reading([device({ temperatureCelsius: 4294967295, powerDrawWatts: 4294967.295, smClockMhz: 1980 })]));
    const d = out.devices[0]!;
    expect(d.temperatureCelsius).toBeNull();
    expect(d.powerDrawWatts).toBeNull();
    expect(d.smClockMhz).toBe(1980);
    expect(d.unavailable.temperatureCelsius).toBe('out-of-range');
    expect(d.unavailable.powerDrawWatts).toBe('out-of-range');
    expect(out.problems.map((p) => p.code)).toEqual(['out-of-range', 'out-of-range']);
    expect(out.problems[0]!.message).toContain('4294967295');
  });

  it('rejects Infinity, NaN, -0 and 2^64-1 MiB as memory', () => {
    for (const value of [Infinity, NaN, -0, (2 ** 64 - 1) * 2 ** 20, -5]) {
      const out = validateReading(reading([device({ memoryTotalBytes: value })]));
      expect(out.devices[0]!.memoryTotalBytes).toBeNull();
      expect(out.devices[0]!.unavailable.memoryTotalBytes).toBe('out-of-range');
    }
  });

  it('clamps a small utilisation overshoot but rejects garbage percentages', () => {
    const out = validateReading(reading([device({ gpuUtilPercent: 101, memoryUtilPercent: 4294967295 })]));
    expect(out.devices[0]!.gpuUtilPercent).toBe(100);
    expect(out.devices[0]!.memoryUtilPercent).toBeNull();
  });

  it('checks ECC counters and MIG memory', () => {
    const d = device({ eccErrors: { correctedVolatile: 2 ** 64 - 1, uncorrectedVolatile: 0, correctedAggregate: 3, uncorrectedAggregate: null } });
    d.migDevices.push({ index: 0, uuid: null, name: null, gpuInstanceId: 1, computeInstanceId: 0, multiprocessorCount: 14, memoryTotalBytes: Infinity, memoryUsedBytes: 10, memoryFreeBytes: 10 });
    const out = validateReading(reading([d]));
    expect(out.devices[0]!.eccErrors).toEqual({ correctedVolatile: null, uncorrectedVolatile: 0, correctedAggregate: 3, uncorrectedAggregate: null });
    expect(out.devices[0]!.migDevices[0]!.memoryTotalBytes).toBeNull();
  });

  it('drops processes with impossible PIDs and nulls impossible process memory', () => {
    const out = validateReading(reading([device({})], [process({ pid: -0 }), process({ pid: 0 }), process({ pid: 1.5 }), process({ pid: 77, usedMemoryBytes: 2 ** 64 })]));
    expect(out.processes.map((p) => p.pid)).toEqual([77]);
    expect(out.processes[0]!.usedMemoryBytes).toBeNull();
    expect((out.processes[0] as { unavailable?: Record<string, string> }).unavailable).toEqual({ usedMemoryBytes: 'out-of-range' });
    expect(out.problems).toHaveLength(4);
  });

  it('returns the same reading when everything is possible', () => {
    const r = reading([device({ temperatureCelsius: 41, memoryTotalBytes: 80 * 2 ** 30 })], [process({})]);
    expect(validateReading(r)).toBe(r);
  });

  it('every range admits the values a real H100 reports', () => {
    const h100: Record<string, number> = { memoryTotalBytes: 85520809984, temperatureCelsius: 33, powerDrawWatts: 71.5, smClockMhz: 1980, memoryClockMhz: 2619, pcieLinkGeneration: 5, pcieLinkWidth: 16, performanceState: 0, energyConsumedJoules: 123456789 };
    for (const [field, value] of Object.entries(h100)) {
      expect(checkRange(DEVICE_NUMERIC_FIELDS[field as keyof typeof DEVICE_NUMERIC_FIELDS], value)).toEqual({ ok: true, value });
    }
  });
});

describe('field table', () => {
  it('every numeric device field has a help text in both languages, and DCGM names are unique', async () => {
    const { CATALOG } = await import('../i18n/catalog.js');
    const names = new Set<string>();
    for (const [field, meta] of Object.entries(DEVICE_NUMERIC_FIELDS)) {
      for (const locale of ['en', 'zh-CN'] as const) {
        expect((CATALOG[locale] as Record<string, string>)[`field.${field}.help`], `${locale} help for ${field}`).toBeTruthy();
      }
      const dcgm = (meta as { dcgm?: { name: string } }).dcgm;
      if (dcgm) {
        expect(names.has(dcgm.name), dcgm.name).toBe(false);
        names.add(dcgm.name);
      }
      expect(meta.min).toBeLessThan(meta.max);
    }
  });
});

describe('sub-second samples', () => {
  it('drops impossible samples (a gap, not a spike) with one problem per series, and keeps the rest', () => {
    const r = reading([device({})]);
    r.samples = [
      { deviceIndex: 0, uuid: null, metric: 'gpuUtilPercent', timesMs: [1, 2, 3, 4], values: [10, 4294967295, 101, Number.NaN] },
      { deviceIndex: 0, uuid: null, metric: 'powerDrawWatts', timesMs: [1, 2], values: [300, 310] },
    ];
    const out = validateReading(r);
    expect(out.samples![0]).toMatchObject({ timesMs: [1, 3], values: [10, 100] });
    expect(out.samples![1]).toBe(r.samples[1]);
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]!.message).toContain('samples.gpuUtilPercent (2 of 4)');
  });
});
