// The Prometheus text exposition format (version 0.0.4), written by hand: a handful of string
// operations per line, so a scrape of an 8-GPU box costs well under a millisecond.
// Label values come from outside (process command lines, driver strings): they are made safe
// (escapeLabelValue) before they reach the body. A value that is missing or not finite is never
// written: the series is left out, as node_exporter does, never exported as NaN or a sentinel.

import { safeText } from '../../core/safe-text.js';

export type MetricType = 'gauge' | 'counter';

/** One label set, in the order it is written: [name, value] pairs. */
export type LabelPairs = readonly (readonly [string, string | null])[];

/**
 * A label value as the text format must carry it. Control, bidi and zero-width characters become
 * visible escapes first (safeText: `\e`, `\n`, `\u202e`), so a hostile process name can neither
 * forge a line of the body nor reorder what a person reads in Grafana; then the format's own
 * escapes — backslash, double quote, newline — are applied, so Prometheus reads back exactly the
 * safe text.
 */
export function escapeLabelValue(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = safeText(value);
  // After safeText no raw newline is left; backslash and quote are all the format needs.
  return /[\\"]/.test(safe) ? safe.replace(/[\\"]/g, (char) => `\\${char}`) : safe;
}

/**
 * `{a="1",b="2"}`, or `` for no labels. A label without a value is left out: Prometheus treats
 * an empty label as an absent one, and the body is shorter.
 */
export function formatLabels(pairs: LabelPairs): string {
  let text = '';
  for (const [name, value] of pairs) {
    if (value === null || value === '') continue;
    text += `${text === '' ? '{' : ','}${name}="${escapeLabelValue(value)}"`;
  }
  return text === '' ? '' : `${text}}`;
}

/** Two preformatted label sets joined: `{a="1"}` + `b="2"` → `{a="1",b="2"}`. */
export function extendLabels(base: string, more: LabelPairs): string {
  if (more.length === 0) return base;
  const extra = formatLabels(more);
  if (extra === '') return base;
  return base === '' ? extra : `${base.slice(0, -1)},${extra.slice(1)}`;
}

/** HELP text escapes: backslash and newline (quotes are fine there). */
export function escapeHelp(text: string): string {
  return safeText(text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n'));
}

/**
 * A sample value in the format's float syntax, or null when it must not be written. −0 prints as
 * 0 (String(-0) is "0" already, but a negative zero from a scale must not surprise a reader).
 */
export function formatValue(value: number | null | undefined): string | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return Object.is(value, -0) ? '0' : String(value);
}

interface Family {
  header: string;
  lines: string[];
}

/**
 * Collects families in the order they are first declared and writes each once, contiguous, as
 * the format requires. A family that got no sample is left out entirely: HELP and TYPE lines
 * without a series only confuse `promtool` users and dashboards' metric browsers.
 */
export class ExpositionWriter {
  private readonly families = new Map<string, Family>();

  /** Declares (or finds) a family; returns the function that adds one sample to it. */
  family(name: string, type: MetricType, help: string): (labels: string, value: number | null | undefined) => void {
    let family = this.families.get(name);
    if (!family) {
      family = { header: `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`, lines: [] };
      this.families.set(name, family);
    }
    const lines = family.lines;
    return (labels, value) => {
      const text = formatValue(value);
      if (text !== null) lines.push(`${name}${labels} ${text}\n`);
    };
  }

  /** The body: every family that has samples, in declaration order. */
  toString(): string {
    let body = '';
    for (const family of this.families.values()) {
      if (family.lines.length === 0) continue;
      body += family.header;
      for (const line of family.lines) body += line;
    }
    return body;
  }
}
