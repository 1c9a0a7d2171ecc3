// Where nvidia-smi lives. A bare name is looked up on PATH by the OS; the absolute fallbacks
// cover the usual places that are not on PATH. Each candidate is tried in turn until one runs.

import path from 'node:path';

/**
 * Candidates in order. Windows: PATH, then System32 (DCH drivers install nvidia-smi.exe there),
 * then the NVSMI folder older drivers use. Linux: PATH, then WSL2's driver folder and /usr/bin
 * for services started with a bare PATH.
 */
export function nvidiaSmiCandidates(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string[] {
  if (platform === 'win32') {
    const systemRoot = env.SystemRoot ?? env.SYSTEMROOT ?? env.windir ?? 'C:\\Windows';
    const programFiles = env.ProgramW6432 ?? env.ProgramFiles ?? 'C:\\Program Files';
    return [
      'nvidia-smi.exe',
      path.win32.join(systemRoot, 'System32', 'nvidia-smi.exe'),
      path.win32.join(programFiles, 'NVIDIA Corporation', 'NVSMI', 'nvidia-smi.exe'),
    ];
  }
  if (platform === 'linux') return ['nvidia-smi', '/usr/lib/wsl/lib/nvidia-smi', '/usr/bin/nvidia-smi'];
  return ['nvidia-smi'];
}
