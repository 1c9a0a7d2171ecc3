// AMD and Intel sources.

import type { Source } from '../../gpu-schema.js';

const ACCESSED = '2026-11-29';

function amd(id: string, kind: Source['kind'], title: string, url: string): Source {
  return { id, kind, publisher: 'AMD', title, url, accessed: ACCESSED };
}

export const AMD_INTEL_SOURCES: Source[] = [
  amd('amd-mi250x-page', 'product-page', 'AMD Instinct MI250X accelerator specifications', 'https://www.amd.com/en/products/accelerators/instinct/mi200/mi250x.html'),
  amd('amd-mi300x-datasheet', 'datasheet', 'AMD Instinct MI300X accelerator data sheet', 'https://www.amd.com/content/dam/amd/en/documents/instinct-tech-docs/data-sheets/amd-instinct-mi300x-data-sheet.pdf'),
  amd('amd-mi300x-page', 'product-page', 'AMD Instinct MI300X accelerator specifications', 'https://www.amd.com/en/products/accelerators/instinct/mi300/mi300x.html'),
  amd('amd-mi325x-page', 'product-page', 'AMD Instinct MI325X accelerator specifications', 'https://www.amd.com/en/products/accelerators/instinct/mi300/mi325x.html'),
  amd('amd-rx-7900-xtx-page', 'product-page', 'AMD Radeon RX 7900 XTX specifications', 'https://www.amd.com/en/products/graphics/desktops/radeon/7000-series/amd-radeon-rx-7900xtx.html'),
  amd('amd-gpuopen-wmma-rdna3', 'documentation', 'GPUOpen: How to accelerate AI applications on RDNA 3 using WMMA', 'https://gpuopen.com/learn/wmma_on_rdna3/'),
  amd('amd-rocm-gpu-specs', 'documentation', 'ROCm: Accelerator and GPU hardware specifications (LLVM targets, CUs)', 'https://rocm.docs.amd.com/en/latest/reference/gpu-arch-specs.html'),
  {
    id: 'tpu-rx-7900-xtx',
    kind: 'spec-database',
    publisher: 'TechPowerUp GPU Database',
    title: 'AMD Radeon RX 7900 XTX specs',
    url: 'https://www.techpowerup.com/gpu-specs/radeon-rx-7900-xtx.c3941',
    accessed: ACCESSED,
  },
  {
    id: 'intel-gaudi3-whitepaper',
    kind: 'whitepaper',
    publisher: 'Intel',
    title: 'Intel Gaudi 3 AI Accelerator white paper (with Gaudi 2 comparison)',
    url: 'https://www.intel.com/content/www/us/en/content-details/817486/intel-gaudi-3-ai-accelerator-white-paper.html',
    accessed: ACCESSED,
  },
  {
    id: 'intel-gaudi2-page',
    kind: 'product-page',
    publisher: 'Intel (Habana Labs)',
    title: 'Intel Gaudi 2 AI accelerator product page',
    url: 'https://habana.ai/products/gaudi2/',
    accessed: ACCESSED,
  },
];
