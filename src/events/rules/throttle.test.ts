import { describe, expect, it } from 'vitest';
import type { ClockEventReason } from '../../core/clock-events.js';
import { derive, summary } from '../__fixtures__/run.js';
import { gpu, T0 } from '../__fixtures__/samples.js';

const frames = (reasons: (ClockEventReason[] | null)[]) => reasons.map((r) => ({ devices: [gpu(0, { clockEventReasons: r })] }));

describe('throttling', () => {
  it('ignores an idle GPU and clocks someone chose', () => {
    const events = derive(frames([[], ['gpu-idle'], ['applications-clocks-setting', 'display-clock-setting'], ['gpu-idle'], []]));
    expect(events).toEqual([]);
  });

  it('tells a power cap as info, a thermal slowdown joining it as a warning, and the end with every reason', () => {
    const events = derive(
      frames([[], ['sw-power-cap'], ['sw-power-cap', 'hw-thermal-slowdown'], ['sw-power-cap'], [], [], [], [], [], [], []]),
    );
    expect(summary(events)).toEqual([
      '1:throttle-start:events.throttle.start',
      '2:throttle-change:events.throttle.change',
      '9:throttle-end:events.throttle.end',
    ]);
    expect(events[0]).toMatchObject({ severity: 'info', deviceKey: 'GPU-0', gpuIndex: 0, atMs: T0 + 1000, params: { gpu: 0, reasons: 'sw-power-cap' } });
    expect(events[1]).toMatchObject({ severity: 'warning', params: { reasons: 'hw-thermal-slowdown' } });
    // Dated when the clocks came free (frame 4), told once they stayed free for 5 s (frame 9).
    expect(events[2]).toMatchObject({ atMs: T0 + 4000, severity: 'info', params: { reasons: 'sw-power-cap,hw-thermal-slowdown', seconds: 3 } });
  });

  it('keeps one episode while a power cap flickers on and off from read to read', () => {
    const flicker: ClockEventReason[][] = [];
    for (let i = 0; i < 20; i++) flicker.push(i % 2 === 0 ? ['sw-power-cap'] : []);
    const events = derive(frames([[], ...flicker]));
    expect(summary(events)).toEqual(['1:throttle-start:events.throttle.start']);
  });

  it('a hardware slowdown alone is a warning; unknown bits a newer driver sets are not throttling', () => {
    expect(derive(frames([[], ['unknown'], ['unknown', 'gpu-idle'], []]))).toEqual([]);
    const events = derive(frames([[], ['hw-slowdown', 'unknown']]));
    expect(events).toMatchObject([{ kind: 'throttle-start', severity: 'warning', params: { reasons: 'hw-slowdown' } }]);
  });

  it('a missing reading neither ends nor starts an episode', () => {
    const events = derive(frames([[], ['sw-thermal-slowdown'], null, null, null, null, null, null, null, ['sw-thermal-slowdown'], null]));
    expect(summary(events)).toEqual(['1:throttle-start:events.throttle.start']);
    expect(derive(frames([null, null, []]))).toEqual([]);
  });

  it('says "already" for a GPU throttling at the first sample', () => {
    const events = derive(frames([['sw-power-cap'], ['sw-power-cap']]));
    expect(summary(events)).toEqual(['0:throttle-start:events.throttle.already']);
  });

  it('ends at once with throttleClearMs 0', () => {
    const events = derive(frames([[], ['sync-boost'], []]), { throttleClearMs: 0 });
    expect(summary(events)).toEqual(['1:throttle-start:events.throttle.start', '2:throttle-end:events.throttle.end']);
  });
});
