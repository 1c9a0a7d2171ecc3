import { describe, expect, it } from 'vitest';
import { derive, summary } from '../__fixtures__/run.js';
import { gpu } from '../__fixtures__/samples.js';

const GIB = 2 ** 30;
const memory = (usedPercent: number | null) => ({
  devices: [gpu(0, { memoryTotalBytes: 80 * GIB, memoryUsedBytes: usedPercent === null ? null : (usedPercent / 100) * 80 * GIB })],
});
const heat = (celsius: number | null, slowdown: number | null = 90, shutdown: number | null = 95) => ({
  devices: [gpu(0, { temperatureCelsius: celsius, temperatureSlowdownCelsius: slowdown, temperatureShutdownCelsius: shutdown })],
});

describe('memory nearly full', () => {
  it('tells once at 95 %, however it hovers, and fine again only under 90 %', () => {
    const events = derive([50, 96, 94, 95.5, 91, 96, 89.9, 94].map(memory));
    expect(summary(events)).toEqual(['1:memory-nearly-full:events.memory.full', '6:memory-ok:events.memory.ok']);
    expect(events[0]).toMatchObject({ severity: 'warning', params: { usedPercent: 96, thresholdPercent: 95, totalBytes: 80 * GIB } });
    expect(events[1]).toMatchObject({ severity: 'info', params: { usedPercent: 89.9 } });
  });

  it('never reads missing memory as empty or full', () => {
    expect(derive([memory(96), memory(null), memory(null), memory(97)]).map((e) => e.key)).toEqual(['events.memory.already']);
    expect(derive([{ devices: [gpu(0, { memoryUsedBytes: 10, memoryTotalBytes: null })] }, { devices: [gpu(0, { memoryUsedBytes: 10, memoryTotalBytes: 0 })] }])).toEqual([]);
  });

  it('takes its threshold and hysteresis as options, and ignores ones that make no sense', () => {
    expect(summary(derive([50, 81, 76, 74].map(memory), { memoryNearlyFullPercent: 80, memoryHysteresisPercent: 5 }))).toEqual([
      '1:memory-nearly-full:events.memory.full',
      '3:memory-ok:events.memory.ok',
    ]);
    // NaN and 150 % fall back to 95 %, a hysteresis past the threshold to 5 points.
    for (const options of [{ memoryNearlyFullPercent: Number.NaN }, { memoryNearlyFullPercent: 150 }, { memoryHysteresisPercent: 200 }]) {
      expect(summary(derive([50, 94, 96, 91, 89].map(memory), options))).toEqual(['2:memory-nearly-full:events.memory.full', '4:memory-ok:events.memory.ok']);
    }
  });
});

describe('temperature over the slowdown point', () => {
  it('tells at the GPU’s own slowdown point and fine again 3 °C under it', () => {
    const events = derive([80, 90, 89, 88, 90, 86.9].map((c) => heat(c)));
    expect(summary(events)).toEqual(['1:temperature-high:events.temperature.high', '5:temperature-ok:events.temperature.ok']);
    expect(events[0]).toMatchObject({ severity: 'warning', params: { celsius: 90, slowdownCelsius: 90 } });
  });

  it('is critical at the shutdown point', () => {
    expect(derive([heat(70), heat(96)])).toMatchObject([{ kind: 'temperature-high', severity: 'critical' }]);
    expect(derive([heat(70), heat(96, 90, null)])).toMatchObject([{ severity: 'warning' }]);
  });

  it('tells once more, as critical, when a hot spell reaches the shutdown point', () => {
    const events = derive([80, 91, 95, 96, 92, 95, 80, 95].map((c) => heat(c)));
    expect(events.map((e) => `${e.frame}:${e.key}:${e.severity}`)).toEqual([
      '1:events.temperature.high:warning',
      '2:events.temperature.shutdown:critical',
      '6:events.temperature.ok:info',
      '7:events.temperature.high:critical',
    ]);
    expect(events[1]?.params).toMatchObject({ celsius: 95, shutdownCelsius: 95 });
  });

  it('tells nothing without a slowdown threshold or a reading', () => {
    expect(derive([heat(70, null), heat(99, null), heat(null), heat(99, null)])).toEqual([]);
    expect(derive([heat(70), heat(null), heat(null)])).toEqual([]);
  });

  it('says "already" when hot at the first sample', () => {
    expect(summary(derive([heat(92), heat(92)]))).toEqual(['0:temperature-high:events.temperature.already']);
  });
});
