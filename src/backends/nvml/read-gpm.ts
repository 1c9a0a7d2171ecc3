// GPM (GPU Performance Monitoring, Hopper and newer): how busy the SMs, the tensor cores and the
// memory bus really were between two readings — what GPU-Util cannot say ("a kernel ran") — and
// the graphics engine's active share over the same interval (DCGM's GR_ENGINE_ACTIVE).
// Two driver-side sample buffers per GPU take turns: each read samples into the older one and
// asks nvmlGpmMetricsGet for the metrics between the two. NVML wants more than 100 ms between
// samples; a reading sooner than that keeps the older sample and says `first-sample`.

import type { UnavailableReason } from '../../core/unavailable.js';
import { GPM_METRIC, GPM_METRIC_ID, GPM_METRICS_GET, GPM_SUPPORT } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { call, type Plan } from './plan.js';
import { NVML_ERROR_NOT_SUPPORTED, NVML_SUCCESS, unavailableReasonFor } from './return-codes.js';
import { NativeBuffer, type Scratch } from './scratch.js';

export const GPM_MIN_INTERVAL_MS = 100;

export type GpmMetric = 'graphicsActivePercent' | 'smActivePercent' | 'smOccupancyPercent' | 'tensorActivePercent' | 'dramActivePercent';

const METRICS: readonly (readonly [GpmMetric, number])[] = [
  ['graphicsActivePercent', GPM_METRIC_ID.graphicsUtil],
  ['smActivePercent', GPM_METRIC_ID.smUtil],
  ['smOccupancyPercent', GPM_METRIC_ID.smOccupancy],
  ['tensorActivePercent', GPM_METRIC_ID.anyTensorUtil],
  ['dramActivePercent', GPM_METRIC_ID.dramBandwidthUtil],
];

export type GpmValues = Record<GpmMetric, { ok: true; value: number } | { ok: false; reason: UnavailableReason }>;
export type GpmReading = { ok: true; values: GpmValues } | { ok: false; reason: UnavailableReason };

/** One GPU's GPM state: whether it has GPM, its two sample buffers, which one holds the baseline. */
export class GpmSampler {
  private support: UnavailableReason | 'supported' | null = null;
  private samples: [bigint, bigint] | null = null;
  private baseline: 0 | 1 | null = null;
  private baselineAtMs = 0;
  private request: NativeBuffer | null = null;

  constructor(private readonly lib: NvmlLibrary) {}

  /**
   * `baseline` false: a reading with no earlier sample says `first-sample` after asking only
   * whether the GPU has GPM, without allocating and taking a sample that no later reading would
   * use (one-shot `info --json`: 3 of its 4 GPM calls a GPU).
   */
  *read(s: Scratch, handle: bigint, computeMetrics: boolean, baseline = true): Plan<GpmReading> {
    const support = yield* this.ensureSupport(s, handle);
    if (support !== 'supported') return { ok: false, reason: support };
    if (this.baseline === null && !baseline) return { ok: false, reason: 'first-sample' };
    const allocated = yield* this.ensureSamples(s);
    if (allocated !== true) return { ok: false, reason: allocated };
    const samples = this.samples!;
    const now = performance.now();
    if (this.baseline !== null && now - this.baselineAtMs < GPM_MIN_INTERVAL_MS) return { ok: false, reason: 'first-sample' };
    const target: 0 | 1 = this.baseline === 0 ? 1 : 0;
    const code = yield call(this.lib.fn.gpmSampleGet, handle, samples[target]);
    if (code !== NVML_SUCCESS) return { ok: false, reason: unavailableReasonFor(code) };
    const previous = this.baseline;
    this.baseline = target;
    this.baselineAtMs = now;
    if (previous === null || !computeMetrics) return { ok: false, reason: 'first-sample' };
    return yield* this.metrics(samples[previous], samples[target]);
  }

  private *ensureSupport(s: Scratch, handle: bigint): Plan<UnavailableReason | 'supported'> {
    if (this.support === null) {
      if (!this.lib.has('gpmQueryDeviceSupport') || !this.lib.has('gpmSampleGet') || !this.lib.has('gpmMetricsGet')) {
        this.support = 'symbol-missing';
      } else {
        s.clearStruct();
        s.setStructU32(GPM_SUPPORT.version, GPM_SUPPORT.VERSION);
        const code = yield call(this.lib.fn.gpmQueryDeviceSupport, handle, s.structPointer);
        // Any other failure may pass (a busy driver): ask again next time.
        if (code !== NVML_SUCCESS && code !== NVML_ERROR_NOT_SUPPORTED) return unavailableReasonFor(code);
        this.support = code === NVML_SUCCESS && s.structU32(GPM_SUPPORT.isSupportedDevice) !== 0 ? 'supported' : 'not-supported';
      }
    }
    return this.support;
  }

  private *ensureSamples(s: Scratch): Plan<true | UnavailableReason> {
    if (!this.samples) {
      const first = yield* this.allocate(s);
      const second = typeof first === 'bigint' ? yield* this.allocate(s) : first;
      if (typeof first !== 'bigint' || typeof second !== 'bigint') {
        if (typeof first === 'bigint') this.lib.fn.gpmSampleFree(first);
        return unavailableReasonFor(typeof first === 'bigint' ? (second as number) : first);
      }
      this.samples = [first, second];
    }
    return true;
  }

  private *allocate(s: Scratch): Plan<bigint | number> {
    s.setU64(0, 0n);
    const code = yield call(this.lib.fn.gpmSampleAlloc, s.slot(0));
    return code === NVML_SUCCESS ? s.slotU64(0) : code;
  }

  private *metrics(earlier: bigint, later: bigint): Plan<GpmReading> {
    if (!this.request) {
      this.request = new NativeBuffer(GPM_METRICS_GET.metrics + GPM_METRICS_GET.MAX_METRICS * GPM_METRIC.size);
      this.request.fill(0);
    }
    const request = this.request;
    // Only the entries asked for change between calls.
    request.fill(0, GPM_METRICS_GET.metrics + METRICS.length * GPM_METRIC.size);
    request.setU32(GPM_METRICS_GET.version, GPM_METRICS_GET.VERSION);
    request.setU32(GPM_METRICS_GET.numMetrics, METRICS.length);
    request.setU64(GPM_METRICS_GET.sample1, earlier);
    request.setU64(GPM_METRICS_GET.sample2, later);
    METRICS.forEach(([, id], i) => request.setU32(GPM_METRICS_GET.metrics + i * GPM_METRIC.size + GPM_METRIC.metricId, id));
    const code = yield call(this.lib.fn.gpmMetricsGet, request.pointer);
    if (code !== NVML_SUCCESS) return { ok: false, reason: unavailableReasonFor(code) };
    const values = {} as GpmValues;
    METRICS.forEach(([metric], i) => {
      const base = GPM_METRICS_GET.metrics + i * GPM_METRIC.size;
      const status = request.view.getInt32(base + GPM_METRIC.nvmlReturn, true);
      const value = request.f64(base + GPM_METRIC.value);
      if (status !== NVML_SUCCESS) values[metric] = { ok: false, reason: unavailableReasonFor(status) };
      else values[metric] = Number.isFinite(value) ? { ok: true, value } : { ok: false, reason: 'out-of-range' };
    });
    return { ok: true, values };
  }

  /** Frees the driver's buffers; not while a call may still be using them (a hung GPU). */
  close(): void {
    if (this.samples) for (const sample of this.samples) this.lib.fn.gpmSampleFree(sample);
    this.samples = null;
    this.request?.free();
    this.request = null;
  }
}
