import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../test/helpers/fuzz.js';
import { translate, type MessageKey } from '../i18n/index.js';
import { diagnose } from './analyze.js';
import { DiagnoseError } from './errors.js';
import { buildObservation } from './testing/observation-builder.js';
import { parseTrace, readTrace, traceLines, writeTrace } from './trace.js';
import { isIncompleteTrace } from './trace-parse.js';
import type { Observation } from './types.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-trace-'));

function sampleObservation() {
  return buildObservation({
    gpus: [{ name: 'NVIDIA H200', memoryTotalMiB: 143_771 }, { name: 'NVIDIA H200' }],
    samples: 6,
    intervalMs: 250,
    frame: (i) => ({
      gpus: [{ util: i % 2 ? 100 : 0, memUsedMiB: 20_000, smActive: 30, pcieRxMiBps: 900, subUtil: [100, 0] }, { util: null }],
      processes: [{ pid: 4242, gpuIndex: 0, usedMemoryBytes: 2e10, name: 'python', command: 'python train.py' }],
      host: { iowait: 12, cpuUtilPercent: 60 },
      tree: { rootCpu: 100, workers: [95, null], rootThreads: [99, 3], diskReadMiBps: 50 },
    }),
  });
}

/** The error's text in both languages, for the assertions users see. */
function errorOf(run: () => unknown): { en: string; zh: string; error: DiagnoseError } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof DiagnoseError)) throw error;
    return { en: error.text((k, p) => translate('en', k, p)), zh: error.text((k, p) => translate('zh-CN', k, p)), error };
  }
  throw new Error('no error');
}

