import { describe, expect, it } from 'vitest';
import { diagnose } from './analyze.js';
import { buildObservation } from './testing/observation-builder.js';

describe('diagnose: verdicts', () => {
  it('says insufficient, never guesses, with too few samples', () => {
    const report = diagnose(buildObservation({ samples: 2, frame: { gpus: [{ util: 3, memUsedMiB: 70000 }] } }));
    expect(report.verdict).toBe('insufficient');
    expect(report.findings).toEqual([]);
    expect(report.notes[0]).toMatchObject({ key: 'diagnose.insufficient.tooShort', params: { samples: 2 } });
  });

  it('says insufficient when no GPU was observed, or none gave a figure', () => {
    expect(diagnose(buildObservation({ gpus: [] })).notes[0]?.key).toBe('diagnose.insufficient.noGpu');
    const blank = diagnose(buildObservation({ frame: { gpus: [{}] } }));
    expect(blank.verdict).toBe('insufficient');
    expect(blank.notes[0]?.key).toBe('diagnose.insufficient.noGpuData');
  });

  it('summarises each GPU over the window, nulls where nothing was read', () => {
    const report = diagnose(buildObservation({ frame: (i) => ({ gpus: [{ util: i % 2 === 0 ? 90 : 100, memUsedMiB: 1000 + i }] }) }));
    expect(report.gpus).toHaveLength(1);
    expect(report.gpus[0]).toMatchObject({ index: 0, gpuUtilMeanPercent: 95, memoryUsedPeakBytes: 1009 * 2 ** 20, smActiveMeanPercent: null, pcieRxMeanBytesPerSecond: null });
    expect(report.sampleCount).toBe(10);
    expect(report.seconds).toBe(9);
  });
});
