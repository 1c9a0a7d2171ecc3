// Every source the catalog cites, by id.

import type { Source } from '../../gpu-schema.js';
import { DATASET_SOURCES } from './datasets.js';
import { NVIDIA_DATACENTER_SOURCES } from './nvidia-datacenter.js';

export const ALL_SOURCES: Source[] = [...NVIDIA_DATACENTER_SOURCES, ...DATASET_SOURCES];
