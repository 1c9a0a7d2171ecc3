import { describe, expect, it } from 'vitest';
import { collectingContext, runCliInProcess, type TestLocale } from '../../../test/helpers/cli-context.js';
import { runServers } from './servers-run.js';
import { SERVER_CATALOG_DATA } from '../../catalog/data/servers/index.js';

const parse = (args: string[], locale: TestLocale) => runCliInProcess(['servers', ...args], locale);

describe('gpuwise servers', () => {
  it('answers --gpu a100-sxm4-80gb --count 8 with DGX A100, not the DGX Station A100, sources shown', () => {
    const cli = collectingContext('en');
    expect(runServers(cli, { gpu: 'a100-sxm4-80gb', count: 8 })).toBe(0);
    const out = cli.stdout.join('');
    expect(out).toContain('Servers that hold 8 × a100-sxm4-80gb: 2');
    expect(out).toContain('NVIDIA DGX A100  (dgx-a100)');
    expect(out).not.toContain('dgx-station-a100');
    expect(out).toContain('https://github.com/mlcommons/training_results_v1.0/blob/master/NVIDIA/systems/dgxa100_ngc21.05_pytorch.json');
    expect(out).toMatch(/⚠ Correction — lists say: .*"up to 16"/);
  });

  it('prints the corrections in Chinese, and "not sourced" instead of a made-up figure', () => {
    const cli = collectingContext('zh-CN');
    expect(runServers(cli, {})).toBe(0);
    const out = cli.stdout.join('');
    expect(out).toContain(`目录中的服务器与工作站：${SERVER_CATALOG_DATA.servers.length} 台`);
    expect(out).toContain('DGX Station 配 4 块 Tesla V100');
    expect(out).toContain('ROG Strix GA15 是华硕的游戏台式机');
    expect(out).toContain('无来源');
    expect(out).not.toMatch(/: 0 W|N\/A GiB|NaN/);
  });

  it('accepts a GPU name the GPU catalog knows, and shows rental prices with their date', () => {
    const cli = collectingContext('en');
    expect(runServers(cli, { gpu: 'h100-sxm5-80gb', count: 8 })).toBe(0);
    const out = cli.stdout.join('');
    expect(out).toContain('dell-poweredge-xe9680');
    expect(out).toContain('Renting h100-sxm5-80gb instead (prices as of 2024-12 … 2026-11-09):');
    expect(out).toContain('Lambda 1x H100 SXM (all Lambda regions), on-demand: $3.780/GPU-hour');
    const byName = collectingContext('en');
    expect(runServers(byName, { gpu: 'NVIDIA A100-SXM4-80GB', count: 8 })).toBe(0);
    expect(byName.stdout.join('')).toContain('8 × a100-sxm4-80gb');
  });

  it('shows CNY rental in yuan, unconverted, where no dollar price exists (8× RTX 4090, both languages)', () => {
    const en = collectingContext('en');
    expect(runServers(en, { gpu: 'rtx-4090', count: 8 })).toBe(0);
    const out = en.stdout.join('');
    expect(out).toContain('(upstation-8x-rtx-4090)');
    expect(out).toContain("Hourly rental of rtx-4090 priced in the provider's own currency (not converted):");
    expect(out).toContain('Suanjia Cloud (算家云) 1x RTX 4090 24GB (China (mainland)), on-demand: ¥1.24/GPU-hour, as of 2026');
    expect(out).not.toContain('No dated cloud price');
    const zh = collectingContext('zh-CN');
    expect(runServers(zh, { gpu: 'rtx-4090', count: 8 })).toBe(0);
    expect(zh.stdout.join('')).toContain('算家云 1x RTX 4090 24GB（中国大陆），按需：每 GPU 小时 ¥1.24，截至 2026');
    expect(zh.stdout.join('')).not.toContain('suanjia-cloud');
  });

  it('says so when nothing fits, and exits 0', () => {
    const cli = collectingContext('en');
    expect(runServers(cli, { gpu: 'a100-sxm4-80gb', count: 16 })).toBe(0);
    expect(cli.stdout.join('')).toContain('No machine in the catalog holds that');
  });

  it('--count alone lists machines with at least that many GPUs and names the ones it could not count', () => {
    const cli = collectingContext('en');
    expect(runServers(cli, { count: 8 })).toBe(0);
    const out = cli.stdout.join('');
    expect(out).toContain('Servers that hold at least 8 GPUs');
    expect(out).toContain('(dgx-h100)');
    expect(out).not.toContain('(dgx-station-v100)');
    expect(out).toMatch(/Not counted \(GPU capacity not sourced\): .*gigabyte-g481-ha0/);
  });

  it('--json prints the library result and nothing else', () => {
    const cli = collectingContext('en');
    expect(runServers(cli, { gpu: 'a100-sxm4-80gb', count: 8, json: true })).toBe(0);
    const result = JSON.parse(cli.stdout.join(''));
    expect(result.gpuId).toBe('a100-sxm4-80gb');
    expect(result.matches.map((m: { server: { id: string } }) => m.server.id)).toEqual(['dgx-a100', 'inspur-nf5488a5']);
    expect(result.matches[0].sources[0].url).toMatch(/^https?:\/\//);
    expect(cli.stderr).toEqual([]);
  });

  it('rejects an unknown GPU with exit code 2 and the closest names, not a wall of ids, in the user\'s language', () => {
    const cli = collectingContext('zh-CN');
    expect(runServers(cli, { gpu: 'rtx-9999' })).toBe(2);
    expect(cli.stdout).toEqual([]);
    const err = cli.stderr.join('');
    expect(err).toContain('--gpu 的值 "rtx-9999" 无效：没有这个名称的 GPU');
    expect(err).not.toContain('a100-sxm4-80gb');
    const near = collectingContext('en');
    expect(runServers(near, { gpu: 'rtx5080' })).toBe(2);
    expect(near.stderr.join('')).toContain('no GPU by that name; closest: rtx-5090');
    const several = collectingContext('en');
    expect(runServers(several, { gpu: 'gaudi' })).toBe(2);
    expect(several.stderr.join('')).toContain('several GPUs fit (gaudi2, gaudi3); name one of them');
  });

  it('takes the shorthand every command takes, and says when it read a model as its flagship', () => {
    const cli = collectingContext('en');
    expect(runServers(cli, { gpu: 'A100' })).toBe(0);
    expect(cli.stdout.join('')).toContain('"A100" read as a100-sxm4-80gb, the flagship variant; it could also be a100-pcie-80gb, a100-sxm4-40gb, a100-pcie-40gb.');
    const rtx = collectingContext('en');
    expect(runServers(rtx, { gpu: '4090' })).toBe(0);
    expect(rtx.stdout.join('')).toContain('Servers that hold 1 × rtx-4090');
  });

  it('answers `servers list` as `servers`, with the same options', async () => {
    const plain = await parse(['--gpu', 'h100', '--count', '8'], 'en');
    process.exitCode = undefined;
    const alias = await parse(['list', '--gpu', 'h100', '--count', '8'], 'en');
    expect(alias.code).toBeNull();
    expect(alias.out).toBe(plain.out);
    expect(alias.out).toContain('Servers that hold 8 × h100-sxm5-80gb');
  });

  it('rejects a bad --count through commander, translated', async () => {
    for (const bad of ['0', '-1', '2.5', 'eight', '65']) {
      const result = await parse(['--count', bad], 'en');
      expect(result.code, bad).toBe('commander.invalidArgument');
      expect(result.err, bad).toContain(`Invalid value "${bad}" for --count <n>: must be a whole number from 1 to 64`);
    }
  });

  it('runs through the registered command', async () => {
    const result = await parse(['--gpu', 'a100-sxm4-40gb', '--count', '8', '--json'], 'en');
    expect(result.code).toBeNull();
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.out).matches[0].server.id).toBe('dgx-a100');
  });
});

