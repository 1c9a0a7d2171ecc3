import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { collectingContext } from '../../../test/helpers/cli-context.js';
import { buildProgram } from '../program.js';

async function run(args: string[], locale: 'en' | 'zh-CN' = 'en') {
  const cli = collectingContext(locale);
  let code: string | null = null;
  try {
    await buildProgram(cli).parseAsync(['node', 'gpuwise', ...args]);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.code;
  }
  return { code, exitCode: process.exitCode, out: cli.stdout.join(''), err: cli.stderr.join('') };
}

afterEach(() => {
  process.exitCode = undefined;
});

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

describe('gpuwise guide', () => {
  it('rejects an unknown topic in the user’s language', async () => {
    const result = await run(['guide', 'kubernetes'], 'zh-CN');
    expect(result.code).toBe('commander.invalidArgument');
    expect(result.err).toContain('只能是以下之一：driver | cuda | cudnn | pytorch | tensorflow | jax | docker | verify');
  });

  it('writes the pytorch guide with its verification command', async () => {
    const result = await run(['guide', 'pytorch']);
    expect(result.out).toContain('Install PyTorch with GPU support');
    expect(result.out).toContain('torch.cuda.is_available()');
    expect(result.exitCode).toBe(0);
  });
});
