// Evidence that a PID seen through a non-host procfs is really a GPU process: every process with a
// GPU context holds the vendor's device files open (NVIDIA: /dev/nvidiactl, /dev/nvidia0…,
// /dev/nvidia-uvm; AMD: /dev/kfd, /dev/dri/renderD*; Intel: /dev/dri/*). Listing /proc/<pid>/fd
// needs ptrace read rights over the process (same user, or root), as nvidia-smi's own lookup does.

import path from 'node:path';
import { listDirectory, readLink } from './proc-files.js';

const GPU_DEVICE_PATH = /^\/dev\/(nvidia|kfd$|dri\/)/;

export function isGpuDevicePath(target: string): boolean {
  return GPU_DEVICE_PATH.test(target);
}

export type GpuDeviceEvidence = 'holds-gpu-device' | 'no-gpu-device' | 'missing' | 'no-permission';

/** Whether process `pid` in the procfs at `procRoot` has a GPU device file open. */
export function findGpuDeviceEvidence(procRoot: string, pid: number): GpuDeviceEvidence {
  const fdDir = path.join(procRoot, String(pid), 'fd');
  const listing = listDirectory(fdDir);
  if (!listing.ok) return listing.failure === 'no-permission' ? 'no-permission' : 'missing';
  for (const name of listing.names) {
    const link = readLink(path.join(fdDir, name));
    if (link.ok && isGpuDevicePath(link.target)) return 'holds-gpu-device';
  }
  return 'no-gpu-device';
}
