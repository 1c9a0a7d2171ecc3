// `doctor --from` on collect_env outputs copied from public issue threads (their sources are in
// test/fixtures/import/SOURCES.md): the same checks as on a live machine, giving the verdict each
// thread's answer was — a driver too old for the wheel, a CPU-only wheel, no driver at all.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { ImportError } from '../../import/types.js';
import { localizeReport } from '../report/localize.js';
import { renderDoctorText } from '../report/render-text.js';
import type { DoctorReport } from '../report/report.js';
import type { CheckResult } from '../types.js';
import { readPaste, runDoctorOnPaste } from './run-from.js';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/import');
const SHARED_ROCM = path.resolve(DIR, '../../../../shared/fixtures/rocm-smi/mi100_rocm-5.7.1.json');
const fixture = (name: string) => readFileSync(path.join(DIR, name), 'utf8');
const NOW = () => new Date('2026-12-01T00:00:00Z');
const check = (report: DoctorReport, id: string): CheckResult | undefined => report.layers.flatMap((l) => l.checks).find((c) => c.id === id);
const doctor = (text: string) => runDoctorOnPaste(readPaste(text), NOW);
const plain = pc.createColors(false);

describe('doctor --from a collect_env', () => {
  it('pytorch#43058: a CUDA 10.2 wheel on driver 418.67 — the driver is too old, and the fix upgrades it', async () => {
    const report = await doctor(fixture('collect-env_pytorch-43058_torch-1.6.0_cuda-10.2-build_driver-418.67_2x-v100.txt'));
    const torch = check(report, 'frameworks.pytorch')!;
    expect(torch.status).toBe('fail');
    expect(torch.summary.key).toBe('doctor.frameworks.torch.driverTooOld');
    expect(torch.fix?.steps.flatMap((s) => s.commands).join('\n')).toMatch(/nvidia-driver/);
    expect(report.machine.target.family).toBe('rhel');
    expect(check(report, 'hardware.gpus')?.summary.params).toMatchObject({ count: 2 });
  });

  it('pytorch#44303: a build without CUDA on an RTX 2080 Ti — a CPU-only wheel; driver 430 runs no current CUDA wheel, so the fix upgrades it first', async () => {
    const report = await doctor(fixture('collect-env_pytorch-44303_torch-1.3.1_no-cuda-build_rtx-2080-ti_driver-430.64.txt'));
    const torch = check(report, 'frameworks.pytorch')!;
    expect(torch.summary.key).toBe('doctor.frameworks.torch.cpuWheel');
    expect(torch.fix?.steps.flatMap((s) => s.commands).join('\n')).toMatch(/apt-get install -y nvidia-driver-\d+/);
    expect(check(report, 'cuda.cudnn')?.status).toBe('ok');
  });

  it('pytorch#49325: a +cpu wheel on Windows — PowerShell fixes', async () => {
    const report = await doctor(fixture('collect-env_pytorch-49325_torch-1.7.1-cpu_windows-10.txt'));
    expect(report.machine.platform).toBe('win32');
    const torch = check(report, 'frameworks.pytorch')!;
    expect(torch.summary.key).toBe('doctor.frameworks.torch.cpuWheel');
    expect(torch.fix?.steps.every((s) => s.shell === 'powershell')).toBe(true);
  });

  it('pytorch#51858: a working cu117 wheel on Windows is ready', async () => {
    const report = await doctor(fixture('collect-env_pytorch-51858_torch-2.0.1-cu117_windows-11_gtx-1050-ti_driver-535.98.txt'));
    expect(check(report, 'frameworks.pytorch')?.status).toBe('ok');
    expect(report.verdict.kind).toBe('ready');
  });

  it('pytorch#77520: a CUDA build that finds no driver — install one', async () => {
    const report = await doctor(fixture('collect-env_pytorch-77520_torch-1.10.2_cuda-11.3-build_no-driver-seen.txt'));
    expect(check(report, 'frameworks.pytorch')?.summary.key).toBe('doctor.frameworks.torch.noDriver');
    expect(report.machine.target).toMatchObject({ family: 'ubuntu', versionId: '20.04' });
  });

  it('a system cuDNN 7 next to a CUDA 11 toolkit is a cuDNN mismatch', async () => {
    const text = ['PyTorch version: 1.8.0+cu111', 'CUDA used to build PyTorch: 11.1', 'OS: Ubuntu 20.04.2 LTS (x86_64)', 'Is CUDA available: True',
      'CUDA runtime version: 11.1.105', 'GPU models and configuration: GPU 0: GeForce RTX 3090', 'Nvidia driver version: 460.32.03',
      'cuDNN version: /usr/lib/x86_64-linux-gnu/libcudnn.so.7.6.5'].join('\n');
    const report = await doctor(text);
    expect(check(report, 'cuda.cudnn')?.summary.key).toBe('doctor.cuda.cudnn.wrongCuda');
  });

  it('nothing of this machine is read, and no check the paste cannot inform is run', async () => {
    const report = await doctor(fixture('collect-env_pytorch-51858_torch-2.0.1-cu117_windows-11_gtx-1050-ti_driver-535.98.txt'));
    const ids = report.layers.flatMap((l) => l.checks.map((c) => c.id));
    expect(ids).not.toContain('hardware.memory');
    expect(ids).not.toContain('containers.docker');
    expect(ids).not.toContain('driver.kernel-module');
  });

  it('renders in both languages', async () => {
    const report = await doctor(fixture('collect-env_pytorch-43058_torch-1.6.0_cuda-10.2-build_driver-418.67_2x-v100.txt'));
    for (const [locale, word] of [['en', 'PyTorch 1.6.0 was built with CUDA 10.2'], ['zh-CN', 'CUDA 10.2']] as const) {
      const text = renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: false });
      expect(text).toContain(word);
    }
  });
});

