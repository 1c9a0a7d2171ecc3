// /api/v1/fleet/* as the fleet page reads them (src/server/routes/fleet.ts); shapes are the fleet
// library's own types (src/fleet/types.ts: types only, nothing Node-only is bundled).
import type { FleetHeatmap, FleetSummary } from '../../../src/fleet/types.js';
import { getJson } from '../api/advice.js';

export type { FleetHeatmap, FleetSummary };

export const FLEET_RANGES = ['24h', '7d', '30d'] as const;
export type FleetRange = (typeof FLEET_RANGES)[number];

export const fleetSummary = (range: FleetRange, lang: string) => getJson<FleetSummary>('fleet/summary', { range }, lang);
export const fleetHeatmap = (range: FleetRange, lang: string) => getJson<FleetHeatmap>('fleet/heatmap', { range: range === '30d' ? '7d' : range }, lang);

/** A utilisation (0–100) as a cell colour: the theme's idle → busy ramp in 5 steps. */
export function utilLevel(util: number | null): 0 | 1 | 2 | 3 | 4 | 5 | null {
  if (util === null) return null;
  return util < 5 ? 0 : util < 25 ? 1 : util < 50 ? 2 : util < 75 ? 3 : util < 95 ? 4 : 5;
}
