// diagnose's analysis: findings, their evidence and fixes, the notes, the batch advice.
// Placeholders: {gpu} a GPU index, {pid}, percentages already rounded, {bytes} formatted by the caller's params.
import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'diagnose.insufficient.noGpu': 'No GPU was observed, so there is nothing to diagnose. Check that the driver answers (`gpuwise doctor`).',
    'diagnose.insufficient.noGpuData': 'The GPUs were found but gave no utilisation or memory figures in this window, so nothing can be judged.',
    'diagnose.insufficient.tooShort': 'Too little to judge: {samples} {samples:sample|samples} over {seconds} s; diagnose needs at least {minSamples} samples over {minSeconds} s. Observe for longer (--duration).',

    'diagnose.note.gpuUtil': 'GPU-Util is the share of time in which at least one kernel was running — not how busy the GPU’s SMs were. A single small kernel running all the time reads as 100 %. SM activity (GPM, Hopper and newer) says how much of the GPU the kernels actually used.',
    'diagnose.note.noGpm': 'GPU {gpu} ({name}) gives no SM, tensor or DRAM activity (GPM needs a Hopper or newer GPU and driver R520+): how full its kernels kept the SMs is judged from GPU-Util and memory only.',
    'diagnose.note.noSubSamples': 'GPU {gpu}: the driver’s 1/6 s samples were not available, so gaps shorter than the sampling interval cannot be seen.',
    'diagnose.note.noPcie': 'GPU {gpu}: no PCIe throughput figures, so host↔device copies could not be judged.',
    'diagnose.note.noThrottle': 'GPU {gpu}: no throttle counters or clock-event reasons, so throttling could not be judged.',
    'diagnose.note.noTree': 'No process was watched (whole GPUs only): the host-side causes — input pipeline, launch-bound main thread — were not judged. Use --pid N or `-- command …`.',
    'diagnose.note.treeUnread': 'The watched process tree could not be read (it ended, or /proc is not readable here): host-side causes were not judged.',
    'diagnose.note.noThreads': 'The main process’s threads were not read: its busiest thread is judged from the whole process’s CPU.',
    'diagnose.note.noIowait': 'No iowait figure on this host (Linux only), so storage stalls were judged from the tree’s disk reads alone.',
    'diagnose.note.noProcesses': 'The driver listed no GPU processes (none ran, or the list is not readable here): memory holders cannot be named.',
  },
  {
    'diagnose.insufficient.noGpu': '没有观测到 GPU，无从诊断。请检查驱动是否响应（`gpuwise doctor`）。',
    'diagnose.insufficient.noGpuData': '找到了 GPU，但本窗口内它们没有给出利用率或显存数据，无法判断。',
    'diagnose.insufficient.tooShort': '数据太少，无法判断：{seconds} 秒内仅 {samples} 个样本；诊断至少需要 {minSeconds} 秒内的 {minSamples} 个样本。请观测更长时间（--duration）。',

    'diagnose.note.gpuUtil': 'GPU-Util 是至少有一个内核在运行的时间占比，而不是 GPU 的 SM 有多忙。一个一直在运行的小内核也会显示 100 %。SM 活跃度（GPM，Hopper 及更新架构）才说明内核实际用了 GPU 的多少。',
    'diagnose.note.noGpm': 'GPU {gpu}（{name}）不提供 SM、张量核心或显存带宽活跃度（GPM 需要 Hopper 或更新的 GPU 以及 R520+ 驱动）：内核把 SM 占满了多少只能从 GPU-Util 和显存推断。',
    'diagnose.note.noSubSamples': 'GPU {gpu}：无法读取驱动的 1/6 秒采样，短于采样间隔的空档看不到。',
    'diagnose.note.noPcie': 'GPU {gpu}：没有 PCIe 吞吐数据，无法判断主机与设备之间的拷贝。',
    'diagnose.note.noThrottle': 'GPU {gpu}：没有降频计数器或时钟事件原因，无法判断是否降频。',
    'diagnose.note.noTree': '未观测任何进程（只看整块 GPU）：主机侧原因（输入流水线、主线程受限于内核启动）未做判断。请使用 --pid N 或 `-- command …`。',
    'diagnose.note.treeUnread': '无法读取被观测的进程树（进程已结束，或此处无法读取 /proc）：主机侧原因未做判断。',
    'diagnose.note.noThreads': '未读取主进程的线程：其最忙线程只能按整个进程的 CPU 判断。',
    'diagnose.note.noIowait': '此主机没有 iowait 数据（仅 Linux 提供），存储等待只能按进程树的磁盘读取判断。',
    'diagnose.note.noProcesses': '驱动没有列出 GPU 进程（没有进程运行，或此处无法读取进程列表）：无法指出谁占用了显存。',
  },
);
