// The deriver's thresholds: options merged over defaults, each checked so that a bad value (NaN,
// a negative hysteresis, a threshold past 100 %) falls back to its default instead of silently
// turning a rule off or making it fire on every sample.

export interface EventDeriverOptions {
  /** Memory used share (of total) at or above which `memory-nearly-full` is told. Default 95. */
  memoryNearlyFullPercent?: number;
  /** `memory-ok` only once use is this many points below the threshold again. Default 5. */
  memoryHysteresisPercent?: number;
  /** `temperature-ok` only once the GPU is this many °C below its slowdown point. Default 3. */
  temperatureHysteresisCelsius?: number;
  /**
   * `throttle-end` only after the clocks have been free this long (ms): power-cap reasons come
   * and go from one read to the next under a steady load. Default 5000.
   */
  throttleClearMs?: number;
  /**
   * Consecutive samples a GPU must be in error, or missing from the list, before `gpu-lost`
   * (one slow read is not a lost GPU). A GPU NVML reports lost is told at once. Default 2.
   */
  downAfterSamples?: number;
  /**
   * Corrected ECC errors trickle on a healthy GPU: rises within this many ms of the last
   * corrected-ECC event are summed into the next one. Uncorrected errors are always told at once.
   * Default 60000.
   */
  correctedEccQuietMs?: number;
}

export type EventDeriverSettings = Required<EventDeriverOptions>;

export const EVENT_DERIVER_DEFAULTS: EventDeriverSettings = {
  memoryNearlyFullPercent: 95,
  memoryHysteresisPercent: 5,
  temperatureHysteresisCelsius: 3,
  throttleClearMs: 5000,
  downAfterSamples: 2,
  correctedEccQuietMs: 60_000,
};

function pick(value: number | undefined, fallback: number, valid: (v: number) => boolean): number {
  return value !== undefined && Number.isFinite(value) && valid(value) ? value : fallback;
}

export function resolveDeriverOptions(options: EventDeriverOptions = {}): EventDeriverSettings {
  const d = EVENT_DERIVER_DEFAULTS;
  const threshold = pick(options.memoryNearlyFullPercent, d.memoryNearlyFullPercent, (v) => v > 0 && v <= 100);
  return {
    memoryNearlyFullPercent: threshold,
    memoryHysteresisPercent: pick(options.memoryHysteresisPercent, d.memoryHysteresisPercent, (v) => v >= 0 && v < threshold),
    temperatureHysteresisCelsius: pick(options.temperatureHysteresisCelsius, d.temperatureHysteresisCelsius, (v) => v >= 0 && v <= 50),
    throttleClearMs: pick(options.throttleClearMs, d.throttleClearMs, (v) => v >= 0),
    downAfterSamples: Math.round(pick(options.downAfterSamples, d.downAfterSamples, (v) => v >= 1 && v <= 1000)),
    correctedEccQuietMs: pick(options.correctedEccQuietMs, d.correctedEccQuietMs, (v) => v >= 0),
  };
}
