// Dated GPU prices beyond the launch MSRP (gpu-schema.ts `prices`): street prices and analysts'
// figures, each in its own currency and market, a range where sources disagree. NVIDIA and AMD
// publish no datacenter list prices, so most of these are estimates; the note says whose. GPUs not
// listed here have no price we could source: they stay unpriced rather than guessed.

import type { PriceQuote } from '../../gpu-schema.js';
import { cite, text } from '../cite.js';

const epochPrice = (row: string) => cite('epoch-ml-hardware', `row "${row}", columns "Release price (USD)" and "Source for the price"`);
const toms = cite('tomshw-mi300x-h100-price');
const techspot = cite('techspot-h100-price');
const ft = cite('ft-h100-pcie-price');
const cnbc = cite('cnbc-blackwell-price');
const gaudi3 = cite('yic-gaudi3-price');
const besthub = cite('besthub-rtx-4090d-price');
const svet = cite('svethardware-rtx-4090d');
const tecnobabele = cite('tecnobabele-rtx-6000-ada-price');
const hfH200 = cite('hf-hardware-h200');
const cnyesH200 = cite('cnyes-h200-china-price');
const xlycwlH200 = cite('xlycwl-h200-china-price');
const datastorageL40s = cite('datastorage-l40s', 'price snapshot, "On-premise Module"');
const upstation = cite('upstation-4090-price', 'section "Challenges of Scaling Consumer-Grade GPUs"');

type Quote = PriceQuote;
/** A USD quote with its bilingual note (also used by gpu-prices-2026.ts). */
export const usd = (kind: Quote['kind'], market: Quote['market'], low: number, high: number, asOf: string, sources: readonly ReturnType<typeof cite>[], en: string, zh: string): Quote => ({
  kind,
  currency: 'USD',
  market,
  low,
  high,
  asOf,
  sources: sources.map((s) => s.ref),
  note: text(en, zh),
});

const noMsrp = ['NVIDIA publishes no list price; ', 'NVIDIA 不公布官方售价；'] as const;

