// /api/v1/doctor through app.request: a recorded machine (nouveau on an RTX 4090) run on demand,
// polled to its report, in both languages; one run at a time; fixes shown, never run.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runDoctor, type DoctorProgressEvent, type DoctorReport } from '../../doctor/index.js';
import { loadFixtureEnv } from '../../doctor/testing/fixture-env.js';
import { json, noGpuSnapshot, testServer } from '../testing/fixtures.js';
import { doctorGpuInputsFromSample, type DoctorRunner } from './doctor.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/doctor/ubuntu2404-nouveau', import.meta.url));

interface RunBody {
  id: string;
  state: string;
  startedMs: number;
  finishedMs: number | null;
  tasks: { key: string; text: string; state: string }[];
  error: { key: string; message: string } | null;
  report: (DoctorReport & { verdictText: string; layers: { checks: { id: string; status: string; summary: { text: string }; fix: { steps: { commands: string[] }[] } | null }[] }[] }) | null;
}

function recordedRunner() {
  const fixture = loadFixtureEnv(FIXTURE);
  let calls = 0;
  const run: DoctorRunner = (onProgress) => {
    calls++;
    return runDoctor(fixture.env, fixture.inputs, { onProgress });
  };
  return { run, ran: fixture.ran, calls: () => calls };
}

async function runOf(response: Response): Promise<RunBody> {
  return (await json(response)).run as RunBody;
}

