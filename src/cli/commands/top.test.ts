import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['GPUWISE_NVML_LIB', 'FAKE_NVML_SCENARIO']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

beforeAll(ensureFakeNvmlBuilt, 120_000);

describe('gpuwise top (the command)', () => {
  it('rejects an interval, span or view it cannot use, in the user’s language', async () => {
    const interval = await run(['top', '--interval', '0']);
    expect(interval.code).toBe('commander.invalidArgument');
    expect(interval.err).toContain('expected a number of seconds from 0.1 to 3600');
    expect((await run(['top', '--span', '5'], 'zh-CN')).err).toContain('应为 10 到 3600 之间的秒数');
    expect((await run(['top', '--view', 'wide'])).err).toContain('must be one of: auto, compact, full');
    expect((await run(['top', '--backend', 'cuda'])).code).toBe('commander.invalidArgument');
  });

  it('off a terminal prints one info view and exits 0', async () => {
    Object.assign(process.env, fakeNvmlEnv(scenarioPath('8x-h100')));
    const result = await run(['top']);
    expect(result.code).toBeNull();
    expect(result.exitCode).toBe(0);
    expect(result.out).toContain('[0] NVIDIA H100 80GB HBM3');
    expect(result.out).toContain('[7] NVIDIA H100 80GB HBM3');
    expect(result.out).not.toContain('\u001b[?1049h');
  });

  it('a pinned backend that cannot start names its own tool, not NVIDIA\'s (off a terminal, as info)', async () => {
    const amd = await run(['top', '--backend', 'amd-smi']);
    expect(amd.exitCode).toBe(1);
    expect(amd.err).toContain('Backend amd-smi could not start: amd-smi is not installed (not on PATH)');
    expect(amd.err).not.toContain('nvidia-smi');
    const zh = await run(['top', '--backend', 'rocm-smi'], 'zh-CN');
    expect(zh.err).toContain('后端 rocm-smi 无法启动：未安装 rocm-smi（PATH 中找不到）');
    // The tool's own words follow, labelled in the reader's language.
    expect(zh.err).toMatch(/\n {2}后端的原始说明：\S/);
    expect(amd.err).toMatch(/\n {2}the backend said: \S/);
  });

  it('`gpuwise` alone off a terminal prints the help; an unknown command is still one', async () => {
    const alone = await run([]);
    expect(alone.code).toBeNull();
    expect(alone.out).toContain('Usage: gpuwise');
    expect(alone.out).toMatch(/top \[options\] +live view/);
    const typo = await run(['tpo']);
    expect(typo.code).toBe('commander.unknownCommand');
    expect(typo.err).toContain('Unknown command tpo.');
    expect(typo.err).toContain('Did you mean top?');
    expect((await run(['info', 'extra'])).code).toBe('commander.excessArguments');
  });
});
