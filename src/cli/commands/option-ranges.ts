// Every numeric option of the advisor commands, with its sane range, and one parser for all of
// them: "8k", "7B", "1.5e9", "70b" and plain numbers alike, rejected with the range it allows
// (`estimate --params 1e30`, `--batch 99999999999`, `recommend --memory-gib 0`).

import { InvalidArgumentError } from 'commander';
import type { Translate } from '../../i18n/index.js';

export interface OptionRange {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** `min` itself is not allowed (a utilisation of 0 %, a period of 0 years). */
  aboveMin?: boolean;
}

const int = (min: number, max: number): OptionRange => ({ min, max, integer: true });
const above = (min: number, max: number): OptionRange => ({ min, max, aboveMin: true });
const range = (min: number, max: number): OptionRange => ({ min, max });

/** Flag → range. Bounds are generous for real work and stop typos and overflows. */
export const OPTION_RANGES = {
  // The model (estimate, recommend).
  '--params': range(1e5, 1e13),
  '--layers': int(1, 1000),
  '--hidden': int(1, 1_000_000),
  '--heads': int(1, 65_536),
  '--kv-heads': int(1, 65_536),
  '--intermediate': int(1, 4_000_000),
  '--vocab': int(1, 10_000_000),
  // The workload.
  '--seq-len': int(1, 10_000_000),
  '--batch': int(1, 1_000_000),
  '--resolution': int(32, 8192),
  '--lora-rank': int(1, 65_536),
  '--overhead-gib': range(0, 10_000),
  '--activations-gib': range(0, 100_000),
  '--gpus': int(1, 100_000),
  '--tp': int(1, 1024),
  '--memory-margin': range(0, 90),
  // recommend.
  '--memory-gib': above(0, 100_000),
  '--max-power': above(0, 10_000_000),
  '--max-count': int(1, 100_000),
  '--limit': int(1, 1000),
  // cost.
  '--count': int(1, 100_000),
  '--price': range(0, 1e10),
  '--host-price': range(0, 1e11),
  '--years': above(0, 30),
  '--utilization': above(0, 100),
  '--power-watts': above(0, 10_000),
  '--electricity': range(0, 100),
  '--pue': range(1, 5),
  '--resale': range(0, 100),
  '--maintenance': range(0, 100),
  '--cloud-price': range(0, 100_000),
  '--run-flops': above(0, 1e30),
  '--run-gpu-hours': above(0, 1e10),
  '--mfu': above(0, 100),
  // info --watch: as top --interval; past an hour the timer is no longer a refresh (and past
  // 2^31 ms Node fires it at once, every time: a busy loop).
  '--watch': range(0.1, 3600),
} as const satisfies Record<string, OptionRange>;

export type RangedFlag = keyof typeof OPTION_RANGES;

const SUFFIX: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9, g: 1e9, t: 1e12 };
const NUMBER = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([kmbgt])?\s*%?$/i;

/** "8k" → 8000, "7B" → 7e9, "1.5e9", "50%" → 50; null when it is not a number. Underscores group digits. */
export function parseNumberText(text: string): number | null {
  const match = NUMBER.exec(text.trim().replaceAll('_', ''));
  if (!match) return null;
  const value = Number(match[1]) * (match[2] ? (SUFFIX[match[2].toLowerCase()] ?? 1) : 1);
  return Number.isFinite(value) ? value : null;
}

/** 1e13 → "10T", 100000 → "100k", 3600 → "3,600", 0.5 → "0.5": the bounds as a user types them. */
export function formatBound(value: number): string {
  if (value < 10_000) return value.toLocaleString('en-US');
  for (const [suffix, factor] of [['T', 1e12], ['B', 1e9], ['M', 1e6], ['k', 1e3]] as const) {
    const scaled = value / factor;
    if (scaled >= 1 && scaled < 1e6 && Number.isInteger(scaled * 10)) return `${scaled}${suffix}`;
  }
  return value >= 1e15 ? value.toExponential().replace('e+', 'e') : value.toLocaleString('en-US');
}

export function inRange(value: number, r: OptionRange): boolean {
  if (r.integer === true && !Number.isInteger(value)) return false;
  return (r.aboveMin === true ? value > r.min : value >= r.min) && value <= r.max;
}

/** Past this bound a range's text says that 8k and 7B are numbers too. */
const SUFFIX_HINT_FROM = 10_000;

/** The reason a value is refused, naming the range. */
export function rangeText(t: Translate, r: OptionRange): string {
  const params = { min: formatBound(r.min), max: formatBound(r.max) };
  const text = t(r.integer === true ? 'optionValue.wholeRange' : r.aboveMin === true ? 'optionValue.aboveRange' : 'optionValue.range', params);
  return r.max >= SUFFIX_HINT_FROM ? `${text} ${t('optionValue.suffixHint')}` : text;
}

/**
 * The flag a user typed for each input the advisor checks, so that an error the library raises
 * (`utilizationPercent must be …`) names `--utilization` instead.
 */
export const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  count: '--count',
  years: '--years',
  utilizationPercent: '--utilization',
  pue: '--pue',
  electricityUsdPerKwh: '--electricity',
  hostPriceUsd: '--host-price',
  resalePercent: '--resale',
  maintenancePercentPerYear: '--maintenance',
  powerWattsPerGpu: '--power-watts',
  purchasePriceUsd: '--price',
  cloudUsdPerGpuHour: '--cloud-price',
  mfuPercent: '--mfu',
  runGpuHours: '--run-gpu-hours',
  runFlops: '--run-flops',
  parameterCount: '--params',
  activationsBytes: '--activations-gib',
  overheadBytes: '--overhead-gib',
  budget: '--budget',
  budgetPerHour: '--budget-per-hour',
  maxPowerWatts: '--max-power',
  limit: '--limit',
  memoryMarginPercent: '--memory-margin',
  maxGpuCount: '--max-count',
  memoryNeedBytes: '--memory-gib',
  precision: '--precision',
  task: '--task',
};

/** The commander parser for a ranged flag. */
export function ranged(t: Translate, flag: RangedFlag): (value: string) => number {
  const r: OptionRange = OPTION_RANGES[flag];
  return (text) => {
    const value = parseNumberText(text);
    if (value === null || !inRange(value, r)) throw new InvalidArgumentError(rangeText(t, r));
    return value;
  };
}
