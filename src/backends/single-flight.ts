// One read at a time per backend, whoever asks: a read while one is in flight joins it, and the
// next read after it is a fresh one. Applied once, where every backend is opened (./chain.ts),
// so no backend can be jammed by two consumers at once — a /metrics scrape landing during a
// sampler tick used to overwrite the worker-thread backend's pending read and stall it for good.

import type { Backend, BackendReading } from '../core/backend.js';

const WRAPPED = Symbol('gpuwise.singleFlight');

export function singleFlight(backend: Backend): Backend {
  if ((backend as { [WRAPPED]?: true })[WRAPPED]) return backend;
  let reading: Promise<BackendReading> | null = null;
  let priming: Promise<void> | null = null;

  const read = (): Promise<BackendReading> => {
    reading ??= (async () => {
      // A prime in flight first: its baselines are what this read's rates are measured from.
      if (priming) await priming.catch(() => undefined);
      return backend.read();
    })().finally(() => {
      reading = null;
    });
    return reading;
  };

  // The wrapper inherits everything else (an NVML backend's libraryPath …) from the backend.
  const wrapped = Object.create(backend) as Backend & { [WRAPPED]: true };
  Object.defineProperty(wrapped, WRAPPED, { value: true });
  wrapped.read = read;
  wrapped.close = () => backend.close();
  const prime = backend.prime?.bind(backend);
  if (prime) {
    wrapped.prime = () => {
      // A read in flight sets the baselines itself.
      if (reading) return reading.then(() => undefined);
      priming ??= prime().finally(() => {
        priming = null;
      });
      return priming;
    };
  }
  return wrapped;
}
