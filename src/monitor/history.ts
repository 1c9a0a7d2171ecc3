// The sampler's history: per GPU a columnar ring (keyed by UUID — an index can change across a
// reboot or a reset, a UUID does not), its sub-second sample rings, and one ring for the host.
// Everything is sized at first sight of a GPU, so memory is known: see `byteLength`.

import type { SampledMetric } from '../core/backend.js';
import type { GpuDevice, Snapshot } from '../core/snapshot.js';
import { DEVICE_COLUMNS, HOST_COLUMNS } from './columns.js';
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
  private newestMs = -Infinity;

  constructor(private readonly rows: number) {
    this.host = new ColumnRing(HOST_COLUMNS, rows);
  }

  add(wallMs: number, snapshot: Snapshot): void {
    this.newestMs = Math.max(this.newestMs, wallMs);
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

  window(seconds: number, columns?: readonly string[]): HistoryWindow {
    const span = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Infinity;
    const sinceMs = this.newestMs === -Infinity ? -Infinity : this.newestMs - span;
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
