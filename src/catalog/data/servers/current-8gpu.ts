// The 8-GPU machines people buy now: DGX H200 and DGX B200, HGX H100/H200 servers from Supermicro,
// Lenovo and HPE (as their vendors submitted them to MLPerf; the Supermicro chassis from a teardown
// article), and two documented 8× RTX 4090 builds —
// the consumer-card boxes Chinese integrators and rental sites run. We found no vendor datasheet for
// a packaged 8× 4090 server, so those entries are builds their owners described, and say so.

import { cite, citeAll, text } from '../cite.js';
import { notSourced, type ServerEntryInput } from '../../servers-schema.js';

const dgxB200 = cite('nvidia-dgx-b200-user-guide', 'hardware overview, component descriptions and mechanical specifications');
const vengineerB200 = cite('vengineer-dgx-b200-price', 'closing paragraph');
const mlperfH200 = cite('mlperf-inference-v41-nvidia-8xh200', 'accelerators_per_node, accelerator_interconnect, host_processor_model_name, host_processors_per_node, host_memory_capacity');
const semifly = cite('semifly-dgx-h200', 'sections "The Engine Room" and "The Nervous System"');
const epsindo = cite('epsindo-dgx-qa', 'rows on DGX H200');
const mynwSmc = cite('mynw-supermicro-821ge-tnhr', 'sections 一、1 ("为什么是 8U?") and 一、2 (front: HGX H200 8-GPU tray, drive bays)');
const mlperfSmc = cite('mlperf-inference-v41-supermicro-821ge', 'accelerators_per_node, accelerator_interconnect, host_processor_model_name, host_processors_per_node');
const mlperfLenovo = cite('mlperf-inference-v41-lenovo-sr680a-v3', 'system_name, accelerators_per_node, accelerator_interconnect, host_processor_model_name, host_processors_per_node');
const hgxH100 = cite('nvidia-hgx-h100-blog', 'section "HGX H100 8-GPU"');
const mlperfXd670 = cite('mlperf-inference-v41-hpe-xd670', 'accelerators_per_node, accelerator_interconnect, host_processor_model_name, host_processors_per_node');
const mlperfEsc = cite('mlperf-training-v40-asus-esc8000a-e12', 'accelerators_per_node, accelerator_model_name, accelerator_interconnect, host_processor_model_name, hw_notes');
const mlperfNf5468 = cite('mlperf-inference-v30-inspur-nf5468m6', 'accelerators_per_node, accelerator_model_name, host_processor_model_name, host_processors_per_node, host_memory_capacity');
const upstation = cite('upstation-8x4090-build', 'TL;DR and "The Chassis"');
const rig4090d = cite('localaiservers-8x4090d-rig', '"The build" list');

const nothingElse = {
  psu: notSourced(),
  maxPowerWatts: notSourced(),
  driveBays: notSourced(),
  launchYear: notSourced(),
  listPrice: notSourced(),
  corrections: [],
} as const satisfies Partial<ServerEntryInput>;

const asSubmitted = text(
  'CPUs as in the vendor\'s MLPerf submission; the platform takes other models of the same family.',
  'CPU 为厂商 MLPerf 提交时的配置；平台也支持同系列的其他型号。',
);
const customBuild = text(
  'A build its owner documented, not a catalogue product: no vendor datasheet or warranty. In China, integrators convert RTX 4090s to two-slot blower coolers for such boxes (Wccftech). Consumer cards have no NVLink: tensor parallelism runs over PCIe.',
  '这是使用者记录的自建机器，不是厂商目录产品：没有厂商数据表或保修。在中国，集成商把 RTX 4090 改装为双槽涡轮散热用于此类机器（Wccftech 报道）。消费级显卡没有 NVLink：张量并行只能走 PCIe。',
);

