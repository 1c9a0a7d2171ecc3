// Routes answered from the sampler's latest sample: devices, snapshot, processes now, health.

import type { Hono } from 'hono';
import { z } from 'zod';
import type { Snapshot, SnapshotProblem } from '../../core/snapshot.js';
import type { Translate } from '../../i18n/index.js';
import { problemCodeLabel, problemText } from '../../i18n/problem-text.js';
import type { Sample } from '../../monitor/sampler.js';
import { ApiError, jsonAnswer } from '../errors.js';
import type { ServerAppOptions, ServerEnv } from '../options.js';
import { parseQuery } from '../query.js';
import { deviceEntries, resolveDevice, storedDevices } from './devices.js';
import { rangeProcesses } from './recorded.js';

export function latestOrRefuse(options: ServerAppOptions): Sample {
  const latest = options.sampler.latest();
  if (latest === null) throw new ApiError(503, 'serve.api.noSampleYet', {}, undefined, { 'retry-after': '1' });
  return latest;
}

/** When the chain found no GPU, what it tried and why each backend failed, in the client's language. */
export function noGpuNotice(snapshot: Snapshot, t: Translate) {
  if (snapshot.devices.length > 0) return undefined;
  // A backend that opened but read no GPU (a driver that did not answer in time) is not "no GPU":
  // say what the device list's problems were instead.
  const opened = snapshot.backendAttempts.find((a) => a.ok);
  const deviceProblems = snapshot.problems.filter((p) => p.scope === 'devices');
  if (opened && deviceProblems.length > 0) {
    const problems = deviceProblems.map((p) => deviceProblemText(p, t)).join(t('serve.api.problemSeparator'));
    return {
      key: 'serve.api.noDevicesRead',
      message: t('serve.api.noDevicesRead', { backend: opened.backend, problems }),
      backendAttempts: snapshot.backendAttempts,
      problems: deviceProblems,
    };
  }
  const attempts = snapshot.backendAttempts.map((a) => `${a.backend}: ${a.ok ? 'ok' : `${a.code ?? 'error'}${a.detail ? ` (${a.detail})` : ''}`}`).join('; ');
  return { key: 'serve.api.noGpu', message: t('serve.api.noGpu', { attempts: attempts || '—' }), backendAttempts: snapshot.backendAttempts };
}

/** "timed out (NVML has not answered for 3 s …)", in the client's language where the problem has a key. */
function deviceProblemText(problem: SnapshotProblem, t: Translate): string {
  const code = problemCodeLabel(problem.code, t);
  const text = problemText(problem, t);
  return text === '' ? code : t('serve.api.deviceProblem', { code, text });
}

export function liveRoutes(app: Hono<ServerEnv>, options: ServerAppOptions): void {
  app.get('/api/v1/devices', (c) => {
    parseQuery(new URL(c.req.url), {});
    const latest = latestOrRefuse(options);
    return jsonAnswer(c, {
      atMs: latest.wallMs,
      backend: latest.snapshot.backend,
      devices: deviceEntries(latest, storedDevices(options.store)),
      noGpu: noGpuNotice(latest.snapshot, c.var.t),
    });
  });

  app.get('/api/v1/snapshot', (c) => {
    parseQuery(new URL(c.req.url), {});
    const latest = latestOrRefuse(options);
    return jsonAnswer(c, { ...latest, noGpu: noGpuNotice(latest.snapshot, c.var.t) });
  });

  app.get('/api/v1/processes', (c) => {
    const url = new URL(c.req.url);
    if (url.searchParams.has('from') || url.searchParams.has('to')) return rangeProcesses(c, options);
    const query = parseQuery(url, { device: z.string().optional() });
    const latest = latestOrRefuse(options);
    const entries = deviceEntries(latest, []);
    const key = query.device === undefined ? null : resolveDevice(query.device, entries, false);
    const keyOfIndex = new Map(entries.map((entry) => [entry.index, entry.key]));
    const processes = latest.snapshot.processes
      .map((process) => ({ deviceKey: keyOfIndex.get(process.gpuIndex) ?? null, ...process }))
      .filter((process) => key === null || process.deviceKey === key);
    return jsonAnswer(c, { atMs: latest.wallMs, processes });
  });
}
