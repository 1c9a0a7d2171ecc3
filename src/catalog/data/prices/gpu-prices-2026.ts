// More dated prices (read 2026-12), and — for every datacenter and workstation part still without
// one — why it has none. NVIDIA publishes no datacenter list prices, so a number here is a retail or
// price-comparison listing, named as such; where the only figures found were for a whole rack or
// server, for another variant, or from a page that gets the part's architecture wrong, the part
// stays unpriced and the reason is written down instead of a guess.

import type { LocalizedText, PriceQuote } from '../../gpu-schema.js';
import { cite, text } from '../cite.js';
import { usd } from './gpu-prices.js';

const aitool = cite('aitooldiscovery-a100-price', 'section "Key Takeaways", item 2');
const mercatus = cite('mercatus-a100-h100-h200', 'decision table, row "Budget-constrained academic / startup"');
const runlocalL4 = cite('runlocalai-l4', 'section "What it does well"');
const chipversusT4 = cite('chipversus-t4', 'header: "MSRP", "AVG Price"');
const chipversusL40 = cite('chipversus-l40', 'header: "MSRP", "AVG Price"');
const techcityP100 = cite('technicalcity-p100-pcie-16gb', 'table "Primary details", row "Launch price (MSRP)"');
const hmcP100 = cite('hmctech-b200-vs-p100', 'header of the Tesla P100 column');
const epochP100 = cite('epoch-ml-hardware', 'row "NVIDIA P100", column "Release price (USD)"');
const bokeA800 = cite('boke042-a800-price-2023', 'paragraph "它们售价不菲"');
const hotH200 = cite('hothardware-h200-china-price', 'first paragraph');
const tencentH20 = cite('airstarbank-tencent-h200-h20-modules', 'paragraphs on the H200 and H20 8-GPU module prices');

const a800Note = [
  'China, June 2023 (before the October 2023 export rule): a news digest lists the A800 at "12000美元，人民币8.3万元" among NVIDIA\'s cards; it does not say SXM or PCIe, so both entries carry it.',
  '中国市场，2023 年 6 月（2023 年 10 月出口新规之前）：新闻摘要列出 A800"售价12000美元，人民币8.3万元"；未区分 SXM 与 PCIe，故两个条目都记录此价。',
] as const;

const a800Yuan: PriceQuote = { kind: 'street', currency: 'CNY', market: 'cn', low: 83000, high: 83000, asOf: '2023-06', sources: [bokeA800.ref], note: text(...a800Note) };

const a100Note = [
  'New A100 80GB units "$8,000-$15,000 in 2026" (used $4,000-9,000); the page does not say SXM or PCIe. A second guide gives "$8–15K street price" for refurbished or used A100s.',
  '新 A100 80GB"2026 年 8000–15000 美元"（二手 4000–9000 美元）；页面未区分 SXM 与 PCIe。另一篇指南给出翻新或二手 A100 的市场价"8000–15000 美元"。',
] as const;

export const GPU_PRICES_2026: Readonly<Record<string, readonly PriceQuote[]>> = {
  'a100-sxm4-80gb': [usd('street', 'global', 8000, 15000, '2026-03', [aitool, mercatus], ...a100Note)],
  'a100-pcie-80gb': [usd('street', 'global', 8000, 15000, '2026-03', [aitool, mercatus], ...a100Note)],
  l4: [usd('street', 'us', 2500, 2500, '2026', [runlocalL4], 'A hardware guide: "$2,500 retail / $1,800-2,200 used" (new card quoted).', '硬件指南："零售 2500 美元 / 二手 1800–2200 美元"（此处取新卡）。')],
  l40: [usd('street', 'global', 8174, 8174, '2026', [chipversusL40], 'The same price-comparison site as the T4\'s: its current average across markets ($8,174). The "MSRP $31,000" it also lists is implausible for an L40 and not an NVIDIA figure, so only the average is taken; treat it as an estimate.', '与 T4 同一比价网站：各市场当前均价（8174 美元）。该页同时列出的"MSRP 31000 美元"对 L40 而言不可信，也并非 NVIDIA 公布，故只取均价；请视为估计值。')],
  'p100-pcie-16gb': [usd('launch', 'us', 5699, 5699, '2016-06', [techcityP100, hmcP100, epochP100], 'NVIDIA announced no price; two spec sites and Epoch AI\'s dataset give "$5,699" at launch. Low confidence: spec sites give the Tesla P40 the same launch price, and the source Epoch AI names for it is an article about the DGX A100.', 'NVIDIA 未公布售价；两个参数网站和 Epoch AI 数据集给出发布价"5699 美元"。可信度低：参数网站给 Tesla P40 的发布价也是这个数，而 Epoch AI 为其注明的来源是一篇关于 DGX A100 的文章。')],
  // The digest gives both figures; the yuan one is what a buyer in China paid, not $12,000 at today's rate.
  'a800-sxm4-80gb': [usd('street', 'cn', 12000, 12000, '2023-06', [bokeA800], ...a800Note), a800Yuan],
  'a800-pcie-80gb': [usd('street', 'cn', 12000, 12000, '2023-06', [bokeA800], ...a800Note), a800Yuan],
  'h200-sxm-141gb': [usd('street', 'cn', 27000, 27000, '2026-01-08', [hotH200], 'Reuters via HotHardware: Chinese orders for the H200 "at around $27,000 each", paid in full upfront.', '路透社（HotHardware 转述）：中国客户订购的 H200"每颗约 2.7 万美元"，须全款预付。')],
  'h20-96gb': [{ kind: 'street', currency: 'CNY', market: 'cn', low: 110000, high: 131250, asOf: '2025-12-24', sources: [tencentH20.ref], shareOfUnits: 8, note: text('Tencent Technology: the H20 8-GPU module "increased from RMB 880,000 to RMB 1.05 million at one point", ÷ 8. The report does not say whether the higher figure is the 141 GB version, so the range spans both.', '腾讯科技：H20 8 卡模组价格"一度从 88 万元涨到 105 万元"，÷ 8。报道未说明较高价格是否为 141 GB 版本，故区间涵盖两者。') }],
  t4: [usd('street', 'global', 1000, 1000, '2026', [chipversusT4], 'A price-comparison site\'s current average across markets ($1,000); the "MSRP $1,880" it also lists is not an NVIDIA figure.', '比价网站汇总各市场的当前均价（1000 美元）；它同时列出的"MSRP 1880 美元"并非 NVIDIA 公布。')],
};

