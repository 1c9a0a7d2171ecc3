// The recorded samples the golden files and tests render: one sampler read (the third, so
// every rate and GPM ratio has a value) of fake NVML scenarios, with fixed clocks and host
// figures, and process names filled in (one of them hostile). docs/metrics.md ("Golden files")
// says how they were made.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sample } from '../../../monitor/sampler.js';

export const GOLDEN_DIR = fileURLToPath(new URL('../../../../test/golden/', import.meta.url));

export const GOLDEN_CASES = [
  { name: 'metrics-8x-h100', perProcess: true },
  { name: 'metrics-a100-mig', perProcess: false },
] as const;

/** A fresh copy each call: tests change what they are given. */
export function recordedSample(name: (typeof GOLDEN_CASES)[number]['name']): Sample {
  return JSON.parse(readFileSync(`${GOLDEN_DIR}${name}.sample.json`, 'utf8')) as Sample;
}

/** Scrapes in the golden files happen this long after the sample. */
export const GOLDEN_AGE_MS = 250;
