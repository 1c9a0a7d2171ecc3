// RunPod's per-GPU list prices read from its pricing page on 2026-11-09, and Azure's ND H100 v5
// (eight SXM H100s on InfiniBand), from the same reading. RunPod prices one GPU at a time; Secure
// Cloud runs in RunPod's data centres, Community Cloud on third-party hosts.

import { cite, text } from '../cite.js';
import { notSourced } from '../../servers-schema.js';
import type { CloudOfferingInput } from '../../cloud-schema.js';

const vendors = cite('datareceipts-neocloud-gpu-prices', 'vendor "RunPod (Secure)" / "RunPod (Community)", rows by GPU');
const readme = cite('datareceipts-gpu-pricing-readme', 'table "H100 SXM 80GB", row "Azure ND96isr_H100_v5"');

const none = { reserved1y: notSourced(), reserved3y: notSourced(), capacityBlock: notSourced() } as const;

function runpod(tier: 'Secure' | 'Community', gpu: string, gpuId: string, usd: number): CloudOfferingInput {
  return {
    id: `runpod-1x-${gpuId}-${tier.toLowerCase()}-2026-11`,
    provider: 'runpod',
    instanceType: `1x ${gpu} (${tier} Cloud)`,
    region: `RunPod ${tier} Cloud`,
    gpuId,
    gpuCount: 1,
    usdPerHour: { onDemand: vendors(usd), ...none },
    asOf: '2026-11-09',
    notes: [],
  };
}

export const RUNPOD_AZURE_2026_11_OFFERINGS: CloudOfferingInput[] = [
  runpod('Secure', 'H100 SXM', 'h100-sxm5-80gb', 3.99),
  runpod('Community', 'H100 PCIe', 'h100-pcie-80gb', 1.99),
  runpod('Secure', 'H100 PCIe', 'h100-pcie-80gb', 2.89),
  runpod('Community', 'H100 NVL', 'h100-nvl-94gb', 2.59),
  runpod('Secure', 'H100 NVL', 'h100-nvl-94gb', 3.19),
  runpod('Community', 'A100 SXM 80GB', 'a100-sxm4-80gb', 1.39),
  runpod('Secure', 'A100 SXM 80GB', 'a100-sxm4-80gb', 1.79),
  runpod('Community', 'A100 PCIe 80GB', 'a100-pcie-80gb', 1.19),
  runpod('Secure', 'A100 PCIe 80GB', 'a100-pcie-80gb', 1.79),
  {
    id: 'azure-nd96isr-h100-v5-2026-11',
    provider: 'azure',
    instanceType: 'Standard_ND96isr_H100_v5',
    region: 'eastus',
    gpuId: 'h100-sxm5-80gb',
    gpuCount: 8,
    usdPerHour: { onDemand: readme(98.32, text('$12.29 per GPU-hour × 8 GPUs.', '每 GPU 小时 12.29 美元 × 8 块 GPU。')), ...none },
    asOf: '2026-11',
    notes: [text('Eight H100 SXM with 400 Gb/s InfiniBand per GPU: priced for multi-node training.', '8 块 H100 SXM，每 GPU 400 Gb/s InfiniBand：面向多机训练定价。')],
  },
];