describe('doctor --from other pastes', () => {
  it('TensorFlow build info alone: the build is judged, availability is said to be unknown', async () => {
    const report = await doctor(fixture('tf-build-info_conda-forge-tensorflow-feedstock-157_cuda-11.2_cudnn-8.txt'));
    const tf = check(report, 'frameworks.tensorflow')!;
    expect(tf.summary.key).toBe('doctor.from.tfBuildNoDriver');
    expect(tf.summary.params).toMatchObject({ cuda: '11.2', cudnn: '8' });
  });

  it('TensorFlow build info with a too-old driver in the same paste fails', async () => {
    const text = `${fixture('tf-build-info_conda-forge-tensorflow-feedstock-157_cuda-11.2_cudnn-8.txt')}\nNvidia driver version: 418.67\nPyTorch version: 1.6.0\nCUDA used to build PyTorch: 10.1\nIs CUDA available: True\n`;
    const report = await doctor(text);
    expect(check(report, 'frameworks.tensorflow')?.summary.key).toBe('doctor.from.tfDriverTooOld');
  });

  it('an nvidia-smi table alone gives the driver and GPU checks', async () => {
    const table = readFileSync(path.join(DIR, 'rtx-4070-laptop_windows_driver-566.36_nvidia-smi-q.txt'), 'utf8');
    const paste = readPaste(table);
    expect(paste.kinds).toEqual(['nvidia-smi-q']);
    const report = await runDoctorOnPaste(paste, NOW);
    expect(check(report, 'hardware.gpus')?.status).toBe('ok');
    expect(check(report, 'cuda.driver-max')?.summary.params).toMatchObject({ cuda: '12.7' });
    expect(report.machine.platform).toBe('win32');
  });

  // The head of ../shared/fixtures/nvidia-smi-table/rtx-2080-super_windows-wddm_driver-610.62_load.txt:
  // the table's 28-character name column cuts "NVIDIA GeForce RTX 2080 SUPER" off.
  const CUT_NAME_TABLE = [
    '+-----------------------------------------------------------------------------------------+',
    '| NVIDIA-SMI 610.62                 KMD Version: 610.62        CUDA UMD Version: 13.3     |',
    '+-----------------------------------------+------------------------+----------------------+',
    '| GPU  Name                  Driver-Model | Bus-Id          Disp.A | Volatile Uncorr. ECC |',
    '| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |',
    '|                                         |                        |               MIG M. |',
    '|=========================================+========================+======================|',
    '|   0  NVIDIA GeForce RTX 2080 ...  WDDM  |   00000000:0C:00.0  On |                  N/A |',
    '| 38%   44C    P2             97W /  250W |    1366MiB /   8192MiB |      7%      Default |',
    '|                                         |                        |                  N/A |',
    '+-----------------------------------------+------------------------+----------------------+',
  ].join('\n');

  it('a Windows table whose GPU name is cut off: the GPU is listed, only its support cannot be judged from the name (en and zh-CN)', async () => {
    const report = await doctor(CUT_NAME_TABLE);
    const support = check(report, 'driver.gpu-support')!;
    expect(support.status).toBe('skipped');
    expect(support.summary).toMatchObject({ key: 'doctor.skip.gpuNameCut', params: { count: 1 }, lists: { names: ['NVIDIA GeForce RTX 2080 ...'] } });
    const said = (locale: 'en' | 'zh-CN') => renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: false });
    expect(said('en')).toContain('1 NVIDIA GPU is listed (NVIDIA GeForce RTX 2080 ...), but the model name is cut off');
    expect(said('en')).not.toMatch(/did not list any|lists no GPU/);
    expect(said('zh-CN')).toContain('列出了 1 块 NVIDIA GPU（NVIDIA GeForce RTX 2080 ...），但型号名称被截断');
    expect(said('zh-CN')).not.toContain('没有列出任何 GPU');
    // The cut-off name ends the hardware line: its "..." is the end, no stop after it.
    expect(said('en')).toContain('1 NVIDIA GPU: NVIDIA GeForce RTX 2080 ...\n');
    expect(said('en')).not.toContain('....');
    expect(said('zh-CN')).toContain('1 块 NVIDIA GPU：NVIDIA GeForce RTX 2080 ...\n');
    expect(said('zh-CN')).not.toContain('...。');
    const json = localizeReport(report, createTranslator('zh-CN'), 'zh-CN');
    expect(json.layers.flatMap((l) => l.checks).find((c) => c.id === 'hardware.gpus')?.summary.text).toBe('1 块 NVIDIA GPU：NVIDIA GeForce RTX 2080 ...');
  });

  it('a forum post with a collect_env and that table: the toolkit-architecture check says the same, not that no GPU is listed', async () => {
    const env = ['PyTorch version: 2.5.1+cu124', 'CUDA used to build PyTorch: 12.4', 'OS: Microsoft Windows 11 Pro', 'Is CUDA available: True',
      'CUDA runtime version: 12.4.131', 'Nvidia driver version: 610.62'].join('\n');
    const report = await doctor(`${env}\n\n${CUT_NAME_TABLE}`);
    expect(check(report, 'cuda.toolkit-arch')?.summary).toMatchObject({ key: 'doctor.skip.gpuNameCut', params: { count: 1 } });
  });

  it('next to a GPU whose model is known, a cut-off one is named as not judged, and the verdict covers only the known one', async () => {
    // The Linux form of the same table (Persistence-M where Windows prints the driver model), one more GPU.
    const lines = CUT_NAME_TABLE.replace('Name                  Driver-Model', 'Name                 Persistence-M').replace('  WDDM  |', '    Off |').split('\n');
    const second = lines.slice(7, 10).join('\n').replace('0  NVIDIA GeForce RTX 2080 ...', '1  NVIDIA GeForce RTX 3090    ').replace('0C:00.0', '0D:00.0').replace('   8192MiB', '  24576MiB');
    const report = await doctor([...lines.slice(0, 11), second, ...lines.slice(10)].join('\n'));
    const support = check(report, 'driver.gpu-support')!;
    expect(support.summary).toMatchObject({ key: 'doctor.driver.gpuSupport.okKnown', params: { count: 1, rest: 1 } });
    expect(support.evidence).toContainEqual(expect.objectContaining({ key: 'doctor.ev.gpuDriverSupport.notJudged', params: { name: 'NVIDIA GeForce RTX 2080 ...' } }));
  });

  it.each([
    ['Amazon Linux 2 (x86_64)', 'amzn', '2', 'sudo yum install -y gcc kernel-devel-$(uname -r)'],
    ['Amazon Linux 2023 (x86_64)', 'amzn', '2023', 'sudo dnf config-manager --add-repo https://developer.download.nvidia.com/compute/cuda/repos/amzn2023/x86_64/cuda-amzn2023.repo'],
    ['Oracle Linux Server 8.9 (x86_64)', 'ol', '8.9', 'sudo dnf install -y oracle-epel-release-el8'],
  ])('a collect_env on %s gets that system’s commands', async (os, id, version, command) => {
    const text = ['PyTorch version: 2.5.1+cu124', 'CUDA used to build PyTorch: 12.4', `OS: ${os}`, 'Is CUDA available: False',
      'GPU models and configuration: GPU 0: NVIDIA A10G', 'Nvidia driver version: 470.82.01'].join('\n');
    const report = await doctor(text);
    expect(report.machine.target).toMatchObject({ family: 'rhel', distroId: id, versionId: version });
    expect(check(report, 'frameworks.pytorch')?.fix?.steps.flatMap((s) => s.commands)).toContain(command);
  });

  it('a paste that names no distribution is “Linux (distribution unknown)” in the reader’s words, not the family’s id', async () => {
    const paste = readPaste(readFileSync(path.join(DIR, '8x-h100-80gb-hbm3-sxm_driver-565.57.01_nvidia-smi-q.txt'), 'utf8'));
    const report = await runDoctorOnPaste(paste, NOW);
    expect(report.machine.target.family).toBe('linux-other');
    const heading = (locale: 'en' | 'zh-CN') => renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: false }).split('\n')[0];
    expect(heading('en')).toBe('gpuwise doctor — Linux (distribution unknown) (linux/x64)');
    expect(heading('zh-CN')).toBe('gpuwise doctor —— Linux（发行版未知）（linux/x64）');
  });

  it('a Mac\'s system_profiler paste is judged as a Mac: no CUDA there, and MPS said', async () => {
    const text = readFileSync(path.resolve(DIR, '../vendors/macos/m3-pro-18core_system-profiler-json.json'), 'utf8');
    const report = await runDoctorOnPaste(readPaste(text), NOW);
    expect(report.machine.platform).toBe('darwin');
    const said = renderDoctorText(report, { t: createTranslator('en'), color: plain, verbose: false });
    expect(said).toMatch(/MPS/);
  });

  it.skipIf(!existsSync(SHARED_ROCM))('an AMD-only rocm-smi paste is seen as AMD GPUs (skipped: ../shared/fixtures/rocm-smi absent)', async () => {
    const report = await runDoctorOnPaste(readPaste(readFileSync(SHARED_ROCM, 'utf8')), NOW);
    expect(check(report, 'hardware.gpus')?.summary.key).toBe('doctor.hardware.gpus.amdOnly');
  });

  it('text with nothing recognisable is a translated error', () => {
    let error: unknown;
    try {
      readPaste('my training is slow, any ideas?');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect(createTranslator('zh-CN')((error as ImportError).key)).toContain('collect_env');
  });
});
