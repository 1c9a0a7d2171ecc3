// AMD, Windows and macOS sources (src/backends/{amd-smi,rocm-smi,drm-sysfs,windows,macos}):
// why a paste cannot be read, and the notes a reading carries (a capped AdapterRAM, CUDA on a Mac).

import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'vendors.parse.tooLarge': 'The {format} input is {chars} characters long, more than the {max} one machine’s report can have; it was not read.',
    'vendors.parse.notJson': 'This is not {format} output: no JSON object or list was found in it.',
    'vendors.parse.badJson': 'The {format} output is not valid JSON ({detail}). Paste the whole output, from its first to its last line.',
    'vendors.parse.notFormat': 'This JSON is not {format} output: its shape is not the one that tool prints.',
    'vendors.parse.tooManyGpus': 'The {format} output lists {count} GPUs, more than one machine can have; it was not read.',
    'vendors.parse.badIndex': 'The {format} output names a GPU “{index}” that is not a GPU number.',
    'vendors.parse.noRecords': 'No display adapter was found in this {format} output.',
    'vendors.windows.adapterRamCapped':
      '{name}: Windows reports AdapterRAM {adapterRam} bytes, a 32-bit field capped near 4 GiB; the real size from the driver’s registry key is {real} bytes.',
    'vendors.windows.adapterRamCappedUnknown':
      '{name}: Windows reports AdapterRAM {adapterRam} bytes, a 32-bit field capped near 4 GiB, so the real memory size is unknown. The registry value HardwareInformation.qwMemorySize has it.',
    'vendors.windows.countersUnlinked':
      'The GPU performance counters name {count} adapters by LUID, which cannot be matched to the adapters listed; utilisation and memory use are left out.',
    'vendors.mac.noCuda':
      'CUDA does not exist on a Mac: NVIDIA stopped supporting macOS after CUDA 10.2. PyTorch uses Apple’s Metal backend instead — device "mps" (torch.backends.mps.is_available()).',
    'vendors.mac.appleGpu':
      '{model}: {cores}-core GPU sharing the unified memory with the CPU; Metal lets the GPU use about two thirds to three quarters of it (recommendedMaxWorkingSetSize).',
    'vendors.reason.toolNotFound': '{tool} is not installed (not on PATH)',
    'vendors.reason.noDrmCard': 'no GPU bound to amdgpu, i915 or xe in /sys/class/drm',
    'vendors.fdinfo.hidden': 'The GPU memory of {count} process(es) of other users is not visible without root (/proc/<pid>/fdinfo).',
  },
  {
    'vendors.parse.tooLarge': '{format} 输入有 {chars} 个字符，超过一台机器的报告可能有的 {max} 个，未读取。',
    'vendors.parse.notJson': '这不是 {format} 的输出：其中找不到 JSON 对象或列表。',
    'vendors.parse.badJson': '{format} 输出不是有效的 JSON（{detail}）。请粘贴完整输出，从第一行到最后一行。',
    'vendors.parse.notFormat': '这段 JSON 不是 {format} 的输出：结构与该工具打印的不一致。',
    'vendors.parse.tooManyGpus': '{format} 输出列出了 {count} 块 GPU，超过一台机器可能有的数量，未读取。',
    'vendors.parse.badIndex': '{format} 输出中的 GPU“{index}”不是有效的 GPU 编号。',
    'vendors.parse.noRecords': '在这段 {format} 输出中找不到显示适配器。',
    'vendors.windows.adapterRamCapped':
      '{name}：Windows 报告的 AdapterRAM 为 {adapterRam} 字节，这是一个上限约 4 GiB 的 32 位字段；驱动注册表项给出的实际大小为 {real} 字节。',
    'vendors.windows.adapterRamCappedUnknown':
      '{name}：Windows 报告的 AdapterRAM 为 {adapterRam} 字节，这是一个上限约 4 GiB 的 32 位字段，因此实际显存大小未知。注册表值 HardwareInformation.qwMemorySize 中有实际大小。',
    'vendors.windows.countersUnlinked':
      'GPU 性能计数器以 LUID 标识了 {count} 个适配器，无法与列出的适配器对应；利用率和显存占用未列出。',
    'vendors.mac.noCuda':
      'Mac 上没有 CUDA：NVIDIA 在 CUDA 10.2 之后已停止支持 macOS。PyTorch 在 Mac 上使用 Apple 的 Metal 后端——设备 "mps"（torch.backends.mps.is_available()）。',
    'vendors.mac.appleGpu': '{model}：{cores} 核 GPU，与 CPU 共用统一内存；Metal 允许 GPU 使用其中约三分之二到四分之三（recommendedMaxWorkingSetSize）。',
    'vendors.reason.toolNotFound': '未安装 {tool}（PATH 中找不到）',
    'vendors.reason.noDrmCard': '/sys/class/drm 中没有绑定 amdgpu、i915 或 xe 的 GPU',
    'vendors.fdinfo.hidden': '其他用户的 {count} 个进程的 GPU 显存占用需要 root 权限才能看到（/proc/<pid>/fdinfo）。',
  },
);
