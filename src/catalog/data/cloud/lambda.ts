// Lambda GPU cloud: one public price list, the same in every Lambda region.

import { cite, text } from '../cite.js';
import { notSourced } from '../../servers-schema.js';
import type { CloudOfferingInput } from '../../cloud-schema.js';

const techbytes = cite('techbytes-gpu-pricing-2026', 'table "Single-GPU H100 listed price" and key takeaways');

const allRegions = text('all Lambda regions', 'Lambda 所有区域');
const oneList = text('Lambda publishes one price list for all its regions.', 'Lambda 所有区域使用同一份价目表。');

export const LAMBDA_OFFERINGS: CloudOfferingInput[] = [
  {
    id: 'lambda-1x-h100-pcie-2026-05',
    provider: 'lambda',
    instanceType: '1x H100 PCIe',
    region: allRegions,
    gpuId: 'h100-pcie-80gb',
    gpuCount: 1,
    usdPerHour: { onDemand: techbytes(2.86), reserved1y: notSourced(), reserved3y: notSourced(), capacityBlock: notSourced() },
    asOf: '2026-05-07',
    notes: [oneList],
  },
  {
    id: 'lambda-1x-h100-sxm-2026-05',
    provider: 'lambda',
    instanceType: '1x H100 SXM',
    region: allRegions,
    gpuId: 'h100-sxm5-80gb',
    gpuCount: 1,
    usdPerHour: { onDemand: techbytes(3.78), reserved1y: notSourced(), reserved3y: notSourced(), capacityBlock: notSourced() },
    asOf: '2026-05-07',
    notes: [oneList],
  },
];
