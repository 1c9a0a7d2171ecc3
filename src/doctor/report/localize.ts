// The report for programs (`--json`): the same structure, with every Message carrying its text in
// the chosen language next to its key and parameters, and the verdict spelled out.

import { toSafeJson } from '../../core/safe-text.js';
import type { Translate } from '../../i18n/index.js';
import { messageParams, type Message } from '../types.js';
import { verdictText } from './render-text.js';
import { withoutStopAfterEllipsis } from './sentence-end.js';
import type { DoctorReport } from './report.js';

export type LocalizedMessage = Message & { text: string };

type Localized<T> = T extends Message
  ? LocalizedMessage
  : T extends readonly (infer U)[]
    ? Localized<U>[]
    : T extends object
      ? { [K in keyof T]: Localized<T[K]> }
      : T;

export type LocalizedDoctorReport = Localized<DoctorReport> & { locale: string; verdictText: string };

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  return typeof (value as { key?: unknown }).key === 'string' && keys.every((k) => k === 'key' || k === 'params' || k === 'lists' || k === 'terms');
}

/** Any doctor value (a report, a guide) with every Message given its text. */
export function localize(value: unknown, t: Translate): unknown {
  if (isMessage(value)) return { ...value, text: withoutStopAfterEllipsis(t(value.key, messageParams(value, t))) };
  if (Array.isArray(value)) return value.map((item) => localize(item, t));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v, t)]));
  }
  return value;
}

export function localizeReport(report: DoctorReport, t: Translate, locale: string): LocalizedDoctorReport {
  return { locale, ...(localize(report, t) as Localized<DoctorReport>), verdictText: verdictText(report, t) };
}

/**
 * `--json`: the localized report through `toSafeJson`, so the C1, bidi and zero-width characters
 * a probe may have printed reach no screen raw (JSON.stringify escapes only C0).
 */
export function renderDoctorJson(report: DoctorReport, t: Translate, locale: string): string {
  return `${toSafeJson(localizeReport(report, t, locale), 2)}\n`;
}