describe('gpuwise servers shows the machines’ dated prices', () => {
  it('DGX H100: $269,000 and €370,000 with their kind, market, date, configuration and source number (en and zh-CN)', () => {
    const en = collectingContext('en');
    expect(runServers(en, { gpu: 'h100-sxm5-80gb', count: 8 })).toBe(0);
    const out = en.stdout.join('');
    const dgx = out.slice(out.indexOf('NVIDIA DGX H100  (dgx-h100)'), out.indexOf('HPE Cray XD670'));
    const epoch = dgx.split('\n').find((line) => line.includes('[5] Epoch AI'));
    expect(epoch).toBeDefined();
    expect(dgx).toContain('  Prices:\n    $269,000, street price (worldwide, 2023-05; with 8 × h100-sxm5-80gb) [5]\n');
    expect(dgx).toContain('    €370,000, quote (European market, 2022-09; with 8 × h100-sxm5-80gb) [5]\n');
    expect(dgx).toContain('An industry analyst\'s May 2023 selling price, as Epoch AI records it.');
    const zh = collectingContext('zh-CN');
    runServers(zh, { gpu: 'h100-sxm5-80gb', count: 8 });
    expect(zh.stdout.join('')).toContain('  价格：\n    $269,000，市场价（全球，2023-05；配 8 × h100-sxm5-80gb） [5]\n');
  });
});
