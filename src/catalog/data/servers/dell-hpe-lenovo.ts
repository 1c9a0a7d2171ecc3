// Dell, HPE and Lenovo GPU servers. Where the stored vendor material did not give a figure, the
// field says `not-sourced` instead of repeating what resellers print.

import { cite, citeAll, text } from '../cite.js';
import { notSourced, type ServerEntryInput } from '../../servers-schema.js';

const r740Manual = cite('dell-r740-service-manual-gpu', 'p. 106, notes on GPU riser configurations');
const dellWhitepaper = cite('dell-dl-scaleup-whitepaper', 'section 5.2');
const infohub = cite('dell-infohub-genai-inferencing', 'table 1, maximum number of GPUs');
const mlperfXe9680 = cite('mlperf-inference-v31-dell-xe9680', 'accelerators_per_node, accelerator_model_name, host_processor_model_name, host_processors_per_node');
const storagereview = cite('storagereview-xe9680');
const hgxH100 = cite('nvidia-hgx-h100-blog', 'section "HGX H100 8-GPU"');
const skyward = cite('skywardtel-dss8440', 'comparison with the HPE Apollo 6500 Gen10');
const mlperfXl645d = cite('mlperf-inference-v11-hpe-xl645d', 'system_name, accelerators_per_node, host_processor_model_name, host_processors_per_node');
const sr670v2Manual = cite('lenovo-sr670v2-maintenance-manual', 'table 1, general specifications');
const mlperfSr670 = cite('mlperf-inference-v10-lenovo-sr670', 'system_name, accelerators_per_node, accelerator_model_name, host_processor_model_name, host_processors_per_node (A40x4_TRT and A100-PCIex4_TRT)');
const mlperfSr670v2 = cite('mlperf-inference-v11-lenovo-sr670-v2', 'system_name, accelerators_per_node, accelerator_model_name, host_processor_model_name');
const sr670v2Guide = cite('lenovo-sr670v2-user-manual-toc', 'contents: "4-DW GPU Model / 8-DW GPU Model", "SXM GPU Model"');

const sxm2MemoryNote = text(
  'The source says "Tesla V100 SXM2" without the memory size; both 16 GB and 32 GB modules exist.',
  '来源只写了 "Tesla V100 SXM2"，没有写显存容量；16 GB 与 32 GB 两种模块都有。',
);

const r740Count = r740Manual(
  3,
  text(
    'Derived from the service manual: double-width GPUs go on riser configuration 4, and with NVDIMM-N batteries fitted the limit drops to two because riser 2 is lost; Dell\'s spec sheet figure itself was not in the material we read.',
    '由维修手册推出：双宽 GPU 使用 4 号转接卡配置；装 NVDIMM-N 电池时因失去 2 号转接卡而降为 2 块。Dell 规格表原文不在我们读到的材料中。',
  ),
);

