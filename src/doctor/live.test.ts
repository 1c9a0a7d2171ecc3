// The doctor on the machine the tests run on, against what independent probes (the shell, /sys,
// /proc) say about it. On this project's build machine that is: no GPU, no driver, and a CUDA 13
// toolkit with nvcc on PATH — and the doctor must say exactly that.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/index.js';
import { parseNvccVersion } from './facts/cuda-toolkits.js';
import { createNodeDoctorEnv, findCheck, runDoctor, verdictText, type DoctorReport } from './index.js';
import { gatherLiveInputs } from './live-inputs.js';
import { text } from './report/render-text.js';

const en = createTranslator('en');

function shell(command: string): string | null {
  try {
    return execFileSync('sh', ['-c', command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** NVIDIA display/3D functions on the bus, read straight from sysfs. */
function nvidiaOnBus(): number | null {
  const root = '/sys/bus/pci/devices';
  if (!existsSync(root)) return null;
  return readdirSync(root).filter((address) => {
    const read = (file: string) => {
      try {
        return readFileSync(`${root}/${address}/${file}`, 'utf8').trim();
      } catch {
        return '';
      }
    };
    return read('vendor') === '0x10de' && read('class').startsWith('0x03');
  }).length;
}

const linux = process.platform === 'linux';
const wsl = linux && /microsoft/i.test(shell('cat /proc/version') ?? '');
const nvccPath = linux ? shell('command -v nvcc') : null;
const nvccVersion = nvccPath ? parseNvccVersion(shell(`"${nvccPath}" --version`) ?? '') : null;
const gpusOnBus = linux ? nvidiaOnBus() : null;
const driverLoaded = existsSync('/proc/driver/nvidia/version');

let cached: Promise<DoctorReport> | null = null;
const report = () => (cached ??= gatherLiveInputs().then((inputs) => runDoctor(createNodeDoctorEnv(), inputs, { timeoutMs: 60_000 })));

function summaryOf(r: DoctorReport, id: string): string {
  const check = findCheck(r, id);
  return check ? text(en, check.summary) : '';
}

describe.runIf(linux && !wsl)('doctor on this machine', () => {
  it('agrees with sysfs about GPUs on the bus and with /proc about the driver', async () => {
    const r = await report();
    if (gpusOnBus === 0) {
      expect(findCheck(r, 'hardware.gpus')?.status).toBe('fail');
      expect(summaryOf(r, 'hardware.gpus')).toBe('No NVIDIA or AMD GPU on the PCI bus.');
    } else if (gpusOnBus !== null) {
      expect(r.machine.nvidiaGpus.length).toBeGreaterThanOrEqual(1);
    }
    if (!driverLoaded) expect(r.machine.driver.versionSource === 'kernel-module').toBe(false);
    expect(r.exitCode).toBe(r.counts.fail > 0 ? 1 : 0);
  });

  it('agrees with the shell about nvcc', async () => {
    const r = await report();
    const toolkits = findCheck(r, 'cuda.toolkits');
    if (!nvccPath) {
      expect(summaryOf(r, 'cuda.toolkits')).not.toContain('nvcc ');
      return;
    }
    expect(toolkits?.evidence.map((e) => text(en, e)).join('\n')).toContain(`nvcc on PATH: ${nvccPath} → ${nvccVersion ?? '?'}`);
  });

  it.runIf(gpusOnBus === 0 && !driverLoaded && nvccVersion?.startsWith('13.'))(
    'says: no GPU, no driver, but a CUDA 13 toolkit',
    async () => {
      const r = await report();
      expect(r.verdict).toMatchObject({ kind: 'problems', firstCheckId: 'hardware.gpus' });
      expect(verdictText(r, en)).toContain('Start with: GPUs on the PCI bus — No NVIDIA or AMD GPU on the PCI bus.');
      for (const id of ['driver.nouveau', 'driver.kernel-module', 'driver.nvml', 'driver.version-mismatch', 'driver.branch', 'cuda.driver-max']) {
        expect(summaryOf(r, id), id).toBe('No NVIDIA GPU on this machine.');
      }
      expect(r.machine.driver.version).toBeNull();
      expect(findCheck(r, 'cuda.toolkits')?.status).toBe('ok');
      expect(summaryOf(r, 'cuda.toolkits')).toMatch(/^nvcc 13\.0\.\d+ \(.+\) from \/usr\/local\/cuda-13\.0; \d toolkits? installed\.$/);
      expect(summaryOf(r, 'cuda.toolkit-driver')).toBe(
        'CUDA toolkits are installed — CUDA 13.0 → ≥ 580.65.06 — but there is no NVIDIA GPU or driver here to run them; compiling works, running CUDA code does not.',
      );
      expect(r.machine.toolkits.map((t) => t.version)).toContain('13.0');
    },
  );
});
