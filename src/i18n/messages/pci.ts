// The PCI scan (src/backends/pci): what is on the bus, which driver holds it, why a scan failed.

import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'pci.summary.noGpu': 'No GPU on the PCI bus.',
    'pci.summary.oneGpu': '1 GPU on the PCI bus:',
    'pci.summary.manyGpus': '{count} GPUs on the PCI bus:',
    'pci.device': '{vendor} device ({ids}, {name}) at {address} — {driver}',
    'pci.device.unnamed': '{vendor} device ({ids}) at {address} — {driver}',
    'pci.unknownVendor': 'Unknown vendor',
    'pci.driver.none': 'no driver bound',
    'pci.driver.bound': 'driver: {driver}',
    'pci.driver.boundVersion': 'driver: {driver} {version}',
    'pci.driver.nouveau': 'driver: nouveau (the open-source driver; CUDA and NVML need NVIDIA’s driver)',
    'pci.driver.vfio': 'driver: {driver} (reserved for a virtual machine)',
    'pci.link': 'PCIe Gen{generation} x{width}',
    'pci.linkWithMax': 'PCIe Gen{generation} x{width} (up to Gen{generationMax} x{widthMax})',
    'pci.otherDisplay': 'Also on the bus, not a GPU: {label} ({ids}) at {address} — {driver}',
    'pci.unnamedDevice': 'device',
    'pci.virtualFunctions': '{count} SR-IOV virtual {count:function|functions} of these GPUs are not listed separately.',
    'pci.fromLspci': 'Read with lspci because /sys/bus/pci was not available; PCIe link details are missing.',
    'pci.wsl':
      'This is WSL: Windows gives Linux its GPUs through /dev/dxg, not the PCI bus, so this list says nothing about them. Run nvidia-smi instead.',
    'pci.unsupported': 'Scanning the PCI bus works on Linux only (this system is {platform}).',
    'pci.failed.noPermission':
      'Cannot read the PCI device list: permission denied ({detail}). Check that /sys is mounted and readable, or install pciutils (lspci).',
    'pci.failed.noSysfsNoLspci':
      'Cannot scan the PCI bus: /sys/bus/pci is missing and lspci is not installed ({detail}). Mount /sys (in a container) or install pciutils.',
    'pci.failed.lspciFailed': 'lspci failed: {detail}',
    'pci.failed.timeout':
      'lspci did not answer in time ({detail}). A hung GPU can stall reads of its configuration space; look for errors in `sudo dmesg`.',
    'pci.failed.error': 'Scanning the PCI bus failed: {detail}',
    'pci.problem.bus': 'the PCI bus',
    'pci.problem.noPermission': 'Permission denied reading {where}: {detail}',
    'pci.problem.readFailed': 'Could not read {where}: {detail}',
    'pci.problem.parse': 'Unexpected data from {where}: {detail}',
    'pci.problem.pciIds': 'Could not read the PCI name database (pci.ids), so some names are missing: {detail}',
    'pci.problem.modulesAlias': 'Could not read the kernel’s module list (modules.alias): {detail}',
    'pci.problem.lspciWarning': 'lspci warned: {detail}',
  },
  {
    'pci.summary.noGpu': 'PCI 总线上没有 GPU。',
    'pci.summary.oneGpu': 'PCI 总线上有 1 块 GPU：',
    'pci.summary.manyGpus': 'PCI 总线上有 {count} 块 GPU：',
    'pci.device': '{vendor} 设备（{ids}，{name}），位于 {address} — {driver}',
    'pci.device.unnamed': '{vendor} 设备（{ids}），位于 {address} — {driver}',
    'pci.unknownVendor': '未知厂商',
    'pci.driver.none': '未绑定驱动',
    'pci.driver.bound': '驱动：{driver}',
    'pci.driver.boundVersion': '驱动：{driver} {version}',
    'pci.driver.nouveau': '驱动：nouveau（开源驱动；CUDA 和 NVML 需要 NVIDIA 官方驱动）',
    'pci.driver.vfio': '驱动：{driver}（已预留给虚拟机直通）',
    'pci.link': 'PCIe Gen{generation} x{width}',
    'pci.linkWithMax': 'PCIe Gen{generation} x{width}（最高 Gen{generationMax} x{widthMax}）',
    'pci.otherDisplay': '总线上另有非 GPU 设备：{label}（{ids}），位于 {address} — {driver}',
    'pci.unnamedDevice': '设备',
    'pci.virtualFunctions': '这些 GPU 的 {count} 个 SR-IOV 虚拟功能未单独列出。',
    'pci.fromLspci': '/sys/bus/pci 不可用，改用 lspci 读取；缺少 PCIe 链路信息。',
    'pci.wsl': '当前是 WSL：Windows 通过 /dev/dxg 而不是 PCI 总线把 GPU 提供给 Linux，所以这份列表无法反映 GPU 情况。请改用 nvidia-smi。',
    'pci.unsupported': 'PCI 总线扫描仅支持 Linux（当前系统为 {platform}）。',
    'pci.failed.noPermission':
      '无法读取 PCI 设备列表：权限不足（{detail}）。请确认 /sys 已挂载且可读，或安装 pciutils（lspci）。',
    'pci.failed.noSysfsNoLspci':
      '无法扫描 PCI 总线：没有 /sys/bus/pci，也没有安装 lspci（{detail}）。请在容器中挂载 /sys，或安装 pciutils。',
    'pci.failed.lspciFailed': 'lspci 运行失败：{detail}',
    'pci.failed.timeout':
      'lspci 未能及时响应（{detail}）。GPU 卡死时读取其配置空间可能会挂起，请用 `sudo dmesg` 查看错误信息。',
    'pci.failed.error': '扫描 PCI 总线失败：{detail}',
    'pci.problem.bus': 'PCI 总线',
    'pci.problem.noPermission': '读取 {where} 时权限不足：{detail}',
    'pci.problem.readFailed': '无法读取 {where}：{detail}',
    'pci.problem.parse': '{where} 返回了无法识别的数据：{detail}',
    'pci.problem.pciIds': '无法读取 PCI 名称数据库（pci.ids），部分设备名称缺失：{detail}',
    'pci.problem.modulesAlias': '无法读取内核模块列表（modules.alias）：{detail}',
    'pci.problem.lspciWarning': 'lspci 给出警告：{detail}',
  },
);
