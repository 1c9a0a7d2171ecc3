// Where GPU prices come from. NVIDIA and AMD publish no list prices for datacenter parts, so
// these are press reports of analysts' figures and reseller listings, each dated. Prices that
// Epoch AI records cite its row (the CSV's "Source for the price" column names the original).

import type { Source } from '../../gpu-schema.js';

const ACCESSED = '2026-12-01';

function article(id: string, publisher: string, title: string, url: string): Source {
  return { id, kind: 'article', publisher, title, url, accessed: ACCESSED };
}

export const PRICE_SOURCES: Source[] = [
  article(
    'tomshw-mi300x-h100-price',
    "Tom's Hardware (reporting Citi's estimates)",
    "Nvidia's H100 AI GPUs cost up to four times more than AMD's competing MI300X — AMD's chips cost $10 to $15K apiece; Nvidia's H100 has peaked beyond $40,000 (2024)",
    'https://www.tomshardware.com/tech-industry/artificial-intelligence/nvidias-h100-ai-gpus-cost-up-to-four-times-more-than-amds-competing-mi300x-amds-chips-cost-dollar10-to-dollar15k-apiece-nvidias-h100-has-peaked-beyond-dollar40000',
  ),
  article(
    'techspot-h100-price',
    'TechSpot (reporting Raymond James via Barron\'s)',
    'Nvidia reportedly garners 1,000% profit on each H100 GPU: sold for $25,000 to $30,000 (2023-08)',
    'https://www.techspot.com/news/99839-nvidia-garners-reported-1000-profit-each-h100-gpu.html',
  ),
  article(
    'ft-h100-pcie-price',
    'City Life (reporting the Financial Times via Tom\'s Hardware)',
    'Nvidia to sell 550,000 H100 compute GPUs in 2023: the H100 80GB PCIe card retails for around $30,000 in the US, up to $70,000 in China (2023-08-15)',
    'https://citylife.capetown/ai/nvidia-to-sell-550000-h100-compute-gpus-in-2023-report/344256/',
  ),
  article(
    'cnbc-blackwell-price',
    'Brief Briefing (reporting CNBC\'s interview with Jensen Huang)',
    'Nvidia CEO Jensen Huang says demand for Blackwell is "insane": expected to cost between $30,000 and $40,000 per unit (2024-10-03)',
    'https://briefbriefing.com/2024/10/03/nvidia-ceo-jensen-huang-says-demand-for-next-generation-blackwell-ai-chip-is-insane',
  ),
  article(
    'yic-gaudi3-price',
    'Y-IC (reporting Intel\'s Computex 2024 pricing)',
    'Intel officially launches Gaudi 3: a kit with eight Gaudi 3 chips costs $125,000, about $15,625 per chip (2024)',
    'https://y-ic.de/news/intel-officially-launches-gaudi3-ai-chip-slower-than-nvidia-h100,but-at-a-lower-cost.html',
  ),
  article(
    'besthub-rtx-4090d-price',
    'IT Services Circle (via besthub.dev)',
    'NVIDIA introduces RTX 4090 D, China-specific GPU: priced the same as the standard RTX 4090, from ¥12,999',
    'https://www.besthub.dev/articles/nvidia-introduces-rtx-4090-d-china-specific-gpu-with-reduced-cuda-and-tensor-cores-b88ff1fef4d4',
  ),
  article(
    'tecnobabele-rtx-6000-ada-price',
    'Tecnobabele (reporting Digital Trends)',
    'The RTX 6000 (Ada) starts appearing for sale at $9,999 (2022)',
    'https://tecnobabele.com/?p=113166',
  ),
  article(
    'upstation-4090-price',
    'Upstation (GPU rental company) on r/LocalLLaMA',
    'How to build an 8x4090 Server: "Expect to pay $2000+ per 4090" for blower cards; "off-the-shelf $1650 4090s" (2024-11-19)',
    'https://axebps-redlib.hf.space/r/LocalLLaMA/comments/1gum5yh/how_to_build_an_8x4090_server/lxwnclu/?context=3',
  ),
  article(
    'cnyes-h200-china-price',
    'Anue 鉅亨網 (reporting Tencent Tech)',
    'NVIDIA to deliver H200 to China in mid-February 2026: channel price of an 8-GPU H200 module 1.4 million CNY (2025-12-24)',
    'https://news.cnyes.com/news/id/6287740',
  ),
  article(
    'xlycwl-h200-china-price',
    'php.xlycwl.com (news digest)',
    'H200 approved for export to China: about 190,000 CNY per chip, about 1.5 million CNY for an 8-GPU machine (2026-01-10)',
    'https://php.xlycwl.com/faq/1963438.html',
  ),
  {
    id: 'datastorage-l40s',
    kind: 'price-list',
    publisher: 'DataStorage.com',
    title: 'NVIDIA L40S: price snapshot (on-premise module ~$7k–$10k)',
    url: 'https://datastorage.com/gpu/nvidia-l40s/',
    accessed: ACCESSED,
  },
  {
    id: 'hf-hardware-h200',
    kind: 'price-list',
    publisher: 'Hugging Face',
    title: 'Hardware: NVIDIA H200 (memory, TFLOPS, power, "MSRP $32k")',
    url: 'https://huggingface.co/hardware/h200',
    accessed: ACCESSED,
  },
  article(
    'aitooldiscovery-a100-price',
    'AI Tool Discovery',
    'NVIDIA A100 GPU: Specs, Price, and Performance in 2026 — "New A100 80GB units cost $8,000-$15,000 in 2026. Used units trade at $4,000-$9,000." (2026-03-20)',
    'https://www.aitooldiscovery.com/ai-infra/nvidia-a100-specs-price',
  ),
  article(
    'mercatus-a100-h100-h200',
    'Mercatus AI',
    'A100 vs H100 vs H200: "Budget-constrained academic / startup: A100 (refurb/used), $8–15K street price" (2026)',
    'https://www.mercatus-ai.com/blog/a100-vs-h100-vs-h200',
  ),
  article(
    'runlocalai-l4',
    'RunLocalAI',
    'NVIDIA L4: "24 GB GDDR6 ECC at 300 GB/s … at $2,500 retail / $1,800-2,200 used"',
    'https://www.runlocalai.co/hardware/nvidia-l4',
  ),
  {
    id: 'chipversus-t4',
    kind: 'price-list',
    publisher: 'ChipVERSUS',
    title: 'Tesla T4: "MSRP $1880", "AVG Price $1000" (current average price collected from markets across the web)',
    url: 'https://chipversus.com/hardware/gpu/tesla-t4',
    accessed: ACCESSED,
  },
  article(
    'boke042-a800-price-2023',
    'boke.042.cn (news digest)',
    'US to restrict AI chip exports further; NVIDIA CFO warns: "V100加速卡至少10000美元 … A800售价12000美元，人民币8.3万元，A100售价在1.5万美元 … H100 … 3.65万美元" (2023-06-29)',
    'http://m.boke.042.cn/zixun/2023/0629/17096.html',
  ),
  article(
    'hothardware-h200-china-price',
    'HotHardware (reporting Reuters)',
    'NVIDIA Reportedly Wants China To Pay 100% Upfront For Millions Of H200 AI Chips: orders "at around $27,000 each" (2026-01-08)',
    'https://hothardware.com/news/nvidia-reportedly-demands-china-pay-100-upfront-h200-ai-chips',
  ),
  article(
    'airstarbank-tencent-h200-h20-modules',
    'Airstar Bank news (translating Tencent Technology, by Su Yang)',
    'Delivery of H200 in China accelerates: H200 8-GPU module RMB 1.4 million to channels; the H20 8-GPU module rose from RMB 880,000 to RMB 1.05 million (2025-12-24)',
    'https://news.platform.airstarbank.com/en/post/66581432/delivery-of-h200-in-china-accelerates-with-a-module-unit',
  ),
  {
    id: 'chipversus-l40',
    kind: 'price-list',
    publisher: 'ChipVERSUS',
    title: 'L40: "MSRP $31000", "AVG Price $8174" (current average price collected from markets across the web)',
    url: 'https://chipversus.com/hardware/gpu/l40',
    accessed: ACCESSED,
  },
  {
    id: 'technicalcity-p100-pcie-16gb',
    kind: 'price-list',
    publisher: 'Technical City (GPU spec database)',
    title: 'CMP 40HX vs Tesla P100 PCIe 16 GB: "Release date 20 June 2016", "Launch price (MSRP) $5,699"',
    url: 'https://technical.city/en/video/Tesla-P100-PCIe-16-GB-vs-CMP-40HX',
    accessed: ACCESSED,
  },
  {
    id: 'hmctech-b200-vs-p100',
    kind: 'price-list',
    publisher: 'HMC Tech (GPU spec database)',
    title: 'NVIDIA B200 vs NVIDIA Tesla P100: "NVIDIA Tesla P100 $5,699", PCIe card, 16GB HBM2, 250W',
    url: 'https://hmc-tech.com/gpu/nvidia-b200-vs-nvidia-tesla-p100',
    accessed: ACCESSED,
  },
];