async function untilDone(app: ReturnType<typeof testServer>['app'], id: string, lang = 'en'): Promise<RunBody> {
  for (let i = 0; i < 200; i++) {
    const run = await runOf(await app.request(`/api/v1/doctor?run=${id}&lang=${lang}`));
    if (run.state !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the doctor run did not finish');
}

describe('/api/v1/doctor', () => {
  it('before any run says so; start=1 starts one that polls to the typed report with fix commands as text', async () => {
    const doctor = recordedRunner();
    const { app } = testServer({ doctor: { run: doctor.run } });
    expect(await json(await app.request('/api/v1/doctor'))).toEqual({ run: null });

    const started = await app.request('/api/v1/doctor?start=1');
    expect(started.status).toBe(202);
    const { id, state } = await runOf(started);
    expect(state).toBe('running');

    const done = await untilDone(app, id);
    expect(done.state).toBe('done');
    expect(done.finishedMs).toBeGreaterThanOrEqual(done.startedMs);
    const checks = done.report!.layers.flatMap((layer) => layer.checks);
    const nouveau = checks.find((check) => check.id === 'driver.nouveau');
    expect(nouveau?.status).toBe('fail');
    const commands = nouveau!.fix!.steps.flatMap((step) => step.commands);
    expect(commands.join('\n')).toMatch(/blacklist nouveau/);
    // Shown, never run: the doctor ran only its probes (mokutil, modinfo …), none of the fix's commands.
    expect(doctor.ran.some((line) => line.startsWith('mokutil'))).toBe(true);
    expect(doctor.ran.some((line) => /blacklist|apt|update-initramfs|sudo/.test(line))).toBe(false);
    expect(done.report!.verdictText).toMatch(/\S/);
    // The result is cached: a plain GET answers the same run.
    expect((await runOf(await app.request('/api/v1/doctor'))).id).toBe(id);
  });

  it('one run at a time: a start while one runs (or just ended) answers that run', async () => {
    const doctor = recordedRunner();
    const { app } = testServer({ doctor: { run: doctor.run, minIntervalMs: 60_000 } });
    const [a, b] = await Promise.all([app.request('/api/v1/doctor?start=1'), app.request('/api/v1/doctor?start=1')]);
    const first = await runOf(a);
    expect((await runOf(b)).id).toBe(first.id);
    await untilDone(app, first.id);
    expect((await runOf(await app.request('/api/v1/doctor?start=1'))).id).toBe(first.id);
    expect(doctor.calls()).toBe(1);
  });

  it('a new start after the interval begins a new run and forgets the old id', async () => {
    const doctor = recordedRunner();
    const { app } = testServer({ doctor: { run: doctor.run, minIntervalMs: 0 } });
    const first = await runOf(await app.request('/api/v1/doctor?start=1'));
    await untilDone(app, first.id);
    const second = await runOf(await app.request('/api/v1/doctor?start=1'));
    expect(second.id).not.toBe(first.id);
    const stale = await app.request(`/api/v1/doctor?run=${first.id}&lang=zh-CN`);
    expect(stale.status).toBe(404);
    expect((await json(stale)).error).toMatchObject({ key: 'serve.api.doctor.unknownRun', message: expect.stringContaining('只保留最近一次') });
    await untilDone(app, second.id);
  });

  it('progress: each task the doctor announces, in the asked language, with its state', async () => {
    let release: () => void = () => undefined;
    const run: DoctorRunner = async (onProgress: (event: DoctorProgressEvent) => void) => {
      onProgress({ phase: 'start', task: { key: 'doctor.cli.gathering' } });
      onProgress({ phase: 'start', task: { key: 'doctor.cli.gathering', params: { x: 1 } } });
      onProgress({ phase: 'done', task: { key: 'doctor.cli.gathering' } });
      onProgress({ phase: 'waiting', task: { key: 'doctor.progress.waiting', params: { command: 'docker info', elapsed: '3 s', limit: '10 s' } } });
      onProgress({ phase: 'waiting', task: { key: 'doctor.progress.waiting', params: { command: 'docker info', elapsed: '6 s', limit: '10 s' } } });
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error('probe \u001b[31mexploded\u202e');
    };
    const { app } = testServer({ doctor: { run } });
    const { id } = await runOf(await app.request('/api/v1/doctor?start=1'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const midway = await runOf(await app.request(`/api/v1/doctor?run=${id}&lang=zh-CN`));
    expect(midway.state).toBe('running');
    expect(midway.tasks.map((task) => task.state)).toEqual(['done', 'running', 'waiting']);
    // A repeated "still waiting" notice is one task whose elapsed time moves on.
    expect(midway.tasks[2]!.text).toContain('6 s');
    expect(midway.tasks[0]!.text).toMatch(/[\u4e00-\u9fff]/);
    release();
    const failed = await untilDone(app, id);
    expect(failed.state).toBe('failed');
    expect(failed.report).toBeNull();
    expect(failed.error).toMatchObject({ key: 'serve.api.doctor.failed' });
    // The error text came from outside: escaped in the JSON, still the same text once parsed.
    const raw = await (await app.request(`/api/v1/doctor?run=${id}`)).text();
    expect(raw).not.toMatch(/[\u001b\u202e]/);
    expect(failed.error!.message).toContain('\u001b[31mexploded');
  });

  it('refuses a start from another site, start with run, and unknown parameters', async () => {
    const doctor = recordedRunner();
    const { app } = testServer({ doctor: { run: doctor.run } });
    const cross = await app.request('/api/v1/doctor?start=1', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.status).toBe(403);
    expect((await json(cross)).error).toMatchObject({ key: 'serve.http.badOrigin', message: 'A GET request from another site (cross-site) is refused.' });
    const crossZh = await app.request('/api/v1/doctor?start=1&lang=zh-CN', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect((await json(crossZh)).error?.message).toBe('来自其他站点（cross-site）的 GET 请求被拒绝。');
    expect(doctor.calls()).toBe(0);
    const both = await app.request('/api/v1/doctor?start=1&run=x');
    expect(both.status).toBe(400);
    expect((await json(both)).error?.key).toBe('serve.api.doctor.startOrRun');
    expect((await json(await app.request('/api/v1/doctor?fix=1'))).error?.key).toBe('serve.api.unknownParameter');
    expect((await json(await app.request('/api/v1/doctor?start=yes'))).error?.key).toBe('serve.api.badParameter');
    expect((await app.request('/api/v1/doctor?start=1', { method: 'POST' })).status).toBe(405);
    expect(doctor.calls()).toBe(0);
  });

  it('the GPU input is the sampler reading: attempts with their reasons, no second open of the GPUs', () => {
    const sample = { seq: 1, wallMs: 0, monotonicMs: 0, coversMs: null, backendMs: 0, hostMs: 0, snapshot: noGpuSnapshot() };
    const inputs = doctorGpuInputsFromSample(sample);
    expect(inputs).toMatchObject({ openedBackend: null, reading: null, attempts: [{ id: 'nvml', ok: false, unavailable: { code: 'library-not-found' } }, { id: 'nvidia-smi', ok: false }] });
    expect(doctorGpuInputsFromSample(null)).toBeNull();
  });
});