export const CURRENT_8GPU_SERVERS: ServerEntryInput[] = [
  {
    ...nothingElse,
    id: 'dgx-h200',
    vendor: 'NVIDIA',
    model: 'DGX H200',
    aliases: ['NVIDIA DGX H200'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: citeAll(8, [mlperfH200, semifly]),
    gpuOptions: [{ gpuId: 'h200-sxm-141gb', count: citeAll(8, [mlperfH200, semifly]), interconnect: semifly('nvswitch', text('Eight H200s all-to-all through NVSwitch.', '8 块 H200 经 NVSwitch 全互联。')) }],
    cpuSockets: citeAll(2, [mlperfH200, epsindo]),
    cpuFamilies: citeAll(['Intel Xeon Platinum 8480C (Sapphire Rapids, 56 cores)'], [mlperfH200, epsindo]),
    maxMemoryGiB: citeAll(2048, [epsindo, mlperfH200], text('2 TB in 32 DIMMs, as shipped.', '出厂为 32 条内存共 2 TB。')),
    notes: [text('NVIDIA\'s MLPerf system "NVIDIA H200 (8x H200-SXM-141GB)" has the DGX H100\'s host: two Xeon 8480C and 2 TB.', 'NVIDIA 的 MLPerf 系统 "NVIDIA H200 (8x H200-SXM-141GB)" 与 DGX H100 主机相同：两颗 Xeon 8480C、2 TB 内存。')],
  },
  {
    ...nothingElse,
    id: 'dgx-b200',
    vendor: 'NVIDIA',
    model: 'DGX B200',
    aliases: ['NVIDIA DGX B200', 'DGX B200 1440GB'],
    category: 'server',
    formFactor: dgxB200({ kind: 'rack', rackUnits: 10 }),
    gpuCountMax: dgxB200(8),
    gpuOptions: [{ gpuId: 'b200-180gb', count: dgxB200(8, text('1,440 GB of GPU memory in all.', '共 1440 GB 显存。')), interconnect: dgxB200('nvswitch', text('Two fifth-generation NVLink switches, 14.4 TB/s aggregate.', '两颗第五代 NVLink 交换芯片，总带宽 14.4 TB/s。')) }],
    cpuSockets: dgxB200(2),
    cpuFamilies: dgxB200(['Intel Xeon Platinum 8570 (Emerald Rapids, 56 cores)']),
    maxMemoryGiB: dgxB200(4096, text('2 TB in 32 DIMMs as shipped, upgradable to 4 TB.', '出厂 32 条内存共 2 TB，可升级到 4 TB。')),
    psu: dgxB200({ count: 6, wattsEach: 3300, redundancy: null }),
    driveBays: dgxB200('2 × 1.92 TB NVMe M.2 (OS, RAID 1) + 8 × 3.84 TB NVMe U.2 (data cache, RAID 0)'),
    prices: [
      { kind: 'street', currency: 'USD', market: 'global', low: 515000, high: 515000, asOf: '2025-03', gpuId: 'b200-180gb', gpuCount: 8, sources: [vengineerB200.ref], note: text('As reported ("$515K"); NVIDIA quotes through partners.', '据报道为 51.5 万美元；NVIDIA 通过合作伙伴报价。') },
    ],
    notes: [],
  },
  {
    ...nothingElse,
    id: 'supermicro-sys-821ge-tnhr',
    vendor: 'Supermicro',
    model: 'SuperServer SYS-821GE-TNHR',
    aliases: ['SYS-821GE-TNHR', 'Supermicro 821GE-TNHR'],
    category: 'server',
    formFactor: mynwSmc({ kind: 'rack', rackUnits: 8 }, text('8U and air-cooled, where most HGX 8-GPU platforms are 6U or 7U.', '8U 风冷机箱；多数 HGX 8-GPU 平台为 6U 或 7U。')),
    gpuCountMax: mlperfSmc(8),
    gpuOptions: [
      { gpuId: 'h100-sxm5-80gb', count: mlperfSmc(8), interconnect: citeAll('nvswitch', [mlperfSmc, hgxH100], text('The HGX H100 8-GPU board: 18 NVLink 4 links per GPU through NVSwitch.', 'HGX H100 8-GPU 基板：每 GPU 18 条 NVLink 4 链路经 NVSwitch。')) },
      { gpuId: 'h200-sxm-141gb', count: mynwSmc(8), interconnect: mynwSmc('nvswitch', text('The HGX H200 8-GPU board, on a front pull-out tray.', 'HGX H200 8-GPU 模组，前置可抽拉托盘。')) },
    ],
    cpuSockets: mlperfSmc(2),
    cpuFamilies: mlperfSmc(['Intel Xeon Platinum 8468 (Sapphire Rapids, 48 cores), as submitted'], asSubmitted),
    maxMemoryGiB: notSourced(text('Submitted with 2 TB (32 × 64 GB DDR5-4800); the maximum is not in the submission.', '提交配置为 2 TB（32 × 64 GB DDR5-4800）；最大容量不在提交材料中。')),
    driveBays: mynwSmc('16 × 2.5-inch U.2 NVMe + 3 × SATA (5 more SATA with an optional kit in place of the front I/O panel)'),
    notes: [],
  },
  {
    ...nothingElse,
    id: 'lenovo-thinksystem-sr680a-v3',
    vendor: 'Lenovo',
    model: 'ThinkSystem SR680a V3',
    aliases: ['Lenovo SR680a V3'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: mlperfLenovo(8),
    gpuOptions: [{ gpuId: 'h200-sxm-141gb', count: mlperfLenovo(8), interconnect: mlperfLenovo('nvswitch', text('"18x 4th Gen NVLink, 900GB/s": the HGX H200 8-GPU board.', '"18x 4th Gen NVLink, 900GB/s"：HGX H200 8-GPU 基板。')) }],
    cpuSockets: mlperfLenovo(2),
    cpuFamilies: mlperfLenovo(['Intel Xeon Platinum 8568Y+ (Emerald Rapids, 48 cores), as submitted'], asSubmitted),
    maxMemoryGiB: notSourced(text('Submitted with 2 TB; the maximum is not in the submission.', '提交配置为 2 TB；最大容量不在提交材料中。')),
    notes: [],
  },
  {
    ...nothingElse,
    id: 'hpe-cray-xd670',
    vendor: 'HPE',
    model: 'Cray XD670',
    aliases: ['HPE Cray XD670', 'XD670'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: mlperfXd670(8),
    gpuOptions: [{ gpuId: 'h100-sxm5-80gb', count: mlperfXd670(8), interconnect: citeAll('nvswitch', [mlperfXd670, hgxH100], text('HGX H100 8-GPU board ("4th Gen NVLink, 900GB/s").', 'HGX H100 8-GPU 基板（"第四代 NVLink，900GB/s"）。')) }],
    cpuSockets: mlperfXd670(2),
    cpuFamilies: mlperfXd670(['Intel Xeon Platinum 8468 (Sapphire Rapids, 48 cores), as submitted'], asSubmitted),
    maxMemoryGiB: notSourced(text('Submitted with 2048 GB; the maximum is not in the submission.', '提交配置为 2048 GB；最大容量不在提交材料中。')),
    notes: [],
  },
  {
    ...nothingElse,
    id: 'asus-esc8000a-e12',
    vendor: 'ASUS',
    model: 'ESC8000A-E12',
    aliases: ['ASUS ESC8000A-E12'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: mlperfEsc(8),
    gpuOptions: [{ gpuId: 'h100-pcie-80gb', count: mlperfEsc(8, text('350 W per GPU as submitted.', '提交配置每 GPU 350 W。')), interconnect: mlperfEsc('pcie', text('"PCIe 5.0": no NVLink bridges in the submitted configuration.', '"PCIe 5.0"：提交配置未用 NVLink 桥。')) }],
    cpuSockets: mlperfEsc(2),
    cpuFamilies: mlperfEsc(['AMD EPYC 9374F (Genoa, 32 cores), as submitted'], asSubmitted),
    maxMemoryGiB: notSourced(text('Submitted with 2.3 TB (24 × 96 GB); the maximum is not in the submission.', '提交配置为 2.3 TB（24 × 96 GB）；最大容量不在提交材料中。')),
    notes: [text('Eight PCIe cards without NVLink: multi-GPU training and tensor parallelism go over PCIe 5.0, unlike the HGX (SXM) machines above.', '8 张 PCIe 卡、无 NVLink：多卡训练与张量并行走 PCIe 5.0，与上面的 HGX（SXM）机器不同。')],
  },
  {
    ...nothingElse,
    id: 'inspur-nf5468m6',
    vendor: 'Inspur',
    model: 'NF5468M6',
    aliases: ['Inspur NF5468M6', '浪潮 NF5468M6'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: mlperfNf5468(8),
    gpuOptions: [{ gpuId: 'a40', count: mlperfNf5468(8), interconnect: notSourced(text('The submission leaves the accelerator interconnect empty; A40s are PCIe cards (NVLink bridges join pairs).', '提交材料未填写加速卡互联；A40 是 PCIe 卡（NVLink 桥只连接两两一对）。')) }],
    cpuSockets: mlperfNf5468(2),
    cpuFamilies: mlperfNf5468(['Intel Xeon Platinum 8380 (Ice Lake, 40 cores), as submitted'], asSubmitted),
    maxMemoryGiB: notSourced(text('Submitted with 2 TB; the maximum is not in the submission.', '提交配置为 2 TB；最大容量不在提交材料中。')),
    notes: [text('Inspur\'s PCIe 8-GPU server, as Inspur submitted it to MLPerf Inference v3.0 (2023). No HGX H100/H800 server of Inspur\'s (NF5688M7) was found in a citable source.', '浪潮的 PCIe 8 卡服务器，为浪潮提交 MLPerf Inference v3.0（2023）时的配置。未找到浪潮 HGX H100/H800 服务器（NF5688M7）的可引用资料。')],
  },
  {
    ...nothingElse,
    id: 'upstation-8x-rtx-4090',
    vendor: 'Upstation (custom build)',
    model: '8× RTX 4090 rental node',
    aliases: ['8x4090 server', '8x RTX 4090 server', '8卡4090服务器'],
    category: 'server',
    formFactor: upstation({ kind: 'rack', rackUnits: 10 }, text('Custom 6U–10U chassis; the one described is 10U, GPUs in two rows of four.', '自制 6U–10U 机箱；文中描述的是 10U，GPU 分两排各 4 块。')),
    gpuCountMax: upstation(8),
    gpuOptions: [{ gpuId: 'rtx-4090', count: upstation(8), interconnect: upstation('pcie', text('PCIe Gen 4 risers over SlimSAS cables; no NVLink.', '经 SlimSAS 线缆的 PCIe Gen 4 转接；无 NVLink。')) }],
    cpuSockets: notSourced(text('Built on an ASRock Rack ROME2D32GM-2T board.', '使用 ASRock Rack ROME2D32GM-2T 主板。')),
    cpuFamilies: notSourced(),
    maxMemoryGiB: notSourced(),
    corrections: [],
    notes: [customBuild],
  },
  {
    ...nothingElse,
    id: 'rig-8x-rtx-4090-d-genoa',
    vendor: 'Custom build (r/LocalAIServers)',
    model: '8× RTX 4090 D inference rig (dual EPYC 9004)',
    aliases: ['8x4090D server', '8卡4090D服务器'],
    category: 'server',
    formFactor: rig4090d({ kind: 'rack', rackUnits: 4 }, text('A custom CNC-machined 4U chassis; off-the-shelf ones did not fit.', '定制 CNC 加工的 4U 机箱；现成机箱装不下。')),
    gpuCountMax: rig4090d(8),
    gpuOptions: [{ gpuId: 'rtx-4090-d', count: rig4090d(8, text('192 GB of GPU memory in all.', '共 192 GB 显存。')), interconnect: rig4090d('pcie', text('MCIO cables and adapter cards; no NVLink.', 'MCIO 线缆与转接卡；无 NVLink。')) }],
    cpuSockets: rig4090d(2),
    cpuFamilies: rig4090d(['AMD EPYC 9004 (Genoa)']),
    maxMemoryGiB: notSourced(),
    psu: rig4090d({ count: 4, wattsEach: 2000, redundancy: null }, text('On a power distribution board, 8000 W in all.', '接在配电板上，共 8000 W。')),
    notes: [customBuild, text('Measured about 4,600 W at the wall under inference load (owner\'s figure, not a maximum).', '推理负载下实测约 4600 W（使用者数据，非最大值）。')],
    corrections: [],
  },
];
