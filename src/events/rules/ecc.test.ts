import { describe, expect, it } from 'vitest';
import type { EccErrorCounts } from '../../core/snapshot.js';
import { derive, summary } from '../__fixtures__/run.js';
import { gpu } from '../__fixtures__/samples.js';

const counts = (c: Partial<EccErrorCounts>): EccErrorCounts => ({
  correctedVolatile: null, uncorrectedVolatile: null, correctedAggregate: null, uncorrectedAggregate: null, ...c,
});
const frame = (c: Partial<EccErrorCounts> | null, afterSeconds = 1) => ({ devices: [gpu(0, { eccErrors: c && counts(c) })], afterSeconds });

describe('ECC errors rising', () => {
  it('tells new uncorrected errors at once, as critical, counting one error once (volatile and aggregate both rise)', () => {
    const events = derive([
      frame({ uncorrectedVolatile: 0, uncorrectedAggregate: 4 }),
      frame({ uncorrectedVolatile: 2, uncorrectedAggregate: 6 }),
      frame({ uncorrectedVolatile: 3, uncorrectedAggregate: 7 }),
    ]);
    expect(summary(events)).toEqual(['1:ecc-rising:events.ecc.uncorrected', '2:ecc-rising:events.ecc.uncorrected']);
    expect(events[0]).toMatchObject({ severity: 'critical', params: { counter: 'uncorrected', delta: 2, total: 2 } });
    expect(events[1]?.params).toMatchObject({ delta: 1, total: 3 });
  });

  it('counts nothing at the first sample, however high the counters already are', () => {
    expect(derive([frame({ uncorrectedVolatile: 12, correctedAggregate: 9000 }), frame({ uncorrectedVolatile: 12, correctedAggregate: 9000 })])).toEqual([]);
  });

  it('sums corrected errors within the quiet window into one warning', () => {
    const events = derive([
      frame({ correctedVolatile: 0 }),
      frame({ correctedVolatile: 1 }), // told at once
      frame({ correctedVolatile: 3 }, 10),
      frame({ correctedVolatile: 4 }, 10),
      frame({ correctedVolatile: 4 }, 45), // 65 s after the first: the 3 held back are told
      frame({ correctedVolatile: 4 }, 100),
    ]);
    expect(summary(events)).toEqual(['1:ecc-rising:events.ecc.corrected', '4:ecc-rising:events.ecc.corrected']);
    expect(events[0]).toMatchObject({ severity: 'warning', params: { counter: 'corrected', delta: 1, total: 1 } });
    expect(events[1]?.params).toMatchObject({ delta: 3, total: 4 });
  });

  it('never counts from a missing counter, still tells a rise across a gap, and takes a reset as a new start', () => {
    expect(derive([frame(null), frame({ uncorrectedVolatile: 5 }), frame(null), frame({ uncorrectedVolatile: 5 })])).toEqual([]);
    const gap = derive([frame({ uncorrectedVolatile: 1 }), frame({ uncorrectedVolatile: null }), frame(null), frame({ uncorrectedVolatile: 2 })]);
    expect(gap).toMatchObject([{ frame: 3, params: { delta: 1, total: 2 } }]);
    // The driver was reloaded: volatile counters start at 0 again.
    const reset = derive([frame({ uncorrectedVolatile: 7 }), frame({ uncorrectedVolatile: 0 }), frame({ uncorrectedVolatile: 1 })]);
    expect(reset).toMatchObject([{ frame: 2, params: { delta: 1, total: 1 } }]);
  });

  it('falls back to the aggregate counter where the volatile one is missing, without counting twice later', () => {
    const events = derive([
      frame({ uncorrectedVolatile: 0, uncorrectedAggregate: 10 }),
      frame({ uncorrectedVolatile: null, uncorrectedAggregate: 11 }),
      frame({ uncorrectedVolatile: 1, uncorrectedAggregate: 11 }),
      frame({ uncorrectedVolatile: 2, uncorrectedAggregate: 12 }),
    ]);
    expect(events.map((e) => [e.frame, e.params.delta])).toEqual([[1, 1], [3, 1]]);
  });
});
