// Sources for the current 8-GPU machines (Hopper and Blackwell generation) and the 8× RTX 4090
// builds. MLPerf system descriptions are filed by the machine's own vendor, so they name the exact
// CPUs, memory and GPU links of a shipping configuration; NVIDIA's user guides give the DGX parts.

import type { CatalogSource } from '../../servers-schema.js';

const accessed = '2026-12-01';

const mlperf41 = (id: string, vendor: string, path: string, system: string): CatalogSource => ({
  id,
  kind: 'benchmark-submission',
  publisher: `${vendor} via MLCommons`,
  title: `MLPerf Inference v4.1 system description: ${system}`,
  url: `https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/${path}`,
  accessed,
});

export const CURRENT_SERVER_SOURCES: CatalogSource[] = [
  {
    id: 'mynw-supermicro-821ge-tnhr',
    kind: 'article',
    publisher: 'mynw.cn (美橙互联 news)',
    title: '超微 SYS-821GE-TNHR 解析：基于 NVIDIA HGX H200 8 卡平台，风冷，8U 机箱；前部 16 个 2.5 英寸 U.2 NVMe 与 3 个 SATA 硬盘位',
    url: 'http://www.mynw.cn/news/484475.html',
    accessed,
  },
  mlperf41('mlperf-inference-v41-nvidia-dgx-h100', 'NVIDIA', 'NVIDIA/systems/DGX-H100_H100-SXM-80GBx8_TRT.json', 'NVIDIA DGX H100 (8x H100-SXM-80GB)'),
  mlperf41('mlperf-inference-v41-nvidia-8xh200', 'NVIDIA', 'NVIDIA/systems/H200-SXM-141GBx8_TRT.json', 'NVIDIA H200 (8x H200-SXM-141GB)'),
  mlperf41('mlperf-inference-v41-supermicro-821ge', 'Supermicro', 'Supermicro/systems/SYS_821GE_TNHR_H100_SXM_80GBx8_TRT.json', 'SYS-821GE-TNHR (8x H100-SXM-80GB)'),
  mlperf41('mlperf-inference-v41-lenovo-sr680a-v3', 'Lenovo', 'Lenovo/systems/Lenovo_8xH200_TRT.json', 'ThinkSystem SR680a V3 (8x H200-SXM-141GB)'),
  mlperf41('mlperf-inference-v41-dell-xe9680-mi300x', 'Dell', 'Dell/systems/XE9680_MI300X_192GBx8.json', 'Dell PowerEdge XE9680 (8x MI300X_192GB)'),
  mlperf41('mlperf-inference-v41-hpe-xd670', 'HPE', 'HPE/systems/HPE_Cray_XD670_H100_SXM_80GBx8_TRT.json', 'HPE Cray XD670 (8x H100-SXM-80GB)'),
  {
    id: 'mlperf-inference-v30-inspur-nf5468m6',
    kind: 'benchmark-submission',
    publisher: 'Inspur via MLCommons',
    title: 'MLPerf Inference v3.0 system description: NF5468M6 (8x A40, TensorRT)',
    url: 'https://github.com/mlcommons/inference_results_v3.0/blob/main/closed/Inspur/systems/NF5468M6_A40x8_TRT.json',
    accessed,
  },
  {
    id: 'mlperf-training-v40-asus-esc8000a-e12',
    kind: 'benchmark-submission',
    publisher: 'ASUSTeK via MLCommons',
    title: 'MLPerf Training v4.0 system description ESC8000A-E12-8xH100-PCIE-80GB',
    url: 'https://github.com/mlcommons/training_results_v4.0/blob/main/ASUSTeK/systems/ESC8000A-E12-8xH100-PCIE-80GB.json',
    accessed,
  },
  {
    id: 'epoch-ml-hardware',
    kind: 'dataset',
    publisher: 'Epoch AI',
    title: 'Data on Machine Learning Hardware (ml_hardware.csv, stamps to 2025-12-16): price notes quoting SemiAnalysis and Delta Computer',
    url: 'https://epoch.ai/data/machine-learning-hardware',
    accessed,
    licence: 'CC BY 4.0',
  },
  {
    id: 'nvidia-dgx-b200-user-guide',
    kind: 'documentation',
    publisher: 'NVIDIA',
    title: 'NVIDIA DGX B200 User Guide: Introduction to NVIDIA DGX B200 Systems (component descriptions, mechanical specifications)',
    url: 'https://docs.nvidia.com/dgx/dgxb200-user-guide/introduction-to-dgxb200.html',
    accessed,
  },
  {
    id: 'vengineer-dgx-b200-price',
    kind: 'article',
    publisher: 'Vengineerの戯言 (blog)',
    title: 'NVIDIA DGX B200 (photos of the HGX B200 board; "DGX B200のお値段 … $515K") (2025-03-16)',
    url: 'https://vengineer.hatenablog.com/entry/2025/03/16/080000',
    accessed,
  },
  {
    id: 'semifly-dgx-h200',
    kind: 'article',
    publisher: 'Semifly',
    title: 'NVIDIA DGX H200 Components: Deep Dive into the Hardware Architecture (8× H200 on NVLink and NVSwitch) (2025-08-28)',
    url: 'https://semifly.ai/articles/nvidia-dgx-h200-components-deep-dive-into-the-hardware-architecture',
    accessed,
  },
  {
    id: 'epsindo-dgx-qa',
    kind: 'dataset',
    publisher: 'Epsindo (NVIDIA partner, Indonesia) via Hugging Face',
    title: 'adelineclarissa/MMLU-Bench: DGX H200 and DGX B200 question–answer pairs (CPUs, system memory, GPU memory)',
    url: 'https://huggingface.co/datasets/adelineclarissa/MMLU-Bench',
    accessed,
    licence: 'not stated',
  },
  {
    id: 'upstation-8x4090-build',
    kind: 'article',
    publisher: 'Upstation (GPU rental company) on r/LocalLLaMA',
    title: 'How to build an 8x4090 Server (custom 6–10U chassis, PCIe Gen 4 risers, ASRock Rack ROME2D32GM-2T) (2024-11-19)',
    url: 'https://axebps-redlib.hf.space/r/LocalLLaMA/comments/1gum5yh/how_to_build_an_8x4090_server/lxwnclu/?context=3',
    accessed,
    copyOf: 'Reddit r/LocalLLaMA post 1gum5yh "How to build an 8x4090 Server"',
  },
  {
    id: 'localaiservers-8x4090d-rig',
    kind: 'article',
    publisher: 'r/LocalAIServers (a team\'s build report)',
    title: '8x RTX 4090D, 192GB VRAM: dual EPYC 9004, ASRock Rack GENOA2D24G-2L+, 4× 2000 W PSUs, custom 4U, ~4,600 W under inference',
    url: 'https://redlib.titolab.com/r/LocalAIServers',
    accessed,
    copyOf: 'Reddit r/LocalAIServers build report',
  },

];
