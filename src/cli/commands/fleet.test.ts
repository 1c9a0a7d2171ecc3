// `gpuwise fleet` without a live fleet: usage errors exit 2 with the reason, an unreachable
// Prometheus exits 1 saying which URL, and the text summary in both languages shows a down node,
// a lost GPU, an idle GPU's holders and hostile names escaped.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FleetSummary } from '../../fleet/types.js';
import { collectingContext, runCliInProcess } from '../../../test/helpers/cli-context.js';
import { humanRange, renderFleet, runFleet } from './fleet-run.js';
import { prometheusClientOptions } from './fleet-options.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-fleet-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const summary: FleetSummary = {
  prometheus: 'http://prom:9090', at: '2026-12-01T15:00:00.000Z', rangeSeconds: 7 * 86_400, idleWindowSeconds: 3600,
  nodes: [
    { instance: 'n1:8478', job: 'gpuwise', hostname: 'gpu-01', up: true, gpus: [
      { gpu: '0', uuid: 'GPU-a', model: 'H100', state: 'ok', utilPercent: 0, memoryUsedBytes: 4 * 2 ** 30, memoryTotalBytes: 80 * 2 ** 30, processes: 1 },
      { gpu: '1', uuid: 'GPU-b', model: 'H100', state: 'lost', utilPercent: null, memoryUsedBytes: null, memoryTotalBytes: null, processes: null },
    ] },
    { instance: 'n2:8478', job: 'gpuwise', hostname: null, up: false, gpus: [] },
  ],
  idle: [{ instance: 'n1:8478', hostname: 'gpu-01', gpu: '0', maxUtilPercent: 0, processes: [{ pid: '10', name: 'python3\u001b[2J', user: 'alice', namespace: 'ml', pod: 'train-0', container: 'trainer', memoryUsedBytes: 4e9 }] }],
  topUsers: [{ key: { user: 'alice', namespace: 'ml' }, gpuHours: 12.345, source: 'mixed' }, { key: { user: 'bob' }, gpuHours: 2, source: 'raw' }],
  topNodes: [{ key: { instance: 'n1:8478', Hostname: 'gpu-01' }, gpuHours: 40, source: 'raw' }],
  alerts: [{ name: 'GpuLost', state: 'firing', severity: 'critical', labels: {}, summary: 'GPU 1 on gpu-01 is lost', activeAt: null }],
  usedRecordingRules: { users: true, nodes: false },
  gpuHoursBasis: { users: { recordedFrom: '2026-12-01T14:59:00.000Z', rawSeconds: 7 * 86_400 - 60 }, nodes: { recordedFrom: null, rawSeconds: 7 * 86_400 } },
};

