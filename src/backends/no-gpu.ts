// A backend that opened and answered, but lists no GPU: nvidia-smi saying "No devices were
// found" on a machine whose GPU is an AMD one, a bus scan that finds none. Such an answer is
// true of its own vendor only, so the chain (./chain.ts) keeps looking and uses it only when no
// later backend finds a GPU. The backend says so at open, where it knows already — reading
// every backend once to count its GPUs would cost each open a whole read.

import type { Backend, BackendUnavailable } from '../core/backend.js';

const withoutGpus = new WeakMap<Backend, BackendUnavailable>();

/**
 * Marks `backend` as having found no GPU at open. `passedOver` is how its attempt reads when a
 * later backend finds GPUs and is used instead (the reason it was not used).
 */
export function openedWithoutGpus<B extends Backend>(backend: B, passedOver: BackendUnavailable): B {
  withoutGpus.set(backend, passedOver);
  return backend;
}

/** Why the chain may pass `backend` over for a later one, or null when it found GPUs. */
export function noGpuAtOpen(backend: Backend): BackendUnavailable | null {
  return withoutGpus.get(backend) ?? null;
}
