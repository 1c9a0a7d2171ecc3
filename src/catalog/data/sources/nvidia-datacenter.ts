// NVIDIA datacenter datasheets, product briefs, architecture whitepapers and reference pages.

import type { Source } from '../../gpu-schema.js';

const ACCESSED = '2026-11-29';

function nvidia(id: string, kind: Source['kind'], title: string, url: string): Source {
  return { id, kind, publisher: 'NVIDIA', title, url, accessed: ACCESSED };
}

export const NVIDIA_DATACENTER_SOURCES: Source[] = [
  nvidia('nvidia-p100-datasheet', 'datasheet', 'NVIDIA Tesla P100 datasheet (NVLink and PCIe)', 'https://images.nvidia.com/content/tesla/pdf/nvidia-tesla-p100-datasheet.pdf'),
  nvidia('nvidia-p100-pcie-datasheet', 'datasheet', 'NVIDIA Tesla P100 for PCIe datasheet', 'https://images.nvidia.com/content/tesla/pdf/nvidia-tesla-p100-PCIe-datasheet.pdf'),
  nvidia('nvidia-pascal-gp100-whitepaper', 'whitepaper', 'NVIDIA Tesla P100 (Pascal GP100) whitepaper', 'https://images.nvidia.com/content/pdf/tesla/whitepaper/pascal-architecture-whitepaper.pdf'),
  nvidia('nvidia-v100-datasheet', 'datasheet', 'NVIDIA V100 Tensor Core GPU datasheet (1165301-r5: V100 PCIe, V100 SXM2, V100S PCIe)', 'https://images.nvidia.com/content/technologies/volta/pdf/volta-v100-datasheet-update-us-1165301-r5.pdf'),
  nvidia('nvidia-volta-whitepaper', 'whitepaper', 'NVIDIA Tesla V100 GPU Architecture (Volta whitepaper)', 'https://images.nvidia.com/content/volta-architecture/pdf/volta-architecture-whitepaper.pdf'),
  nvidia('nvidia-t4-datasheet', 'datasheet', 'NVIDIA T4 Tensor Core GPU datasheet (951643)', 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/tesla-t4/t4-tensor-core-datasheet-951643.pdf'),
  nvidia('nvidia-turing-whitepaper', 'whitepaper', 'NVIDIA Turing GPU Architecture whitepaper', 'https://images.nvidia.com/aem-dam/en-zz/Solutions/design-visualization/technologies/turing-architecture/NVIDIA-Turing-Architecture-Whitepaper.pdf'),
  nvidia('nvidia-a100-datasheet', 'datasheet', 'NVIDIA A100 Tensor Core GPU datasheet (1758950-r4: A100 80GB PCIe and SXM)', 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf'),
  nvidia('nvidia-a100-pcie-40gb-brief', 'datasheet', 'NVIDIA A100 40GB PCIe GPU Accelerator product brief (PB-10137-001_v03)', 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/A100-PCIE-Prduct-Brief.pdf'),
  nvidia('nvidia-a100-pcie-80gb-brief', 'datasheet', 'NVIDIA A100 80GB PCIe GPU product brief (PB-10577-001)', 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/PB-10577-001_v02.pdf'),
  nvidia('nvidia-ampere-ga100-whitepaper', 'whitepaper', 'NVIDIA A100 Tensor Core GPU Architecture (Ampere GA100 whitepaper)', 'https://images.nvidia.com/aem-dam/en-zz/Solutions/data-center/nvidia-ampere-architecture-whitepaper.pdf'),
  nvidia('nvidia-a10-datasheet', 'datasheet', 'NVIDIA A10 Tensor Core GPU datasheet', 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a10/pdf/a10-datasheet.pdf'),
  nvidia('nvidia-a30-datasheet', 'datasheet', 'NVIDIA A30 Tensor Core GPU datasheet', 'https://www.nvidia.com/content/dam/en-zz/Solutions/data-center/products/a30-gpu/pdf/a30-datasheet.pdf'),
  nvidia('nvidia-a40-datasheet', 'datasheet', 'NVIDIA A40 datasheet', 'https://images.nvidia.com/content/Solutions/data-center/a40/nvidia-a40-datasheet.pdf'),
  nvidia('nvidia-l4-datasheet', 'datasheet', 'NVIDIA L4 Tensor Core GPU datasheet', 'https://resources.nvidia.com/en-us-data-center-overview/l4-gpu-datasheet'),
  nvidia('nvidia-l40-datasheet', 'datasheet', 'NVIDIA L40 GPU datasheet', 'https://images.nvidia.com/content/Solutions/data-center/vgpu-L40-datasheet.pdf'),
  nvidia('nvidia-l40s-datasheet', 'datasheet', 'NVIDIA L40S GPU datasheet', 'https://resources.nvidia.com/en-us-l40s/l40s-datasheet-28413'),
  nvidia('nvidia-h100-datasheet', 'datasheet', 'NVIDIA H100 Tensor Core GPU datasheet (H100 SXM, H100 PCIe, H100 NVL)', 'https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet'),
  nvidia('nvidia-gtc23-inference-platforms', 'press-release', 'NVIDIA Launches Inference Platforms for Large Language Models and Generative AI Workloads (GTC, 2023-03-21: L4, L40 and H100 NVL announced)', 'https://nvidianews.nvidia.com/news/nvidia-launches-inference-platforms-for-large-language-models-and-generative-ai-workloads'),
  nvidia('nvidia-blackwell-platform-launch', 'press-release', 'NVIDIA Blackwell Platform Arrives to Power a New Era of Computing (GTC, 2024-03-18: B200 and GB200 announced)', 'https://nvidianews.nvidia.com/news/nvidia-blackwell-platform-arrives-to-power-a-new-era-of-computing'),
  nvidia('nvidia-hopper-whitepaper', 'whitepaper', 'NVIDIA H100 Tensor Core GPU Architecture (Hopper whitepaper)', 'https://resources.nvidia.com/en-us-tensor-core/gtc22-whitepaper-hopper'),
  nvidia('nvidia-h200-datasheet', 'datasheet', 'NVIDIA H200 Tensor Core GPU datasheet (H200 SXM, H200 NVL)', 'https://nvdam.widen.net/s/nb5zzzsjdf/hpc-datasheet-sc23-h200-datasheet-3002446'),
  nvidia('nvidia-blackwell-datasheet', 'datasheet', 'NVIDIA Blackwell datasheet (GB200 NVL72, HGX B200)', 'https://nvdam.widen.net/s/wwnsxrhm2w/blackwell-datasheet-3384703'),
  nvidia('nvidia-cuda-gpus', 'documentation', 'CUDA GPUs — compute capability table', 'https://developer.nvidia.com/cuda-gpus'),
  nvidia('nvidia-mig-user-guide', 'documentation', 'NVIDIA Multi-Instance GPU user guide — supported GPUs and profiles', 'https://docs.nvidia.com/datacenter/tesla/mig-user-guide/'),
];
