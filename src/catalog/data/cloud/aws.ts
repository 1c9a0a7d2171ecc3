// Amazon EC2 GPU instances. On-demand list prices for p3/p4de/p5/g4dn/g5/g6 were not in any
// stored page we could cite (AWS renders its price tables with scripts), so they are not here.

import { cite, text } from '../cite.js';
import { notSourced, type Missing } from '../../servers-schema.js';
import type { CloudOfferingInput } from '../../cloud-schema.js';

const capacityBlocks = cite('aws-capacity-blocks-pricing', 'pricing table, "Effective Instance Hourly Rate"');
const xither = cite('xither-gpu-compute-costs', 'section "Cloud GPU Pricing: On-Demand Models"');

const notAProduct = (what: string, zh: string): Missing => ({ value: null, reason: 'not-applicable', note: text(what, zh) });
const capacityBlockOnly = text(
  'Capacity Blocks reserve GPU capacity for 1 to 14 days, paid up front; the rate changes with supply and demand and is not the on-demand price.',
  '容量块（Capacity Blocks）按 1 到 14 天预订 GPU 容量，需预付；价格随供需浮动，不是按需价格。',
);

export const AWS_OFFERINGS: CloudOfferingInput[] = [
  {
    id: 'aws-p4d-24xlarge-us-east-2024',
    provider: 'aws',
    instanceType: 'p4d.24xlarge',
    region: 'US East',
    gpuId: 'a100-sxm4-40gb',
    gpuCount: 8,
    usdPerHour: {
      onDemand: xither(32.77, text('About $32.77 an hour in the US East region, as of Q2 2024.', '截至 2024 年第二季度，美国东部区域约每小时 32.77 美元。')),
      reserved1y: notSourced(),
      reserved3y: notSourced(),
      capacityBlock: notSourced(),
    },
    asOf: '2024',
    notes: [text('Price reading from Q2 2024.', '价格读数来自 2024 年第二季度。')],
  },
  {
    id: 'aws-p4d-24xlarge-us-east-2-capacity-block-2024',
    provider: 'aws',
    instanceType: 'p4d.24xlarge',
    region: 'us-east-2 (US East, Ohio)',
    gpuId: 'a100-sxm4-40gb',
    gpuCount: 8,
    usdPerHour: {
      onDemand: notAProduct('This entry is the Capacity Block rate; see the US East on-demand entry.', '本条为容量块价格；按需价格见"美国东部"条目。'),
      reserved1y: notSourced(),
      reserved3y: notSourced(),
      capacityBlock: capacityBlocks(14.75),
    },
    asOf: '2024-12',
    notes: [capacityBlockOnly],
  },
  {
    id: 'aws-p5-48xlarge-us-east-1-capacity-block-2024',
    provider: 'aws',
    instanceType: 'p5.48xlarge',
    region: 'us-east-1 (US East, N. Virginia)',
    gpuId: 'h100-sxm5-80gb',
    gpuCount: 8,
    usdPerHour: {
      onDemand: notSourced(),
      reserved1y: notSourced(),
      reserved3y: notSourced(),
      capacityBlock: capacityBlocks(39.33, text('$4.916 per GPU-hour; 8 × H100 with 640 GB HBM3.', '每 GPU 小时 4.916 美元；8 × H100，共 640 GB HBM3。')),
    },
    asOf: '2024-12',
    notes: [capacityBlockOnly],
  },
];
