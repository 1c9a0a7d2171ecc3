import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/index.js';
import { gpu, proc, samples } from './__fixtures__/samples.js';
import { createEventDeriver } from './derive.js';
import { eventText } from './text.js';

describe('the event deriver', () => {
  it('tells a sample handed over twice only once', () => {
    const deriver = createEventDeriver();
    const [first, second] = samples([{ devices: [gpu(0)] }, { devices: [gpu(0, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' })] }]);
    expect(deriver.next(first!)).toEqual([]);
    expect(deriver.next(second!)).toHaveLength(1);
    expect(deriver.next(second!)).toEqual([]);
  });

  it('gives plain data: JSON round-trips it unchanged', () => {
    const deriver = createEventDeriver();
    const run = samples([
      { devices: [gpu(0)], processes: [] },
      { devices: [gpu(0, { clockEventReasons: ['sw-power-cap'] })], processes: [proc(7, 0)] },
    ]);
    const events = run.flatMap((s) => deriver.next(s));
    expect(events.length).toBe(2);
    expect(JSON.parse(JSON.stringify(events))).toEqual(events);
  });

  it('orders a sample’s events by time (a throttle end is dated when the clocks came free)', () => {
    const deriver = createEventDeriver({ throttleClearMs: 2000 });
    const run = samples([
      { devices: [gpu(0)] },
      { devices: [gpu(0, { clockEventReasons: ['sw-power-cap'] })] },
      { devices: [gpu(0, { clockEventReasons: [] })] },
      { devices: [gpu(0, { clockEventReasons: [] })] },
      { devices: [gpu(0, { clockEventReasons: [] }), gpu(1)] },
    ]);
    const last = run.map((s) => deriver.next(s)).at(-1)!;
    expect(last.map((e) => e.kind)).toEqual(['throttle-end', 'gpu-appeared']);
    expect(last[0]!.atMs).toBeLessThan(last[1]!.atMs);
  });
});

describe('eventText', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh-CN');

  it('reads in the asked language, with clock reasons translated', () => {
    const event = { key: 'events.throttle.start', params: { gpu: 2, reasons: 'sw-power-cap,hw-thermal-slowdown' } };
    expect(eventText(event, en)).toBe('GPU 2 began throttling: power cap, thermal (hardware)');
    expect(eventText(event, zh)).toContain('GPU 2 开始降频：功率上限、过热（硬件）');
  });

  it('shows hostile process names and driver text escaped, never raw', () => {
    const name = 'x\u001b]0;pwned\u0007\u202e\r\nGPU 3 fell off the bus';
    const text = eventText({ key: 'events.process.start', params: { gpu: 0, pid: 9, name } }, en);
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(text).toContain('\\e]0;pwned\\x07');
    const xid = eventText({ key: 'events.xid.79', params: { gpu: 1, text: 'bus\u001b[2J' } }, zh);
    expect(xid).toContain('bus\\e[2J');
  });

  it('shows a key this build does not know as the key, escaped', () => {
    expect(eventText({ key: 'events.from-a-newer-build\u001b[31m', params: {} }, en)).toBe('events.from-a-newer-build\\e[31m');
  });
});

describe('sampleEvents', () => {
  it('joins the deriver’s events and a poller’s (the Xid watcher) in time order', async () => {
    const { sampleEvents } = await import('./sources.js');
    const polled: number[] = [];
    const xid = {
      poll: (sample: { seq: number; wallMs: number }) => {
        polled.push(sample.seq);
        return sample.seq === 2
          ? [{ atMs: sample.wallMs - 500, kind: 'xid' as const, severity: 'critical' as const, deviceKey: 'GPU-0', gpuIndex: 0, key: 'events.xid.79', params: { gpu: 0, xid: 79, text: '' } }]
          : [];
      },
    };
    const next = sampleEvents(createEventDeriver(), xid, null);
    const run = samples([{ devices: [gpu(0)] }, { devices: [gpu(0, { state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' })] }]);
    expect(next(run[0]!)).toEqual([]);
    expect(next(run[1]!).map((e) => e.kind)).toEqual(['xid', 'gpu-lost']);
    expect(polled).toEqual([1, 2]);
  });
});
