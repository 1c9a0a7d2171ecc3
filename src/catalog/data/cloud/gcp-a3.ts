// Google Cloud A3 (8 × H100 SXM 80 GB), whole-VM price per hour as Google's Cloud Billing catalog
// gave it, transcribed by Cyclenerd/google-cloud-pricing-cost-calculator (pricing.yml, generated
// 2025-03-06). The file holds monthly figures for commitments; the hourly reserved rates below are
// month ÷ 730 hours (the file's own month), shown in each note. Google's price changes after March
// 2025 are not in this reading; it is dated so the advisor says so.

import { cite, text, type Citer } from '../cite.js';
import { notSourced } from '../../servers-schema.js';
import type { CloudOfferingInput } from '../../cloud-schema.js';
import type { Sourced } from '../../gpu-schema.js';

const HOURS_PER_MONTH = 730;
const gcp = (region: string): Citer => cite('cyclenerd-gcp-pricing-2025-03', `compute.instance."a3-highgpu-8g".cost."${region}"`);

/** A committed-use rate: the file's monthly figure ÷ 730, with the arithmetic in the note. */
function perMonth(by: Citer, month: number, term: string, zh: string): Sourced<number> {
  const hour = Math.round((month / HOURS_PER_MONTH) * 100) / 100;
  return by(hour, text(`${term} commitment: $${month.toFixed(2)} a month ÷ ${HOURS_PER_MONTH} h.`, `${zh}承诺：每月 ${month.toFixed(2)} 美元 ÷ ${HOURS_PER_MONTH} 小时。`));
}

const vm = text(
  'The whole VM: 8 × H100 80 GB, 208 vCPUs, 1,872 GB memory and 6 TB local SSD are billed together; the GPU is not sold alone.',
  '整台虚拟机：8 × H100 80 GB、208 个 vCPU、1872 GB 内存和 6 TB 本地 SSD 一起计费，GPU 不单独出售。',
);
const reading = text(
  'Reading of Google\'s billing catalog of 2025-03-06; later price changes are not in it. Spot was $35.40 an hour then (not modelled: it can be pre-empted).',
  '为 2025-03-06 的 Google 计费目录读数，之后的调价未包含在内。当时 Spot 价格为每小时 35.40 美元（未建模：可能被抢占）。',
);

function a3(region: string, label: string, onDemand: number, month1y: number, month3y: number): CloudOfferingInput {
  const by = gcp(region);
  return {
    id: `gcp-a3-highgpu-8g-${region}-2025-03`,
    provider: 'google-cloud',
    instanceType: 'a3-highgpu-8g',
    region: label,
    gpuId: 'h100-sxm5-80gb',
    gpuCount: 8,
    usdPerHour: {
      onDemand: by(onDemand, text(`$${(onDemand / 8).toFixed(2)} per GPU-hour.`, `每 GPU 小时 ${(onDemand / 8).toFixed(2)} 美元。`)),
      reserved1y: perMonth(by, month1y, '1-year', '1 年'),
      reserved3y: perMonth(by, month3y, '3-year', '3 年'),
      capacityBlock: notSourced(),
    },
    asOf: '2025-03-06',
    notes: [vm, reading],
  };
}

export const GCP_A3_OFFERINGS: CloudOfferingInput[] = [
  // us-central1 (also us-east1 and us-west1 at the same rates in the file): hour 88.4899999…,
  // month_1y 44810.08066464, month_3y 28370.99821392.
  a3('us-central1', 'us-central1 (Iowa)', 88.49, 44810.08066464, 28370.99821392),
];
