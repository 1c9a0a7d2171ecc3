// Each GPU's 5-minute GPU-Util buffer for the overview: the history once per GPU (when it is
// first seen), then every live sample appended. Without a history (--no-record) the line simply
// starts with the page.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { apiClient, type SampleAnswer } from '../api/index.js';
import { deviceKey } from './gpu-card-model.js';
import { appendPoint, fromHistory, mergeHistory, SPARK_WINDOW_MS, type SparkPoint } from './spark-buffer.js';

/** One point per second over the window: the raw tier, at a width a card can show. */
const HISTORY_POINTS = 300;

/**
 * Whether the server records history, asked once: without a store (--no-record) every history
 * call would answer 503, and each would be a red line in the browser's console.
 */
let recording: Promise<boolean> | null = null;
function serverRecords(): Promise<boolean> {
  recording ??= apiClient()
    .health()
    .then((health) => health.store !== null)
    // Unknown (an older server, a health answer without details): ask the history and see.
    .catch(() => true);
  return recording;
}

export function useSparklines(sample: SampleAnswer | null): ReadonlyMap<string, SparkPoint[]> {
  const buffers = useRef(new Map<string, SparkPoint[]>());
  const asked = useRef(new Set<string>());
  const [, setVersion] = useState(0);

  // Appended while rendering the sample (not in an effect), so a sample costs one render, not two.
  useMemo(() => {
    if (!sample) return;
    for (const device of sample.snapshot.devices) {
      const key = deviceKey(device);
      const value = device.state === 'ok' ? device.gpuUtilPercent : null;
      buffers.current.set(key, appendPoint(buffers.current.get(key) ?? [], { t: sample.wallMs, v: value }));
    }
  }, [sample]);

  useEffect(() => {
    if (!sample) return;
    for (const device of sample.snapshot.devices) {
      const key = deviceKey(device);
      if (asked.current.has(key)) continue;
      asked.current.add(key);
      const toMs = sample.wallMs;
      serverRecords()
        .then((records) => (records ? apiClient().history({ device: key, metrics: ['gpuUtilPercent'], from: toMs - SPARK_WINDOW_MS, to: toMs, points: HISTORY_POINTS }) : null))
        .then((answer) => {
          if (answer === null) return;
          const series = answer.series.find((entry) => entry.metric === 'gpuUtilPercent');
          if (!series) return;
          const live = buffers.current.get(key) ?? [];
          buffers.current.set(key, mergeHistory(live, fromHistory(series.points), live.at(-1)?.t ?? toMs));
          setVersion((version) => version + 1);
        })
        // No history (--no-record, a GPU the store has not seen yet): the live line is all there is.
        .catch(() => undefined);
    }
  }, [sample]);

  return buffers.current;
}
