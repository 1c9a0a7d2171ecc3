// NVIDIA workstation and GeForce sources: whitepapers (which list GeForce tensor rates with FP16
// and FP32 accumulate), product pages, launch announcements (prices), and TechPowerUp's database
// for clocks and bus widths that NVIDIA's pages leave out.

import type { Source } from '../../gpu-schema.js';

const ACCESSED = '2026-11-29';

function nvidia(id: string, kind: Source['kind'], title: string, url: string): Source {
  return { id, kind, publisher: 'NVIDIA', title, url, accessed: ACCESSED };
}

function techPowerUp(id: string, card: string, url: string): Source {
  return { id, kind: 'spec-database', publisher: 'TechPowerUp GPU Database', title: `${card} specs`, url, accessed: ACCESSED };
}

export const NVIDIA_CLIENT_SOURCES: Source[] = [
  nvidia('nvidia-ampere-ga102-whitepaper', 'whitepaper', 'NVIDIA Ampere GA102 GPU Architecture whitepaper (v2; RTX 3090, RTX 3080, RTX A6000, A40)', 'https://www.nvidia.com/content/PDF/nvidia-ampere-ga-102-gpu-architecture-whitepaper-v2.pdf'),
  nvidia('nvidia-ada-whitepaper', 'whitepaper', 'NVIDIA Ada GPU Architecture whitepaper (RTX 4090, RTX 4080)', 'https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf'),
  nvidia('nvidia-ada-proviz-whitepaper', 'whitepaper', 'NVIDIA Ada GPU Architecture for professional visualization (v1.1; RTX 6000 Ada, L40)', 'https://images.nvidia.com/aem-dam/en-zz/Solutions/technologies/NVIDIA-ADA-GPU-PROVIZ-Architecture-Whitepaper_1.1.pdf'),
  nvidia('nvidia-rtx-blackwell-whitepaper', 'whitepaper', 'NVIDIA RTX Blackwell GPU Architecture whitepaper (RTX 5090 appendix)', 'https://images.nvidia.com/aem-dam/Solutions/geforce/blackwell/nvidia-rtx-blackwell-gpu-architecture.pdf'),
  nvidia('nvidia-rtx-a6000-page', 'product-page', 'NVIDIA RTX A6000 product page and datasheet', 'https://www.nvidia.com/en-us/design-visualization/rtx-a6000/'),
  nvidia('nvidia-rtx-6000-ada-page', 'product-page', 'NVIDIA RTX 6000 Ada Generation product page and datasheet', 'https://www.nvidia.com/en-us/design-visualization/rtx-6000/'),
  nvidia('nvidia-titan-rtx-page', 'product-page', 'NVIDIA TITAN RTX product page', 'https://www.nvidia.com/en-us/deep-learning-ai/products/titan-rtx/'),
  nvidia('nvidia-rtx40-launch', 'press-release', 'NVIDIA Delivers Quantum Leap in Performance, Introduces New Era of Neural Rendering With GeForce RTX 40 Series (2022-09-20)', 'https://nvidianews.nvidia.com/news/nvidia-delivers-quantum-leap-in-performance-introduces-new-era-of-neural-rendering-with-geforce-rtx-40-series'),
  nvidia('nvidia-rtx-4070-page', 'product-page', 'GeForce RTX 4070 family product page', 'https://www.nvidia.com/en-us/geforce/graphics-cards/40-series/rtx-4070-family/'),
  nvidia('nvidia-rtx-4060-page', 'product-page', 'GeForce RTX 4060 Ti / 4060 product page', 'https://www.nvidia.com/en-us/geforce/graphics-cards/40-series/rtx-4060-4060ti/'),
  nvidia('nvidia-rtx-5090-page', 'product-page', 'GeForce RTX 5090 product page', 'https://www.nvidia.com/en-us/geforce/graphics-cards/50-series/rtx-5090/'),
  nvidia('nvidia-rtx-30-page', 'product-page', 'GeForce RTX 30 series product pages (RTX 3060, 3070, 3080 Ti specs)', 'https://www.nvidia.com/en-us/geforce/graphics-cards/30-series/'),
  techPowerUp('tpu-gtx-1080-ti', 'NVIDIA GeForce GTX 1080 Ti', 'https://www.techpowerup.com/gpu-specs/geforce-gtx-1080-ti.c2877'),
  techPowerUp('tpu-gtx-1660-super', 'NVIDIA GeForce GTX 1660 SUPER', 'https://www.techpowerup.com/gpu-specs/geforce-gtx-1660-super.c3458'),
  techPowerUp('tpu-rtx-2080-ti', 'NVIDIA GeForce RTX 2080 Ti', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-2080-ti.c3305'),
  techPowerUp('tpu-titan-rtx', 'NVIDIA TITAN RTX', 'https://www.techpowerup.com/gpu-specs/titan-rtx.c3311'),
  techPowerUp('tpu-rtx-3060-12gb', 'NVIDIA GeForce RTX 3060 12 GB', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-3060-12-gb.c3682'),
  techPowerUp('tpu-rtx-3070', 'NVIDIA GeForce RTX 3070', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-3070.c3674'),
  techPowerUp('tpu-rtx-3080', 'NVIDIA GeForce RTX 3080', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-3080.c3621'),
  techPowerUp('tpu-rtx-3080-ti', 'NVIDIA GeForce RTX 3080 Ti', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-3080-ti.c3735'),
  techPowerUp('tpu-rtx-3090', 'NVIDIA GeForce RTX 3090', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-3090.c3622'),
  techPowerUp('tpu-rtx-4060-ti-16gb', 'NVIDIA GeForce RTX 4060 Ti 16 GB', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-4060-ti-16-gb.c4015'),
  techPowerUp('tpu-rtx-4070', 'NVIDIA GeForce RTX 4070', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-4070.c3924'),
  techPowerUp('tpu-rtx-4080', 'NVIDIA GeForce RTX 4080', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-4080.c3888'),
  techPowerUp('tpu-rtx-4090', 'NVIDIA GeForce RTX 4090', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-4090.c3889'),
  techPowerUp('tpu-rtx-5090', 'NVIDIA GeForce RTX 5090', 'https://www.techpowerup.com/gpu-specs/geforce-rtx-5090.c4216'),
  techPowerUp('tpu-tesla-t4', 'NVIDIA Tesla T4', 'https://www.techpowerup.com/gpu-specs/tesla-t4.c3316'),
  techPowerUp('tpu-a10', 'NVIDIA A10 PCIe', 'https://www.techpowerup.com/gpu-specs/a10-pcie.c3793'),
  techPowerUp('tpu-a30', 'NVIDIA A30 PCIe', 'https://www.techpowerup.com/gpu-specs/a30-pcie.c3792'),
  techPowerUp('tpu-l4', 'NVIDIA L4', 'https://www.techpowerup.com/gpu-specs/l4.c4091'),
  techPowerUp('tpu-l40s', 'NVIDIA L40S', 'https://www.techpowerup.com/gpu-specs/l40s.c4173'),
  techPowerUp('tpu-p100-pcie-12gb', 'NVIDIA Tesla P100 PCIe 12 GB', 'https://www.techpowerup.com/gpu-specs/tesla-p100-pcie-12-gb.c2915'),
  techPowerUp('tpu-v100s-pcie', 'NVIDIA Tesla V100S PCIe 32 GB', 'https://www.techpowerup.com/gpu-specs/tesla-v100s-pcie-32-gb.c3584'),
];
