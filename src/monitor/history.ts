// The sampler's history: per GPU a columnar ring (keyed by UUID — an index can change across a
// reboot or a reset, a UUID does not), its sub-second sample rings, and one ring for the host.
// Everything is sized at first sight of a GPU, so memory is known: see `byteLength`.

import type { SampledMetric } from '../core/backend.js';
import type { GpuDevice, Snapshot } from '../core/snapshot.js';
import { checkColumnNames, DEVICE_COLUMNS, HOST_COLUMNS, type DeviceColumnName } from './columns.js';
import { ColumnRing, SampleRing, type RingWindow } from './ring.js';

/** More GPUs than any node has: past it, the GPU unseen the longest gives up its rings. */
export const MAX_TRACKED_GPUS = 64;
/** The driver keeps ~6 samples a second; 10 per row of history leaves room at 1 Hz. */
const SAMPLES_PER_ROW = 10;
const SAMPLED_METRICS: readonly SampledMetric[] = ['gpuUtilPercent', 'memoryUtilPercent', 'powerDrawWatts'];
/** NVML's utilisation samples are unsigned ints (whole percents): a byte each in the ring. */
const WHOLE_PERCENT_SAMPLES: ReadonlySet<SampledMetric> = new Set(['gpuUtilPercent', 'memoryUtilPercent']);

export interface DeviceHistoryWindow extends RingWindow {
  /** UUID, or `pci:<bus id>` / `index:<n>` for a backend that gives none. */
  key: string;
  /** As last seen. */
  index: number;
  uuid: string | null;
  name: string | null;
  /** The driver's sub-second samples in the window, per metric (absent: none were given). */
  samples: Partial<Record<SampledMetric, { timesMs: number[]; values: number[] }>>;
}

export interface HistoryWindow {
  /** Wall-clock ms the window starts at (the newest row's time minus the span). */
  sinceMs: number;
  devices: DeviceHistoryWindow[];
  host: RingWindow;
}

interface DeviceTrack {
  key: string;
  index: number;
  uuid: string | null;
  name: string | null;
  rows: ColumnRing<GpuDevice>;
  samples: Map<SampledMetric, SampleRing>;
  lastSeenMs: number;
}

export function deviceKey(device: Pick<GpuDevice, 'uuid' | 'pciBusId' | 'index'>): string {
  if (device.uuid) return device.uuid;
  if (device.pciBusId) return `pci:${device.pciBusId}`;
  return `index:${device.index}`;
}

export class SampleHistory {
  private readonly tracks = new Map<string, DeviceTrack>();
  private readonly host: ColumnRing<Snapshot['host']>;
  /** The newest row's wall and monotonic times; null before the first. */
  private newest: { wallMs: number; monotonicMs: number } | null = null;

  constructor(private readonly rows: number) {
    this.host = new ColumnRing(HOST_COLUMNS, rows);
  }

  /** `monotonicMs`: when the read began on the monotonic clock, to tell a step of the wall clock. */
  add(wallMs: number, monotonicMs: number, snapshot: Snapshot): void {
    if (this.newest && wallMs < this.newest.wallMs) this.rebase(wallMs, monotonicMs, this.newest);
    this.newest = { wallMs, monotonicMs };
    this.host.push(wallMs, snapshot.host);
    const byIndex = new Map<number, DeviceTrack>();
    for (const device of snapshot.devices) {
      const track = this.track(device, wallMs);
      track.rows.push(wallMs, device);
      byIndex.set(device.index, track);
    }
    for (const series of snapshot.samples ?? []) {
      const track = (series.uuid ? this.tracks.get(series.uuid) : undefined) ?? byIndex.get(series.deviceIndex);
      if (!track) continue;
      let ring = track.samples.get(series.metric);
      if (!ring) track.samples.set(series.metric, (ring = new SampleRing(this.rows * SAMPLES_PER_ROW, { small: WHOLE_PERCENT_SAMPLES.has(series.metric) })));
      ring.append(series.timesMs, series.values);
    }
  }

  /**
   * The wall clock went back (an NTP step, a VM's clock set): the rows kept move back by the step,
   * measured against the monotonic clock, so that they stay in time order and a window of the last
   * minute holds the last minute. Left as they were, every window came back empty until the clock
   * had caught up with the newest old row (an hour, for an hour's step). A step forward is left
   * alone: it may be time that really passed (a machine suspended, which the monotonic clock does
   * not count), and rows seen as older than they are cost a window only the rows it leaves out.
   */
  private rebase(wallMs: number, monotonicMs: number, newest: { wallMs: number; monotonicMs: number }): void {
    const expectedMs = newest.wallMs + Math.max(0, monotonicMs - newest.monotonicMs);
    const shiftMs = wallMs - expectedMs;
    this.host.shift(shiftMs);
    for (const track of this.tracks.values()) {
      track.rows.shift(shiftMs);
      for (const ring of track.samples.values()) ring.shift(shiftMs);
      track.lastSeenMs += shiftMs;
    }
  }

  private track(device: GpuDevice, wallMs: number): DeviceTrack {
    const key = deviceKey(device);
    let track = this.tracks.get(key);
    if (!track) {
      if (this.tracks.size >= MAX_TRACKED_GPUS) this.evictOldest();
      track = { key, index: device.index, uuid: device.uuid, name: device.name, rows: new ColumnRing(DEVICE_COLUMNS, this.rows), samples: new Map(), lastSeenMs: wallMs };
      this.tracks.set(key, track);
    }
    track.index = device.index;
    track.name = device.name ?? track.name;
    track.lastSeenMs = wallMs;
    return track;
  }

  private evictOldest(): void {
    let oldest: DeviceTrack | null = null;
    for (const track of this.tracks.values()) if (!oldest || track.lastSeenMs < oldest.lastSeenMs) oldest = track;
    if (oldest) this.tracks.delete(oldest.key);
  }

  /** The last `seconds` (Infinity: every row kept); a negative or NaN span, or a column not kept, is a RangeError. */
  window(seconds: number, columns?: readonly DeviceColumnName[]): HistoryWindow {
    if (!(seconds >= 0)) throw new RangeError(`a window is 0 seconds or more (Infinity for all), got ${seconds}`);
    checkColumnNames(columns);
    const sinceMs = this.newest === null ? -Infinity : this.newest.wallMs - seconds * 1000;
    const devices: DeviceHistoryWindow[] = [];
    // Columns asked for pick the sub-second samples too: top's graphs need two of the three.
    const metrics = columns ? SAMPLED_METRICS.filter((metric) => columns.includes(metric)) : SAMPLED_METRICS;
    for (const track of this.tracks.values()) {
      const samples: DeviceHistoryWindow['samples'] = {};
      for (const metric of metrics) {
        const ring = track.samples.get(metric);
        if (ring) samples[metric] = ring.window(sinceMs);
      }
      devices.push({ key: track.key, index: track.index, uuid: track.uuid, name: track.name, ...track.rows.window(sinceMs, columns), samples });
    }
    devices.sort((a, b) => a.index - b.index);
    return { sinceMs, devices, host: this.host.window(sinceMs) };
  }

  get byteLength(): number {
    let bytes = this.host.byteLength;
    for (const track of this.tracks.values()) {
      bytes += track.rows.byteLength;
      for (const ring of track.samples.values()) bytes += ring.byteLength;
    }
    return bytes;
  }
}
