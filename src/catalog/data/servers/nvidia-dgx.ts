// NVIDIA DGX systems: the two DGX Stations (deskside, four GPUs) and the DGX A100 / H100 servers
// (eight GPUs on an NVSwitch board). The Stations are the ones popular lists get wrong: they are
// not eight-GPU machines.

import { cite, citeAll, text } from '../cite.js';
import { notSourced, type ServerEntryInput } from '../../servers-schema.js';

const stationWp = cite('nvidia-dgx-station-whitepaper', 'abstract');
const wccftech = cite('wccftech-dgx-a100-teaser', 'paragraph on the Volta DGX line');
const stationA100Wp = cite('nvidia-dgx-station-a100-whitepaper', 'contents, section 2.4 "Four NVIDIA A100 Tensor Core GPUs in DGX Station A100"');
const stationA100Intro = cite('nvidia-dgx-station-a100-whitepaper', 'section 1, introduction');
const vengineer = cite('vengineer-dgx-station-a100', 'system specifications quoted from the datasheet');
const mlperfDgxA100 = cite('mlperf-training-v1-nvidia-dgxa100', 'accelerators_per_node, accelerator_model_name, accelerator_interconnect, host_processor_model_name');
const pcnews = cite('pcnews-dgx-a100-psu');
const hardwaretimes = cite('hardwaretimes-dgx-a100');
const geektopia = cite('geektopia-dgx-a100');
const owiki = cite('owiki-nvidia-dgx', 'section "DGX A100"');
const tweaktown = cite('tweaktown-dgx-a100-rumour');
const hgxH100 = cite('nvidia-hgx-h100-blog', 'section "HGX H100 8-GPU"');
const unanswered = cite('unanswered-dgx-h100-density');
const supercluster = cite('supercluster-dgx-h100', 'section "What is the DGX H100?"');
const mlperfDgxH100 = cite('mlperf-inference-v41-nvidia-dgx-h100', 'host_processor_model_name, host_processors_per_node, host_memory_capacity');
const epochH100Price = cite('epoch-ml-hardware', 'row "NVIDIA H100 SXM5 80GB", column "Source for the price"');

const v100MemoryNote = text(
  'The white paper names "Tesla V100" without the memory size; NVIDIA sold the Station with 16 GB and later 32 GB modules.',
  '白皮书只写了 "Tesla V100"，没有写显存容量；NVIDIA 先后提供过 16 GB 和 32 GB 版本。',
);

