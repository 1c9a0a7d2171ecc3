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
    expect(result.err).toContain('Could not write /nonexistent-dir/fix.sh');
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
