// What `gpuwise serve` says once it listens: the URL, who may connect, where the history goes,
// and which GPUs it reads (or, with none, what it tried). As text on stdout, or with --json as
// one line a supervisor or a test can parse.

import type { Sample } from '../../monitor/sampler.js';
import type { BindAuth } from '../../server/bind-policy.js';
import type { Service } from '../../server/service.js';
import type { RetentionOptions } from '../../store/types.js';
import type { CliContext } from '../context.js';
import { problemText } from '../render/problem-text.js';
import { problemCodeText, reasonText } from '../render/reasons.js';
import { safeLine } from '../render/safe-view.js';

/** How long the start waits for the first reading to name the GPUs (the server already runs). */
const FIRST_SAMPLE_WAIT_MS = 5000;

/** The defaults of src/store/types.ts RetentionOptions, for the start line when none is given. */
export const DOCUMENTED_RETENTION: RetentionOptions = { rawMs: 86_400_000, minuteMs: 30 * 86_400_000, hourMs: 365 * 86_400_000, maxBytes: 1024 ** 3 };

export interface StartupInfo {
  json: boolean;
  auth: BindAuth;
  metricsOpen: boolean;
  retention: Partial<RetentionOptions>;
  /** The store's own defaults when it exports them (else DOCUMENTED_RETENTION). */
  defaults?: RetentionOptions;
}

export function durationText(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) if (ms >= size && ms % size === 0) return `${ms / size} ${unit}`;
  return `${Math.round(ms / 1000)} s`;
}

export function bytesText(bytes: number): string {
  const units: [number, string][] = [
    [1024 ** 4, 'TiB'],
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
  ];
  for (const [size, unit] of units) if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  return `${bytes} B`;
}

function firstSample(service: Service): Promise<Sample | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), FIRST_SAMPLE_WAIT_MS);
    service.sampler.first().then(
      (sample) => {
        clearTimeout(timer);
        resolve(sample);
      },
      // Stopped before its first sample (Ctrl-C at start): the banner goes without it.
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

export async function printStartup(cli: CliContext, service: Service, info: StartupInfo): Promise<void> {
  const sample = await firstSample(service);
  const retention = { ...(info.defaults ?? DOCUMENTED_RETENTION), ...info.retention };
  const session = service.sampler.session;
  const attempts = sample?.snapshot.backendAttempts ?? session.attempts.map((a) => ({ backend: a.id, ok: a.ok, code: a.unavailable?.code ?? null, detail: a.unavailable?.detail ?? null }));
  const gpuCount = sample ? sample.snapshot.devices.length : null;
  const { t } = cli;
  if (info.json) {
    cli.out(
      `${JSON.stringify({
        url: service.url,
        host: service.host,
        port: service.port,
        pid: process.pid,
        auth: info.auth,
        metrics: { url: `${service.url}metrics`, open: info.metricsOpen || info.auth !== 'token' },
        history: service.historyPath === null ? null : { path: service.historyPath, retention },
        intervalSeconds: service.sampler.intervalMs / 1000,
        backend: session.backend?.id ?? null,
        gpuCount,
        backendAttempts: attempts,
        xid: service.xid === null ? null : { available: service.xid.available, source: service.xid.source, reason: service.xid.reason, message: t(service.xid.key, service.xid.params) },
      })}\n`,
    );
    return;
  }
  const lines = [t('serve.cli.start.listening', { url: service.url })];
  lines.push(`  ${t(info.auth === 'token' ? 'serve.cli.start.authToken' : info.auth === 'insecure' ? 'serve.cli.start.authInsecure' : 'serve.cli.start.authLoopback')}`);
  const access = info.auth === 'token' && !info.metricsOpen ? 'serve.cli.start.metricsProtected' : 'serve.cli.start.metricsOpen';
  lines.push(`  ${t('serve.cli.start.metrics', { url: service.url, access: t(access) })}`);
  lines.push(
    `  ${
      service.historyPath === null
        ? t('serve.cli.start.historyOff')
        : t('serve.cli.start.history', {
            path: safeLine(service.historyPath),
            raw: durationText(retention.rawMs),
            minute: durationText(retention.minuteMs),
            hour: durationText(retention.hourMs),
            size: bytesText(retention.maxBytes),
          })
    }`,
  );
  // Xid errors: where they are read from, or why they cannot be (the events domain's sentences).
  if (service.xid !== null) lines.push(`  ${safeLine(t(service.xid.key, service.xid.params))}`);
  if (sample === null) lines.push(`  ${t('serve.cli.start.waiting')}`);
  else if (gpuCount === 0 && session.backend !== null && sample.snapshot.problems.some((p) => p.scope === 'devices')) {
    // A backend opened but read no GPU: a driver that did not answer is not "no GPU".
    lines.push(`  ${t('serve.cli.start.noDevices', { backend: session.backend.id })}`);
    for (const problem of sample.snapshot.problems.filter((p) => p.scope === 'devices')) {
      lines.push(`  ${t('serve.cli.start.problem', { reason: problemCodeText(problem.code, t), detail: safeLine(problemText(problem, t)) })}`);
    }
  } else if (gpuCount === 0 || session.backend === null) {
    lines.push(`  ${t('serve.cli.start.noGpu')}`);
    for (const attempt of attempts.filter((a) => !a.ok)) {
      const reason = reasonText(attempt.code, t, attempt.backend) + (attempt.detail ? ` (${safeLine(attempt.detail)})` : '');
      lines.push(`  ${t('serve.cli.start.tried', { backend: attempt.backend, reason })}`);
    }
  } else {
    lines.push(`  ${t('serve.cli.start.gpus', { count: gpuCount ?? 0, backend: session.backend.id, interval: service.sampler.intervalMs / 1000 })}`);
  }
  lines.push(t('serve.cli.start.stopHint'));
  cli.out(`${lines.join('\n')}\n`);
}
