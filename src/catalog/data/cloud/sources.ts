// Where the cloud prices come from. Provider price pages are mostly rendered by scripts, so few
// stored copies carry numbers; each source here is a page whose stored copy states the price and
// when it held. Fewer, sourced entries beat many guessed ones.

import type { CatalogSource } from '../../servers-schema.js';

const accessed = '2026-11-29';

export const CLOUD_SOURCES: CatalogSource[] = [
  {
    id: 'aws-capacity-blocks-pricing',
    kind: 'price-list',
    publisher: 'Amazon Web Services (copy hosted at sibshop.uat.jiralog.com)',
    title: 'Amazon EC2 Capacity Blocks for ML Pricing (rates in effect until the update scheduled for 2025-01-01)',
    url: 'http://sibshop.uat.jiralog.com/ec2/capacityblocks/pricing',
    accessed,
    copyOf: 'https://aws.amazon.com/ec2/capacityblocks/pricing/',
  },
  {
    id: 'xither-gpu-compute-costs',
    kind: 'article',
    publisher: 'Xither',
    title: 'GPU Compute Costs: On-Prem vs. Cloud vs. Spot Instances',
    url: 'https://www.xither.com/compare/gpu-compute-costs-on-prem-vs-cloud-vs-spot-instances',
    accessed,
  },
  {
    id: 'techbytes-gpu-pricing-2026',
    kind: 'price-list',
    publisher: 'TechBytes',
    title: 'Serverless GPU Pricing Matrix [2026 Developer Cheat Sheet] (prices verified 2026-05-07 from vendor pricing pages)',
    url: 'https://techbytes.app/posts/serverless-gpu-pricing-matrix-modal-replicate-lambda-2026/',
    accessed,
  },
  {
    id: 'datareceipts-hyperscaler-gpu-prices',
    kind: 'price-list',
    publisher: 'data-receipts (GitHub), transcribed from the AWS and Azure price APIs',
    title: '109-gpu-pricing/hyperscalers.json (retrieved 2026-11-09): on-demand USD per hour, us-east-1 / eastus',
    url: 'https://raw.githubusercontent.com/datareceipts/data-receipts/main/109-gpu-pricing/hyperscalers.json',
    accessed: '2026-12-01',
  },
  {
    id: 'silybench-gpu-offers',
    kind: 'price-list',
    publisher: 'silybench-data (GitHub), read from the providers\' pricing pages',
    title: 'derived/cost.json gpu_offers (RunPod H100 SXM checked 2026-09-25)',
    url: 'https://raw.githubusercontent.com/tgarg01/silybench-data/main/derived/cost.json',
    accessed: '2026-12-01',
  },
  {
    id: 'gpu-price-index-cny',
    kind: 'price-list',
    publisher: 'brian8808/gpu-price-index (Hugging Face dataset)',
    title: 'GPU rental price index: cheapest platform per GPU today, CNY per GPU-hour, with 30-day min/max',
    url: 'https://huggingface.co/datasets/brian8808/gpu-price-index',
    accessed: '2026-12-01',
  },
  {
    id: 'datareceipts-neocloud-gpu-prices',
    kind: 'price-list',
    publisher: 'data-receipts (GitHub), transcribed from each vendor\'s public pricing page',
    title: '109-gpu-pricing/vendors.json (RunPod Secure and Community read on 2026-11-09)',
    url: 'https://raw.githubusercontent.com/datareceipts/data-receipts/main/109-gpu-pricing/vendors.json',
    accessed: '2026-12-01',
  },
  {
    id: 'datareceipts-gpu-pricing-readme',
    kind: 'price-list',
    publisher: 'data-receipts (GitHub)',
    title: '109 — What an H100 actually costs per hour (README; Azure ND96isr_H100_v5 $12.29 per GPU-hour, 2026-11)',
    url: 'https://raw.githubusercontent.com/datareceipts/data-receipts/main/109-gpu-pricing/README.md',
    accessed: '2026-12-01',
  },
  {
    id: 'cyclenerd-gcp-pricing-2025-03',
    kind: 'price-list',
    publisher: 'Cyclenerd/google-cloud-pricing-cost-calculator (GitHub, Apache-2.0), generated from Google\'s Cloud Billing catalog',
    title: 'pricing.yml (generated 2025-03-06): Compute Engine machine types, USD per hour and per month (1- and 3-year commitments) by region',
    url: 'https://github.com/Cyclenerd/google-cloud-pricing-cost-calculator/blob/0166a59ebba7c36f2cc8c931d9f258dcebc44776/pricing.yml',
    accessed: '2026-12-01',
  },
];
