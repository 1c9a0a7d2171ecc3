// The fake's counters through koffi: nvmlDeviceGetFieldValues (PCIe and NVLink byte counters,
// power, energy, per-field errors) and nvmlDeviceGetViolationStatus. Counters follow the fake's
// clock, so a rate derived from two reads is the scenario frame's rate.

import { beforeAll, describe, expect, it } from 'vitest';

import { code } from './nvml-binding.js';
import { ALL_LINKS, field, fieldValues, violation } from './nvml-structs.js';
import { ensureFakeNvmlBuilt } from './paths.js';
import { deviceCount, deviceHandle, editedScenario, scenarioFile, withScenario } from './session.js';

beforeAll(async () => {
  await ensureFakeNvmlBuilt();
}, 180_000);

const FI = {
  eccCurrent: 1,
  eccPending: 2,
  eccSbeVolatile: 3,
  eccDbeVolatile: 4,
  eccSbeAggregate: 5,
  eccDbeAggregate: 6,
  perfPolicyPower: 74,
  memoryTemp: 82,
  totalEnergy: 83,
  nvlinkLinkCount: 91,
  nvlinkTx: 138,
  nvlinkRx: 139,
  powerAverage: 185,
  powerInstant: 186,
  powerMinLimit: 187,
  powerMaxLimit: 188,
  powerDefaultLimit: 189,
  powerCurrentLimit: 190,
  energy: 191,
  pcieTx: 197,
  pcieRx: 198,
} as const;
const ULL = 3;
const UINT = 1;

/** A one-GPU scenario with the given frames (JSON objects for device 0). */
function oneGpu(frames: { atSeconds: number; values: Record<string, unknown> }[], device: Record<string, unknown> = {}) {
  return scenarioFile(
    JSON.stringify({
      system: { driverVersion: '550.90.07', nvmlVersion: '12.550.90.07' },
      devices: [{ name: 'NVIDIA H100 80GB HBM3', uuid: 'GPU-1', pciBusId: '00000000:18:00.0', architecture: 'hopper', ...device }],
      timeline: frames.map((f) => ({ atSeconds: f.atSeconds, devices: [f.values] })),
    }),
  );
}

