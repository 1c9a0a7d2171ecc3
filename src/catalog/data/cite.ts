// Helpers for writing catalog data: every figure is written through `cite(...)` (or marked absent),
// so a number typed without its source does not fit the schema's type.

import type { Absent, AbsentReason, LocalizedText, Sourced, SourceRef } from '../gpu-schema.js';

export interface Citer {
  <T>(value: T, note?: LocalizedText): Sourced<T>;
  readonly ref: SourceRef;
}

/** `const ds = cite('nvidia-a100-datasheet', 'p. 2')` then `fp32Tflops: ds(19.5)`. */
export function cite(source: string, at?: string): Citer {
  const ref: SourceRef = at === undefined ? { source } : { source, at };
  const citer = <T>(value: T, note?: LocalizedText): Sourced<T> =>
    note === undefined ? { value, sources: [ref] } : { value, sources: [ref], note };
  return Object.assign(citer, { ref });
}

/** The same figure backed by more than one source (the first is the one we trust most). */
export function citeAll<T>(value: T, citers: readonly Citer[], note?: LocalizedText): Sourced<T> {
  const sources = citers.map((c) => c.ref);
  return note === undefined ? { value, sources } : { value, sources, note };
}

export function absent(reason: AbsentReason, note?: LocalizedText, by?: Citer): Absent {
  return {
    value: null,
    reason,
    ...(note === undefined ? {} : { note }),
    ...(by === undefined ? {} : { sources: [by.ref] }),
  };
}

/** The hardware cannot do it. */
export const unsupported = (note?: LocalizedText, by?: Citer): Absent => absent('unsupported', note, by);
/** The vendor publishes no figure. */
export const notPublished = (note?: LocalizedText): Absent => absent('not-published', note);
/** The field means nothing for this product. */
export const notApplicable = (note?: LocalizedText): Absent => absent('not-applicable', note);

export const text = (en: string, zhCN: string): LocalizedText => ({ en, 'zh-CN': zhCN });

/**
 * A figure computed from published ones (a per-SM rate × SMs × clock, a published ratio); the
 * note must show the arithmetic so a reader can redo it.
 */
export function derived<T>(value: T, from: readonly Citer[], en: string, zhCN: string): Sourced<T> {
  return citeAll(value, from, text(`Derived: ${en}`, `推算：${zhCN}`));
}
