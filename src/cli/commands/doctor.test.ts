import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';

describe('gpuwise doctor', () => {
  it('prints the report as JSON with texts, exits 1 when a check fails, and writes a fix script', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gpuwise-cli-')), 'fix-gpu.sh');
    const result = await run(['doctor', '--json', '--fix-script', file]);
    const report = JSON.parse(result.out) as { exitCode: number; counts: { fail: number }; verdictText: string; layers: { checks: { title: { text: string } }[] }[] };
    expect(result.exitCode).toBe(report.exitCode);
    expect(report.exitCode).toBe(report.counts.fail > 0 ? 1 : 0);
    expect(report.verdictText.length).toBeGreaterThan(0);
    expect(report.layers.flatMap((l) => l.checks).every((c) => c.title.text.length > 0)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('set -euo pipefail');
    expect(result.err).toContain(`to ${file}`);
  });

  it('prints progress on stderr and the report on stdout, in Chinese', async () => {
    const result = await run(['doctor'], 'zh-CN');
    expect(result.err).toContain('正在查看 GPU、驱动和主机');
    expect(result.out).toContain('硬件');
    expect(result.out).toMatch(/(发现 \d+ 个问题|已可在|驱动已就绪|没有发现问题)/);
  });

  it('says so when the fix script cannot be written', async () => {
    const result = await run(['doctor', '--fix-script', '/nonexistent-dir/fix.sh']);
    expect(result.exitCode).toBe(1);
    expect(result.err).toContain('Could not write /nonexistent-dir/fix.sh: its folder does not exist (ENOENT)');
    const zh = await run(['doctor', '--fix-script', tmpdir()], 'zh-CN');
    expect(zh.exitCode).toBe(1);
    expect(zh.err).toContain(`无法写入 ${tmpdir()}：这是一个文件夹（EISDIR）`);
  });
});

describe('gpuwise doctor --fix-script', () => {
  it.each([
    ['en', 'Invalid value "--json" for --fix-script <file>: expected the file to write the script to, not an option'],
    ['zh-CN', '--fix-script <file> 的值 "--json" 无效：应为要写入脚本的文件，而不是一个选项'],
  ] as const)('refuses an option as its file (%s), exit 2, writing nothing', async (locale, said) => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-cli-'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const result = await run(['doctor', '--fix-script', '--json'], locale);
      expect(result.code).toBe('commander.invalidArgument');
      expect(result.err).toContain(said);
      expect(existsSync(join(dir, '--json'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('gpuwise doctor --from', () => {
  it('names what it read as a list in the reader’s language, and the file escaped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-paste-\u001b[2J'));
    const file = join(dir, 'paste.txt');
    const tf = readFileSync(new URL('../../../test/fixtures/import/tf-build-info_conda-forge-tensorflow-feedstock-157_cuda-11.2_cudnn-8.txt', import.meta.url), 'utf8');
    writeFileSync(file, `${tf}\nNvidia driver version: 418.67\nPyTorch version: 1.6.0\nCUDA used to build PyTorch: 10.1\nIs CUDA available: True\n`);
    const zh = await run(['doctor', '--from', file], 'zh-CN');
    expect(zh.err).toContain('collect_env、tf-build-info');
    expect(zh.err).toContain('gpuwise-paste-\\e[2J');
    expect(zh.err).not.toContain('\u001b');
    expect((await run(['doctor', '--from', file])).err).toContain('collect_env, tf-build-info');
  });
});

describe('gpuwise doctor --timeout', () => {
  it.each(['abc', '0', '-1', '0.5', '3601', '1e9', 'Infinity', ''])('rejects %j in the user’s language (exit 2)', async (value) => {
    const en = await run(['doctor', '--timeout', value]);
    expect(en.code).toBe('commander.invalidArgument');
    expect(en.err).toContain(`Invalid value "${value}" for --timeout <seconds>: expected a number of seconds from 1 to 3600, e.g. 10 or 2.5`);
    const zh = await run(['guide', 'pytorch', '--timeout', value], 'zh-CN');
    expect(zh.code).toBe('commander.invalidArgument');
    expect(zh.err).toContain('应为 1 到 3600 之间的秒数，例如 10 或 2.5');
  });

  it('names a python3 that hangs on stderr, stops it after --timeout, and says how to wait longer', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'gpuwise-hang-'));
    const sleep = ['/bin/sleep', '/usr/bin/sleep'].find((p) => existsSync(p)) ?? 'sleep';
    writeFileSync(join(bin, 'python3'), `#!/bin/sh\nexec ${sleep} 60\n`);
    chmodSync(join(bin, 'python3'), 0o755);
    const path = process.env.PATH;
    process.env.PATH = bin;
    try {
      // The first notice comes after 3 s, so the limit must be longer for it to show.
      const result = await run(['doctor', '--timeout', '4']);
      expect(result.err).toMatch(new RegExp(`Still waiting for ${bin}/python3 -c <script> \\([\\d.]+ s so far; stopped after 4 s — change with --timeout <seconds>\\)`));
      expect(result.out).toContain(`${bin}/python3 did not finish importing the frameworks within 4 s; it was stopped.`);
    } finally {
      process.env.PATH = path;
    }
  }, 30_000);
});

describe('gpuwise guide', () => {
  it('rejects an unknown topic in the user’s language', async () => {
    const result = await run(['guide', 'kubernetes'], 'zh-CN');
    expect(result.code).toBe('commander.invalidArgument');
    expect(result.err).toContain('只能是以下之一：driver | cuda | cudnn | pytorch | tensorflow | jax | docker | rocm | verify');
  });

  it('writes the pytorch guide with its verification command', async () => {
    const result = await run(['guide', 'pytorch']);
    expect(result.out).toContain('Install PyTorch with GPU support');
    expect(result.out).toContain('torch.cuda.is_available()');
    expect(result.exitCode).toBe(0);
  });
});
