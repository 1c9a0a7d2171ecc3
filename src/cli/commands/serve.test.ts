import { describe, expect, it } from 'vitest';
import { runCliInProcess, type TestLocale } from '../../../test/helpers/cli-context.js';
import { DEFAULT_SERVE_HOST, DEFAULT_SERVE_PORT } from '../../server/service.js';
import { SERVE_DEFAULT_HOST, SERVE_DEFAULT_PORT } from './serve.js';

const run = (args: string[], options: { locale?: TestLocale; env?: NodeJS.ProcessEnv } = {}) => runCliInProcess(args, options.locale, { env: options.env ?? {} });

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('gpuwise serve (the command)', () => {
  it('defaults to loopback on a port no exporter uses', () => {
    expect(SERVE_DEFAULT_HOST).toBe(DEFAULT_SERVE_HOST);
    expect(SERVE_DEFAULT_PORT).toBe(DEFAULT_SERVE_PORT);
    expect([9100, 9400, 9090, 3000, 8080]).not.toContain(SERVE_DEFAULT_PORT);
  });

  it('rejects values it cannot use, in the user’s language, as usage errors', async () => {
    const cases: [string[], string, string][] = [
      [['--port', '70000'], 'expected a port number from 0 to 65535', '应为 0 到 65535 之间的端口号'],
      [['--retention-raw', '30'], 'expected a duration with a unit', '应为带单位的时长'],
      // The next tier is rolled up from these: a shorter retention would make its buckets wrong.
      [['--retention-raw', '30s'], 'from 1m to 10y', '原始样本至少要保留一分钟'],
      [['--retention-minute', '10m', '--print-systemd-unit'], 'the per-hour rollups are built from the per-minute ones', '每分钟汇总至少要保留一小时'],
      [['--max-db-size', 'lots'], 'expected a size from 8MiB to 64TiB', '应为 8MiB 到 64TiB 之间的大小'],
      [['--host', 'http://0.0.0.0'], 'expected an IP address or a host name', '应为 IP 地址或主机名'],
      [['--interval', '0'], 'expected a number of seconds from 0.1 to 3600', '应为 0.1 到 3600 之间的秒数'],
    ];
    for (const [args, en, zh] of cases) {
      const english = await run(['serve', ...args]);
      expect(english.code, args.join(' ')).toBe('commander.invalidArgument');
      expect(english.err).toContain(en);
      expect(english.err).toContain('--help');
      expect((await run(['serve', ...args], { locale: 'zh-CN' })).err).toContain(zh);
    }
    expect((await run(['serve', '--bogus'])).code).toBe('commander.unknownOption');
    expect((await run(['serve', '--backend', 'cuda'])).code).toBe('commander.invalidArgument');
  });

  it('refuses a public address without a token: exit 2, saying why and how, in both languages', async () => {
    const en = await run(['serve', '--host', '0.0.0.0']);
    expect(en.exitCode).toBe(2);
    expect(en.err).toContain('Refusing to listen on 0.0.0.0 without a token');
    expect(en.err).toContain('GPUWISE_TOKEN');
    expect(en.err).toContain('--token');
    expect(en.out).toBe('');
    const zh = await run(['serve', '--host', '::'], { locale: 'zh-CN' });
    expect(zh.exitCode).toBe(2);
    expect(zh.err).toContain('拒绝在没有令牌的情况下监听 ::');
    expect(zh.err).toContain('GPUWISE_TOKEN');
  });

  it('refuses a weak token or a token with --insecure-no-auth, naming where the token came from', async () => {
    const short = await run(['serve', '--host', '0.0.0.0'], { env: { GPUWISE_TOKEN: 'hunter2' } });
    expect(short.exitCode).toBe(2);
    expect(short.err).toContain('shorter than 16 characters');
    const both = await run(['serve', '--insecure-no-auth'], { env: { GPUWISE_TOKEN: TOKEN } });
    expect(both.exitCode).toBe(2);
    expect(both.err).toContain('a token (GPUWISE_TOKEN)');
    const zh = await run(['serve', '--token', 'a b c d e f g h i'], { locale: 'zh-CN' });
    expect(zh.err).toContain('令牌只能包含可见的 ASCII 字符');
  });

  it('prints a systemd unit with the options given and never the token', async () => {
    const result = await run(['serve', '--print-systemd-unit', '--host', '0.0.0.0', '--port', '9999', '--metrics-open', '--retention-raw', '12h', '--token', TOKEN]);
    expect(result.exitCode).toBe(0);
    const exec = result.out.split('\n').find((line) => line.startsWith('ExecStart='));
    expect(exec).toMatch(/ serve --host 0\.0\.0\.0 --port 9999 --metrics-open --retention-raw 43200s --db \/var\/lib\/gpuwise\/history\.db$/);
    expect(result.out).toContain('EnvironmentFile=/etc/gpuwise/serve.env');
    expect(result.out).not.toContain(TOKEN);
    expect(result.out).toContain('NoNewPrivileges=yes');
  });

  it('prints a unit for a public address without a token given now (the env file will hold it)', async () => {
    const result = await run(['serve', '--print-systemd-unit', '--host', '0.0.0.0']);
    expect(result.exitCode).toBe(0);
    expect(result.out).toContain('EnvironmentFile=/etc/gpuwise/serve.env');
    const loopback = await run(['serve', '--print-systemd-unit', '--no-record']);
    expect(loopback.out).not.toContain('EnvironmentFile=');
    expect(loopback.out).not.toContain('StateDirectory=');
  });

  it('lists every option in its help, in both languages', async () => {
    const help = await run(['serve', '--help']);
    for (const flag of ['--host', '--port', '--db', '--interval', '--token', '--insecure-no-auth', '--metrics-open', '--process-metrics', '--retention-raw', '--retention-minute', '--retention-hour', '--max-db-size', '--no-record', '--backend', '--print-systemd-unit', '--json']) {
      expect(help.out, flag).toContain(flag);
    }
    expect((await run(['serve', '--help'], { locale: 'zh-CN' })).out).toContain('监听地址');
  });
});
