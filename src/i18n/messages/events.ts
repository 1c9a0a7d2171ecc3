// Events derived from samples (throttling, a GPU lost, ECC, processes, Xid …). {reasons} is a
// comma-separated list of clock-reason ids; events/text.ts shows them translated.
import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'events.throttle.start': 'GPU {gpu} began throttling: {reasons}',
    'events.throttle.already': 'GPU {gpu} was already throttling when first seen: {reasons}',
    'events.throttle.change': 'GPU {gpu}: clocks now also held back by {reasons}',
    'events.throttle.end': 'GPU {gpu} stopped throttling after {seconds} s ({reasons})',

    'events.gpu.lost': 'GPU {gpu} is lost: the driver says it no longer answers ({detail}). The work on it is gone; it needs a GPU reset or a reboot.',
    'events.gpu.error': 'GPU {gpu} stopped answering: every read of it failed ({detail}).',
    'events.gpu.missing': 'GPU {gpu} is no longer in the driver’s list of GPUs.',
    'events.gpu.back': 'GPU {gpu} answers again.',
    'events.gpu.appeared': 'GPU {gpu} ({name}) appeared.',

    'events.ecc.uncorrected': 'GPU {gpu}: {delta} new uncorrected ECC {delta:error|errors}, {total} in all. Data in its memory may be corrupt; restart the jobs on it.',
    'events.ecc.corrected': 'GPU {gpu}: {delta} new corrected ECC {delta:error|errors}, {total} in all.',

    'events.process.start': 'Process {pid} ({name}) started on GPU {gpu}.',
    'events.process.startUnnamed': 'Process {pid} started on GPU {gpu}.',
    'events.process.end': 'Process {pid} ({name}) ended on GPU {gpu}.',
    'events.process.endUnnamed': 'Process {pid} ended on GPU {gpu}.',

    'events.memory.full': 'GPU {gpu} memory is nearly full: {usedPercent} % used (threshold {thresholdPercent} %).',
    'events.memory.already': 'GPU {gpu} memory was already nearly full when first seen: {usedPercent} % used (threshold {thresholdPercent} %).',
    'events.memory.ok': 'GPU {gpu} memory is below the threshold again: {usedPercent} % used.',

    'events.temperature.high': 'GPU {gpu} is at {celsius} °C, at or over its slowdown point ({slowdownCelsius} °C): clocks are cut for heat.',
    'events.temperature.already': 'GPU {gpu} was already at {celsius} °C when first seen, at or over its slowdown point ({slowdownCelsius} °C).',
    'events.temperature.shutdown': 'GPU {gpu} reached {celsius} °C, its shutdown point ({shutdownCelsius} °C): it will power off to protect itself. Stop its work and check the cooling.',
    'events.temperature.ok': 'GPU {gpu} cooled to {celsius} °C, below its slowdown point ({slowdownCelsius} °C).',

    'events.xid.13': 'GPU {gpu}: Xid 13, graphics engine exception — usually the application (an out-of-range access or a bad instruction). Driver: {text}',
    'events.xid.31': 'GPU {gpu}: Xid 31, GPU memory page fault — almost always the application accessing an invalid address. Driver: {text}',
    'events.xid.43': 'GPU {gpu}: Xid 43, GPU stopped processing — an application’s work was stopped after a fault in it; the GPU itself is usually fine. Driver: {text}',
    'events.xid.45': 'GPU {gpu}: Xid 45, preemptive clean-up — the driver tore down channels after an earlier error or a killed process. Driver: {text}',
    'events.xid.48': 'GPU {gpu}: Xid 48, double-bit ECC error — uncorrectable memory error; restart the jobs on it and reset the GPU. Driver: {text}',
    'events.xid.61': 'GPU {gpu}: Xid 61, internal micro-controller breakpoint or warning. If it repeats, reset the GPU. Driver: {text}',
    'events.xid.62': 'GPU {gpu}: Xid 62, internal micro-controller halted — the GPU needs a reset. Driver: {text}',
    'events.xid.63': 'GPU {gpu}: Xid 63, ECC page retirement or row remapping recorded — reset the GPU to apply it. Driver: {text}',
    'events.xid.64': 'GPU {gpu}: Xid 64, ECC page retirement or row remapping failed — the memory cannot be repaired in place; service the GPU. Driver: {text}',
    'events.xid.74': 'GPU {gpu}: Xid 74, NVLink error — check the links (nvidia-smi nvlink -s) and reset the GPU. Driver: {text}',
    'events.xid.79': 'GPU {gpu}: Xid 79, fell off the bus — it no longer answers over PCIe; it needs a reset or a reboot, and often its power or seating checked. Driver: {text}',
    'events.xid.92': 'GPU {gpu}: Xid 92, high single-bit ECC error rate — watch its ECC counters; it may need service. Driver: {text}',
    'events.xid.94': 'GPU {gpu}: Xid 94, contained ECC error — only the application that used the bad memory was stopped; reset the GPU when it is free. Driver: {text}',
    'events.xid.95': 'GPU {gpu}: Xid 95, uncontained ECC error — every application on the GPU is affected; reset the GPU. Driver: {text}',
    'events.xid.119': 'GPU {gpu}: Xid 119, GSP RPC timeout — the GPU System Processor stopped answering; reset the GPU. Driver: {text}',
    'events.xid.120': 'GPU {gpu}: Xid 120, GSP error — the GPU System Processor reported an error; reset the GPU. Driver: {text}',
    'events.xid.other': 'GPU {gpu}: Xid {xid} — see NVIDIA’s Xid catalog (docs.nvidia.com/deploy/xid-errors). Driver: {text}',

    'events.xid.source.kmsg': 'Xid errors are read from the kernel log (/dev/kmsg).',
    'events.xid.source.journal': 'Xid errors are read from the kernel log through journalctl.',
    'events.xid.unavailable.notLinux': 'Xid errors are not read on {platform}: they come from the Linux kernel log (on Windows the driver writes them to the Event Log).',
    'events.xid.unavailable.dmesgRestricted':
      'Xid errors cannot be read: the kernel log is closed to this user (kernel.dmesg_restrict=1, /dev/kmsg: {errno}) and journalctl cannot show it kernel messages either. Run as root, add the user to the systemd-journal or adm group, or set `sysctl kernel.dmesg_restrict=0`.',
    'events.xid.unavailable.journalNoPermission':
      'Xid errors cannot be read: there is no /dev/kmsg here, and journalctl shows this user only their own journal. Add the user to the systemd-journal or adm group, or run as root.',
    'events.xid.unavailable.noKernelLog':
      'Xid errors cannot be read: no kernel log is readable here (no /dev/kmsg, no kernel records in the journal). In a container, look on the host: `journalctl -k | grep Xid`.',
    'events.xid.unavailable.sourceEnded': 'Xid errors are no longer read: journalctl stopped ({detail}).',
    'events.xid.unavailable.error': 'Xid errors cannot be read: opening /dev/kmsg failed ({errno}) and journalctl did not help.',
  },
  {
    'events.throttle.start': 'GPU {gpu} 开始降频：{reasons}',
    'events.throttle.already': 'GPU {gpu} 首次读取时已在降频：{reasons}',
    'events.throttle.change': 'GPU {gpu}：时钟又因 {reasons} 受限',
    'events.throttle.end': 'GPU {gpu} 降频结束，持续 {seconds} 秒（{reasons}）',

    'events.gpu.lost': 'GPU {gpu} 已丢失：驱动报告它不再响应（{detail}）。其上的任务已中断，需要重置 GPU 或重启机器。',
    'events.gpu.error': 'GPU {gpu} 停止响应：对它的每次读取都失败了（{detail}）。',
    'events.gpu.missing': 'GPU {gpu} 已不在驱动的 GPU 列表中。',
    'events.gpu.back': 'GPU {gpu} 恢复响应。',
    'events.gpu.appeared': '出现了 GPU {gpu}（{name}）。',

    'events.ecc.uncorrected': 'GPU {gpu}：新增 {delta} 个不可纠正的 ECC 错误，累计 {total} 个。显存中的数据可能已损坏，请重新运行其上的任务。',
    'events.ecc.corrected': 'GPU {gpu}：新增 {delta} 个已纠正的 ECC 错误，累计 {total} 个。',

    'events.process.start': '进程 {pid}（{name}）开始使用 GPU {gpu}。',
    'events.process.startUnnamed': '进程 {pid} 开始使用 GPU {gpu}。',
    'events.process.end': '进程 {pid}（{name}）已结束使用 GPU {gpu}。',
    'events.process.endUnnamed': '进程 {pid} 已结束使用 GPU {gpu}。',

    'events.memory.full': 'GPU {gpu} 显存将满：已用 {usedPercent}%（阈值 {thresholdPercent}%）。',
    'events.memory.already': 'GPU {gpu} 首次读取时显存已将满：已用 {usedPercent}%（阈值 {thresholdPercent}%）。',
    'events.memory.ok': 'GPU {gpu} 显存回落到阈值以下：已用 {usedPercent}%。',

    'events.temperature.high': 'GPU {gpu} 温度 {celsius} °C，已达到或超过降频温度（{slowdownCelsius} °C），时钟因过热被降低。',
    'events.temperature.already': 'GPU {gpu} 首次读取时温度已为 {celsius} °C，达到或超过降频温度（{slowdownCelsius} °C）。',
    'events.temperature.shutdown': 'GPU {gpu} 温度达到 {celsius} °C，已到关机温度（{shutdownCelsius} °C），它将断电自保。请停止其上的任务并检查散热。',
    'events.temperature.ok': 'GPU {gpu} 降温到 {celsius} °C，低于降频温度（{slowdownCelsius} °C）。',

    'events.xid.13': 'GPU {gpu}：Xid 13，图形引擎异常——通常是应用程序的问题（越界访问或错误指令）。驱动信息：{text}',
    'events.xid.31': 'GPU {gpu}：Xid 31，显存页错误——几乎总是应用程序访问了无效地址。驱动信息：{text}',
    'events.xid.43': 'GPU {gpu}：Xid 43，GPU 停止处理——某个应用程序出错后其任务被中止，GPU 本身通常没有问题。驱动信息：{text}',
    'events.xid.45': 'GPU {gpu}：Xid 45，预防性清理——驱动在先前的错误或进程被终止后清理了通道。驱动信息：{text}',
    'events.xid.48': 'GPU {gpu}：Xid 48，双比特 ECC 错误——不可纠正的显存错误；请重新运行其上的任务并重置 GPU。驱动信息：{text}',
    'events.xid.61': 'GPU {gpu}：Xid 61，内部微控制器断点或警告。若反复出现，请重置 GPU。驱动信息：{text}',
    'events.xid.62': 'GPU {gpu}：Xid 62，内部微控制器停机——需要重置 GPU。驱动信息：{text}',
    'events.xid.63': 'GPU {gpu}：Xid 63，已记录 ECC 页退役或行重映射——重置 GPU 后生效。驱动信息：{text}',
    'events.xid.64': 'GPU {gpu}：Xid 64，ECC 页退役或行重映射失败——显存无法就地修复，需要维修 GPU。驱动信息：{text}',
    'events.xid.74': 'GPU {gpu}：Xid 74，NVLink 错误——请检查链路（nvidia-smi nvlink -s）并重置 GPU。驱动信息：{text}',
    'events.xid.79': 'GPU {gpu}：Xid 79，已从总线上掉线——它不再通过 PCIe 响应；需要重置或重启，并常需检查供电或插接。驱动信息：{text}',
    'events.xid.92': 'GPU {gpu}：Xid 92，单比特 ECC 错误率过高——请关注其 ECC 计数，可能需要维修。驱动信息：{text}',
    'events.xid.94': 'GPU {gpu}：Xid 94，已隔离的 ECC 错误——只有使用了损坏显存的应用程序被中止；请在空闲时重置 GPU。驱动信息：{text}',
    'events.xid.95': 'GPU {gpu}：Xid 95，未隔离的 ECC 错误——GPU 上的所有应用程序都受影响；请重置 GPU。驱动信息：{text}',
    'events.xid.119': 'GPU {gpu}：Xid 119，GSP RPC 超时——GPU 系统处理器停止响应；请重置 GPU。驱动信息：{text}',
    'events.xid.120': 'GPU {gpu}：Xid 120，GSP 错误——GPU 系统处理器报告了错误；请重置 GPU。驱动信息：{text}',
    'events.xid.other': 'GPU {gpu}：Xid {xid}——请查阅 NVIDIA 的 Xid 目录（docs.nvidia.com/deploy/xid-errors）。驱动信息：{text}',

    'events.xid.source.kmsg': '从内核日志（/dev/kmsg）读取 Xid 错误。',
    'events.xid.source.journal': '通过 journalctl 从内核日志读取 Xid 错误。',
    'events.xid.unavailable.notLinux': '在 {platform} 上不读取 Xid 错误：它们来自 Linux 内核日志（在 Windows 上驱动把它们写入事件日志）。',
    'events.xid.unavailable.dmesgRestricted':
      '无法读取 Xid 错误：内核日志对当前用户关闭（kernel.dmesg_restrict=1，/dev/kmsg：{errno}），journalctl 也无法向其显示内核消息。请以 root 运行、把用户加入 systemd-journal 或 adm 组，或设置 `sysctl kernel.dmesg_restrict=0`。',
    'events.xid.unavailable.journalNoPermission':
      '无法读取 Xid 错误：这里没有 /dev/kmsg，而 journalctl 只向当前用户显示其自己的日志。请把用户加入 systemd-journal 或 adm 组，或以 root 运行。',
    'events.xid.unavailable.noKernelLog':
      '无法读取 Xid 错误：这里没有可读的内核日志（没有 /dev/kmsg，日志中也没有内核记录）。在容器中请到宿主机上查看：`journalctl -k | grep Xid`。',
    'events.xid.unavailable.sourceEnded': '已停止读取 Xid 错误：journalctl 已退出（{detail}）。',
    'events.xid.unavailable.error': '无法读取 Xid 错误：打开 /dev/kmsg 失败（{errno}），journalctl 也无法提供帮助。',
  },
);