describe('nvmlDeviceGetFieldValues', () => {
  it('answers each field with its own type, return code and one timestamp for the call', async () => {
    await withScenario(
      '8x-h100',
      (nvml) => {
        deviceCount(nvml); // frame 0, at scenario time 0
        const { rc, values } = fieldValues(nvml, deviceHandle(nvml, 0), [
          FI.pcieTx, FI.pcieRx, FI.powerInstant, FI.powerAverage, FI.totalEnergy, FI.energy, FI.memoryTemp, 999, 0,
        ]);
        expect(rc).toBe(code('SUCCESS'));
        const [tx, rx, instant, average, total, energy, memTemp, unknown, zero] = values;
        expect(tx).toMatchObject({ rc: 0, valueType: ULL, value: 48213377024n });
        expect(rx).toMatchObject({ rc: 0, valueType: ULL, value: 193285210112n });
        expect(instant).toMatchObject({ rc: 0, valueType: UINT, value: 120020 });
        expect(average).toMatchObject({ rc: 0, valueType: UINT, value: 118420 });
        expect(total?.value).toBe(310551234000n);
        expect(energy?.value).toBe(total?.value);
        expect(memTemp).toMatchObject({ rc: 0, value: 30 });
        expect(unknown?.rc).toBe(code('ERROR_NOT_SUPPORTED'));
        expect(zero?.rc).toBe(code('ERROR_NOT_SUPPORTED'));
        expect(new Set(values.map((v) => v.timestampUs)).size).toBe(1);
        expect(values.every((v) => v.latencyUs === 0n)).toBe(true); // no cost modelled in 8x-h100
      },
      { step: true },
    );
  });

  it('advances PCIe and NVLink counters across frames by exactly rate × time', async () => {
    await withScenario(
      '8x-h100',
      (nvml) => {
        const read = () => {
          deviceCount(nvml);
          const device = deviceHandle(nvml, 0);
          return { tx: field(nvml, device, FI.pcieTx), nvlink: field(nvml, device, FI.nvlinkTx, ALL_LINKS), link3: field(nvml, device, FI.nvlinkTx, 3) };
        };
        const frame0 = read();
        const frame1 = read(); // atSeconds 1: frame 0's rate (12 KiB/s) applied for 1 s
        const frame2 = read(); // frame 1's NVLink rate: 191 406 250 KiB/s for 1 s
        expect(frame1.tx.timestampUs - frame0.tx.timestampUs).toBe(1_000_000n);
        expect(BigInt(frame1.tx.value) - BigInt(frame0.tx.value)).toBe(12n * 1024n);
        expect(BigInt(frame2.nvlink.value) - BigInt(frame1.nvlink.value)).toBe(191_406_250n);
        expect(BigInt(frame2.link3.value) - BigInt(frame1.link3.value)).toBeGreaterThanOrEqual(191_406_250n / 18n - 1n);
        expect(BigInt(frame2.link3.value) - BigInt(frame1.link3.value)).toBeLessThanOrEqual(191_406_250n / 18n + 1n);
      },
      { step: true },
    );
  });

  it('in time mode, two reads give the frame rate as Δvalue / Δtimestamp', async () => {
    const path = oneGpu([{ atSeconds: 0, values: { pcieTxKiBPerSecond: 1_000_000, pcieRxKiBPerSecond: 250_000 } }]);
    await withScenario(path, async (nvml) => {
      const device = deviceHandle(nvml, 0);
      const first = fieldValues(nvml, device, [FI.pcieTx, FI.pcieRx]).values;
      await new Promise((resolve) => setTimeout(resolve, 40));
      const second = fieldValues(nvml, device, [FI.pcieTx, FI.pcieRx]).values;
      const rate = (i: number) => {
        const seconds = Number((second[i]?.timestampUs ?? 0n) - (first[i]?.timestampUs ?? 0n)) / 1e6;
        return Number(BigInt(second[i]?.value ?? 0n) - BigInt(first[i]?.value ?? 0n)) / seconds;
      };
      expect(rate(0) / (1_000_000 * 1024)).toBeCloseTo(1, 3);
      expect(rate(1) / (250_000 * 1024)).toBeCloseTo(1, 3);
    });
  });

  it('scopes NVLink counters by link id or all links, and power fields to the GPU', async () => {
    await withScenario('8x-h100', (nvml) => {
      const device = deviceHandle(nvml, 0);
      const { values } = fieldValues(nvml, device, [
        [FI.nvlinkLinkCount, 0], [FI.nvlinkTx, 17], [FI.nvlinkTx, 18], [FI.powerInstant, 1], [FI.powerInstant, 2],
        FI.powerMinLimit, FI.powerMaxLimit, FI.powerDefaultLimit, FI.powerCurrentLimit,
      ]);
      expect(values.map((v) => v.rc)).toEqual([0, 0, code('ERROR_INVALID_ARGUMENT'), 3, 3, 0, 0, 0, 0]);
      expect(values[0]?.value).toBe(18);
      expect(values.slice(5).map((v) => v.value)).toEqual([200_000, 700_000, 700_000, 700_000]);
    });
    await withScenario('4gpu-server-load', (nvml) => {
      expect(fieldValues(nvml, deviceHandle(nvml, 0), [[FI.nvlinkTx, ALL_LINKS]]).values[0]?.rc).toBe(code('ERROR_NOT_SUPPORTED'));
    });
  });

  it('reports a scenario field rule in that entry alone; the call still succeeds', async () => {
    const path = editedScenario('8x-h100', (scenario) => {
      const devices = scenario.devices as Record<string, unknown>[];
      Object.assign(devices[0] ?? {}, {
        unsupportedFields: ['NVML_FI_DEV_PCIE_COUNT_TX_BYTES'],
        fieldErrors: { '186': 'NO_PERMISSION' },
      });
    });
    await withScenario(path, (nvml) => {
      const { rc, values } = fieldValues(nvml, deviceHandle(nvml, 0), [FI.pcieTx, FI.powerInstant, FI.pcieRx]);
      expect(rc).toBe(code('SUCCESS'));
      expect(values.map((v) => v.rc)).toEqual([code('ERROR_NOT_SUPPORTED'), code('ERROR_NO_PERMISSION'), 0]);
      expect(field(nvml, deviceHandle(nvml, 1), FI.pcieTx).rc).toBe(0); // only device 0 has the rules
    });
  });

  it('answers the ECC mode and the four ECC totals as nvmlDeviceGetTotalEccErrors does, NOT_SUPPORTED with ECC off', async () => {
    const ecc = [FI.eccCurrent, FI.eccPending, FI.eccSbeVolatile, FI.eccDbeVolatile, FI.eccSbeAggregate, FI.eccDbeAggregate];
    const path = editedScenario('8x-h100', (scenario) => {
      const devices = scenario.devices as Record<string, unknown>[];
      // Four different totals, so a swapped pair (single/double bit, volatile/aggregate) shows.
      Object.assign(devices[0] ?? {}, { eccErrorsCorrectedVolatile: 11, eccErrorsUncorrectedVolatile: 22, eccErrorsCorrectedAggregate: 33, eccErrorsUncorrectedAggregate: 44 });
      Object.assign(devices[1] ?? {}, { eccModeCurrent: false, eccModePending: true });
    });
    await withScenario(path, (nvml) => {
      const on = fieldValues(nvml, deviceHandle(nvml, 0), ecc).values;
      expect(on.map((v) => v.rc)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(on.map((v) => v.value)).toEqual([1, 1, 11n, 22n, 33n, 44n]);
      expect(on.slice(2).every((v) => v.valueType === ULL)).toBe(true);
      const off = fieldValues(nvml, deviceHandle(nvml, 1), ecc).values;
      expect(off.map((v) => v.value).slice(0, 2)).toEqual([0, 1]);
      expect(off.slice(2).map((v) => v.rc)).toEqual(Array(4).fill(code('ERROR_NOT_SUPPORTED')));
    });
  });

  it('imitates driver 470: no field ids past its NVML_FI_MAX, energy still there', async () => {
    await withScenario('old-driver', (nvml) => {
      const { values } = fieldValues(nvml, deviceHandle(nvml, 0), [FI.pcieTx, FI.powerInstant, FI.energy, FI.totalEnergy]);
      expect(values.map((v) => v.rc)).toEqual([3, 3, 3, 0]);
    });
  });

  it('refuses bad arguments, MIG handles and lost GPUs as the whole call', async () => {
    await withScenario('8x-h100', (nvml) => {
      expect(fieldValues(nvml, deviceHandle(nvml, 0), [FI.pcieTx], 0).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(fieldValues(nvml, deviceHandle(nvml, 0), [FI.pcieTx], -1).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(fieldValues(nvml, deviceHandle(nvml, 0), [], 1).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
    });
    await withScenario('a100-mig', (nvml) => {
      const mig: unknown[] = [null];
      expect(nvml.fn('nvmlDeviceGetMigDeviceHandleByIndex')(deviceHandle(nvml, 0), 0, mig)).toBe(0);
      expect(fieldValues(nvml, mig[0], [FI.totalEnergy]).rc).toBe(code('ERROR_NOT_SUPPORTED'));
    });
    await withScenario(
      'gpu-falls-off-bus',
      (nvml) => {
        const gpu1 = deviceHandle(nvml, 1);
        for (let i = 0; i < 3; i++) deviceCount(nvml); // frame 2: GPU 1 is lost
        expect(fieldValues(nvml, gpu1, [FI.totalEnergy]).rc).toBe(code('ERROR_GPU_IS_LOST'));
      },
      { step: true },
    );
  });
});

describe('nvmlDeviceGetViolationStatus', () => {
  it('counts time under a power cap from the clock event reasons, in ns', async () => {
    await withScenario(
      '4gpu-server-load',
      (nvml) => {
        const power = () => {
          deviceCount(nvml);
          return violation(nvml, deviceHandle(nvml, 0), 0);
        };
        const byFrame = [power(), power(), power(), power(), power()]; // atSeconds 0, 2, 4, 6, 8
        expect(byFrame.every((v) => v.rc === 0)).toBe(true);
        expect(byFrame[2]?.ns).toBe(0n); // no cap before 4 s
        expect((byFrame[3]?.ns ?? 0n) - (byFrame[2]?.ns ?? 0n)).toBe(2_000_000_000n); // capped 4-6 s
        expect(byFrame[4]?.ns).toBe(byFrame[3]?.ns); // stall 6-8 s: no cap
        expect((byFrame[4]?.referenceUs ?? 0n) - (byFrame[0]?.referenceUs ?? 0n)).toBe(8_000_000n);
        const lowUtil = violation(nvml, deviceHandle(nvml, 0), 4);
        expect(lowUtil).toMatchObject({ rc: 0, ns: 0n });
      },
      { step: true },
    );
  });

  it('takes an explicit share of time per policy, and reports it as fields 74-79 too', async () => {
    const path = oneGpu([
      { atSeconds: 0, values: { thermalViolationPercent: 25, clockEventReasons: '0x4' } },
      { atSeconds: 2, values: {} },
    ]);
    await withScenario(
      path,
      (nvml) => {
        deviceCount(nvml);
        deviceCount(nvml); // frame 1, 2 s later
        const device = deviceHandle(nvml, 0);
        expect(violation(nvml, device, 1).ns).toBe(500_000_000n); // 25 % of 2 s
        expect(violation(nvml, device, 0).ns).toBe(2_000_000_000n); // SW power cap bit for 2 s
        const fields = fieldValues(nvml, device, [74, 75, 76, 77, 78, 79]).values.map((v) => v.value);
        expect(fields).toEqual([2_000_000_000n, 500_000_000n, 0n, 0n, 0n, 0n]);
      },
      { step: true },
    );
  });

  it('answers NOT_SUPPORTED without reasons or for the clock-total policies, INVALID_ARGUMENT past the enum', async () => {
    const path = oneGpu([{ atSeconds: 0, values: { temperatureCelsius: 40 } }]);
    await withScenario(path, (nvml) => {
      expect(violation(nvml, deviceHandle(nvml, 0), 0).rc).toBe(code('ERROR_NOT_SUPPORTED'));
    });
    await withScenario('8x-h100', (nvml) => {
      const device = deviceHandle(nvml, 0);
      expect(violation(nvml, device, 10).rc).toBe(code('ERROR_NOT_SUPPORTED'));
      expect(violation(nvml, device, 12).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(violation(nvml, device, -1).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(Number(nvml.declared('int nvmlDeviceGetViolationStatus(void *device, int policy, void *violTime)')(device, 0, null))).toBe(code('ERROR_INVALID_ARGUMENT'));
    });
  });
});