export const DELL_HPE_LENOVO_SERVERS: ServerEntryInput[] = [
  {
    id: 'dell-poweredge-r740',
    vendor: 'Dell',
    model: 'PowerEdge R740',
    aliases: ['Dell EMC PowerEdge R740'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: r740Count,
    gpuOptions: [{ gpuId: 'v100-pcie-32gb', count: r740Count, interconnect: dellWhitepaper('pcie') }],
    cpuSockets: dellWhitepaper(2, text('The CPU–GPU topology figure shows two sockets.', 'CPU–GPU 拓扑图显示两路 CPU。')),
    cpuFamilies: notSourced(),
    maxMemoryGiB: dellWhitepaper(3072, text('"Up to 3 TB".', '"最多 3 TB"。')),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [
      {
        field: 'gpuCountMax',
        claimed: 8,
        actual: 3,
        claim: text('Some lists put it among the 8-GPU servers.', '一些清单把它和 8 卡 GPU 服务器归为一类。'),
        correction: text(
          'A general-purpose 2-socket server that takes at most three double-width PCIe GPUs, and only with the GPU riser configuration.',
          '这是通用两路服务器：只有在 GPU 转接卡配置下才能装最多 3 块双宽 PCIe GPU。',
        ),
        sources: [r740Manual.ref, dellWhitepaper.ref],
      },
    ],
    notes: [],
  },
  {
    id: 'dell-poweredge-xe9680',
    vendor: 'Dell',
    model: 'PowerEdge XE9680',
    aliases: ['Dell XE9680'],
    category: 'server',
    formFactor: storagereview({ kind: 'rack', rackUnits: 6 }),
    gpuCountMax: citeAll(8, [infohub, mlperfXe9680, storagereview]),
    gpuOptions: [
      {
        gpuId: 'h100-sxm5-80gb',
        count: citeAll(8, [mlperfXe9680, infohub]),
        interconnect: citeAll(
          'nvswitch',
          [storagereview, hgxH100],
          text('It takes the HGX H100 board, whose eight GPUs connect through four NVSwitch chips.', '它使用 HGX H100 基板，8 块 GPU 经 4 颗 NVSwitch 互联。'),
        ),
      },
      {
        gpuId: 'mi300x',
        count: cite('mlperf-inference-v41-dell-xe9680-mi300x', 'accelerators_per_node, accelerator_model_name')(8, text('Submitted as "AMD MI300X-NPS1-SPX-192GB-750W".', '提交型号为 "AMD MI300X-NPS1-SPX-192GB-750W"。')),
        interconnect: notSourced(text('The submission says "XGMI", mesh topology: Infinity Fabric, which this field has no value for.', '提交材料写的是 "XGMI"、网状拓扑：即 Infinity Fabric，本字段没有对应取值。')),
      },
    ],
    cpuSockets: citeAll(2, [mlperfXe9680, storagereview]),
    cpuFamilies: storagereview(['Intel Xeon Scalable 4th gen (up to 56 cores)', 'Intel Xeon Scalable 5th gen (up to 64 cores)']),
    maxMemoryGiB: storagereview(4096, text('4 TB DDR5 in 32 DIMM slots.', '32 个插槽，共 4 TB DDR5。')),
    psu: storagereview(
      { count: 6, wattsEach: 3200, redundancy: '3+3' },
      text('Six supplies, 19,200 W in total, in 3+3 fault-tolerant redundancy.', '6 个电源共 19,200 W，3+3 容错冗余。'),
    ),
    maxPowerWatts: notSourced(),
    driveBays: storagereview('8 × 2.5" NVMe/SAS/SATA or 16 × E3.S NVMe'),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [],
    notes: [
      text(
        'Also sold with HGX H200, AMD Instinct MI300X and Intel Gaudi 3 boards; the XE9680L variant is liquid-cooled for B200.',
        '也有 HGX H200、AMD Instinct MI300X 与 Intel Gaudi 3 配置；XE9680L 为液冷 B200 版本。',
      ),
    ],
  },
  {
    id: 'hpe-apollo-6500-gen10',
    vendor: 'HPE',
    model: 'Apollo 6500 Gen10 System',
    aliases: ['HPE Apollo 6500 Gen10', 'HPE ProLiant XL270d Gen10'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: skyward(8),
    gpuOptions: [
      { gpuId: 'v100-sxm2-16gb', count: skyward(8, sxm2MemoryNote), interconnect: skyward('nvlink', sxm2MemoryNote) },
      { gpuId: 'v100-sxm2-32gb', count: skyward(8, sxm2MemoryNote), interconnect: skyward('nvlink', sxm2MemoryNote) },
    ],
    cpuSockets: notSourced(),
    cpuFamilies: notSourced(),
    maxMemoryGiB: notSourced(),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [],
    notes: [
      text(
        'No HPE QuickSpecs were in the material we could read; the GPU count comes from a reseller comparison.',
        '我们能读到的材料里没有 HPE QuickSpecs；GPU 数量来自经销商的对比文章。',
      ),
    ],
  },
  {
    id: 'hpe-apollo-6500-gen10-plus',
    vendor: 'HPE',
    model: 'Apollo 6500 Gen10 Plus System',
    aliases: ['HPE Apollo 6500 Gen10 Plus', 'HPE ProLiant XL645d Gen10 Plus', 'HPE ProLiant XL675d Gen10 Plus'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: notSourced(
      text(
        'Depends on the node: the XL645d holds 4 SXM4 GPUs (sourced below); the 8-GPU XL675d figure was not in the material we could cite.',
        '取决于节点：XL645d 装 4 块 SXM4 GPU（见下方来源）；XL675d 的 8 卡数字不在我们可引用的材料中。',
      ),
    ),
    gpuOptions: [{ gpuId: 'a100-sxm4-80gb', count: mlperfXl645d(4, text('In the ProLiant XL645d Gen10 Plus node.', '指 ProLiant XL645d Gen10 Plus 节点。')), interconnect: notSourced() }],
    cpuSockets: mlperfXl645d(1, text('XL645d node: one AMD EPYC 7742.', 'XL645d 节点：1 颗 AMD EPYC 7742。')),
    cpuFamilies: mlperfXl645d(['AMD EPYC 7002 (Rome)']),
    maxMemoryGiB: notSourced(),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [
      {
        field: 'name',
        claimed: 'HPE Apollo 6500 Gen10 Plus (a server)',
        actual: 'HPE ProLiant XL645d / XL675d Gen10 Plus (in an Apollo 6500 Gen10 Plus chassis)',
        claim: text('Listed as one server model with one GPU count.', '被当成单一服务器型号，只写一个 GPU 数量。'),
        correction: text(
          'The Apollo 6500 Gen10 Plus is the chassis system; the servers are ProLiant XL645d Gen10 Plus (1 AMD EPYC, 4 SXM4 GPUs) and XL675d Gen10 Plus nodes. HPE benchmarks them under the node names.',
          'Apollo 6500 Gen10 Plus 是机箱系统；服务器本身是 ProLiant XL645d Gen10 Plus（1 颗 AMD EPYC、4 块 SXM4 GPU）和 XL675d Gen10 Plus 节点。HPE 提交基准测试时用的是节点型号。',
        ),
        sources: [mlperfXl645d.ref],
      },
    ],
    notes: [],
  },
  {
    id: 'lenovo-thinksystem-sr670',
    vendor: 'Lenovo',
    model: 'ThinkSystem SR670',
    aliases: ['Lenovo SR670'],
    category: 'server',
    formFactor: notSourced(),
    gpuCountMax: notSourced(text('Lenovo submitted it to MLPerf with 4 GPUs; the maximum is not in the submissions.', '联想提交 MLPerf 时配 4 块 GPU；最大数量不在提交材料中。')),
    gpuOptions: [
      { gpuId: 'a40', count: mlperfSr670(4), interconnect: notSourced() },
      { gpuId: 'a100-pcie-40gb', count: mlperfSr670(4), interconnect: notSourced() },
    ],
    cpuSockets: mlperfSr670(2),
    cpuFamilies: mlperfSr670(['Intel Xeon Platinum 8280 (Cascade Lake, 28 cores), as submitted']),
    maxMemoryGiB: notSourced(),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [],
    notes: [
      text(
        'No Lenovo documentation for the first-generation SR670 was in the material we could read; its GPUs and CPUs are as Lenovo submitted it to MLPerf Inference v1.0. It is not the SR670 V2 below.',
        '我们能读到的材料里没有第一代 SR670 的联想文档；其 GPU 与 CPU 为联想提交 MLPerf Inference v1.0 时的配置。它与下面的 SR670 V2 是不同的机器。',
      ),
    ],
  },
  {
    id: 'lenovo-thinksystem-sr670-v2',
    vendor: 'Lenovo',
    model: 'ThinkSystem SR670 V2',
    aliases: ['Lenovo SR670 V2'],
    category: 'server',
    formFactor: sr670v2Manual({ kind: 'rack', rackUnits: 3 }),
    gpuCountMax: sr670v2Guide(8, text('The "8-DW GPU Model" holds eight double-width GPUs.', '"8-DW GPU 型号"可装 8 块双宽 GPU。')),
    gpuOptions: [{ gpuId: 'a100-pcie-40gb', count: mlperfSr670v2(8, text('As Lenovo submitted it to MLPerf Inference v1.1.', '联想提交 MLPerf Inference v1.1 时的配置。')), interconnect: notSourced() }],
    cpuSockets: sr670v2Manual(2),
    cpuFamilies: sr670v2Manual(['Intel Xeon Scalable (LGA 4189, up to 40 cores, up to 270 W)']),
    maxMemoryGiB: sr670v2Manual(2048, text('2 TB of RDIMM in 32 slots; 3 TB with persistent memory.', '32 个插槽共 2 TB RDIMM；加持久内存可达 3 TB。')),
    psu: notSourced(),
    maxPowerWatts: notSourced(),
    driveBays: notSourced(),
    launchYear: notSourced(),
    listPrice: notSourced(),
    corrections: [
      {
        field: 'formFactor',
        claimed: '2U',
        actual: '3U',
        claim: text('Inventories list it as a 2U GPU server.', '一些资产清单把它写成 2U GPU 服务器。'),
        correction: text('The SR670 V2 is a 3U server.', 'SR670 V2 是 3U 服务器。'),
        sources: [sr670v2Manual.ref],
      },
      {
        field: 'cpuFamilies',
        claimed: 'AMD EPYC',
        actual: 'Intel Xeon Scalable (LGA 4189)',
        claim: text('Listed with AMD EPYC processors.', '被写成使用 AMD EPYC 处理器。'),
        correction: text('It takes two Intel Xeon processors in LGA 4189 sockets.', '它使用两颗 LGA 4189 插槽的 Intel Xeon 处理器。'),
        sources: [sr670v2Manual.ref],
      },
    ],
    notes: [
      text(
        'Three models: 4-DW and 8-DW (double-width PCIe GPUs) and an SXM GPU model; the GPU list per model was not in the material we read.',
        '共三种型号：4-DW、8-DW（双宽 PCIe GPU）和 SXM GPU 型号；各型号支持的 GPU 列表不在我们读到的材料中。',
      ),
      text(
        'Lenovo\'s MLPerf Inference v1.1 submission of this machine (8× A100 PCIe 40GB) names a Xeon Platinum 8280 host CPU, which does not fit the LGA 4189 socket of the maintenance manual; the submission\'s CPU is not taken.',
        '联想为这台机器提交的 MLPerf Inference v1.1（8 块 A100 PCIe 40GB）写的主机 CPU 是 Xeon Platinum 8280，与维护手册的 LGA 4189 插槽不符；未采用该 CPU。',
      ),
    ],
  },
];
