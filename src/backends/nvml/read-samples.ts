// The driver's own sub-second samples (nvmlDeviceGetSamples: GPU and memory utilisation and
// power, about 1/6 s apart, kept in a buffer of the last several seconds), read since the last
// sample seen, so a sampler ticking every 1–2 s still sees what happened between its ticks.
// Timestamps are CPU µs since 1970 (nvml.h); the series carry wall-clock ms.

import type { DeviceSampleSeries, SampledMetric } from '../../core/backend.js';
import { cursorAfterClockStep } from './clock-step.js';
import { SAMPLE, SAMPLING_TYPE } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { call, type Plan } from './plan.js';
import { decodeNumber } from './read-counters.js';
import { NVML_SUCCESS } from './return-codes.js';
import { NativeBuffer, type Scratch } from './scratch.js';

const SERIES: readonly (readonly [SampledMetric, number, number])[] = [
  ['gpuUtilPercent', SAMPLING_TYPE.gpuUtilization, 1],
  ['memoryUtilPercent', SAMPLING_TYPE.memoryUtilization, 1],
  // Power samples are mW.
  ['powerDrawWatts', SAMPLING_TYPE.totalPower, 1 / 1000],
];

const INITIAL_CAPACITY = 128;
const MAX_CAPACITY = 1024;

/** One GPU's cursors (newest timestamp seen per metric) and its sample buffer. */
export class SampleReader {
  private readonly cursorsUs = new Map<SampledMetric, number>();
  private cursorUuid: string | null = null;
  private buffer: NativeBuffer | null = null;
  private capacity = INITIAL_CAPACITY;

  constructor(
    private readonly lib: NvmlLibrary,
    private readonly platform: string,
  ) {}

  *read(s: Scratch, handle: bigint, deviceIndex: number, uuid: string | null): Plan<DeviceSampleSeries[]> {
    if (!this.lib.has('samples')) return [];
    if (uuid !== this.cursorUuid) this.cursorsUs.clear();
    this.cursorUuid = uuid;
    const nowMs = Date.now();
    const series: DeviceSampleSeries[] = [];
    for (let m = 0; m < SERIES.length; m++) {
      // Indexed, not destructured: array destructuring runs the iterator protocol (garbage a call).
      const metric = SERIES[m]![0];
      const type = SERIES[m]![1];
      const scale = SERIES[m]![2];
      const buffer = (this.buffer ??= new NativeBuffer(this.capacity * SAMPLE.size));
      const since = cursorAfterClockStep(this.cursorsUs.get(metric) ?? 0, nowMs);
      // Slot 0: the value type (out); slot 1: the capacity in, the count out.
      s.setU32(0, 0);
      s.setU32(8, this.capacity);
      const code = yield call(this.lib.fn.samples, handle, type, since, s.slot(0), s.slot(1), buffer.pointer);
      // NOT_FOUND: nothing newer than the cursor; NOT_SUPPORTED: MIG mode, or no such sensor.
      if (code !== NVML_SUCCESS) continue;
      const count = Math.min(s.slotU32(1), this.capacity);
      const valueType = s.slotU32(0);
      // Two flat arrays, not a pair per sample: this runs for 3 metrics × every GPU × every tick.
      const timesUs: number[] = [];
      const values: number[] = [];
      let ordered = true;
      for (let i = 0; i < count; i++) {
        const base = i * SAMPLE.size;
        const timestampUs = buffer.u64n(base + SAMPLE.timeStamp);
        const value = decodeNumber(buffer.view, base + SAMPLE.value, valueType, this.platform);
        if (timestampUs <= since || value === null) continue;
        if (timesUs.length > 0 && timestampUs < timesUs[timesUs.length - 1]!) ordered = false;
        timesUs.push(timestampUs);
        values.push(value * scale);
      }
      // A full buffer may have left samples behind: a bigger one next time.
      if (count === this.capacity && this.capacity < MAX_CAPACITY) this.grow();
      if (timesUs.length === 0) continue;
      if (!ordered) sortByTime(timesUs, values);
      this.cursorsUs.set(metric, timesUs[timesUs.length - 1]!);
      for (let i = 0; i < timesUs.length; i++) timesUs[i] = timesUs[i]! / 1000;
      series.push({ deviceIndex, uuid, metric, timesMs: timesUs, values });
    }
    return series;
  }

  private grow(): void {
    this.capacity = Math.min(MAX_CAPACITY, this.capacity * 2);
    this.buffer?.free();
    this.buffer = null;
  }

  close(): void {
    this.buffer?.free();
    this.buffer = null;
  }
}

/** Both arrays in time order, in place (a stable sort: equal times keep the driver's order). */
function sortByTime(times: number[], values: number[]): void {
  const order = times.map((_, i) => i).sort((a, b) => times[a]! - times[b]!);
  const sortedTimes = order.map((i) => times[i]!);
  const sortedValues = order.map((i) => values[i]!);
  for (let i = 0; i < order.length; i++) {
    times[i] = sortedTimes[i]!;
    values[i] = sortedValues[i]!;
  }
}
