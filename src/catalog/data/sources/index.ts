// Every source the catalog cites, by id.

import type { Source } from '../../gpu-schema.js';
import { AMD_INTEL_SOURCES } from './amd-intel.js';
import { CHINA_MARKET_SOURCES } from './china-market.js';
import { PRICE_SOURCES } from './prices.js';
import { DATASET_SOURCES } from './datasets.js';
import { NVIDIA_CLIENT_SOURCES } from './nvidia-client.js';
import { NVIDIA_DATACENTER_SOURCES } from './nvidia-datacenter.js';

export const ALL_SOURCES: Source[] = [
  ...NVIDIA_DATACENTER_SOURCES,
  ...NVIDIA_CLIENT_SOURCES,
  ...AMD_INTEL_SOURCES,
  ...DATASET_SOURCES,
  ...CHINA_MARKET_SOURCES,
  ...PRICE_SOURCES,
];
