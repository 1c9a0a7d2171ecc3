import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/index.js';
import { renderSystemdUnit, systemdWord, UNIT_DB_PATH, UNIT_ENV_FILE, type SystemdUnitOptions } from './systemd-unit.js';

const base: SystemdUnitOptions = {
  nodePath: '/usr/bin/node',
  scriptPath: '/opt/gpuwise/bin/gpuwise.mjs',
  serveArgs: ['--host', '0.0.0.0', '--metrics-open'],
  dbPath: null,
  record: true,
  needsToken: true,
  port: 8478,
  t: createTranslator('en'),
};

/** The value of each `Key=` line, in order (comments and sections left out). */
function settings(unit: string): [string, string][] {
  return unit
    .split('\n')
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}
const value = (unit: string, key: string) => settings(unit).find(([k]) => k === key)?.[1];

describe('the systemd unit', () => {
  it('runs this node and this gpuwise with the options given, as a dedicated user, restarting on failure', () => {
    const unit = renderSystemdUnit(base);
    expect(value(unit, 'ExecStart')).toBe(`/usr/bin/node /opt/gpuwise/bin/gpuwise.mjs serve --host 0.0.0.0 --metrics-open --db ${UNIT_DB_PATH}`);
    expect(value(unit, 'User')).toBe('gpuwise');
    expect(value(unit, 'Restart')).toBe('on-failure');
    expect(value(unit, 'StateDirectory')).toBe('gpuwise');
    expect(value(unit, 'WantedBy')).toBe('multi-user.target');
    expect(unit).toContain('useradd --system');
    expect(unit.match(/^\[(Unit|Service|Install)\]$/gm)).toEqual(['[Unit]', '[Service]', '[Install]']);
  });

  it('hardens the service but keeps the GPUs, the JIT and the kernel log usable', () => {
    const unit = renderSystemdUnit(base);
    for (const [key, expected] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['CapabilityBoundingSet', ''],
    ] as const) {
      expect(value(unit, key), key).toBe(expected);
    }
    for (const key of ['PrivateDevices', 'MemoryDenyWriteExecute', 'ProtectKernelLogs', 'DynamicUser']) expect(value(unit, key), key).toBeUndefined();
  });

  it('keeps the token out of the unit: an environment file carries it', () => {
    const unit = renderSystemdUnit(base);
    expect(value(unit, 'EnvironmentFile')).toBe(UNIT_ENV_FILE);
    expect(unit).toContain('GPUWISE_TOKEN=<secret>');
    expect(value(renderSystemdUnit({ ...base, needsToken: false }), 'EnvironmentFile')).toBeUndefined();
  });

  it('follows the choices: node under /home, a low port, its own database, no recording', () => {
    const home = renderSystemdUnit({ ...base, nodePath: '/home/ana/.nvm/versions/node/v20.19.0/bin/node' });
    expect(value(home, 'ProtectHome')).toBe('read-only');
    const low = renderSystemdUnit({ ...base, port: 80 });
    expect(value(low, 'AmbientCapabilities')).toBe('CAP_NET_BIND_SERVICE');
    expect(value(low, 'CapabilityBoundingSet')).toBe('CAP_NET_BIND_SERVICE');
    const own = renderSystemdUnit({ ...base, dbPath: '/srv/gpu history/h.db' });
    expect(value(own, 'ExecStart')).toContain('--db "/srv/gpu history/h.db"');
    expect(value(own, 'ReadWritePaths')).toBe('"/srv/gpu history"');
    expect(value(own, 'StateDirectory')).toBeUndefined();
    const none = renderSystemdUnit({ ...base, record: false, serveArgs: ['--no-record'] });
    expect(value(none, 'ExecStart')).not.toContain('--db');
    expect(value(none, 'StateDirectory')).toBeUndefined();
  });

  it('quotes words so that systemd reads them back as given, hostile ones included', () => {
    expect(systemdWord('/usr/bin/node')).toBe('/usr/bin/node');
    expect(systemdWord('a b')).toBe('"a b"');
    expect(systemdWord('100%')).toBe('"100%%"');
    expect(systemdWord('$HOME')).toBe('"$$HOME"');
    expect(systemdWord('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(systemdWord('x\ny\u001b')).toBe('"x\\ny\\x1b"');
    // A path with a newline cannot start a second line of settings.
    const unit = renderSystemdUnit({ ...base, dbPath: '/tmp/x\nExecStartPre=/bin/rm -rf /' });
    expect(settings(unit).map(([key]) => key)).not.toContain('ExecStartPre');
  });

  it('writes its comments in the user’s language', () => {
    const zh = renderSystemdUnit({ ...base, t: createTranslator('zh-CN') });
    expect(zh).toContain('# 以 systemd 服务运行 gpuwise serve');
    expect(zh).toContain('切勿写在本文件中');
    expect(value(zh, 'ExecStart')).toBe(value(renderSystemdUnit(base), 'ExecStart'));
  });
});
