// The renderers of `gpuwise diagnose` over synthetic observations: the terminal report, the HTML
// page, the progress line and the option parsers — what users read, hostile text and missing
// values included. (The built CLI end to end: test/e2e/diagnose.e2e.test.ts.)

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../diagnose/analyze.js';
import { buildObservation } from '../../diagnose/testing/observation-builder.js';
import { createTranslator } from '../../i18n/index.js';
import { renderDiagnoseHtml } from './diagnose-html.js';
import { DEFAULT_OBSERVE_INTERVAL_MS } from '../../diagnose/observe.js';
import { THRESHOLDS } from '../../diagnose/thresholds.js';
import { DEFAULT_INTERVAL_MS, MIN_DURATION_MS, minDurationMs, parseDurationMs, parseGpuList, parsePid, parsePositiveInteger } from './diagnose-options.js';
import { createProgressWriter, progressLine } from './diagnose-progress.js';
import { renderDiagnoseText } from './diagnose-text.js';

const HOSTILE = '<script>x</script>\u001b]0;pwn\u0007\u202e';
const en = createTranslator('en');
const zh = createTranslator('zh-CN');
const plain = pc.createColors(false);

function inputBound() {
  return buildObservation({
    gpus: [{ name: `H100 ${HOSTILE}` }],
    samples: 24,
    intervalMs: 250,
    frame: (i) => ({
      gpus: [{ util: i % 2 ? 100 : 0, memUsedMiB: 20_000, smActive: i % 3 === 0 ? null : 30, subUtil: [100, 100, 0, 0, 0, 0] }],
      processes: [{ pid: 4242, gpuIndex: 0, name: HOSTILE, command: HOSTILE }],
      tree: { rootCpu: 30, workers: [99, 98], rootThreads: [30, 1] },
    }),
  });
}

describe('terminal report', () => {
  it('ranks the findings with evidence, thresholds, fixes and code; escapes what came from the machine', () => {
    const observation = inputBound();
    const text = renderDiagnoseText(diagnose(observation), observation, { t: en, color: plain, replayed: false });
    expect(text).toContain('1. GPU 0: input-pipeline bound');
    expect(text).toMatch(/Evidence\n\s+• /);
    expect(text).toMatch(/Thresholds\n\s+• \w+ = [\d.]+ /);
    expect(text).toContain('PyTorch:');
    expect(text).toContain('num_workers');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    const zhText = renderDiagnoseText(diagnose(observation), observation, { t: zh, color: plain, replayed: true });
    expect(zhText).toContain('证据');
    expect(zhText).toContain('从 test 在');
  });

  it('says healthy, and shows missing figures as —, never 0 or NaN', () => {
    const observation = buildObservation({ samples: 24, intervalMs: 250, frame: { gpus: [{ util: 99, memUsedMiB: 60_000, smActive: 90 }], tree: { rootCpu: 40 } } });
    const report = diagnose(observation);
    const text = renderDiagnoseText(report, observation, { t: en, color: plain, replayed: false });
    expect(report.verdict).toBe('healthy');
    expect(text).toContain('Healthy: nothing held the GPU back');
    expect(text).toMatch(/power —/);
    expect(text).not.toMatch(/NaN|undefined|null/);
  });

  it('does not call a GPU used little with no cause found healthy, in the terminal or the HTML page', () => {
    const observation = buildObservation({ samples: 24, intervalMs: 250, gpus: [{}, {}], frame: { gpus: [{ util: 45, memUsedMiB: 20_000, smActive: 30 }, { util: 99, memUsedMiB: 60_000, smActive: 90 }], tree: { rootCpu: 20 } } });
    const report = diagnose(observation);
    expect(report.verdict).toBe('healthy');
    const text = renderDiagnoseText(report, observation, { t: en, color: plain, replayed: false });
    expect(text).toContain('No cause found: GPU 0 was under-used, but nothing visible from outside held it back');
    expect(text).not.toContain('Healthy');
    // One batch size only: nothing to advise, said in words rather than as "— per sample (unknown)".
    expect(text).toContain('GPU 0: peak 19.5 GiB of 80.0 GiB; the memory per sample is unknown, so no largest batch can be given');
    expect(text).not.toMatch(/— per sample/);
    expect(renderDiagnoseText(report, observation, { t: zh, color: plain, replayed: false })).toContain('未找到原因：GPU 0 未被充分利用，但从外部看不出原因');
    const html = renderDiagnoseHtml(report, observation, 'en', 'test');
    expect(html).toContain('No cause found: GPU 0 was under-used');
    expect(html).not.toMatch(/class="card healthy"/);
  });
});

