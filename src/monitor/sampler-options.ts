// The sampler's options, checked before anything is opened: a bad one thrown after the session
// had opened left that session open (with isolateNvml, a worker thread that kept the process
// alive for good). And the errors a sampler's promises reject with once it is stopped.

/** A value as the caller gave it: a string quoted, so that '10' is not read as 10. */
export function shownValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** The options createSampler checks (the rest are clamped or are functions). */
interface CheckedOptions {
  historyRows?: unknown;
  processDetailsMaxAgeMs?: unknown;
}

/** Throws a RangeError naming the option, with the value as given. */
export function checkSamplerOptions(options: CheckedOptions): void {
  const rows = options.historyRows;
  if (rows !== undefined && !(typeof rows === 'number' && Number.isInteger(rows) && rows >= 1)) {
    throw new RangeError(`historyRows must be a whole number of rows, 1 or more; got ${shownValue(rows)}`);
  }
  const age = options.processDetailsMaxAgeMs;
  if (age !== undefined && !(typeof age === 'number' && age >= 0 && Number.isFinite(age))) {
    throw new RangeError(`processDetailsMaxAgeMs must be a number of milliseconds, 0 or more; got ${shownValue(age)}`);
  }
}

/** When a stopped sampler's promise was turned down. */
export type SamplerStoppedWhen = 'beforeFirstSample' | 'duringRead' | 'afterStop';

const STOPPED_TEXT: Record<SamplerStoppedWhen, string> = {
  beforeFirstSample: 'the sampler was stopped before its first sample',
  duringRead: 'the sampler was stopped during this read, so its answer was dropped',
  afterStop: 'the sampler is stopped: it reads no more (create a new one to read again)',
};

/**
 * What `first()` rejects with when the sampler stops before its first sample, and `refresh()`
 * when the sampler was stopped during its read or before it was called.
 */
export class SamplerStoppedError extends Error {
  constructor(readonly when: SamplerStoppedWhen = 'beforeFirstSample') {
    super(STOPPED_TEXT[when]);
    this.name = 'SamplerStoppedError';
  }
}
