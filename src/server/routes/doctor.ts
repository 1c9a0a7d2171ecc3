// /api/v1/doctor: the doctor's report for this machine, run on demand. A GET with `start=1` starts
// a run (one at a time: a second start while one runs answers that run); clients then poll with
// `run=<id>` for its progress and, at the end, its report. The last run is kept with its time.
// Nothing here ever runs a fix: the report carries the fix commands as text for people to read.
//
// The run's GPU input is the sampler's latest reading — the doctor does not open the GPUs again,
// so a GPU hung in the driver stalls no doctor run either.

import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { BackendAttempt } from '../../backends/chain.js';
import { safeText } from '../../core/safe-text.js';
import type { DoctorGpuInputs, DoctorProgressEvent, DoctorReport } from '../../doctor/index.js';
import { localizeReport } from '../../doctor/report/localize.js';
import type { Message } from '../../doctor/types.js';
import type { Sample } from '../../monitor/sampler.js';
import { ApiError, jsonAnswer } from '../errors.js';
import type { ServerAppOptions, ServerEnv } from '../options.js';
import { parseQuery } from '../query.js';

export type DoctorRunner = (onProgress: (event: DoctorProgressEvent) => void) => Promise<DoctorReport>;

export interface DoctorRouteOptions {
  /** Runs the doctor once; default: the real doctor on this machine (see defaultDoctorRunner). */
  run?: DoctorRunner;
  /** A start this soon after the previous run ended answers that run instead (default 5000 ms). */
  minIntervalMs?: number;
}

type RunState = 'running' | 'done' | 'failed';
type TaskState = 'running' | 'waiting' | 'done';

interface DoctorRun {
  id: string;
  state: RunState;
  startedMs: number;
  finishedMs: number | null;
  /** Each task the doctor announced, in order, with where it is now. */
  tasks: { task: Message; state: TaskState }[];
  report: DoctorReport | null;
  error: string | null;
}

/** The sampler's latest reading as the doctor's GPU input (attempts, backend, devices, driver). */
export function doctorGpuInputsFromSample(sample: Sample | null): DoctorGpuInputs | null {
  if (sample === null) return null;
  const { snapshot } = sample;
  const attempts: BackendAttempt[] = snapshot.backendAttempts.map((a) => ({
    id: a.backend,
    ok: a.ok,
    unavailable: a.ok ? null : { code: a.code ?? 'unknown', detail: a.detail ?? '' },
    durationMs: 0,
  })) as BackendAttempt[];
  const reading = snapshot.backend === null ? null : { driver: snapshot.driver, devices: snapshot.devices };
  return { attempts, openedBackend: snapshot.backend, reading, readError: null };
}

/** The real doctor, loaded on first use (it is large and most servers never run it). */
export function defaultDoctorRunner(options: ServerAppOptions): DoctorRunner {
  return async (onProgress) => {
    const [doctor, pci, { scanPciDisplayDevices }] = await Promise.all([
      import('../../doctor/index.js'),
      import('../../doctor/inputs.js'),
      import('../../backends/pci/scan.js'),
    ]);
    const latest = options.sampler.latest();
    const pciInput = await scanPciDisplayDevices()
      .then((scan) => pci.pciInputFromScan(scan))
      .catch((error: unknown) => ({ ok: false as const, reason: error instanceof Error ? error.message : String(error) }));
    const inputs = { gpu: doctorGpuInputsFromSample(latest), pci: pciInput, host: latest?.snapshot.host ?? null };
    return doctor.runDoctor(doctor.createNodeDoctorEnv(), inputs, { onProgress });
  };
}

/** A task's identity: its message, except that a repeated "still waiting for X" notice is one task (its elapsed time moves on). */
function taskId(task: Message): string {
  const params = task.key === 'doctor.progress.waiting' ? { command: task.params?.command } : (task.params ?? {});
  return `${task.key}\u0000${JSON.stringify(params)}`;
}

export function doctorRoutes(app: Hono<ServerEnv>, options: ServerAppOptions, routeOptions: DoctorRouteOptions = {}): void {
  const now = options.now ?? Date.now;
  const runner = routeOptions.run ?? defaultDoctorRunner(options);
  const minIntervalMs = routeOptions.minIntervalMs ?? 5000;
  let current: DoctorRun | null = null;
  let counter = 0;

  function start(): DoctorRun {
    const run: DoctorRun = { id: `${now().toString(36)}-${++counter}`, state: 'running', startedMs: now(), finishedMs: null, tasks: [], report: null, error: null };
    current = run;
    const onProgress = (event: DoctorProgressEvent) => {
      const id = taskId(event.task);
      const known = run.tasks.find((entry) => taskId(entry.task) === id);
      const state: TaskState = event.phase === 'start' ? 'running' : event.phase;
      if (known) Object.assign(known, { task: event.task, state });
      else run.tasks.push({ task: event.task, state });
    };
    // Started off this request: a run takes seconds (Python probes), the answer does not wait.
    void Promise.resolve()
      .then(() => runner(onProgress))
      .then(
        (report) => Object.assign(run, { state: 'done', report, finishedMs: now() }),
        (error: unknown) => Object.assign(run, { state: 'failed', error: error instanceof Error ? error.message : String(error), finishedMs: now() }),
      );
    return run;
  }

  function answer(c: Context<ServerEnv>, run: DoctorRun | null, status: 200 | 202 = 200): Response {
    if (run === null) return jsonAnswer(c, { run: null });
    const { t, locale } = c.var;
    return jsonAnswer(c, {
      run: {
        id: run.id,
        state: run.state,
        startedMs: run.startedMs,
        finishedMs: run.finishedMs,
        tasks: run.tasks.map(({ task, state }) => ({ key: task.key, text: t(task.key, task.params), state })),
        done: run.tasks.filter((entry) => entry.state === 'done').length,
        error: run.error === null ? null : { key: 'serve.api.doctor.failed', message: t('serve.api.doctor.failed', { reason: run.error }) },
        report: run.report === null ? null : localizeReport(run.report, t, locale),
      },
    }, status);
  }

  app.get('/api/v1/doctor', (c) => {
    const query = parseQuery(new URL(c.req.url), {
      start: z.enum(['1', 'true']).optional(),
      run: z.string().max(64).optional(),
    });
    if (query.start !== undefined) {
      if (query.run !== undefined) throw new ApiError(400, 'serve.api.doctor.startOrRun', {}, { parameter: 'run' });
      // A GET that starts work: a page on another site must not be able to set it off by an <img>.
      if (c.req.header('sec-fetch-site') === 'cross-site') throw new ApiError(403, 'serve.http.badOrigin', { method: c.req.method, origin: safeText((c.req.header('origin') ?? 'cross-site').slice(0, 200)) });
      if (c.req.raw.method === 'HEAD') return c.body(null, 202);
      const recent = current !== null && (current.state === 'running' || (current.finishedMs !== null && now() - current.finishedMs < minIntervalMs));
      return answer(c, recent ? current : start(), 202);
    }
    if (query.run !== undefined && query.run !== current?.id) throw new ApiError(404, 'serve.api.doctor.unknownRun', { run: query.run.slice(0, 64) }, { parameter: 'run' });
    return answer(c, current);
  });
}