export const GPU_PRICES: Readonly<Record<string, readonly Quote[]>> = {
  'h100-sxm5-80gb': [
    usd('street', 'global', 25000, 30000, '2023-08', [techspot], `${noMsrp[0]}Raymond James estimated end customers pay $25,000–30,000.`, `${noMsrp[1]}Raymond James 估计终端客户价格为 25000–30000 美元。`),
    usd('street', 'global', 33600, 33600, '2023-05', [epochPrice('NVIDIA H100 SXM5 80GB')], 'An analyst\'s DGX H100 price ($269k) ÷ 8, as Epoch AI records it; bulk pricing.', '分析师给出的 DGX H100 价格（26.9 万美元）÷ 8，按 Epoch AI 记录；属批量价格。'),
    usd('street', 'global', 40000, 40000, '2024', [toms], 'Citi: the H100 "has peaked beyond $40,000".', '花旗：H100 价格"最高超过 4 万美元"。'),
  ],
  'h100-pcie-80gb': [
    usd('street', 'us', 30000, 30000, '2023-08-15', [ft], 'Financial Times: the H100 80GB PCIe card "retails for around $30,000 in the United States".', '《金融时报》：H100 80GB PCIe 卡在美国零售价约 3 万美元。'),
    // A ceiling, not a price anyone paid: never taken over the US $30,000 (gpu-price.ts).
    { ...usd('street', 'cn', 70000, 70000, '2023-08-15', [ft], 'Financial Times: in China a card "can reach up to $70,000" (before the export ban tightened); an upper bound, not a typical price.', '《金融时报》：在中国单卡最高可达 7 万美元（出口限制收紧前）；这是上限，不是一般成交价。'), upperBound: true },
  ],
  'h200-sxm-141gb': [
    usd('street', 'global', 32000, 32000, '2026', [hfH200], 'Hugging Face\'s hardware page lists $32k (it calls it MSRP; NVIDIA publishes none).', 'Hugging Face 硬件页面列出 3.2 万美元（标为 MSRP，但 NVIDIA 并未公布）。'),
    { kind: 'street', currency: 'CNY', market: 'cn', low: 175000, high: 190000, asOf: '2026-01', sources: [cnyesH200.ref, xlycwlH200.ref], note: text('China, after the export licence: the channel price of an 8-GPU module, 1.4 million CNY, ÷ 8 (2025-12-24); about 190,000 CNY per chip (2026-01-10).', '出口许可后的中国市场：8 卡模组渠道价 140 万元 ÷ 8（2025-12-24）；单颗约 19 万元（2026-01-10）。') },
  ],
  l40s: [
    usd('street', 'global', 7000, 10000, '2026', [datastorageL40s], 'A price-comparison site\'s range for the PCIe card ("~$7k–$10k"); NVIDIA publishes no list price.', '比价网站给出的 PCIe 卡价格区间（约 7000–10000 美元）；NVIDIA 不公布官方售价。'),
  ],
  'b200-180gb': [
    usd('street', 'global', 30000, 40000, '2024-10-03', [cnbc], 'CNBC: Blackwell is "expected to cost between $30,000 and $40,000 per unit".', 'CNBC：Blackwell 预计"每块售价 3 万至 4 万美元"。'),
  ],
  'a100-sxm4-40gb': [
    usd('street', 'global', 15000, 15000, '2022-05', [epochPrice('NVIDIA A100 SXM4 40 GB')], `${noMsrp[0]}The Next Platform's estimate, as Epoch AI records it.`, `${noMsrp[1]}The Next Platform 的估计，按 Epoch AI 记录。`),
  ],
  a10: [
    usd('street', 'global', 2800, 2800, '2021-04', [epochPrice('NVIDIA A10 PCIe')], `${noMsrp[0]}The Next Platform's figure at launch, as Epoch AI records it.`, `${noMsrp[1]}The Next Platform 发布时给出的价格，按 Epoch AI 记录。`),
  ],
  'v100-sxm2-16gb': [
    usd('street', 'global', 11500, 11500, '2017', [epochPrice('NVIDIA Tesla V100 SXM2')], 'Epoch AI\'s 2017 row for the V100 SXM2, when only the 16 GB module existed (no source named for the price).', 'Epoch AI 2017 年的 V100 SXM2 记录，当时只有 16 GB 版本（未注明价格来源）。'),
  ],
  'v100-pcie-16gb': [
    usd('street', 'us', 10664, 10664, '2018', [epochPrice('NVIDIA Tesla V100 PCIe 16 GB')], 'Microway\'s V100 price analysis, as Epoch AI records it.', 'Microway 的 V100 价格分析，按 Epoch AI 记录。'),
  ],
  'v100-pcie-32gb': [
    usd('street', 'us', 11458, 11458, '2018', [epochPrice('NVIDIA Tesla V100 PCIe 32 GB')], 'Microway\'s V100 price analysis, as Epoch AI records it.', 'Microway 的 V100 价格分析，按 Epoch AI 记录。'),
  ],
  'v100-sxm2-32gb': [
    usd('street', 'us', 11458, 11458, '2018', [epochPrice('NVIDIA Tesla V100 SXM2 32 GB')], 'Microway\'s V100 price analysis, as Epoch AI records it.', 'Microway 的 V100 价格分析，按 Epoch AI 记录。'),
  ],
  'rtx-a6000': [
    usd('launch', 'us', 4649, 4649, '2020-10', [epochPrice('NVIDIA RTX A6000')], 'Wccftech\'s report of the launch price, as Epoch AI records it.', 'Wccftech 报道的首发价格，按 Epoch AI 记录。'),
  ],
  'rtx-6000-ada': [
    usd('launch', 'us', 6799, 6799, '2022-12', [epochPrice('NVIDIA RTX 6000 Ada Generation')], 'Epoch AI\'s release price (it names no source).', 'Epoch AI 记录的发布价格（未注明来源）。'),
    usd('street', 'us', 9999, 9999, '2022', [tecnobabele], 'The first retail listings asked $9,999.', '最初的零售报价为 9999 美元。'),
  ],
  mi250x: [
    usd('street', 'global', 14500, 14500, '2021-12', [epochPrice('AMD Radeon Instinct MI250X')], 'The Next Platform\'s estimate, as Epoch AI records it. One board (two GCDs).', 'The Next Platform 的估计，按 Epoch AI 记录。一块板（两个 GCD）。'),
  ],
  mi300x: [
    usd('street', 'global', 10000, 15000, '2024', [toms, epochPrice('AMD Instinct MI300X')], 'Citi: "AMD\'s chips cost $10 to $15K apiece".', '花旗："AMD 的芯片每块 1 万至 1.5 万美元"。'),
  ],
  gaudi3: [
    // A share of the kit's price, not a per-card list price (Intel publishes none): marked so the advisor says it is derived.
    { ...usd('launch', 'global', 15625, 15625, '2024-06', [gaudi3], 'Intel\'s list price for an eight-accelerator kit, $125,000, ÷ 8.', 'Intel 公布的八卡套件价格 12.5 万美元 ÷ 8。'), shareOfUnits: 8 },
  ],
  'h20-96gb': [
    usd('street', 'cn', 10000, 13000, '2024', [epochPrice('NVIDIA HGX H20')], 'Tom\'s Hardware (linked from Epoch AI\'s row): "a price tag of around $10,000 - $13,000".', "Tom's Hardware（Epoch AI 所引）：售价约 1 万至 1.3 万美元。"),
  ],
  l20: [
    usd('street', 'us', 4299, 4299, '2025-07', [epochPrice('NVIDIA L20 PCle')], 'A US reseller\'s (Vipera) listing, as Epoch AI records it (row last modified 2025-07-21).', '美国经销商（Vipera）的报价，按 Epoch AI 记录（该行最后修改于 2025-07-21）。'),
  ],
  'rtx-4090': [
    usd('street', 'us', 1650, 2000, '2024-11-19', [upstation], 'A rental company building 8× 4090 servers: $1,650 for an off-the-shelf card, $2,000+ for a two-slot blower card that fits a server.', '一家搭建 8 卡 4090 服务器的租赁公司：普通零售卡 1650 美元，适合服务器的双槽涡轮卡 2000 美元以上。'),
    { kind: 'launch', currency: 'CNY', market: 'cn', low: 12999, high: 12999, asOf: '2023-12', sources: [besthub.ref], note: text('The RTX 4090\'s China price when the RTX 4090 D launched at the same price.', 'RTX 4090 D 发布时 RTX 4090 的中国定价（两者相同）。') },
  ],
  'rtx-4090-d': [
    { kind: 'launch', currency: 'CNY', market: 'cn', low: 12999, high: 12999, asOf: '2023-12-28', sources: [svet.ref, besthub.ref], note: text('"Oficiální cena byla stanovena 12.999 čínských juanů."', '官方定价 12999 元。') },
  ],
  'ascend-910b2': [
    { kind: 'street', currency: 'CNY', market: 'cn', low: 120000, high: 120000, asOf: '2024-06', sources: [epochPrice('Huawei Ascend 910B').ref], note: text('TrendForce\'s figure for "Ascend 910B" (no bin given), as Epoch AI records it.', 'TrendForce 给出的"昇腾 910B"价格（未注明版本），按 Epoch AI 记录。') },
  ],
  'ascend-910b3': [
    { kind: 'street', currency: 'CNY', market: 'cn', low: 120000, high: 120000, asOf: '2024-06', sources: [epochPrice('Huawei Ascend 910B').ref], note: text('TrendForce\'s figure for "Ascend 910B" (no bin given), as Epoch AI records it.', 'TrendForce 给出的"昇腾 910B"价格（未注明版本），按 Epoch AI 记录。') },
  ],
};
