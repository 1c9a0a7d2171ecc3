// Every GPU entry, family by family (catalog order is display order; the name matcher prefers
// earlier entries when a name fits several).

import type { GpuEntryInput } from '../../gpu-schema.js';
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

export const ALL_GPU_ENTRIES: GpuEntryInput[] = [
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