const reason = (en: string, zh: string): LocalizedText => text(en, zh);
const noneFound = (what: string, zh: string): LocalizedText =>
  reason(`No dated price for the ${what} was found in the sources searched (2026-12); NVIDIA publishes none.`, `在检索的资料中（2026-12）未找到${zh}的带日期价格；NVIDIA 不公布售价。`);

/** Datacenter and workstation parts left unpriced on purpose, each with why (prices.test.ts checks the list is complete). */
export const UNPRICED_GPUS: Readonly<Record<string, LocalizedText>> = {
  'p100-sxm2-16gb': noneFound('P100 SXM2 module (spec databases price only the 16 GB PCIe card)', ' P100 SXM2 模组（参数数据库只给出 16 GB PCIe 卡的价格）'),
  'p100-pcie-12gb': noneFound('P100 PCIe 12GB (spec databases price only the 16 GB card)', ' P100 PCIe 12GB（参数数据库只给出 16 GB 版的价格）'),
  'v100s-pcie-32gb': noneFound('V100S (the V100 figures found are for the V100 PCIe/SXM2)', ' V100S（找到的 V100 价格针对 V100 PCIe/SXM2）'),
  'a100-pcie-40gb': reason(
    'Only launch-time guesses ("around $20,000", 2020) without a source of their own, and undated marketplace listings, were found; the 2026 street range found is for the 80 GB cards.',
    '只找到 2020 年发布时无出处的猜测（"约 2 万美元"）和无日期的二手平台挂牌；找到的 2026 年市场价区间针对 80 GB 版本。',
  ),
  a30: noneFound('A30 (spec and rental pages only)', ' A30（只有参数页和租用价）'),
  a40: reason(
    'Only a spec site\'s unexplained "price now" ($1,159, below any listing) and undated reseller listings without a stored page were found.',
    '只找到某参数网站来历不明的"当前价格"（1159 美元，低于任何挂牌价）和没有存档页面的无日期经销商挂牌。',
  ),
  'h100-nvl-94gb': noneFound('H100 NVL card (cloud rental rates only)', ' H100 NVL 卡（仅有云租用价）'),
  'h200-nvl-141gb': reason('The H200 figures found ($25,000–35,000) are for the SXM module, not the NVL card.', '找到的 H200 价格（2.5–3.5 万美元）针对 SXM 模组，不是 NVL 卡。'),
  'h800-sxm5-80gb': reason(
    'China-only part; the figures found are whole 8-GPU servers or yearly rental, not cards.',
    '仅在中国销售；找到的价格是整台 8 卡服务器或年租金，不是单卡。',
  ),
  mi325x: reason(
    'The only figure found ("MSRP $20,000") comes from a page that calls the MI325X CDNA 4 (it is CDNA 3); AMD publishes no price.',
    '唯一找到的数字（"MSRP 2 万美元"）出自把 MI325X 写成 CDNA 4 的页面（实为 CDNA 3）；AMD 不公布售价。',
  ),
  gaudi2: reason(
    'Intel gave Gaudi 2 list pricing at Computex 2024 (The Next Platform, 2024-06-13), but the stored copies of that article and of its reports show only the Gaudi 3 kit price.',
    'Intel 在 2024 年台北电脑展公布过 Gaudi 2 的标价（The Next Platform，2024-06-13），但该文及转载的存档只显示 Gaudi 3 套件的价格。',
  ),
  mi250: noneFound('MI250 board (only the MI250X has one)', ' MI250 板卡（只有 MI250X 有价格）'),
  gb200: reason(
    'Sold as NVL72 racks ($2–3 million, with 36 Grace CPUs, switches and cooling); dividing by 72 would not be a GPU price.',
    '以 NVL72 整机柜出售（200–300 万美元，含 36 颗 Grace CPU、交换机和散热）；除以 72 并不是 GPU 价格。',
  ),
};