describe('gpuwise fleet', () => {
  it('refuses to run without --prometheus, or with a token and a user', async () => {
    const cli = collectingContext('en');
    expect(await runFleet(cli, {})).toBe(2);
    expect(cli.stderr.join('')).toContain('--prometheus <url>');
    expect(await runFleet(cli, { prometheus: 'http://x', prometheusToken: 't', prometheusUser: 'u', prometheusPasswordFile: '/x' })).toBe(2);
    expect(await runFleet(cli, { prometheus: 'not a url' })).toBe(2);
    expect(cli.stderr.join('')).toContain('not an http:// or https:// URL');
  });

  it('says which Prometheus it could not reach, and exits 1', async () => {
    const cli = collectingContext('zh-CN');
    expect(await runFleet(cli, { prometheus: 'http://127.0.0.1:1', timeout: 2 })).toBe(1);
    expect(cli.stderr.join('')).toMatch(/无法连接 http:\/\/127\.0\.0\.1:1 上的 Prometheus/);
  });

  it("takes a URL's user:password@ as basic auth: never shows the password, in either language, and refuses it beside --prometheus-token", async () => {
    const zh = collectingContext('zh-CN');
    expect(await runFleet(zh, { prometheus: 'http://alice:secretpw@127.0.0.1:1', timeout: 2 })).toBe(1);
    expect(zh.stderr.join('')).toMatch(/无法连接 http:\/\/127\.0\.0\.1:1 上的 Prometheus/);
    expect(zh.stderr.join('')).not.toMatch(/secretpw|credentials/);
    for (const locale of ['en', 'zh-CN'] as const) {
      const cli = collectingContext(locale);
      expect(await runFleet(cli, { prometheus: 'http://alice:secretpw@prom:9090', prometheusToken: 'tok' })).toBe(2);
      expect(cli.stderr.join('')).toContain(locale === 'en' ? 'the URL http://prom:9090 carries a user and password' : '地址 http://prom:9090 已带用户名和密码');
      expect(cli.stderr.join('')).not.toContain('secretpw');
    }
    // The environment's token gives way to the URL's user, as to --prometheus-user.
    const t = collectingContext('en').t;
    expect(prometheusClientOptions({ prometheus: 'http://alice:pw@p' }, { GPUWISE_PROMETHEUS_TOKEN: 'tok' }, t)).not.toHaveProperty('bearerToken');
  });

  it('reads the basic-auth password from the first line of its file, and the token from the environment', () => {
    const file = path.join(dir, 'password');
    writeFileSync(file, 's3cret\nignored\n');
    const t = collectingContext('en').t;
    expect(prometheusClientOptions({ prometheus: 'http://p', prometheusUser: 'ana', prometheusPasswordFile: file }, {}, t)).toMatchObject({ basic: { user: 'ana', password: 's3cret' } });
    expect(prometheusClientOptions({ prometheus: 'http://p' }, { GPUWISE_PROMETHEUS_TOKEN: 'tok' }, t)).toMatchObject({ bearerToken: 'tok' });
    expect(prometheusClientOptions({ prometheus: 'http://p', prometheusUser: 'ana', prometheusPasswordFile: path.join(dir, 'none') }, {}, t)).toMatchObject({ error: expect.stringContaining('ENOENT') });
  });

  it('prints the summary in English and Chinese with hostile text escaped', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const text = renderFleet(collectingContext(locale), summary);
      expect(text).not.toContain('\u001b');
      expect(text).toMatch(/python3\S+\[2J/); // the escape shown, not sent
      expect(text).toContain('gpu-01 (n1:8478)');
      expect(text).toContain('12.3');
    }
    // A holder whose user /proc no longer names: one pair of parentheses, not "((user unknown))".
    const unknown: FleetSummary = { ...summary, idle: [{ ...summary.idle[0]!, processes: [{ pid: '11', name: 'python', user: null, namespace: null, pod: null, container: null, memoryUsedBytes: null }] }] };
    expect(renderFleet(collectingContext('en'), unknown)).toContain('held by pid 11 python (user unknown)\n');
    expect(renderFleet(collectingContext('zh-CN'), unknown)).toContain('占用者 pid 11 python（用户未知）\n');
    const en = renderFleet(collectingContext('en'), summary);
    expect(en).toContain('2 nodes, 2 GPUs');
    expect(en).toContain('0:0 1:lost');
    expect(en).toContain('n2:8478  DOWN');
    expect(en).toContain('alice, ml/train-0');
    expect(en).toContain('FIRING GpuLost [critical]');
    // GPU-hours the recording rules had not recorded yet are said to be estimated from raw series.
    expect(en).toContain('alice / ml: 12.3 GPU-hours (partly estimated from raw series)');
    expect(en).toContain('bob: 2.0 GPU-hours (estimated from raw series)');
    expect(en).toContain('The recording rules cover this range from 2026-12-01T14:59:00.000Z; before that, GPU-hours are estimated from the raw series.');
    const zh = renderFleet(collectingContext('zh-CN'), summary);
    expect(zh).toContain('alice / ml：12.3 GPU 时（部分由原始序列估算）');
    expect(zh).toContain('gpu-01 (n1:8478)：40.0 GPU 时（由原始序列估算）');
    expect(zh).toContain('记录规则从 2026-12-01T14:59:00.000Z 起覆盖这段时间');
    expect(humanRange(604_800)).toBe('7d');
    expect(humanRange(5400)).toBe('90m');
  });
});

