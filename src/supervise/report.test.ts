import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import { diagnose } from '../diagnose/analyze.js';
import { buildObservation } from '../diagnose/testing/observation-builder.js';
import type { Sample } from '../monitor/sampler.js';
import { createGpuRecord, MAX_POINTS } from './gpu-record.js';
import { DEFAULT_POLICY } from './policy.js';
import { renderRunReportHtml } from './report-html.js';
import { buildRunReport, energyOf, energyText, type ReportInput } from './report.js';
import { recordEvents, runEndEvents, runStartEvent } from './store-events.js';

function sample(seq: number, wallMs: number, devices: Partial<ReturnType<typeof emptyGpuDevice>>[]): Sample {
  return {
    seq, wallMs, monotonicMs: wallMs, coversMs: 1000, backendMs: 1, hostMs: 1,
    snapshot: { devices: devices.map((d, i) => ({ ...emptyGpuDevice(i, 'nvidia'), ...d })), processes: [], problems: [] } as unknown as Sample['snapshot'],
  };
}

describe('GPU record', () => {
  it('takes energy from the counter\'s delta, surviving a reset, else integrates power', () => {
    const record = createGpuRecord(null);
    const counter = [1000, 1400, 100, 300]; // reset between the second and third read
    counter.forEach((joules, i) => record.add(sample(i + 1, i * 1000, [{ energyConsumedJoules: joules, powerDrawWatts: 400 }, { powerDrawWatts: 100 + i * 100 }])));
    const [a, b] = record.summaries();
    expect(a).toMatchObject({ energySource: 'counter', energyJoules: 400 + 200, powerMeanWatts: 400 });
    // 100→200→300→400 W over 3 s: trapezoids 150+250+350.
    expect(b).toMatchObject({ energySource: 'power', energyJoules: 750, powerPeakWatts: 400 });
  });

  it('does not bridge a long gap, and records only the job\'s GPUs', () => {
    const record = createGpuRecord([1]);
    record.add(sample(1, 0, [{ powerDrawWatts: 999 }, { powerDrawWatts: 100 }]));
    record.add(sample(2, 120_000, [{ powerDrawWatts: 999 }, { powerDrawWatts: 100 }]));
    record.add(sample(3, 121_000, [{ powerDrawWatts: 999 }, { powerDrawWatts: 100 }]));
    expect(record.summaries().map((s) => [s.index, s.energyJoules])).toEqual([[1, 100]]);
  });

  it('a GPU that stops answering: a gap in its series, its reads without an answer not counted as samples', () => {
    const record = createGpuRecord(null);
    record.add(sample(1, 0, [{ gpuUtilPercent: 50, powerDrawWatts: 200, energyConsumedJoules: 0 }, { gpuUtilPercent: 96, powerDrawWatts: 335 }]));
    for (let i = 1; i < 5; i++) {
      record.add(sample(i + 1, i * 1000, [{ gpuUtilPercent: 50, powerDrawWatts: 200, energyConsumedJoules: i * 200 }, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' }]));
    }
    const [ok, lost] = record.summaries();
    expect(ok).toMatchObject({ samples: 5, unansweredSamples: 0, firstUnansweredAtMs: null, energyJoules: 800 });
    expect(lost).toMatchObject({ samples: 1, unansweredSamples: 4, firstUnansweredAtMs: 1000, utilMeanPercent: 96, energyJoules: null });
    expect(lost!.series.utilPercent).toEqual([96, null, null, null, null]);
    const energy = energyOf(record.summaries(), null, 'USD');
    expect(energy).toMatchObject({ joules: 800, leftOut: [{ gpu: 1, reason: 'not-answering', partial: false }] });
  });

  it('keeps the series bounded for a long run, gaps still gaps', () => {
    const record = createGpuRecord(null);
    for (let i = 0; i < 10 * MAX_POINTS; i++) record.add(sample(i, i * 1000, [{ gpuUtilPercent: i % 2 === 0 ? 50 : 100, memoryUsedBytes: null }]));
    const [s] = record.summaries();
    expect(s!.series.timesMs.length).toBeLessThan(2 * MAX_POINTS);
    expect(s!.series.utilPercent.every((v) => v === 75)).toBe(true);
    expect(s!.series.memoryUsedBytes.every((v) => v === null)).toBe(true);
  });
});

// Recent times: the history's retention drops events older than its raw tier.
const T0 = Date.now() - 100_000;
const input = (over: Partial<ReportInput> = {}): ReportInput => ({
  recordedBy: 'test', hostname: 'h', command: ['python', 'train.py', '<script>alert(1)</script>'], startedMs: T0, endedMs: T0 + 90_000,
  outcome: {
    attempts: [
      { attempt: 1, pid: 10, args: [], startedMs: T0, endedMs: T0 + 30_000, status: { code: 1, signal: null }, exitCode: 1, restartDelayMs: 10_000 },
      { attempt: 2, pid: 11, args: ['--resume'], startedMs: T0 + 40_000, endedMs: T0 + 90_000, status: { code: 0, signal: null }, exitCode: 0, restartDelayMs: null },
    ],
    exitCode: 0, stop: 'succeeded', stoppedBy: null, startError: null, failuresInWindow: 1,
    failures: [{ kind: 'cuda-oom', attempt: 1, atMs: T0 + 29_000, evidence: 'CUDA out of memory \u001b[31m<b>', repeats: 0, title: { key: 'run.failure.cuda-oom' }, fixes: [{ key: 'run.fix.oom.batch' }], details: {} }],
  },
  policy: { ...DEFAULT_POLICY, jitter: 0.2 } as ReportInput['policy'],
  visibleDevices: '0', gpus: [], gpusUnavailable: 'no GPU found', diagnose: null, diagnoseUnavailable: 'no samples', pricePerKwh: 0.3, currency: 'EUR',
  logs: { dir: '/l', combined: '/l/output.log', stdout: '/l/stdout.log', stderr: '/l/stderr.log' },
  ...over,
});

describe('report', () => {
  it('gives each attempt, its exit reason, the wait before the next and its failures', () => {
    const report = buildRunReport(input());
    expect(report).toMatchObject({ seconds: 90, exitCode: 0, stopText: { key: 'run.stop.succeeded' } });
    expect(report.attempts.map((a) => [a.attempt, a.reason.key, a.restartDelayMs, a.failures])).toEqual([
      [1, 'run.reason.exited', 10_000, ['cuda-oom']],
      [2, 'run.reason.exited', null, []],
    ]);
  });

  it('says energy in the unit that shows its digits: a short job is not "0.0000 kWh"', () => {
    expect([1.2e-5, 0.004, 0.5, 2].map(energyText)).toEqual(['0.012 Wh', '4.000 Wh', '500.0 Wh', '2.000 kWh']);
  });

  it('prices the energy; no figure without a measurement', () => {
    const gpu = { energyJoules: 7_200_000, energySource: 'counter' as const };
    expect(energyOf([gpu as never], 0.3, 'EUR')).toEqual({ joules: 7_200_000, kWh: 2, source: 'counter', cost: { pricePerKwh: 0.3, currency: 'EUR', amount: 0.6 }, leftOut: [] });
    expect(energyOf([], 0.3, 'EUR')).toEqual({ joules: null, kWh: null, source: null, cost: null, leftOut: [] });
  });

  it('the page escapes the job\'s text, holds both languages and no script', () => {
    const html = renderRunReportHtml(buildRunReport(input()), 'zh-CN');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('\\e[31m&lt;b&gt;');
    expect(html.indexOf('gpuwise run 报告')).toBeLessThan(html.indexOf('gpuwise run report'));
    expect(html).toContain('CUDA 显存不足');
    expect(html).toContain('No GPU was recorded (no GPU found).');
    // The command as a shell would take it back: the argument with spaces and markup quoted.
    expect(html).toContain("python train.py '&lt;script&gt;alert(1)&lt;/script&gt;'".replaceAll("'", '&#39;'));
  });

  it('the page names a GPU lost during the run, and the energy it leaves out, in both languages', () => {
    const record = createGpuRecord(null);
    record.add(sample(1, T0, [{ powerDrawWatts: 200, energyConsumedJoules: 0 }, { powerDrawWatts: 335, energyConsumedJoules: 0 }]));
    record.add(sample(2, T0 + 1000, [{ powerDrawWatts: 200, energyConsumedJoules: 200 }, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' }]));
    record.add(sample(3, T0 + 2000, [{ powerDrawWatts: 200, energyConsumedJoules: 400 }, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' }]));
    const failure = { kind: 'gpu-lost' as const, attempt: 1, atMs: T0 + 1000, evidence: 'ERROR_GPU_IS_LOST', repeats: 0, title: { key: 'run.failure.gpu-lost', params: { gpu: '1' } }, fixes: [{ key: 'run.fix.gpuLost' }], details: { gpu: '1' } };
    const base = input();
    const report = buildRunReport({ ...base, gpus: record.summaries(), gpusUnavailable: null, outcome: { ...base.outcome, failures: [failure] } });
    expect(report.energy.leftOut).toEqual([{ gpu: 1, reason: 'not-answering', partial: false }]);
    const html = renderRunReportHtml(report, 'en');
    expect(html).toContain('GPU 1 was lost during the run');
    expect(html).toContain('GPU 1 is not in the total: it stopped answering during the run');
    expect(html).toContain('did not answer in 2 of 3 reads, from 1 s into the run');
    expect(html).toContain('GPU 1 在运行中丢失');
    expect(html).toContain('GPU 1 未计入总量：它在运行中停止了响应');
  });

  it('says "no cause found", not healthy, where diagnose saw a GPU used little and nothing to blame', () => {
    const observation = buildObservation({ samples: 24, intervalMs: 250, frame: { gpus: [{ util: 45, memUsedMiB: 20_000, smActive: 30 }], tree: { rootCpu: 20 } } });
    const unexplained = renderRunReportHtml(buildRunReport(input({ diagnose: diagnose(observation) })), 'en');
    expect(unexplained).toContain('No cause found: in the run’s last window GPU 0 was under-used');
    expect(unexplained).not.toContain('Healthy:');
    const busy = buildObservation({ samples: 24, intervalMs: 250, frame: { gpus: [{ util: 99, memUsedMiB: 60_000, smActive: 90 }], tree: { rootCpu: 40 } } });
    expect(renderRunReportHtml(buildRunReport(input({ diagnose: diagnose(busy) })), 'en')).toContain('Healthy: in the run’s last window');
    for (const sample of busy.samples) sample.devices.push({ ...sample.devices[0]!, index: 1, state: 'error' });
    expect(renderRunReportHtml(buildRunReport(input({ diagnose: diagnose(busy) })), 'en')).toContain('GPU 1 gave no reading and was not judged');
  });

  it('a GPU without GPU-Util (MIG mode) is not called healthy in the run report: how busy it was is not known', () => {
    const observation = buildObservation({ samples: 24, intervalMs: 250, frame: { gpus: [{ util: 99, memUsedMiB: 20_000, smActive: 90 }], tree: { rootCpu: 40 } } });
    for (const sample of observation.samples) for (const device of sample.devices) device.gpuUtilPercent = null;
    const html = renderRunReportHtml(buildRunReport(input({ diagnose: diagnose(observation) })), 'en');
    expect(html).toContain('GPU 0 gave no utilisation figure');
    expect(html).not.toContain('Healthy:');
    expect(html).toContain('没有给出利用率数据');
  });
});

describe('history events', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-run-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the run into an existing history, and never creates one', async () => {
    const path = join(dir, 'history.db');
    expect(await recordEvents(path, [runStartEvent(1, ['x'])])).toMatch(/no history/);
    const { openHistoryStore } = await import('../store/sqlite-store.js');
    openHistoryStore({ path }).close();
    const report = buildRunReport(input());
    expect(await recordEvents(path, [runStartEvent(T0, report.command), ...runEndEvents(report)])).toBeNull();
    const store = openHistoryStore({ path });
    const events = store.events({ fromMs: T0 - 1, toMs: T0 + 100_000 });
    store.close();
    expect(events.map((e) => e.key).sort()).toEqual(['run.event.attemptEnded', 'run.event.attemptEnded', 'run.event.ended', 'run.event.started']);
  });

  it('a file that is not a history is skipped with the reason', async () => {
    const path = join(dir, 'not.db');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, 'hello');
    expect(await recordEvents(path, [runStartEvent(1, ['x'])])).toEqual(expect.any(String));
  });
});
