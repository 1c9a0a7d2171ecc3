// Is the doctor running inside a container, and were GPUs passed into it? Inside a container the
// kernel (and its modules) is the host's, but the NVIDIA user-space libraries and /dev/nvidia*
// nodes only appear when the container was started with the NVIDIA runtime (--gpus).

import type { DoctorEnv } from '../env.js';

export type ContainerEngine = 'docker' | 'podman' | 'kubernetes' | 'containerd' | 'lxc' | 'other';

export interface ContainerFacts {
  engine: ContainerEngine;
  /** What gave it away: "/.dockerenv", "/proc/1/cgroup: …/docker/…", "container=podman". */
  evidence: string[];
}

export interface GpuDeviceNodes {
  /** /dev/nvidia0, /dev/nvidia1 … */
  gpus: string[];
  nvidiactl: boolean;
  /** WSL2's paravirtual GPU node. */
  dxg: boolean;
}

/** Reads the engine from /proc/1/cgroup lines such as "0::/docker/<id>" or "…/kubepods/…". */
export function engineFromCgroup(text: string): ContainerEngine | null {
  if (/kubepods/.test(text)) return 'kubernetes';
  if (/\/docker[/-]/.test(text)) return 'docker';
  if (/libpod|podman/.test(text)) return 'podman';
  if (/containerd/.test(text)) return 'containerd';
  if (/\/lxc[/.]/.test(text)) return 'lxc';
  return null;
}

export async function readContainerFacts(env: DoctorEnv): Promise<ContainerFacts | null> {
  if (env.platform !== 'linux') return null;
  const [dockerenv, containerenv, cgroup] = await Promise.all([
    env.fs.exists('/.dockerenv'),
    env.fs.exists('/run/.containerenv'),
    env.fs.readText('/proc/1/cgroup'),
  ]);
  const evidence: string[] = [];
  let engine: ContainerEngine | null = null;
  if (dockerenv) {
    evidence.push('/.dockerenv');
    engine = 'docker';
  }
  if (containerenv) {
    evidence.push('/run/.containerenv');
    engine ??= 'podman';
  }
  if (cgroup.ok) {
    const fromCgroup = engineFromCgroup(cgroup.value);
    if (fromCgroup) {
      const line = cgroup.value.split('\n').find((l) => engineFromCgroup(l) !== null) ?? '';
      evidence.push(`/proc/1/cgroup: ${line.trim()}`);
      engine = fromCgroup === 'kubernetes' ? 'kubernetes' : (engine ?? fromCgroup);
    }
  }
  const containerVar = env.env.container;
  if (containerVar) {
    evidence.push(`container=${containerVar}`);
    engine ??= containerVar === 'podman' ? 'podman' : containerVar === 'docker' ? 'docker' : 'other';
  }
  if (env.env.KUBERNETES_SERVICE_HOST) {
    evidence.push('KUBERNETES_SERVICE_HOST');
    engine = 'kubernetes';
  }
  return engine ? { engine, evidence } : null;
}

export async function readGpuDeviceNodes(env: DoctorEnv): Promise<GpuDeviceNodes> {
  if (env.platform !== 'linux') return { gpus: [], nvidiactl: false, dxg: false };
  const [listing, dxg] = await Promise.all([env.fs.readdir('/dev'), env.fs.exists('/dev/dxg')]);
  const names = listing.ok ? listing.value : [];
  return {
    gpus: names.filter((name) => /^nvidia\d+$/.test(name)).map((name) => `/dev/${name}`),
    nvidiactl: names.includes('nvidiactl'),
    dxg,
  };
}