export const NVIDIA_DGX_SERVERS: ServerEntryInput[] = [
  {
    id: 'dgx-station-v100',
    vendor: 'NVIDIA',
    model: 'DGX Station',
    aliases: ['DGX Station V100', 'NVIDIA DGX Station (Volta)'],
    category: 'workstation',
    formFactor: stationWp({ kind: 'tower' }, text('A deskside workstation ("at your desk"), not a rack server.', '放在桌边的工作站，不是机架服务器。')),
    gpuCountMax: citeAll(4, [stationWp, wccftech]),
    gpuOptions: [
      { gpuId: 'v100-sxm2-16gb', count: stationWp(4, v100MemoryNote), interconnect: stationWp('nvlink') },
      { gpuId: 'v100-sxm2-32gb', count: stationWp(4, v100MemoryNote), interconnect: stationWp('nvlink') },
    ],
    cpuSockets: notSourced(),
    cpuFamilies: notSourced(),
    maxMemoryGiB: notSourced(),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [
      {
        field: 'gpuCountMax',
        claimed: 8,
        actual: 4,
        claim: text('Often listed with 8 V100 GPUs, like the rack-mounted DGX-1.', '常被写成配 8 块 V100，与机架式的 DGX-1 混淆。'),
        correction: text(
          'The DGX Station has 4 Tesla V100 GPUs, fully connected by NVLink (NVIDIA white paper).',
          'DGX Station 配 4 块 Tesla V100，通过 NVLink 全互联（NVIDIA 白皮书）。',
        ),
        sources: [stationWp.ref, wccftech.ref],
      },
    ],
    notes: [],
  },
  {
    id: 'dgx-station-a100',
    vendor: 'NVIDIA',
    model: 'DGX Station A100',
    aliases: ['DGX Station A100 160GB', 'DGX Station A100 320GB'],
    category: 'workstation',
    formFactor: stationA100Intro({ kind: 'tower' }, text('A workstation form factor for the office, with server-grade parts.', '办公室用的工作站机箱，内部是服务器级部件。')),
    gpuCountMax: stationA100Wp(4),
    gpuOptions: [
      { gpuId: 'a100-sxm4-40gb', count: stationA100Wp(4), interconnect: notSourced() },
      {
        gpuId: 'a100-sxm4-80gb',
        count: stationA100Wp(
          4,
          text(
            'Four GPUs per the white paper; the 40 GB and 80 GB variants are the 160 GB and 320 GB models (the excerpt we read names the count, not the sizes).',
            '白皮书写明 4 块 GPU；40 GB 与 80 GB 版本即 160 GB 与 320 GB 两种型号（我们读到的部分只写了数量，没写容量）。',
          ),
        ),
        interconnect: notSourced(),
      },
    ],
    cpuSockets: notSourced(),
    cpuFamilies: vengineer(['AMD EPYC 7742 (Rome)']),
    maxMemoryGiB: notSourced(),
    psu: notSourced(),
    maxPowerWatts: vengineer(1500, text('The datasheet gives 1.5 kW maximum.', '数据表标注最大 1.5 kW。')),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [
      {
        field: 'gpuCountMax',
        claimed: 8,
        actual: 4,
        claim: text('Confused with the DGX A100 server and listed with 8 A100s.', '常与 DGX A100 服务器混淆，被写成 8 块 A100。'),
        correction: text(
          'The DGX Station A100 holds 4 A100 GPUs (40 GB or 80 GB each); the 8-GPU machine is the rack-mounted DGX A100.',
          'DGX Station A100 配 4 块 A100（每块 40 GB 或 80 GB）；8 卡的是机架式 DGX A100。',
        ),
        sources: [stationA100Wp.ref],
      },
    ],
    notes: [],
  },
  {
    id: 'dgx-a100',
    vendor: 'NVIDIA',
    model: 'DGX A100',
    aliases: ['NVIDIA DGX A100 320GB', 'NVIDIA DGX A100 640GB'],
    category: 'server',
    formFactor: geektopia(
      { kind: 'rack', rackUnits: 6 },
      text('Height 264 mm, which is 6 rack units (6 × 44.45 mm = 267 mm).', '高 264 毫米，即 6U（6 × 44.45 毫米 = 267 毫米）。'),
    ),
    gpuCountMax: citeAll(8, [mlperfDgxA100, pcnews, hardwaretimes]),
    gpuOptions: [
      {
        gpuId: 'a100-sxm4-40gb',
        count: geektopia(8, text('The launch system: 8 GPUs, 320 GB of GPU memory in total.', '首发型号：8 块 GPU，共 320 GB 显存。')),
        interconnect: geektopia('nvswitch', text('NVLink 3 through six NVSwitch chips.', '经 6 颗 NVSwitch 的第三代 NVLink。')),
      },
      { gpuId: 'a100-sxm4-80gb', count: mlperfDgxA100(8), interconnect: mlperfDgxA100('nvswitch') },
    ],
    cpuSockets: citeAll(2, [mlperfDgxA100, hardwaretimes]),
    cpuFamilies: citeAll(['AMD EPYC 7742 (Rome, 64 cores)'], [mlperfDgxA100, hardwaretimes, pcnews]),
    maxMemoryGiB: pcnews(2048, text('1 TB standard, up to 2 TB.', '标配 1 TB，最多 2 TB。')),
    psu: pcnews({ count: 6, wattsEach: 3000, redundancy: '3+3' }, text('Six 3 kW supplies, half of them redundant.', '6 个 3 kW 电源，其中一半冗余。')),
    maxPowerWatts: citeAll(6500, [pcnews, hardwaretimes]),
    driveBays: notSourced(),
    launchYear: citeAll(2020, [owiki, geektopia], text('Announced and released on 2020-05-14.', '2020-05-14 发布并上市。')),
    listPrice: owiki({ usd: 199000, announced: '2020-05' }, text('Initial price.', '首发价格。')),
    corrections: [
      {
        field: 'gpuCountMax',
        claimed: 16,
        actual: 8,
        claim: text('Pre-launch reports said "up to 16" A100s, like the 16-GPU DGX-2.', '发布前的报道称"最多 16 块" A100，沿用了 16 卡 DGX-2 的印象。'),
        correction: text('DGX A100 has 8 A100 GPUs on an NVSwitch board.', 'DGX A100 配 8 块 A100，经 NVSwitch 互联。'),
        sources: [mlperfDgxA100.ref, pcnews.ref],
        claimSeenIn: [tweaktown.ref],
      },
    ],
    notes: [
      text(
        'Sold first with 40 GB A100s (320 GB of GPU memory) and later with 80 GB A100s (640 GB).',
        '先以 40 GB A100（共 320 GB 显存）发售，后有 80 GB A100 版本（共 640 GB）。',
      ),
    ],
  },
  {
    id: 'dgx-h100',
    vendor: 'NVIDIA',
    model: 'DGX H100',
    aliases: ['NVIDIA DGX H100'],
    category: 'server',
    formFactor: unanswered({ kind: 'rack', rackUnits: 8 }, text('8 rack units, as in NVIDIA\'s deployment guides.', '8U，与 NVIDIA 部署指南一致。')),
    gpuCountMax: citeAll(8, [unanswered, supercluster]),
    gpuOptions: [
      {
        gpuId: 'h100-sxm5-80gb',
        count: unanswered(8),
        interconnect: hgxH100('nvswitch', text('Eight H100s on four NVSwitch chips (the HGX H100 8-GPU board).', '8 块 H100 接 4 颗 NVSwitch（HGX H100 8-GPU 基板）。')),
      },
    ],
    cpuSockets: mlperfDgxH100(2),
    cpuFamilies: mlperfDgxH100(['Intel Xeon Platinum 8480C (Sapphire Rapids, 56 cores)']),
    maxMemoryGiB: mlperfDgxH100(2048, text('2 TB in 32 DIMMs, as shipped.', '出厂为 32 条内存共 2 TB。')),
    psu: notSourced(),
    maxPowerWatts: unanswered(10200, text('40.8 kW per rack of four systems, i.e. 10.2 kW each.', '每机柜 4 台共 40.8 kW，即每台 10.2 kW。')),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    prices: [
      { kind: 'street', currency: 'USD', market: 'global', low: 269000, high: 269000, asOf: '2023-05', gpuId: 'h100-sxm5-80gb', gpuCount: 8, sources: [epochH100Price.ref], note: text('An industry analyst\'s May 2023 selling price, as Epoch AI records it.', '业内分析师 2023 年 5 月给出的售价，按 Epoch AI 记录。') },
      { kind: 'quote', currency: 'EUR', market: 'eu', low: 370000, high: 370000, asOf: '2022-09', gpuId: 'h100-sxm5-80gb', gpuCount: 8, sources: [epochH100Price.ref], note: text('An early European listing (Delta Computer, DGX H100 640GB), as Epoch AI records it.', '早期欧洲报价（Delta Computer，DGX H100 640GB），按 Epoch AI 记录。') },
    ],
    corrections: [
      {
        field: 'formFactor',
        claimed: '4U',
        actual: '8U',
        claim: text('Some write-ups call it a 4U (or 5U) chassis.', '有些文章说它是 4U（或 5U）机箱。'),
        correction: text('DGX H100 occupies 8 rack units.', 'DGX H100 占 8U。'),
        sources: [unanswered.ref],
        claimSeenIn: [supercluster.ref],
      },
    ],
    notes: [],
  },
];
