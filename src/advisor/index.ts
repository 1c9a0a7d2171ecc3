// The advisor's library API: memory estimates, GPU comparison, recommendations and cost of
// ownership, each a pure function with a typed result. Text for people is in the results as
// message keys (AdvisorNote); renderNote() turns them into zh-CN or en.

export * from './estimate/index.js';
export { compareGpus, COMPARE_METRICS, COMPUTE_METRICS, METRIC_UNITS, type CompareMetric, type ComparedGpu, type ComparisonRow, type GpuComparison, type MetricValue, type Ratio } from './compare.js';
export { resolveGpu, type ResolvedGpu } from './resolve-gpu.js';
export * from './recommend/index.js';
export { estimateCost, DEFAULT_ELECTRICITY_USD_PER_KWH, DEFAULT_MFU_PERCENT, DEFAULT_PUE, DEFAULT_UTILIZATION_PERCENT, DEFAULT_YEARS, HOURS_PER_YEAR } from './cost.js';
export type { CostInput, CostResult, PriceReading, PriceWithOrigin, RentalReading } from './cost-types.js';
export { AdvisorError, isAdvisorError, type AdvisorErrorKey } from './errors.js';
export { metricLabel, renderNote } from './notes.js';
export { convert, DEFAULT_FX, parseFxOverrides, type FxTable } from './pricing/fx.js';
export { parseMoney, type Money } from './pricing/money.js';
export { choosePrice, gpuPrice, quotesOf, type ChosenPrice } from './pricing/gpu-price.js';
export { formatMoney, formatMoneyRange } from './pricing/format.js';
