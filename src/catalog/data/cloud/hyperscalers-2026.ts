// AWS and Azure on-demand list prices read from their price APIs in November 2026, and RunPod's
// H100 rates in September 2026 — each a dated reading, beside the older entries (aws.ts), so the
// advisor can show how prices moved. AWS cut P4/P5 prices in June 2025: p5 went from $98.32 to
// $55.04 an hour, which is why the 2024 Capacity Block rate no longer undercuts on-demand by much.

import { cite, text } from '../cite.js';
import { notSourced } from '../../servers-schema.js';
import type { CloudOfferingInput } from '../../cloud-schema.js';

const receipts = cite('datareceipts-hyperscaler-gpu-prices', 'rows by instance');
const silybench = cite('silybench-gpu-offers', 'gpu_offers, provider "runpod"');

const none = { reserved1y: notSourced(), reserved3y: notSourced(), capacityBlock: notSourced() } as const;
const read = text('On-demand price read from the provider\'s price API on 2026-11-09.', '2026-11-09 从厂商价格 API 读取的按需价格。');

export const HYPERSCALER_2026_OFFERINGS: CloudOfferingInput[] = [
  {
    id: 'aws-p5-48xlarge-us-east-1-2026-11',
    provider: 'aws',
    instanceType: 'p5.48xlarge',
    region: 'us-east-1 (US East, N. Virginia)',
    gpuId: 'h100-sxm5-80gb',
    gpuCount: 8,
    usdPerHour: { onDemand: receipts(55.04, text('$6.88 per GPU-hour.', '每 GPU 小时 6.88 美元。')), ...none },
    asOf: '2026-11-09',
    notes: [read],
  },
  {
    id: 'aws-p4d-24xlarge-us-east-1-2026-11',
    provider: 'aws',
    instanceType: 'p4d.24xlarge',
    region: 'us-east-1 (US East, N. Virginia)',
    gpuId: 'a100-sxm4-40gb',
    gpuCount: 8,
    usdPerHour: { onDemand: receipts(21.957642), ...none },
    asOf: '2026-11-09',
    notes: [read],
  },
  {
    id: 'aws-p4de-24xlarge-us-east-1-2026-11',
    provider: 'aws',
    instanceType: 'p4de.24xlarge',
    region: 'us-east-1 (US East, N. Virginia)',
    gpuId: 'a100-sxm4-80gb',
    gpuCount: 8,
    usdPerHour: { onDemand: receipts(27.44705), ...none },
    asOf: '2026-11-09',
    notes: [read],
  },
  {
    id: 'azure-nc40ads-h100-v5-eastus-2026-11',
    provider: 'azure',
    instanceType: 'Standard_NC40ads_H100_v5',
    region: 'eastus',
    gpuId: 'h100-nvl-94gb',
    gpuCount: 1,
    usdPerHour: { onDemand: receipts(6.98), ...none },
    asOf: '2026-11-09',
    notes: [read, text('The NC H100 v5 series carries the 94 GB H100 NVL PCIe card, not the SXM module.', 'NC H100 v5 系列使用 94 GB 的 H100 NVL PCIe 卡，不是 SXM 模组。')],
  },
  {
    id: 'azure-nc80adis-h100-v5-eastus-2026-11',
    provider: 'azure',
    instanceType: 'Standard_NC80adis_H100_v5',
    region: 'eastus',
    gpuId: 'h100-nvl-94gb',
    gpuCount: 2,
    usdPerHour: { onDemand: receipts(17.64), ...none },
    asOf: '2026-11-09',
    notes: [read],
  },
  {
    id: 'azure-nc24ads-a100-v4-eastus-2026-11',
    provider: 'azure',
    instanceType: 'Standard_NC24ads_A100_v4',
    region: 'eastus',
    gpuId: 'a100-pcie-80gb',
    gpuCount: 1,
    usdPerHour: { onDemand: receipts(3.673), ...none },
    asOf: '2026-11-09',
    notes: [read],
  },
  {
    id: 'azure-nc96ads-a100-v4-eastus-2026-11',
    provider: 'azure',
    instanceType: 'Standard_NC96ads_A100_v4',
    region: 'eastus',
    gpuId: 'a100-pcie-80gb',
    gpuCount: 4,
    usdPerHour: { onDemand: receipts(19.108), ...none },
    asOf: '2026-11-09',
    notes: [read],
  },
  {
    id: 'runpod-1x-h100-sxm-community-2026-09',
    provider: 'runpod',
    instanceType: '1x H100 SXM (Community Cloud)',
    region: 'RunPod Community Cloud',
    gpuId: 'h100-sxm5-80gb',
    gpuCount: 1,
    usdPerHour: { onDemand: silybench(2.69), ...none },
    asOf: '2026-09-25',
    notes: [text('Community Cloud runs on third-party hosts; Secure Cloud is RunPod\'s own data centres.', 'Community Cloud 运行在第三方主机上；Secure Cloud 是 RunPod 自有机房。')],
  },
  {
    id: 'runpod-1x-h100-sxm-secure-2026-09',
    provider: 'runpod',
    instanceType: '1x H100 SXM (Secure Cloud)',
    region: 'RunPod Secure Cloud',
    gpuId: 'h100-sxm5-80gb',
    gpuCount: 1,
    usdPerHour: { onDemand: silybench(3.49), ...none },
    asOf: '2026-09-25',
    notes: [],
  },
];
