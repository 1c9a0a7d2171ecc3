// The streamed trace (`diagnose --record`): on disk as the watch goes — the header with the first
// sample, the others within the flush interval, the end record last — readable at every point
// (as incomplete until the end), bounded, and a failing disk reported rather than thrown mid-watch.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildObservation } from './testing/observation-builder.js';
import { parseTrace, readTrace } from './trace.js';
import { isIncompleteTrace } from './trace-parse.js';
import { createTraceRecorder } from './trace-writer.js';
import type { Observation } from './types.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-trace-writer-'));
let n = 0;
const file = () => path.join(dir, `t${n++}.ndjson`);

function observation(samples = 5): Observation {
  const built = buildObservation({
    gpus: [{ name: 'NVIDIA H100 80GB HBM3' }],
    samples,
    frame: (i) => ({ gpus: [{ util: (i * 17) % 100, memUsedMiB: 1000 + i }], host: { cpuUtilPercent: 20 } }),
  });
  return { ...built, target: { ...built.target, gpuIndices: [0] } };
}

const onDisk = (at: string) => readFileSync(at, 'utf8');

afterEach(() => {
  vi.useRealTimers();
});

describe('the streamed trace', () => {
  it('puts the header and the first sample on disk at once, the next samples at the flush, the end record last', async () => {
    vi.useFakeTimers();
    const whole = observation(4);
    const at = file();
    const recorder = createTraceRecorder(at, { flushMs: 500 });
    recorder.sample(whole.samples[0]!, () => whole);
    const first = parseTrace(onDisk(at));
    expect(first.samples).toHaveLength(1);
    expect(isIncompleteTrace(first)).toBe(true);
    expect(first.recordedBy).toBe(whole.recordedBy);

    recorder.sample(whole.samples[1]!, () => whole);
    recorder.sample(whole.samples[2]!, () => whole);
    expect(parseTrace(onDisk(at)).samples).toHaveLength(1); // buffered
    vi.advanceTimersByTime(500);
    expect(parseTrace(onDisk(at)).samples).toHaveLength(3);

    recorder.sample(whole.samples[3]!, () => whole);
    vi.useRealTimers();
    await recorder.end({ ...whole, problems: [{ scope: 'observer', code: 'samples-dropped', message: 'x' }, { scope: 'device:0', code: 'NOT_SUPPORTED', message: 'GPM' }] });
    const back = await readTrace(at);
    expect(isIncompleteTrace(back)).toBe(false);
    expect(back.samples.map((s) => s.wallMs)).toEqual(whole.samples.map((s) => s.wallMs));
    expect(back.samples.map((s) => s.devices[0]!.memoryUsedBytes)).toEqual(whole.samples.map((s) => s.devices[0]!.memoryUsedBytes));
    // The observer's "older samples dropped" is about its memory: the file has every sample.
    expect(back.problems.map((p) => p.code)).toEqual(['NOT_SUPPORTED']);
    expect(recorder.samples).toBe(4);
  });

  it('writes what is buffered on flushSync (the CLI calls it on process exit)', () => {
    const whole = observation(3);
    const at = file();
    const recorder = createTraceRecorder(at, { flushMs: 60_000 });
    for (const sample of whole.samples) recorder.sample(sample, () => whole);
    expect(parseTrace(onDisk(at)).samples).toHaveLength(1);
    recorder.flushSync();
    expect(parseTrace(onDisk(at)).samples).toHaveLength(3);
    recorder.abandon();
  });

  it('stays within what the reader accepts: past the limit, samples are left out and the end record says so', async () => {
    const whole = observation(6);
    for (const limits of [{ maxSamples: 2 }, { maxBytes: 1 }]) {
      const at = file();
      const recorder = createTraceRecorder(at, limits);
      for (const sample of whole.samples) recorder.sample(sample, () => whole);
      await recorder.end(whole);
      const back = await readTrace(at);
      expect(back.samples.length).toBe(recorder.samples);
      expect(back.samples.length).toBeLessThan(6);
      expect(back.problems.find((p) => p.code === 'trace-cut')).toMatchObject({ key: 'diagnoseCli.problem.traceCut', params: { samples: back.samples.length } });
    }
  });

  it('a watch that ends before any sample still writes a whole trace', async () => {
    const empty = observation(1);
    const at = file();
    const recorder = createTraceRecorder(at);
    await recorder.end({ ...empty, samples: [] });
    const back = await readTrace(at);
    expect(back.samples).toEqual([]);
    expect(isIncompleteTrace(back)).toBe(false);
  });

  it('a full disk is kept as the error and thrown by end(), never during the watch', async () => {
    const whole = observation(3);
    const recorder = createTraceRecorder('/dev/full');
    for (const sample of whole.samples) expect(() => recorder.sample(sample, () => whole)).not.toThrow();
    expect((recorder.error as NodeJS.ErrnoException | null)?.code).toBe('ENOSPC');
    await expect(recorder.end(whole)).rejects.toMatchObject({ code: 'ENOSPC' });
  });

  it('replaces an existing file at the first write; a watch that fails before it leaves the file as it was (or none)', () => {
    const whole = observation(2);
    const old = file();
    writeFileSync(old, 'an older trace, much longer than the new one will be '.repeat(2000));
    const before = onDisk(old);
    createTraceRecorder(old).abandon();
    expect(onDisk(old)).toBe(before);
    const replaced = createTraceRecorder(old);
    replaced.sample(whole.samples[0]!, () => whole);
    replaced.abandon();
    expect(parseTrace(onDisk(old)).samples).toHaveLength(1);
    const fresh = file();
    createTraceRecorder(fresh).abandon();
    expect(existsSync(fresh)).toBe(false);
  });

  it('a file that cannot be opened throws at once, naming the reason', () => {
    const missing = path.join(dir, 'no-such-dir', 'trace.ndjson');
    expect(() => createTraceRecorder(missing)).toThrow(expect.objectContaining({ code: 'ENOENT' }) as Error);
    expect(existsSync(missing)).toBe(false);
  });
});
