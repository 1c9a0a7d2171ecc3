// The live sample for views: the page's one SSE stream (web/src/api/stream.ts), as Preact state.
import { useEffect, useState } from 'preact/hooks';
import { sampleStream, type SampleAnswer, type StreamStatus } from '../api/index.js';

export interface Live {
  sample: SampleAnswer | null;
  status: StreamStatus;
  /** Browser time (ms) the newest sample arrived; null before the first. */
  receivedAtMs: number | null;
}

export function useLive(): Live {
  const stream = sampleStream();
  const [live, setLive] = useState<Live>(() => ({ sample: stream.latest, status: stream.status, receivedAtMs: stream.latest ? Date.now() : null }));
  useEffect(
    () =>
      stream.subscribe({
        sample: (sample) => setLive((previous) => ({ ...previous, sample, receivedAtMs: Date.now() })),
        status: (status) => setLive((previous) => ({ ...previous, status })),
      }),
    [stream],
  );
  return live;
}

/** A clock for "n s ago" labels, ticking every `everyMs`. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
