// Sources for the parts NVIDIA made for the China market (H20, H800, A800, L20, L2, RTX 4090 D),
// Huawei's Ascend 910B, GB200 and the Hopper figures NVIDIA's datasheets leave out. NVIDIA
// publishes no English datasheet for the China parts, so their figures come from the press that
// reported the listings (Reuters via Tom's Hardware and Tweakers), from the analysts who read them
// (CSET for Ascend) and from spec databases; entries citing only these are marked `secondary`.

import type { Source } from '../../gpu-schema.js';

const ACCESSED = '2026-12-01';

function article(id: string, publisher: string, title: string, url: string): Source {
  return { id, kind: 'article', publisher, title, url, accessed: ACCESSED };
}

function specDatabase(id: string, publisher: string, title: string, url: string): Source {
  return { id, kind: 'spec-database', publisher, title, url, accessed: ACCESSED };
}

export const CHINA_MARKET_SOURCES: Source[] = [
  article(
    'tomshw-h20-l20-l2',
    "Tom's Hardware",
    'New Nvidia AI GPUs designed to get around US export bans come to China: H20, L20 and L2 (specifications table from the Vipera listings)',
    'https://www.tomshardware.com/pc-components/gpus/new-nvidia-ai-gpus-designed-to-get-around-us-export-bans-come-to-china-h20-l20-and-l2-to-fill-void-left-by-restricted-models',
  ),
  article(
    'xfastest-h20',
    'XFastest',
    'NVIDIA H20 AI GPU mass production in Q2 2024 (96 GB, 4.0 TB/s, 400 W, 900 GB/s NVLink, 7 MIG instances)',
    'https://xfastest.com/thread-283320-1-1.html',
  ),
  article(
    'zangshuxian-h20',
    'zangshuxian.com',
    'H20 compared with H100: 78 SMs (Geekbench 6), FP16 148, TF32 74, FP32 44, FP64 1 TFLOPS',
    'https://zangshuxian.com/new/674733024499207168',
  ),
  article(
    'philisun-h800',
    'Philisun',
    'NVIDIA H800 vs H100: a technical deep dive into politically defined AI chips (NVLink 400 GB/s, FP64 1 TFLOPS)',
    'https://www.philisun.com/technical-analysis/nvidia-h800-vs-h100-a-technical-deep-dive-into-politically-defined-ai-chips/',
  ),
  article(
    'tweakers-a800',
    'Tweakers (reporting Reuters)',
    'Nvidia introduceert A800-gpu voor China die niet onder exportrestricties VS valt (2022-11-08)',
    'https://tweakers.net/nieuws/203182/nvidia-introduceert-a800-gpu-voor-china-die-niet-onder-exportrestricties-vs-valt.html',
  ),
  article(
    'evertiq-rtx-4090d',
    'Evertiq (reporting Reuters and NVIDIA China\'s product page)',
    'Nvidia RTX 4090D for China: 14,592 CUDA cores, 24 GB GDDR6X, 384-bit, 425 W (2023-12-29)',
    'https://evertiq.com/news/54972',
  ),
  article(
    'svethardware-rtx-4090d',
    'SvětHardware',
    'Nvidia uvedla čínskou GeForce RTX 4090 D, počet SM se snižuje na 114 (boost 2520 MHz, 12,999 CNY)',
    'https://www.svethardware.cz/nvidia-uvedla-cinskou-geforce-rtx-4090-d-pocet-sm-se-snizuje-na-114/60269',
  ),
  article(
    'myua-rtx-4090d',
    'my.ua',
    'GeForce RTX 4090D presented officially (456 tensor cores, 2280/2520 MHz, 1008 GB/s) (2023-12-29)',
    'https://my.ua/articles/article/2023-12-29-videokarta-geforce-rtx-4090d-predstavlena-ofitsiino',
  ),
  {
    id: 'cset-ascend-910b',
    kind: 'whitepaper',
    publisher: 'Center for Security and Emerging Technology (Georgetown University)',
    title: "Pushing the Limits: Huawei's AI Chip Tests U.S. Export Controls (Ascend 910 and 910B series)",
    url: 'https://cset.georgetown.edu/publication/pushing-the-limits-huaweis-ai-chip-tests-u-s-export-controls/',
    accessed: ACCESSED,
  },
  specDatabase(
    'hmctech-h200-gb200',
    'HMC Tech GPU database',
    'NVIDIA H100 vs H200 SXM vs GB200 (shading units, boost clocks)',
    'https://hmc-tech.com/gpu/nvidia-h100-vs-nvidia-h200-sxm-vs-nvidia-gb200',
  ),
  specDatabase(
    'topcpu-l20',
    'TopCPU.net GPU database',
    'NVIDIA A40 PCIe vs NVIDIA L20 (L20: 11776 shading units, 368 tensor cores, 2520 MHz boost, 384-bit, 275 W, CUDA 8.9)',
    'https://www.topcpu.net/en/gpu-c/a40-pcie-vs-l20',
  ),
  article(
    'zexron-mi250',
    'Zexron',
    'AMD MI250(X) Aldebaran as MCM with up to 47.9 TFLOP/s and 560 W TDP (reproduces AMD\'s MI250X/MI250 specification table)',
    'https://zexron.com/amd-mi250-x-aldebaran-as-mcm-with-up-to-479-teraflop-s-and-560-watt-tdp',
  ),
  specDatabase(
    'yobitel-mi250',
    'Yobitel knowledge base',
    'AMD MI250: specifications (MI250X vs MI250: TDP, Infinity Fabric per link, two GPUs per OAM module)',
    'https://yobitel.com/knowledge-base/amd-mi250',
  ),
  {
    id: 'nvidia-dps-device-specs',
    kind: 'documentation',
    publisher: 'NVIDIA',
    title: 'NVIDIA Datacenter Power Service: Device Specifications (shipped GB200 specification: GPU maxLoadWatts 1200)',
    url: 'https://docs.nvidia.com/datacenter/dps/versions/latest/guides/concepts/device-specifications.html',
    accessed: ACCESSED,
  },
  article(
    'hwcooling-h200',
    'HWCooling',
    "Nvidia's new fastest AI GPU H200 with 141GB of HBM3e memory (six stacks on a 6144-bit bus)",
    'https://hwcooling.net/en/nvidias-new-fastest-ai-gpu-h200-with-141gb-of-hbm3e-memory',
  ),
];