describe('headlines that are not "healthy"', () => {
  it('a watched tree that used no GPU while another process held it: says so, in both languages', () => {
    const observation = buildObservation({ samples: 24, intervalMs: 250, frame: { gpus: [{ util: 35, smActive: 14, memUsedMiB: 3000 }], processes: [{ pid: 999, name: 'python3' }], tree: { rootThreads: [99], workers: [], rootUsesGpu: false } } });
    const report = diagnose(observation);
    expect(renderDiagnoseText(report, observation, { t: en, color: plain, replayed: false })).toContain('The watched processes used no GPU in this window');
    const zhText = renderDiagnoseText(report, observation, { t: zh, color: plain, replayed: false });
    expect(zhText).toContain('被观测的进程在这段时间里没有使用 GPU');
    expect(zhText).toContain('GPU 0 被其他进程（999 (python3)）使用');
  });

  it('a MIG GPU with no GPU-Util: not "healthy", and the note says why', () => {
    const mig = { migModeCurrent: true, migDevices: [{ index: 0, uuid: 'MIG-a', name: 'NVIDIA A100-SXM4-40GB MIG 3g.20gb', gpuInstanceId: 2, computeInstanceId: 0, multiprocessorCount: 42, memoryTotalBytes: 19968 * 2 ** 20, memoryUsedBytes: 8000 * 2 ** 20, memoryFreeBytes: 11968 * 2 ** 20 }] };
    const observation = buildObservation({ samples: 24, intervalMs: 250, rootPid: null, gpus: [{ name: 'NVIDIA A100-SXM4-40GB', memoryTotalMiB: 40960 }], frame: { gpus: [{ util: null, memUsedMiB: 9000, raw: mig }] } });
    const report = diagnose(observation);
    expect(report.verdict).toBe('healthy');
    const text = renderDiagnoseText(report, observation, { t: en, color: plain, replayed: false });
    expect(text).toContain('Nothing seen held the GPU back, but GPU 0 gave no utilisation figure, so how busy it was was not judged');
    expect(text).not.toContain('Healthy');
    expect(text).toContain('GPU 0 is in MIG mode, where the driver gives no GPU-Util');
    expect(renderDiagnoseText(report, observation, { t: zh, color: plain, replayed: false })).toContain('GPU 0 没有给出利用率数据');
  });
});

describe('thresholds in the reader\'s language', () => {
  it('zh-CN: units and gpuwise\'s reasons in Chinese, the published citations as published', () => {
    const observation = inputBound();
    const zhText = renderDiagnoseText(diagnose(observation), observation, { t: zh, color: plain, replayed: false });
    const thresholds = zhText.slice(zhText.indexOf('阈值'), zhText.indexOf('要改什么'));
    expect(thresholds).toContain('inputModeratePercent = 5 % 的时间');
    expect(thresholds).toContain('workerSaturatedPercent = 80 % 个核心 —— gpuwise 的选择：数据加载 worker 是单线程的 Python');
    expect(thresholds).toContain('TensorFlow profiler, input-pipeline analyzer');
    expect(thresholds).not.toMatch(/gpuwise's choice|% of time|% of one core/);
    const enText = renderDiagnoseText(diagnose(observation), observation, { t: en, color: plain, replayed: false });
    expect(enText).toContain('workerSaturatedPercent = 80 % of one core — gpuwise’s choice: a loader worker is single-threaded Python');
  });
});

describe('a GPU that gave no reading', () => {
  it('is named as not judged, and the headline does not call the machine healthy', () => {
    const observation = buildObservation({ gpus: [{}, {}], samples: 24, intervalMs: 250, frame: { gpus: [{ util: 99, memUsedMiB: 60_000, smActive: 90 }, { util: 99, memUsedMiB: 60_000, smActive: 90 }], tree: { rootCpu: 40 } } });
    for (const sample of observation.samples) sample.devices[1]!.state = 'error';
    const report = diagnose(observation);
    expect(report.verdict).toBe('healthy');
    expect(report.notes).toContainEqual({ key: 'diagnose.note.gpuNotRead', params: { gpu: 1 } });
    const text = renderDiagnoseText(report, observation, { t: en, color: plain, replayed: false });
    expect(text).toContain('Nothing held the GPUs that answered back; GPU 1 gave no reading and was not judged');
    expect(text).not.toContain('Healthy');
    expect(renderDiagnoseText(report, observation, { t: zh, color: plain, replayed: false })).toContain('GPU 1 没有给出读数，未作判断');
  });
});

describe('problems while observing', () => {
  it('says where and what as info does, in the reader\'s language, with the machine\'s text made safe', () => {
    const observation = buildObservation({ samples: 12, intervalMs: 250, frame: { gpus: [{ util: 99, memUsedMiB: 60_000, smActive: 90 }] } });
    observation.problems.push(
      { scope: 'device:1', code: 'ERROR_GPU_IS_LOST', message: 'device: GPU is lost' },
      { scope: 'processes', code: 'parse', message: `bad line ${HOSTILE}` },
    );
    const report = diagnose(observation);
    const text = renderDiagnoseText(report, observation, { t: en, color: plain, replayed: false });
    expect(text).toMatch(/While observing\n\s+• GPU 1 fell off the bus \(ERROR_GPU_IS_LOST\)\n/);
    expect(text).not.toContain('device:1');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    expect(renderDiagnoseText(report, observation, { t: zh, color: plain, replayed: false })).toContain('GPU 1 已从总线上掉线（ERROR_GPU_IS_LOST）');
    const html = renderDiagnoseHtml(report, observation, 'zh-CN', 'test');
    expect(html).toContain('<h2>观察中遇到的问题</h2>');
    expect(html).toContain('GPU 1 fell off the bus (ERROR_GPU_IS_LOST)');
    expect(html).not.toContain('<script>x');
  });
});

describe('HTML report', () => {
  it('holds both languages, the reader\'s first; charts with gaps for missing values; all text escaped', () => {
    const observation = inputBound();
    const html = renderDiagnoseHtml(diagnose(observation), observation, 'zh-CN', '0.1.0');
    expect(html.indexOf('lang="zh-CN"')).toBeLessThan(html.indexOf('lang="en"'));
    expect(html).toContain('输入');
    expect(html).toContain('input-pipeline bound');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
    // SM activity is null every third sample: its line has gaps (several subpaths), not dips to 0.
    const sm = html.slice(html.indexOf('SM 活跃度'));
    const path = /<path d="([^"]+)"/.exec(sm)![1]!;
    expect(path.split('M').length - 1).toBeGreaterThan(3);
    // Code keeps its lines inside <pre>.
    expect(html).toMatch(/<pre><code>[^<]*\n[^<]*<\/code><\/pre>/);
  });
});