describe('gpuwise fleet with hostile input', () => {
  it("echoes a bad URL escaped, as a usage error with the help hint", async () => {
    const cli = collectingContext('zh-CN');
    expect(await runFleet(cli, { prometheus: '\u001b]0;pwned\u0007ftp://x' })).toBe(2);
    const err = cli.stderr.join('');
    expect(err).not.toMatch(/[\u001b\u0007]/);
    expect(err).toBe('错误：不是 http:// 或 https:// 地址：\\e]0;pwned\\x07ftp://x\n运行 `gpuwise fleet --help` 查看可用的写法。\n');
  });

  it("shows a server's error text escaped, never obeyed by the terminal", async () => {
    const fetch = async () => new Response(JSON.stringify({ status: 'error', errorType: 'bad_data\u001b[2J', error: 'boom\u202e\r\nforged' }), { status: 400 });
    const { fleetErrorMessage } = await import('./fleet-options.js');
    const { createPrometheusClient, FleetError } = await import('../../fleet/client.js');
    const error = await createPrometheusClient({ url: 'http://prom:9090', fetch }).query('up').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FleetError);
    const text = fleetErrorMessage(error as InstanceType<typeof FleetError>, collectingContext('en').t);
    expect(text).toBe('Prometheus at http://prom:9090 rejected a query: bad_data\\e[2J: boom\\u202e forged');
  });

  it('escapes GPU and pid labels, and joins a holder in the reader’s list style', () => {
    const hostile: FleetSummary = {
      ...summary,
      nodes: [{ ...summary.nodes[0]!, gpus: [{ ...summary.nodes[0]!.gpus[0]!, gpu: '0\u001b[2J' }] }],
      idle: [{ ...summary.idle[0]!, gpu: '0\u001b[2J', processes: [{ ...summary.idle[0]!.processes[0]!, pid: '1\u001b]0;x\u0007' }] }],
    };
    for (const locale of ['en', 'zh-CN'] as const) expect(renderFleet(collectingContext(locale), hostile)).not.toMatch(/[\u001b\u0007]/);
    expect(renderFleet(collectingContext('zh-CN'), summary)).toContain('（alice、ml/train-0）');
  });
});

describe('gpuwise fleet flags', () => {
  it.each([
    ['--range', '1000d'], ['--range', '5s'], ['--idle-for', '100d'],
  ])('refuses %s %s outside 10s–90d, in both languages', async (flag, value) => {
    const en = await runCliInProcess(['fleet', '--prometheus', 'http://127.0.0.1:1', flag, value]);
    expect(en.err).toContain(`Invalid value "${value}" for ${flag} <duration>: must be a duration from 10s to 90d`);
    const zh = await runCliInProcess(['fleet', '--prometheus', 'http://127.0.0.1:1', flag, value], 'zh-CN');
    expect(zh.err).toContain('必须是 10s 到 90d 之间的时长，如 30m、24h、7d');
  });

  it('refuses an --at in the future, which would show an empty fleet as if real', async () => {
    const future = String(Math.floor(Date.now() / 1000) + 86_400);
    const run = await runCliInProcess(['fleet', '--prometheus', 'http://127.0.0.1:1', '--at', future]);
    expect(run.err).toMatch(/^Error: Invalid value "\d+" for --at <time>: is in the future;/);
    const zh = await runCliInProcess(['fleet', '--prometheus', 'http://127.0.0.1:1', '--at', '2999-01-01T00:00:00Z'], 'zh-CN');
    expect(zh.err).toContain('是将来的时间');
  });
});
