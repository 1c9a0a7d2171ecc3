// Supermicro, Gigabyte, Cisco, Inspur, and the ASUS gaming desktop that lists call a server.

import { cite, text } from '../cite.js';
import { notSourced, type ServerEntryInput } from '../../servers-schema.js';

const cisco = cite('cisco-c480ml-thermal-whitepaper', 'introduction and "Power and cooling goals"');
const mlperfNf5488a5 = cite(
  'mlperf-training-v1-inspur-nf5488a5',
  'accelerators_per_node, accelerator_model_name, accelerator_interconnect, host_processors_per_node, host_processor_model_name',
);
const asusPress = cite('asus-rog-strix-desktops-press-release');

/** Facts we could not source for a model: all of them. */
const NOTHING_SOURCED = {
  formFactor: notSourced(),
  gpuCountMax: notSourced(),
  gpuOptions: [],
  cpuSockets: notSourced(),
  cpuFamilies: notSourced(),
  maxMemoryGiB: notSourced(),
  psu: notSourced(),
  maxPowerWatts: notSourced(),
  driveBays: notSourced(),
  launchYear: notSourced(),
  listPrice: notSourced(),
  corrections: [],
} as const satisfies Partial<ServerEntryInput>;

const noVendorDocs = text(
  'No vendor datasheet for this model was in the material we could read and cite, so its figures are left unsourced rather than copied from shop listings.',
  '我们能读到并引用的材料里没有该型号的厂商数据表，因此其参数标为"无来源"，而不是照抄商店页面。',
);

export const OTHER_VENDOR_SERVERS: ServerEntryInput[] = [
  {
    ...NOTHING_SOURCED,
    id: 'supermicro-sys-1029gq-trt',
    vendor: 'Supermicro',
    model: 'SuperServer 1029GQ-TRT',
    aliases: ['SYS-1029GQ-TRT', 'Supermicro 1029GQ-TRT'],
    category: 'server',
    notes: [noVendorDocs],
  },
  {
    ...NOTHING_SOURCED,
    id: 'gigabyte-g481-ha0',
    vendor: 'Gigabyte',
    model: 'G481-HA0',
    aliases: ['GIGABYTE G481-HA0'],
    category: 'server',
    notes: [noVendorDocs],
  },
  {
    id: 'cisco-ucs-c480-ml-m5',
    vendor: 'Cisco',
    model: 'UCS C480 ML M5 Rack Server',
    aliases: ['Cisco UCS C480 ML M5', 'Cisco UCS C480 ML'],
    category: 'server',
    formFactor: cisco({ kind: 'rack', rackUnits: 4 }),
    gpuCountMax: cisco(8),
    gpuOptions: [{ gpuId: 'v100-sxm2-32gb', count: cisco(8), interconnect: cisco('nvlink') }],
    cpuSockets: cisco(2),
    cpuFamilies: cisco(['Intel Xeon Scalable 1st gen (Skylake)', 'Intel Xeon Scalable 2nd gen (Cascade Lake)'], text('Up to 28 cores and 205 W per socket.', '每颗最多 28 核、205 W。')),
    maxMemoryGiB: cisco(3072, text('24 DIMM slots × 128 GB DIMMs at most.', '24 个内存插槽 × 单条最大 128 GB。')),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: cisco('Up to 24 front hot-swap HDD/SSD'),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [
      {
        field: 'maxMemoryGiB',
        claimed: 128,
        actual: 3072,
        claim: text('Articles give "up to 128 GB of DDR4 RAM".', '有文章写"最多 128 GB DDR4 内存"。'),
        correction: text(
          '128 GB is the largest single DIMM; with 24 DIMM slots the server takes up to 3 TB.',
          '128 GB 是单条内存的上限；共 24 个插槽，整机最多 3 TB。',
        ),
        sources: [cisco.ref],
      },
    ],
    notes: [],
  },
  {
    ...NOTHING_SOURCED,
    id: 'inspur-nf5488m5',
    vendor: 'Inspur',
    model: 'NF5488M5',
    aliases: ['Inspur NF5488M5'],
    category: 'server',
    notes: [noVendorDocs],
  },
  {
    id: 'inspur-nf5488a5',
    vendor: 'Inspur',
    model: 'NF5488A5',
    aliases: ['Inspur NF5488A5'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: mlperfNf5488a5(8),
    gpuOptions: [
      {
        gpuId: 'a100-sxm4-80gb',
        count: mlperfNf5488a5(8, text('Submitted with 500 W A100-SXM4-80GB modules, liquid-cooled.', '提交的配置为 500 W 的 A100-SXM4-80GB，液冷。')),
        interconnect: mlperfNf5488a5('nvlink', text('The submission names NVLink; it does not say whether an NVSwitch board is used.', '提交材料写的是 NVLink，未说明是否有 NVSwitch。')),
      },
    ],
    cpuSockets: mlperfNf5488a5(2),
    cpuFamilies: mlperfNf5488a5(['AMD EPYC 7003 (Milan; EPYC 7713 as submitted)']),
    maxMemoryGiB: notSourced(),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [],
    notes: [],
  },
  {
    id: 'asus-rog-strix-ga15',
    vendor: 'ASUS',
    model: 'ROG Strix GA15',
    aliases: ['ROG Strix GA15DH', 'ROG Strix GA15DK', 'G15DH', 'G15DK'],
    category: 'gaming-desktop',
    formFactor: asusPress({ kind: 'desktop' }, text('A gaming desktop tower.', '游戏台式机。')),
    gpuCountMax: asusPress(1, text('The press release describes the graphics as one GeForce card.', '新闻稿描述的显卡为一块 GeForce 显卡。')),
    gpuOptions: [],
    cpuSockets: notSourced(),
    cpuFamilies: notSourced(),
    maxMemoryGiB: notSourced(),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: asusPress(2020, text('Announced at CES, January 2020.', '2020 年 1 月 CES 上发布。')),
    listPrice: notSourced(),
    corrections: [
      {
        field: 'category',
        claimed: 'server',
        actual: 'gaming-desktop',
        claim: text('Listed among GPU servers for deep learning.', '被列进深度学习 GPU 服务器清单。'),
        correction: text(
          'The ROG Strix GA15 is an ASUS gaming desktop (ROG = Republic of Gamers) with one GeForce card; it is not a server.',
          'ROG Strix GA15 是华硕的游戏台式机（ROG 即"玩家国度"），只有一块 GeForce 显卡，不是服务器。',
        ),
        sources: [asusPress.ref],
      },
    ],
    notes: [],
  },
];
