// Every GPU entry, family by family (catalog order is display order; the name matcher prefers
// earlier entries when a name fits several).

import type { GpuEntryInput } from '../../gpu-schema.js';
import { GPU_PRICES } from '../prices/gpu-prices.js';
import { GPU_PRICES_2026, UNPRICED_GPUS } from '../prices/gpu-prices-2026.js';
import { AMD_INTEL_GPUS } from './amd-intel.js';
import { AMD_MI250_GPUS } from './amd-mi250.js';
import { GB200_ASCEND_GPUS } from './blackwell-gb200-ascend.js';
import { A100_GPUS } from './nvidia-a100.js';
import { ADA_PRO_GPUS } from './nvidia-ada.js';
import { AMPERE_CLIENT_GPUS } from './nvidia-ampere-client.js';
import { AMPERE_DATACENTER_GPUS } from './nvidia-ampere-datacenter.js';
import { NVIDIA_CHINA_GPUS } from './nvidia-china.js';
import { GEFORCE_40_50_GPUS } from './nvidia-geforce-40-50.js';
import { GEFORCE_CHINA_GPUS } from './nvidia-geforce-china.js';
import { HOPPER_BLACKWELL_GPUS } from './nvidia-hopper-blackwell.js';
import { PASCAL_VOLTA_GPUS } from './nvidia-pascal-volta.js';
import { TURING_PASCAL_CLIENT_GPUS } from './nvidia-turing-pascal-client.js';

const ENTRIES: GpuEntryInput[] = [
  ...PASCAL_VOLTA_GPUS,
  ...A100_GPUS,
  ...AMPERE_DATACENTER_GPUS,
  ...ADA_PRO_GPUS,
  ...HOPPER_BLACKWELL_GPUS,
  ...NVIDIA_CHINA_GPUS,
  ...TURING_PASCAL_CLIENT_GPUS,
  ...AMPERE_CLIENT_GPUS,
  ...GEFORCE_40_50_GPUS,
  ...GEFORCE_CHINA_GPUS,
  ...AMD_INTEL_GPUS,
  ...AMD_MI250_GPUS,
  ...GB200_ASCEND_GPUS,
];

/** Every entry with its dated prices (data/prices) attached; prices live apart to keep entries short. */
export const ALL_GPU_ENTRIES: GpuEntryInput[] = ENTRIES.map((entry) => {
  const prices = [...(GPU_PRICES[entry.id] ?? []), ...(GPU_PRICES_2026[entry.id] ?? [])];
  return prices.length === 0 ? entry : { ...entry, prices: [...(entry.prices ?? []), ...prices] };
});

/** Price lists keyed by an id no entry has (a typo) — the catalog test requires none. */
export const ORPHAN_PRICE_IDS: readonly string[] = [...Object.keys(GPU_PRICES), ...Object.keys(GPU_PRICES_2026), ...Object.keys(UNPRICED_GPUS)].filter(
  (id) => !ENTRIES.some((entry) => entry.id === id),
);
