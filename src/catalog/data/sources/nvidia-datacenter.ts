// NVIDIA datacenter datasheets, product briefs and architecture whitepapers.

import type { Source } from '../../gpu-schema.js';

const ACCESSED = '2026-11-29';

export const NVIDIA_DATACENTER_SOURCES: Source[] = [
  {
    id: 'nvidia-a100-datasheet',
    kind: 'datasheet',
    publisher: 'NVIDIA',
    title: 'NVIDIA A100 Tensor Core GPU datasheet (1758950-r4)',
    url: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
    accessed: ACCESSED,
  },
  {
    id: 'nvidia-ampere-ga100-whitepaper',
    kind: 'whitepaper',
    publisher: 'NVIDIA',
    title: 'NVIDIA A100 Tensor Core GPU Architecture (Ampere GA100 whitepaper, V1.0)',
    url: 'https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf',
    accessed: ACCESSED,
  },
  {
    id: 'nvidia-v100-datasheet',
    kind: 'datasheet',
    publisher: 'NVIDIA',
    title: 'NVIDIA Tesla V100 GPU Accelerator datasheet (1165301-r5)',
    url: 'https://images.nvidia.com/content/technologies/volta/pdf/volta-v100-datasheet-update-us-1165301-r5.pdf',
    accessed: ACCESSED,
  },
];
