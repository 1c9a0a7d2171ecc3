// The orders options are ranked in. `balanced`, the default, is what a buyer asks first: the
// fewest GPUs (fewer machines, less communication), then the cheapest (unknown prices after known
// ones), then the fastest. The other keys rank only the options that have the value; the rest
// are listed apart by the caller, never mixed in at an arbitrary place.

import type { RecommendOption, SortKey } from './types.js';

export function sortValue(sortBy: SortKey, cloud: boolean): (o: RecommendOption) => number | null {
  switch (sortBy) {
    case 'balanced':
      return () => 0;
    case 'throughput':
      return (o) => o.throughput.rate;
    case 'price-performance':
      return cloud ? (o) => o.ratePerCurrencyHour : (o) => o.ratePerThousand;
    case 'performance-per-watt':
      return (o) => o.ratePerWatt;
    case 'price':
      // Negated so that "higher is better" holds for every key.
      return cloud ? (o) => (o.rental === null ? null : -o.rental.perHour) : (o) => (o.price === null ? null : -o.price.amount);
  }
}

const priceOf = (o: RecommendOption, cloud: boolean) => (cloud ? o.rental?.perHour : o.price?.amount) ?? Number.POSITIVE_INFINITY;
const fitRank = (o: RecommendOption) => (o.memory.fits === true ? 0 : 1);

export function compareOptions(sortBy: SortKey, cloud = false) {
  const value = sortValue(sortBy, cloud);
  return (a: RecommendOption, b: RecommendOption): number => {
    if (sortBy === 'balanced') {
      return (
        a.count - b.count ||
        priceOf(a, cloud) - priceOf(b, cloud) ||
        (b.throughput.rate ?? 0) - (a.throughput.rate ?? 0) ||
        fitRank(a) - fitRank(b) ||
        a.gpuId.localeCompare(b.gpuId)
      );
    }
    const va = value(a) ?? Number.NEGATIVE_INFINITY;
    const vb = value(b) ?? Number.NEGATIVE_INFINITY;
    return vb - va || fitRank(a) - fitRank(b) || a.count - b.count || priceOf(a, cloud) - priceOf(b, cloud) || a.gpuId.localeCompare(b.gpuId);
  };
}
