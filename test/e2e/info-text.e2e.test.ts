// `gpuwise info`'s text view through the built CLI over the fake NVML, in both languages: the
// detail view, the compact line's flags, fitting the width, ASCII under LANG=C, MIG rows, Ctrl-C
// in a pipe, a slow GPU named, NVML's problems translated.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/cli/render/format.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { baseEnv, BIN, ensureBuilt, gpuwise, ROOT } from './run-cli.js';

const ZH = { LANG: 'zh_CN.UTF-8' };
const fake = (scenario: string) => fakeNvmlEnv(scenarioPath(scenario));
const info = (scenario: string, args: string[] = [], env: Record<string, string> = {}) => gpuwise(['info', '--cpu-sample', '0', ...args], { ...fake(scenario), ...env });

/** 8x-h100 with GPU 0 held back by its power cap and carrying 2 uncorrectable ECC errors. */
function troubledScenario(): string {
  const scenario = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as { devices: Record<string, unknown>[]; timeline: { devices: Record<string, unknown>[] }[] };
  Object.assign(scenario.timeline[0]!.devices[0]!, { clockEventReasons: '0x0000000000000004' });
  Object.assign(scenario.devices[0]!, { eccErrorsUncorrectedVolatile: 2 });
  const file = join(mkdtempSync(join(tmpdir(), 'gpuwise-info-')), 'troubled.json');
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}

/** `info --watch` in a pipe until `enough(stdout)` (or 15 s), then Ctrl-C; its exit code and output. */
function watchThenInterrupt(env: Record<string, string>, enough: (out: string) => boolean): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [BIN, 'info', '--watch', '0.3', '--cpu-sample', '0'], { cwd: ROOT, env: baseEnv(env) });
  let out = '';
  const interrupt = setTimeout(() => child.kill('SIGINT'), 15_000);
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (enough(out)) child.kill('SIGINT');
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(interrupt);
      resolve({ code, out });
    }),
  );
}

beforeAll(ensureBuilt, 180_000);

describe('gpuwise info (text)', () => {
  it('-v shows bus id, clocks, PCIe, ECC, power limits and throttle reasons, in both languages', () => {
    const en = info('8x-h100', ['-v']);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('bus 00000000:18:00.0');
    expect(en.stdout).toMatch(/clocks\s+SM 345\/1980 MHz · memory 2619\/2619 MHz/);
    expect(en.stdout).toMatch(/PCIe\s+gen 5 of 5, ×16 of ×16/);
    expect(en.stdout).toMatch(/ECC\s+on · corrected 0, uncorrected 0 since boot/);
    expect(en.stdout).toMatch(/power\s+draw \d+ W, limit 700 W \(default 700 W\)/);
    const zh = info('8x-h100', ['--detail'], ZH);
    expect(zh.stdout).toContain('总线 00000000:18:00.0');
    expect(zh.stdout).toMatch(/频率\s+SM 345\/1980 MHz · 显存 2619\/2619 MHz/);
    expect(zh.stdout).toMatch(/PCIe\s+第 5 代（最高 5），×16（最高 ×16）/);
    // Without -v none of it.
    expect(info('8x-h100').stdout).not.toContain('00000000:18:00.0');
  });

  it('says on the GPU’s own line that it is throttled or has ECC errors', () => {
    const env = fakeNvmlEnv(troubledScenario());
    const en = gpuwise(['info', '--cpu-sample', '0'], env).stdout.split('\n');
    const gpu0 = en.find((line) => line.startsWith('[0]')) ?? '';
    expect(gpu0).toContain('⚠ throttled');
    expect(gpu0).toContain('✗ ECC errors: 2');
    expect(en.find((line) => line.startsWith('[1]'))).not.toContain('throttled');
    const zh = gpuwise(['info', '--cpu-sample', '0', '-v'], { ...env, ...ZH }).stdout;
    expect(zh).toMatch(/^\[0\].*⚠ 降频.*✗ ECC 错误：2/m);
    expect(zh).toMatch(/频率受限原因\s+功率上限/);
  });

  it('fits every line to the width: $COLUMNS off a terminal, 120 when nothing says', () => {
    for (const columns of [60, 80]) {
      for (const env of [{}, ZH]) {
        const { stdout } = info('4gpu-server-load', ['-v'], { COLUMNS: String(columns), ...env });
        const widest = Math.max(...stdout.split('\n').map((line) => displayWidth(line)));
        expect(widest, `${columns} ${JSON.stringify(env)}\n${stdout}`).toBeLessThanOrEqual(columns);
        expect(stdout).toMatch(/^\[3\] /m);
      }
    }
    const wide = info('8x-h100', ['-v']).stdout;
    expect(Math.max(...wide.split('\n').map((line) => displayWidth(line)))).toBeLessThanOrEqual(120);
  });

  it('draws ASCII bars and tree under LANG=C, keeps Unicode under UTF-8', () => {
    const ascii = info('4gpu-server-load', [], { LANG: 'C' }).stdout;
    expect(ascii).not.toMatch(/[█░▏▎▍▌▋▊▉├└─≤·…⚠✗°]/);
    expect(ascii).toMatch(/GPU #*\.+ +12%/);
    expect(ascii).toMatch(/`- +\d+ C/);
    expect(info('4gpu-server-load').stdout).toMatch(/[█░]/);
  });

  it('MIG: no empty bar beside N/A, and the instance rows line up', () => {
    for (const env of [{}, ZH]) {
      const { stdout } = info('a100-mig', [], env);
      expect(stdout).not.toMatch(/[░.]\s+N\/A/);
      const rows = stdout.split('\n').filter((line) => /^ {6}0\/\d/.test(line));
      expect(rows).toHaveLength(4);
      for (const column of ['GI ', 'CI ', 'GiB']) expect(new Set(rows.map((row) => displayWidth(row.slice(0, row.indexOf(column))))).size, column).toBe(1);
    }
  });

  it('names the GPU that answers slowly, in both languages', () => {
    const en = info('slow-gpu');
    expect(en.stdout).toMatch(/^\[1\].*⚠ slow/m);
    expect(en.stdout).toMatch(/GPU 1 is slow to answer: this read took \d+(\.\d)? s/);
    expect(en.stdout).not.toMatch(/^\[0\].*slow/m);
    expect(info('slow-gpu', [], ZH).stdout).toMatch(/GPU 1 应答缓慢：本次读取用了 \d+(\.\d)? 秒/);
  });

  it('Ctrl-C ends a text watch in a pipe with 130; NVML’s lost-GPU problem is in Chinese', async () => {
    const lost = (out: string) => out.includes('ERROR_GPU_IS_LOST');
    const zh = await watchThenInterrupt({ ...fake('gpu-falls-off-bus'), ...ZH }, lost);
    expect(zh.code).toBe(130);
    expect(zh.out).toContain('GPU 1 已从总线上掉线（ERROR_GPU_IS_LOST）');
    expect(zh.out).not.toContain('GPU is lost');
    const en = await watchThenInterrupt(fake('gpu-falls-off-bus'), lost);
    expect(en.code).toBe(130);
    expect(en.out).toContain('GPU 1 fell off the bus (ERROR_GPU_IS_LOST)');
  }, 40_000);
});
