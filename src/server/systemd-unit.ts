// The systemd unit `gpuwise serve --print-systemd-unit` prints: this node and this gpuwise, the
// options the user gave, a dedicated user, restart on failure, and the hardening that leaves NVML
// working. The token never goes into the unit (units are world-readable): it goes into an
// environment file only root can read.

import path from 'node:path';
import type { Translate } from '../i18n/index.js';

export const UNIT_STATE_DIR = '/var/lib/gpuwise';
export const UNIT_DB_PATH = `${UNIT_STATE_DIR}/history.db`;
export const UNIT_ENV_FILE = '/etc/gpuwise/serve.env';
export const UNIT_USER = 'gpuwise';

export interface SystemdUnitOptions {
  /** The node binary (process.execPath). */
  nodePath: string;
  /** bin/gpuwise.mjs, resolved. */
  scriptPath: string;
  /** `serve`'s options as command-line words, without --token, --db and --print-systemd-unit. */
  serveArgs: readonly string[];
  /** --db when given; else the unit keeps its history under UNIT_STATE_DIR. */
  dbPath: string | null;
  /** False with --no-record: no state directory is needed. */
  record: boolean;
  /** The unit needs GPUWISE_TOKEN from UNIT_ENV_FILE (a token was given, or the host is public). */
  needsToken: boolean;
  port: number;
  t: Translate;
}

/**
 * One word of ExecStart as systemd reads it: plain when safe, else double-quoted with C escapes;
 * `%` and `$` doubled, since systemd expands specifiers and variables even inside quotes.
 */
export function systemdWord(word: string): string {
  const doubled = word.replaceAll('%', '%%').replaceAll('$', '$$$$');
  if (/^[A-Za-z0-9_./:=,@+-]+$/.test(doubled)) return doubled;
  let quoted = '';
  for (const char of doubled) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === '"') quoted += `\\${char}`;
    else if (char === '\n') quoted += '\\n';
    else if (char === '\t') quoted += '\\t';
    else if (code < 0x20 || code === 0x7f) quoted += `\\x${code.toString(16).padStart(2, '0')}`;
    else quoted += char;
  }
  return `"${quoted}"`;
}

/** A comment line of the unit: one line, whatever a translation or a path holds. */
function comment(text: string): string {
  return text
    .split('\n')
    .map((line) => `# ${line.replace(/[\u0000-\u001f\u007f]/g, ' ')}`)
    .join('\n');
}

export function renderSystemdUnit(options: SystemdUnitOptions): string {
  const { t } = options;
  const dbPath = options.dbPath ?? UNIT_DB_PATH;
  const exec = [options.nodePath, options.scriptPath, 'serve', ...options.serveArgs, ...(options.record ? ['--db', dbPath] : [])];
  // node from nvm, or a checkout under a home folder: ProtectHome=yes would hide it.
  const underHome = [options.nodePath, options.scriptPath].some((file) => /^\/(home|root)(\/|$)/.test(file));
  const lines = [
    comment(t('serve.cli.unit.header')),
    comment(t('serve.cli.unit.install', { user: UNIT_USER })),
    `#   sudo useradd --system --no-create-home --shell /usr/sbin/nologin ${UNIT_USER}`,
    '#   sudo cp gpuwise.service /etc/systemd/system/ && sudo systemctl daemon-reload',
    '#   sudo systemctl enable --now gpuwise',
    '',
    '[Unit]',
    'Description=gpuwise serve (GPU history, REST API, Prometheus /metrics)',
    'After=network-online.target nvidia-persistenced.service',
    'Wants=network-online.target',
    '',
    '[Service]',
    'Type=simple',
    `User=${UNIT_USER}`,
    `Group=${UNIT_USER}`,
  ];
  if (options.needsToken) {
    lines.push(comment(t('serve.cli.unit.envFile', { file: UNIT_ENV_FILE })), `EnvironmentFile=${UNIT_ENV_FILE}`);
  }
  lines.push(
    `ExecStart=${exec.map(systemdWord).join(' ')}`,
    comment(t('serve.cli.unit.stop')),
    'KillSignal=SIGTERM',
    'TimeoutStopSec=30',
    'Restart=on-failure',
    'RestartSec=5s',
    '',
    comment(t('serve.cli.unit.hardening')),
    'NoNewPrivileges=yes',
    'ProtectSystem=strict',
    underHome ? 'ProtectHome=read-only' : 'ProtectHome=yes',
    'PrivateTmp=yes',
    'ProtectKernelTunables=yes',
    'ProtectKernelModules=yes',
    'ProtectControlGroups=yes',
    'ProtectClock=yes',
    'ProtectHostname=yes',
    'RestrictSUIDSGID=yes',
    'RestrictRealtime=yes',
    'RestrictNamespaces=yes',
    'LockPersonality=yes',
    'SystemCallArchitectures=native',
    'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX AF_NETLINK',
    'UMask=0077',
  );
  if (options.port > 0 && options.port < 1024) {
    lines.push(comment(t('serve.cli.unit.lowPort', { port: options.port })), 'AmbientCapabilities=CAP_NET_BIND_SERVICE', 'CapabilityBoundingSet=CAP_NET_BIND_SERVICE');
  } else {
    lines.push('CapabilityBoundingSet=');
  }
  if (options.record) {
    if (options.dbPath === null) lines.push('StateDirectory=gpuwise', 'StateDirectoryMode=0700');
    else lines.push(comment(t('serve.cli.unit.dbDir')), `ReadWritePaths=${systemdWord(path.dirname(dbPath))}`);
  }
  lines.push(comment(t('serve.cli.unit.notSet')), '', '[Install]', 'WantedBy=multi-user.target', '');
  return lines.join('\n');
}
