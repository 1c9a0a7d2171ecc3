import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'host.problem.pidNamespace':
      'gpuwise runs in its own PID namespace (a container), and the GPU driver reports PIDs it cannot match to processes here, so user, command, CPU and memory of {count} GPU process(es) are not shown. Run the container with `--pid=host` (Docker, Podman) or `hostPID: true` (Kubernetes) to see them.',
    'host.problem.processNoPermission':
      'No permission to read {count} GPU process(es) (PID {pids}): /proc hides other users’ processes here (mounted with hidepid). Run gpuwise as root, or ask the administrator to add you to the group named by the `gid=` mount option of /proc.',
    'host.problem.malformedFile':
      'Could not understand {path}; the values it holds are left empty. Please report this with the content of that file: {excerpt}',
    'host.problem.unreadableFile': 'Could not read {path} ({detail}); the values it holds are left empty.',
    'host.problem.procUnavailable':
      'Cannot read the process list at {path} ({detail}), so no host details are shown for GPU processes. Is /proc mounted?',
    'host.problem.treeTruncated':
      'GPU process {pid} has more than {limit} descendant processes; only the first {limit} are listed and counted in its totals.',
    'host.problem.bug':
      'Unexpected error while reading the host ({scope}): {detail}. This is a bug in gpuwise; please report it with the output of `gpuwise info --json`.',
  },
  {
    'host.problem.pidNamespace':
      'gpuwise 运行在独立的 PID 命名空间（容器）中，GPU 驱动报告的 PID 无法与这里的进程对应，因此 {count} 个 GPU 进程的用户、命令、CPU 和内存信息无法显示。请用 `--pid=host`（Docker、Podman）或 `hostPID: true`（Kubernetes）启动容器后再查看。',
    'host.problem.processNoPermission':
      '无权读取 {count} 个 GPU 进程（PID {pids}）的信息：本机的 /proc 以 hidepid 方式挂载，隐藏了其他用户的进程。请以 root 身份运行 gpuwise，或请管理员把你加入 /proc 挂载选项 `gid=` 指定的用户组。',
    'host.problem.malformedFile':
      '无法解析 {path}，其中的数值已留空。请把该文件的内容附上报告给我们：{excerpt}',
    'host.problem.unreadableFile': '无法读取 {path}（{detail}），其中的数值已留空。',
    'host.problem.procUnavailable':
      '无法读取 {path} 下的进程信息（{detail}），因此不显示 GPU 进程的主机信息。/proc 是否已挂载？',
    'host.problem.treeTruncated': 'GPU 进程 {pid} 的子孙进程超过 {limit} 个，只列出并统计了前 {limit} 个。',
    'host.problem.bug': '读取主机信息（{scope}）时发生意外错误：{detail}。这是 gpuwise 的缺陷，请附上 `gpuwise info --json` 的输出报告给我们。',
  },
);
