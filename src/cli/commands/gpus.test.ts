import { Command, CommanderError } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { collectingContext } from '../../../test/helpers/cli-context.js';
import { GpuCatalogError } from '../../catalog/validate.js';
import { withCatalog } from './gpus-list.js';
import { register } from './gpus.js';

async function run(args: string[], locale: 'en' | 'zh-CN' = 'en') {
  const cli = collectingContext(locale);
  const program = new Command('gpuwise').exitOverride().configureOutput({ writeOut: cli.out, writeErr: cli.err });
  register(program, cli);
  let error: string | null = null;
  try {
    await program.parseAsync(['node', 'gpuwise', 'gpus', ...args]);
  } catch (caught) {
    if (!(caught instanceof CommanderError)) throw caught;
    error = caught.code;
  }
  return { error, exitCode: process.exitCode, out: cli.stdout.join(''), err: cli.stderr.join('') };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('gpuwise gpus list', () => {
  it('prints a table of every GPU with dense-figure explanation', async () => {
    const result = await run(['list']);
    expect(result.exitCode).toBe(0);
    expect(result.out).toMatch(/GPUs in the catalog: \d+/);
    expect(result.out).toMatch(/a100-sxm4-80gb\s+NVIDIA A100 80GB SXM4\s+80 GiB\s+2039/);
    expect(result.out).toContain('Tensor figures are dense');
  });

  it('speaks Chinese', async () => {
    const result = await run(['list'], 'zh-CN');
    expect(result.out).toContain('目录中的 GPU');
    expect(result.out).toContain('张量算力均为稠密值');
  });

  it('filters by vendor and segment', async () => {
    const amd = await run(['list', '--vendor', 'amd']);
    expect(amd.out).toContain('mi300x');
    expect(amd.out).not.toContain('a100-sxm4-80gb');
    const consumer = await run(['list', '--segment', 'consumer', '--vendor', 'nvidia']);
    expect(consumer.out).toContain('rtx-4090');
    expect(consumer.out).not.toContain('rx-7900-xtx');
    expect(consumer.out).not.toContain('h100-sxm5-80gb');
  });

  it('rejects an unknown vendor in the user\'s language', async () => {
    const result = await run(['list', '--vendor', 'nvida'], 'zh-CN');
    expect(result.error).toBe('commander.invalidArgument');
    expect(result.err).toContain('只能是以下之一：nvidia, amd, intel');
  });

  it('--json prints the entries with every source they cite', async () => {
    const result = await run(['list', '--json', '--vendor', 'intel']);
    const parsed = JSON.parse(result.out) as { count: number; gpus: { id: string; fp8TensorDenseTflops: { value: number } }[]; sources: { id: string; url: string }[] };
    expect(parsed.count).toBe(2);
    expect(parsed.gpus.map((g) => g.id)).toEqual(['gaudi2', 'gaudi3']);
    expect(parsed.gpus[1]?.fp8TensorDenseTflops.value).toBe(1835);
    expect(parsed.sources.map((s) => s.id)).toContain('intel-gaudi3-whitepaper');
    expect(parsed.sources.every((s) => s.url.startsWith('https://'))).toBe(true);
  });
});

describe('gpuwise gpus show', () => {
  it('shows a GPU by id with sources numbered and listed', async () => {
    const result = await run(['show', 'h100-sxm5-80gb']);
    expect(result.exitCode).toBe(0);
    expect(result.out).toMatch(/FP16 tensor \(headline\)\s+989\.4 TFLOPS \[\d\]/);
    expect(result.out).toContain('Dense 989.4; NVIDIA\'s datasheet prints 1979 (with sparsity).');
    expect(result.out).toContain('https://resources.nvidia.com/en-us-tensor-core/gtc22-whitepaper-hopper');
  });

  it('echoes a query with terminal escapes back escaped, in text and JSON', async () => {
    const hostile = 'a100\u001b]0;pwned\u0007\u202e';
    const text = await run(['show', hostile]);
    expect(text.exitCode).toBe(2);
    expect(text.err).toContain('a100\\e]0;pwned\\x07\\u202e');
    expect(text.err).not.toMatch(/[\u001b\u0007\u202e]/);
    const json = await run(['show', hostile, '--json']);
    expect(json.out).toContain('\\u202e');
    expect(json.out).not.toMatch(/[\u001b\u0007\u202e]/);
  });

  it('accepts a name as a driver prints it, unquoted', async () => {
    const result = await run(['show', 'NVIDIA', 'A100-SXM4-80GB']);
    expect(result.out).toContain('NVIDIA A100 80GB SXM4  (a100-sxm4-80gb)');
    expect(result.out).toContain('Matched "NVIDIA A100-SXM4-80GB" by name (exact).');
  });

  it('says when a name fits several variants and it took the flagship', async () => {
    const result = await run(['show', 'NVIDIA H100'], 'zh-CN');
    expect(result.out).toContain('“NVIDIA H100”按旗舰型号 h100-sxm5-80gb 理解；它也可能指 h100-pcie-80gb。');
  });

  it('shows several GPUs at once, and takes shorthand with or without spaces', async () => {
    const both = await run(['show', 't4', 'l4']);
    expect(both.exitCode).toBe(0);
    expect(both.out).toContain('NVIDIA T4  (t4)');
    expect(both.out).toContain('NVIDIA L4  (l4)');
    for (const [args, id] of [[['4090'], 'rtx-4090'], [['rtx4090'], 'rtx-4090'], [['A6000'], 'rtx-a6000'], [['mi300'], 'mi300x'], [['7900xtx'], 'rx-7900-xtx'], [['A100', '80G'], 'a100-sxm4-80gb'], [['3090'], 'rtx-3090']] as const) {
      const result = await run(['show', ...args]);
      expect(result.exitCode, args.join(' ')).toBe(0);
      expect(result.out, args.join(' ')).toContain(`(${id})`);
    }
    const json = await run(['show', 't4', 'l4', '--json']);
    expect((JSON.parse(json.out) as { gpu: { id: string } }[]).map((lookup) => lookup.gpu.id)).toEqual(['t4', 'l4']);
  });

  it('lists the candidates when different GPUs fit, and still shows the ones found', async () => {
    const result = await run(['show', 'gaudi', 't4'], 'zh-CN');
    expect(result.exitCode).toBe(2);
    expect(result.err).toContain('“gaudi”可能指多款不同的 GPU：gaudi2、gaudi3。请指明其中一款。');
    expect(result.out).toContain('(t4)');
  });

  it('shows absent figures with the reason, in Chinese', async () => {
    const result = await run(['show', 'v100-sxm2-32gb'], 'zh-CN');
    expect(result.out).toMatch(/TF32 张量\s+不支持/);
    expect(result.out).toContain('Volta 不支持 TF32');
    expect(result.out).toContain('来源');
  });

  it('--json prints the lookup: entry, sources, confidence', async () => {
    const result = await run(['show', 'Tesla T4', '--json']);
    const parsed = JSON.parse(result.out) as { found: boolean; confidence: string; gpu: { id: string }; sources: { id: string }[] };
    expect(parsed).toMatchObject({ found: true, confidence: 'exact', gpu: { id: 't4' } });
    expect(parsed.sources.map((s) => s.id)).toContain('nvidia-t4-datasheet');
  });

  it('explains a GPU left out on purpose and exits 2', async () => {
    const result = await run(['show', 'NVIDIA A10G']);
    expect(result.exitCode).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toContain('is not in the catalog on purpose');
    expect(result.err).toContain('a10');
  });

  it('suggests near model numbers for an unknown name and exits 2', async () => {
    const result = await run(['show', 'rtx', '5080'], 'zh-CN');
    expect(result.exitCode).toBe(2);
    expect(result.err).toContain('错误：目录中没有与“rtx 5080”匹配的 GPU。');
    expect(result.err).toContain('rtx-5090');
  });

  it('says a name that matches nothing in the one error shape: Error, what to try, the command\'s help', async () => {
    const en = await run(['show', 'nonexistent']);
    expect(en.exitCode).toBe(2);
    expect(en.err).toBe('Error: No GPU in the catalog matches "nonexistent".\nSee every id with: gpuwise gpus list\nRun `gpuwise gpus show --help` to see what it accepts.\n');
    const zh = await run(['show', 'nonexistent'], 'zh-CN');
    expect(zh.err).toMatch(/^错误：目录中没有与“nonexistent”匹配的 GPU。\n[^]*运行 `gpuwise gpus show --help` 查看可用的写法。\n$/);
  });

  it.each([[''], [' '], ['', '  ']])('refuses a blank name %j as it refuses an unknown one, in text and JSON', async (...words) => {
    const text = await run(['show', ...words]);
    expect(text.exitCode).toBe(2);
    expect(text.out).toBe('');
    expect(text.err).toMatch(/^Error: No GPU in the catalog matches "\s*"\.\n/);
    process.exitCode = undefined;
    const json = await run(['show', ...words, '--json']);
    expect(json.exitCode).toBe(2);
    expect(JSON.parse(json.out)).toMatchObject({ found: false });
  });

  it('lists alternatives with the reader\'s list separator', async () => {
    const result = await run(['show', 'p100'], 'zh-CN');
    expect(result.out).toMatch(/p100-pcie-16gb、p100-pcie-12gb|p100-pcie-12gb、p100-pcie-16gb/);
  });

  it('--json of an unknown name is still JSON', async () => {
    const result = await run(['show', 'no such gpu 123', '--json']);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.out)).toMatchObject({ found: false, query: 'no such gpu 123' });
  });
});

describe('broken built-in data', () => {
  it('names the entry and field instead of crashing', () => {
    const cli = collectingContext('zh-CN');
    const code = withCatalog(cli, () => {
      throw new GpuCatalogError([{ where: 'a100-sxm4-80gb', path: 'fp32Tflops', message: 'Invalid input' }]);
    });
    expect(code).toBe(1);
    expect(cli.stderr.join('')).toContain('内置 GPU 目录未通过校验（共 1 个问题）；第一个：a100-sxm4-80gb → fp32Tflops: Invalid input');
    expect(cli.stderr.join('')).toContain('gpuwise 的缺陷');
  });

  it('lets other errors through', () => {
    expect(() => withCatalog(collectingContext('en'), () => { throw new Error('boom'); })).toThrow('boom');
  });
});