describe('progress line', () => {
  it('shows the newest sample\'s GPU, SM, memory and tree CPU, and — for what is missing', () => {
    const sample = inputBound().samples[1]!;
    const line = progressLine({ elapsedMs: 65_000, durationMs: 120_000, sampleCount: 260, latest: sample }, en, 'en');
    expect(line).toMatch(/^1m05s \/ 2m00s {2}GPU 100 % {2}SM 30 % {2}mem 19\.5 GiB {2}tree CPU \d+ % {2}\(260 samples\)$/);
    expect(progressLine({ elapsedMs: 0, durationMs: null, sampleCount: 0, latest: null }, zh, 'zh-CN')).toContain('等待第一次读数');
  });

  it('writes one line rewritten in place on a terminal, nothing elsewhere', () => {
    const written: string[] = [];
    const progress = { elapsedMs: 1000, durationMs: 60_000, sampleCount: 4, latest: null };
    const pipe = createProgressWriter((text) => written.push(text), false, en, 'en', () => 80);
    pipe.update(progress);
    pipe.done();
    expect(written).toEqual([]);
    const terminal = createProgressWriter((text) => written.push(text), true, en, 'en', () => 30);
    terminal.update(progress);
    terminal.done();
    expect(written[0]!.startsWith('\r\u001b[K')).toBe(true);
    expect(written[0]!.length).toBeLessThanOrEqual('\r\u001b[K'.length + 29);
    expect(written[1]).toBe('\r\u001b[K');
  });
});

describe('option values', () => {
  it('reads durations with units, a bare number as seconds, within the limits', () => {
    expect(parseDurationMs('60s', 1000, 86_400_000)).toBe(60_000);
    expect(parseDurationMs('1.5m', 1000, 86_400_000)).toBe(90_000);
    expect(parseDurationMs('250ms', 50, 10_000)).toBe(250);
    expect(parseDurationMs('0.5', 50, 10_000)).toBe(500);
    expect(parseDurationMs(' 2H ', 1000, 86_400_000)).toBe(7_200_000);
    for (const bad of ['', 's', '-1s', '1e3', '10 weeks', '0s', '25h', 'NaN']) expect(parseDurationMs(bad, 1000, 86_400_000), bad).toBeNull();
  });

  it('the shortest --duration is one the analysis can use: 3 readings over 2 s, first to last', () => {
    expect(MIN_DURATION_MS).toBe(3000);
    expect(DEFAULT_INTERVAL_MS).toBe(DEFAULT_OBSERVE_INTERVAL_MS);
    const min = (intervalMs: number) => minDurationMs(intervalMs, THRESHOLDS.minSamples.value, THRESHOLDS.minWindowSeconds.value * 1000);
    expect(min(250)).toBe(3000);
    // The first reading comes up to an interval after the start: 2 s plus two intervals, and one more reading than needed.
    expect(min(1000)).toBe(4000);
    expect(min(10_000)).toBe(40_000);
  });

  it('reads pids, GPU lists and batch sizes; refuses the rest', () => {
    expect(parsePid('4242')).toBe(4242);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999', '']) expect(parsePid(bad), bad).toBeNull();
    expect(parseGpuList('2, 0,2')).toEqual([0, 2]);
    for (const bad of ['', 'a', '0,,1', '-1', '1.0']) expect(parseGpuList(bad), bad).toBeNull();
    expect(parsePositiveInteger('64')).toBe(64);
    expect(parsePositiveInteger('0')).toBeNull();
  });
});
