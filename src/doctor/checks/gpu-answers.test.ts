// A driver that opened is not a driver that answers: a GPU lost from the bus, a GPU whose read
// ran out of time, a driver that did not give even its version, a read that failed — each is a
// problem with the steps that bring the GPU back, never "NVML answers" or "on for all 1 GPU".

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { GpuDevice } from '../../core/snapshot.js';
import { createTranslator } from '../../i18n/index.js';
import { findCheck, renderDoctorText, runDoctor } from '../index.js';
import type { DoctorInputs } from '../inputs.js';
import { makeGpuDevice } from '../testing/devices.js';
import { createMemoryEnv } from '../testing/memory-env.js';

const plain = pc.createColors(false);
const DRIVER = { driverVersion: '550.127.05', cudaDriverVersion: '12.4', nvmlVersion: '12.550.127.05', unavailable: {} };
const pci: DoctorInputs['pci'] = {
  ok: true,
  devices: ['07', '08'].map((slot) => ({ address: `0000:00:${slot}.0`, vendor: 'nvidia' as const, vendorId: '10de', deviceId: '2236', name: 'GA102GL [A10]', kernelDriver: 'nvidia' })),
};

function a10(index: number, fields: Partial<GpuDevice> = {}): GpuDevice {
  return makeGpuDevice({ index, name: 'NVIDIA A10', computeCapability: '8.6', pciBusId: `00000000:00:0${7 + index}.0`, persistenceMode: true, ...fields });
}

const hung = (index: number) =>
  a10(index, { state: 'error', stateDetail: 'NVML did not answer within 3000 ms; a GPU or the driver may be hung', persistenceMode: null, unavailable: { gpuUtilPercent: 'timeout', memoryUsedBytes: 'timeout' } });

async function doctor(reading: NonNullable<DoctorInputs['gpu']>['reading'], readError: string | null = null, bus: DoctorInputs['pci'] = pci) {
  const env = createMemoryEnv({
    files: { '/etc/os-release': 'ID=ubuntu\nVERSION_ID="22.04"\n', '/proc/version': 'Linux version 5.15.0-1-generic', '/proc/modules': 'nvidia 1 0 - Live 0x0\n' },
  });
  const gpu: DoctorInputs['gpu'] = { attempts: [{ id: 'nvml', ok: true, unavailable: null, durationMs: 1 }], openedBackend: 'nvml', reading, readError };
  const report = await runDoctor(env, { gpu, pci: bus, host: null });
  const said = (locale: 'en' | 'zh-CN') => renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: true });
  return { report, nvml: findCheck(report, 'driver.nvml')!, said };
}

describe('driver.nvml when the driver opened but does not answer', () => {
  it('two GPUs that answer: NVML answers (the control)', async () => {
    const { nvml, report } = await doctor({ driver: DRIVER, devices: [a10(0), a10(1)] });
    expect(nvml.status).toBe('ok');
    expect(findCheck(report, 'driver.persistence')?.summary).toEqual({ key: 'doctor.driver.persistence.on', params: { count: 2 } });
  });

  it('a GPU that fell off the bus is a problem, with the Xid log and a reboot, in both languages', async () => {
    const { nvml, said } = await doctor({ driver: DRIVER, devices: [a10(0), a10(1, { state: 'lost', stateDetail: 'GPU_IS_LOST', persistenceMode: null })] });
    expect(nvml.status).toBe('fail');
    expect(nvml.fix?.steps.flatMap((s) => s.commands)).toEqual(["sudo dmesg | grep -iE 'NVRM|Xid' | tail -n 20", 'sudo reboot']);
    expect(said('en')).toContain('✗ NVIDIA management library (NVML): The driver lists 2 GPUs, but GPU 1 has fallen off the bus: it no longer answers.');
    expect(said('en')).toContain('GPU 1 (00000000:00:08.0): lost — the reader said: GPU_IS_LOST');
    expect(said('zh-CN')).toContain('驱动列出了 2 块 GPU，但 GPU 1 已从总线上掉线，不再响应。');
    expect(said('en')).not.toContain('NVML answers');
  });

  it('a hung GPU is a problem, and persistence says only what the GPUs that answered said', async () => {
    const { nvml, report, said } = await doctor({ driver: DRIVER, devices: [a10(0), hung(1)] });
    expect(nvml.status).toBe('fail');
    expect(nvml.summary).toMatchObject({ key: 'doctor.driver.nvml.gpuSilent', params: { count: 1, total: 2 }, lists: { gpus: ['1'] } });
    expect(said('zh-CN')).toContain('GPU 1（00000000:00:08.0）：读取超时。');
    // The reader's English words are not repeated in a Chinese line for a timeout.
    expect(said('zh-CN')).not.toContain('did not answer within');
    const persistence = findCheck(report, 'driver.persistence')!;
    expect(said('en')).toContain('Persistence mode: On for the 1 of 2 GPUs that answered; the others did not say.');
    expect(persistence.summary.key).toBe('doctor.driver.persistence.onSome');
  });

  it('zh-CN joins several silent GPUs with 、', async () => {
    const { said } = await doctor({ driver: DRIVER, devices: [hung(0), hung(1)] });
    expect(said('zh-CN')).toContain('但 GPU 0、1 没有响应读取');
    expect(said('en')).toContain('but GPUs 0, 1 did not answer its read');
  });

  it('a driver that did not give its version in time is hung, not “NVML answers: driver ?”', async () => {
    const unavailable = { driverVersion: 'timeout', cudaDriverVersion: 'timeout', nvmlVersion: 'timeout' } as const;
    const { nvml, said } = await doctor({ driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable }, devices: [] });
    expect(nvml.status).toBe('fail');
    expect(nvml.summary.key).toBe('doctor.driver.nvml.driverHung');
    expect(said('en')).not.toContain('NVML answers: driver ?');
    expect(said('zh-CN')).toContain('NVML 已打开，但驱动没有及时应答');
  });

  it('a silent driver with no GPU on the bus is not “no NVIDIA GPU on this machine”', async () => {
    const unavailable = { driverVersion: 'timeout', cudaDriverVersion: 'timeout', nvmlVersion: 'timeout' } as const;
    const { nvml, report } = await doctor({ driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable }, devices: [] }, null, { ok: true, devices: [] });
    expect(nvml.summary.key).toBe('doctor.driver.nvml.driverHung');
    const hardware = findCheck(report, 'hardware.gpus')!;
    expect(hardware.status).toBe('warn');
    expect(hardware.summary.key).toBe('doctor.hardware.gpus.driverSilent');
  });

  it('a read that failed is said, its text escaped', async () => {
    const { nvml, said } = await doctor(null, 'worker exited \u001b]0;pwned\u0007');
    expect(nvml.status).toBe('fail');
    expect(nvml.summary.key).toBe('doctor.driver.nvml.readFailed');
    expect(said('en')).toContain('Reading the GPUs failed — the reader said: worker exited \\e]0;pwned\\x07');
  });
});
