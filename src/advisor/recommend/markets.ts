// Where the recommended GPUs can live: machines from the server catalog that hold them, and the
// cheapest dated on-demand rental from the cloud price catalog.

import { loadCloudCatalog, rentalQuotes, type CloudCatalog } from '../../catalog/cloud.js';
import { loadServerCatalog, type ServerCatalog } from '../../catalog/servers.js';
import type { ServerCandidate } from './types.js';

/** The server catalog as the recommender reads it: sourced GPU options only. */
export function serverCandidates(catalog: ServerCatalog = loadServerCatalog()): ServerCandidate[] {
  return catalog.servers
    .filter((server) => server.gpuOptions.length > 0)
    .map((server) => ({
      id: server.id,
      name: `${server.vendor} ${server.model}`,
      category: server.category,
      gpuSlots: Object.fromEntries(server.gpuOptions.map((option) => [option.gpuId, option.count.value])),
    }));
}

export interface RentalPrice {
  offeringId: string;
  provider: string;
  instanceType: string;
  usdPerGpuHour: number;
  asOf: string;
}

/** Cheapest on-demand price per GPU-hour for every GPU id the cloud catalog prices. */
export function cheapestRentals(catalog: CloudCatalog = loadCloudCatalog()): Map<string, RentalPrice> {
  const byGpu = new Map<string, RentalPrice>();
  for (const gpuId of new Set(catalog.offerings.map((o) => o.gpuId))) {
    const [best] = rentalQuotes(gpuId, 'onDemand', catalog);
    if (best) {
      byGpu.set(gpuId, {
        offeringId: best.offering.id,
        provider: best.offering.provider,
        instanceType: best.offering.instanceType,
        usdPerGpuHour: best.usdPerGpuHour,
        asOf: best.offering.asOf,
      });
    }
  }
  return byGpu;
}
