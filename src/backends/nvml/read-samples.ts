// The driver's own sub-second samples (nvmlDeviceGetSamples: GPU and memory utilisation and
// power, about 1/6 s apart, kept in a buffer of the last several seconds), read since the last
// sample seen, so a sampler ticking every 1–2 s still sees what happened between its ticks.
// Timestamps are CPU µs since 1970 (nvml.h); the series carry wall-clock ms.

import type { DeviceSampleSeries, SampledMetric } from '../../core/backend.js';
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
    const series: DeviceSampleSeries[] = [];
    for (const [metric, type, scale] of SERIES) {
      const buffer = (this.buffer ??= new NativeBuffer(this.capacity * SAMPLE.size));
      const since = this.cursorsUs.get(metric) ?? 0;
      // Slot 0: the value type (out); slot 1: the capacity in, the count out.
      s.setU32(0, 0);
      s.setU32(8, this.capacity);
      const code = yield call(this.lib.fn.samples, handle, type, since, s.slot(0), s.slot(1), buffer.pointer);
      // NOT_FOUND: nothing newer than the cursor; NOT_SUPPORTED: MIG mode, or no such sensor.
      if (code !== NVML_SUCCESS) continue;
      const count = Math.min(s.slotU32(1), this.capacity);
      const valueType = s.slotU32(0);
      const points: [number, number][] = [];
      for (let i = 0; i < count; i++) {
        const base = i * SAMPLE.size;
        const timestampUs = buffer.u64n(base + SAMPLE.timeStamp);
        const value = decodeNumber(buffer.view, base + SAMPLE.value, valueType, this.platform);
        if (timestampUs > since && value !== null) points.push([timestampUs, value * scale]);
      }
      // A full buffer may have left samples behind: a bigger one next time.
      if (count === this.capacity && this.capacity < MAX_CAPACITY) this.grow();
      if (points.length === 0) continue;
      points.sort((a, b) => a[0] - b[0]);
      this.cursorsUs.set(metric, points[points.length - 1]![0]);
      series.push({ deviceIndex, uuid, metric, timesMs: points.map(([us]) => us / 1000), values: points.map(([, v]) => v) });
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
