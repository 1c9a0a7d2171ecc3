// Every GPU entry, family by family. Order matters only for display (newest family last is fine).

import type { GpuEntryInput } from '../../gpu-schema.js';
import { A100_GPUS } from './nvidia-a100.js';

export const ALL_GPU_ENTRIES: GpuEntryInput[] = [...A100_GPUS];