describe('trace files', () => {
  it('round-trips an observation through the file: header, one line per sample, footer', async () => {
    // --gpu 0,1: both GPUs stay (without it, a trace is narrowed to the tree's GPUs: below).
    const built = sampleObservation();
    const observation = { ...built, target: { ...built.target, gpuIndices: [0, 1] }, job: { exitCode: 0, signal: null, atMs: 123 }, problems: [{ scope: 'device:1', code: 'NOT_SUPPORTED', message: 'GPM' }, { scope: 'observer', code: 'samples-dropped', message: 'x', key: 'diagnoseCli.problem.samplesDropped', params: { kept: 3, dropped: 7 } }] };
    const file = path.join(dir, 'round.ndjson');
    await writeTrace(file, observation);
    const back = await readTrace(file);
    // A null recorded without a reason reads back as 'not-reported' (as the static backend does);
    // everything else is the same.
    const reasonless = (o: Observation) => ({ ...o, samples: o.samples.map((s) => ({ ...s, devices: s.devices.map((d) => ({ ...d, unavailable: {} })) })) });
    expect(reasonless(back)).toEqual(reasonless(observation));
    expect(back.samples[0]!.devices[0]!.unavailable.serial).toBe('not-reported');
    const lines = traceLines(observation);
    expect(lines).toHaveLength(8);
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: 'gpuwise-diagnose-trace', version: 1, kind: 'header' });
    expect(JSON.parse(lines[7]!)).toMatchObject({ kind: 'footer', sampleCount: 6 });
  });

  it('keeps a MIG GPU\'s slices, so a replay judges a slice\'s memory as the live report did', () => {
    const MIB = 2 ** 20;
    const slice = { index: 0, uuid: 'MIG-3', name: 'NVIDIA A100-SXM4-40GB MIG 2g.10gb', gpuInstanceId: 3, computeInstanceId: 0, multiprocessorCount: 28, memoryTotalBytes: 9856 * MIB, memoryUsedBytes: 9700 * MIB, memoryFreeBytes: 156 * MIB };
    const built = buildObservation({ samples: 6, intervalMs: 500, gpus: [{ name: 'NVIDIA A100-SXM4-40GB', memoryTotalMiB: 40960 }], frame: { gpus: [{ util: null, memUsedMiB: 27000, raw: { migModeCurrent: true, migDevices: [slice] } }], processes: [{ pid: 4242, gpuInstanceId: 3 }], tree: { rootCpu: 50 } } });
    const back = parseTrace(traceLines(built).join('\n'), 'mig.ndjson');
    expect(back.samples[0]!.devices[0]!.migDevices).toEqual([slice]);
    expect(diagnose(back)).toEqual(diagnose(built));
    expect(diagnose(back).findings[0]).toMatchObject({ rule: 'memory-nearly-full', variant: 'mig' });
    // A hostile slice list is bounded and typed, never a crash.
    const hostile = traceLines(built).map((line, i) => (i === 1 ? line.replace('"migDevices":[', '"migDevices":[7,{"gpuInstanceId":"x","memoryUsedBytes":-1},') : line));
    expect(parseTrace(hostile.join('\n'), 'hostile.ndjson').samples[0]!.devices[0]!.migDevices[0]).toMatchObject({ gpuInstanceId: null, memoryUsedBytes: null });
  });

  it('refuses a file that is not a trace, or of another version, in both languages', () => {
    const notTrace = errorOf(() => parseTrace('{"devices":[]}\n', 'x.json'));
    expect(notTrace.en).toContain('not a gpuwise diagnose trace');
    expect(notTrace.en).toContain('line 1');
    expect(notTrace.zh).toContain('不是 gpuwise diagnose 的追踪文件');
    expect(errorOf(() => parseTrace('', 'e')).en).toContain('not a gpuwise diagnose trace');
    expect(errorOf(() => parseTrace('\u0000\u0001binary', 'b')).en).toContain('not a gpuwise diagnose trace');
    const lines = traceLines(sampleObservation());
    const v2 = lines[0]!.replace('"version":1', '"version":2');
    const version = errorOf(() => parseTrace([v2, ...lines.slice(1)].join('\n')));
    expect(version.en).toContain('version 2 of the trace format');
    expect(version.zh).toContain('第 2 版');
  });

  it('reads a trace cut short (no end record) as incomplete, says so in both languages, and still refuses a wrong count', () => {
    const lines = traceLines(sampleObservation());
    const cut = parseTrace(`${lines.slice(0, 4).join('\n')}\n`);
    expect(cut.samples).toHaveLength(3);
    expect(isIncompleteTrace(cut)).toBe(true);
    expect(cut.job).toBeNull();
    expect(cut.endedAt).toBe(new Date(cut.samples[2]!.wallMs).toISOString());
    const problem = cut.problems[0]!;
    expect(problem).toMatchObject({ scope: 'trace', code: 'trace-incomplete', key: 'diagnoseCli.problem.traceIncomplete', params: { samples: 3 } });
    expect(translate('en', problem.key as MessageKey, problem.params)).toContain('the trace is incomplete');
    expect(translate('zh-CN', problem.key as MessageKey, problem.params)).toContain('追踪不完整');
    // A complete trace is not incomplete.
    expect(isIncompleteTrace(parseTrace(lines.join('\n')))).toBe(false);
    // Only the header: incomplete, no samples (the analysis then says too little was seen).
    expect(parseTrace(`${lines[0]}\n`).samples).toEqual([]);
    const miscount = errorOf(() => parseTrace([...lines.slice(0, 3), lines[7]!].join('\n')));
    expect(miscount.en).toContain('counts 6 samples but the file has 2');
    expect(errorOf(() => parseTrace([...lines, '{"kind":"sample"}'].join('\n'))).en).toContain('after the footer');
  });

  it('leaves out a last line cut mid-write (no newline after it), and only that one', () => {
    const lines = traceLines(sampleObservation());
    for (const tail of [lines[4]!.slice(0, 40), lines[4]!.slice(0, 1), '\u0000\u0000\u0000\u0000']) {
      const read = parseTrace([...lines.slice(0, 4), tail].join('\n'));
      expect(read.samples).toHaveLength(3);
      expect(read.problems[0]).toMatchObject({ code: 'trace-incomplete', key: 'diagnoseCli.problem.traceIncompleteCut' });
    }
    // The same line with its newline was written whole: broken, not cut.
    const half = errorOf(() => parseTrace(`${[...lines.slice(0, 3), lines[3]!.slice(0, 40)].join('\n')}\n`));
    expect(half.en).toContain('line 4');
    expect(half.en).toContain('not valid JSON');
    // A broken line before the last is an error even when the file ends cut.
    const middle = errorOf(() => parseTrace([lines[0], lines[1]!.slice(0, 30), lines[2], lines[3]!.slice(0, 30)].join('\n')));
    expect(middle.en).toContain('line 2');
  });

  it('narrows a trace without --gpu to the GPUs the tree used, as the live observation does', () => {
    // Streamed as the watch went: early samples still hold both GPUs (the tree's is GPU 0).
    const observation = parseTrace(traceLines(sampleObservation()).join('\n'));
    expect(observation.samples.every((s) => s.devices.map((d) => d.index).join() === '0')).toBe(true);
    const whole = buildObservation({ gpus: [{ name: 'NVIDIA H200' }, { name: 'NVIDIA H200' }], samples: 3, frame: () => ({ gpus: [{ util: 50 }, { util: 10 }] }) });
    expect(parseTrace(traceLines(whole).join('\n')).samples[0]!.devices).toHaveLength(2);
  });

  it('names the broken field and its line', () => {
    const lines = traceLines(sampleObservation());
    const noWall = lines[2]!.replace(/"wallMs":\d+/, '"wallMs":"soon"');
    const bad = errorOf(() => parseTrace([lines[0], lines[1], noWall, ...lines.slice(3)].join('\n')));
    expect(bad.en).toContain('wallMs');
    expect(bad.en).toContain('line 3');
    const devices = lines[2]!.replace('"devices":[', '"devices":{"a":[').replace('],"processes"', ']},"processes"');
    expect(errorOf(() => parseTrace([lines[0], lines[1], devices, ...lines.slice(3)].join('\n'))).en).toContain('devices');
  });

  it('makes hostile strings safe and impossible numbers null (never a finding)', () => {
    const lines = traceLines(sampleObservation());
    const hostile = lines[1]!
      .replace('"python train.py"', JSON.stringify('evil\u001b]0;pwned\u0007\u202e' + 'x'.repeat(10_000)))
      .replace(/"memoryUsedBytes":\d+/, '"memoryUsedBytes":1e300')
      .replace(/"gpuUtilPercent":\d+/, '"gpuUtilPercent":-5');
    const observation = parseTrace([lines[0], hostile, ...lines.slice(2)].join('\n'));
    const sample = observation.samples[0]!;
    const command = sample.processes[0]!.command!;
    expect(command).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(command.startsWith('evil\\e]0;pwned\\x07\\u202e')).toBe(true);
    expect(command.length).toBeLessThanOrEqual(4096);
    expect(sample.devices[0]!.memoryUsedBytes).toBeNull();
    expect(sample.devices[0]!.unavailable.memoryUsedBytes).toBe('out-of-range');
    expect(sample.devices[0]!.gpuUtilPercent).toBeNull();
    expect(observation.problems.some((p) => p.code === 'out-of-range')).toBe(true);
  });

  it('never crashes on mutated traces: an Observation or a DiagnoseError', () => {
    const text = traceLines(sampleObservation()).join('\n');
    const fuzz = createFuzzer(1212);
    let parsed = 0;
    for (let i = 0; i < 300; i++) {
      try {
        parseTrace(fuzz.mutate(text));
        parsed++;
      } catch (error) {
        expect(error).toBeInstanceOf(DiagnoseError);
      }
    }
    // Some mutations only add spaces or touch a leaf: those still load.
    expect(parsed).toBeGreaterThan(0);
  });

  it('reports a missing file, a directory and a device as unreadable, not a crash', async () => {
    for (const file of [path.join(dir, 'nope.ndjson'), dir, '/dev/zero']) {
      const error = await readTrace(file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DiagnoseError);
      expect((error as DiagnoseError).key).toBe('diagnoseCli.error.readFailed');
    }
    const big = path.join(dir, 'binary.ndjson');
    writeFileSync(big, Buffer.from([0xff, 0xfe, 0x00, 0x0a]));
    await expect(readTrace(big)).rejects.toBeInstanceOf(DiagnoseError);
  });
});
