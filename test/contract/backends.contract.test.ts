// Every backend through the one shared contract (./backend-contract.ts), each over a recording
// of a real machine: the fake NVML playing a scenario, a fake nvidia-smi printing real
// captures, and a sysfs tree written from a real server's layout.

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNvmlDeadlineDriver } from '../../src/backends/nvml/deadline.js';
import { createNvmlDriver } from '../../src/backends/nvml/index.js';
import { createIsolatedNvmlDriver } from '../../src/backends/nvml/isolated.js';
import { createNvidiaSmiDriver } from '../../src/backends/nvidia-smi/index.js';
import { createPciDriver } from '../../src/backends/pci/index.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { materializeSysfsFixture, type MaterializedTree } from '../fixtures/sysfs/materialize.js';
import { describeBackendContract } from './backend-contract.js';

const NVIDIA_SMI_FIXTURES = fileURLToPath(new URL('../fixtures/nvidia-smi/', import.meta.url));
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** A folder with an `nvidia-smi` script that prints the real H100 and H200 captures. */
function recordedNvidiaSmi(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-contract-smi-'));
  const fixture = (name: string) => quote(path.join(NVIDIA_SMI_FIXTURES, name));
  writeFileSync(
    path.join(dir, 'nvidia-smi'),
    `#!/bin/sh
case "$1" in
  --query-gpu=*) cat ${fixture('h100-80gb-hbm3_driver-590.48.01_query-gpu-all-fields_idle.csv')} ;;
  --query-compute-apps=*) cat ${fixture('h200_driver-590.48.01_query-compute-apps_load.csv')} ;;
  -q) cat ${fixture('h100-80gb-hbm3_driver-590.48.01_q-header.txt')} ;;
  *) exit 2 ;;
esac
`,
  );
  chmodSync(path.join(dir, 'nvidia-smi'), 0o755);
  return dir;
}

if (process.platform !== 'win32') {
  describeBackendContract('nvml (fake NVML, 4-GPU server under load)', {
    driver: async () => {
      await ensureFakeNvmlBuilt();
      const env = fakeNvmlEnv(scenarioPath('4gpu-server-load'));
      Object.assign(process.env, env); // the fake reads its scenario with getenv()
      return createNvmlDriver({ env, platform: 'linux' });
    },
    deviceCount: 4,
    expectsProcesses: true,
  });

  describeBackendContract('nvml with one deadline per read (koffi async calls; one-shot info)', {
    driver: async () => {
      await ensureFakeNvmlBuilt();
      const env = fakeNvmlEnv(scenarioPath('4gpu-server-load'));
      Object.assign(process.env, env);
      return createNvmlDeadlineDriver({ env, platform: 'linux' });
    },
    deviceCount: 4,
    expectsProcesses: true,
  });

  describeBackendContract('nvml in a worker thread (long-running commands)', {
    driver: async () => {
      await ensureFakeNvmlBuilt();
      const env = fakeNvmlEnv(scenarioPath('4gpu-server-load'));
      Object.assign(process.env, env);
      return createIsolatedNvmlDriver({ env, platform: 'linux' });
    },
    deviceCount: 4,
    expectsProcesses: true,
  });

  let smiDir = '';
  describeBackendContract('nvidia-smi (real H100/H200 captures)', {
    driver: () => {
      smiDir = recordedNvidiaSmi();
      return createNvidiaSmiDriver({ platform: 'linux', env: { ...process.env, PATH: `${smiDir}:${process.env.PATH ?? ''}` } });
    },
    deviceCount: 1,
    expectsProcesses: true,
    cleanup: () => rmSync(smiDir, { recursive: true, force: true }),
  });

  let tree: MaterializedTree | null = null;
  describeBackendContract('pci (x86 NVIDIA server sysfs)', {
    driver: async () => {
      tree = await materializeSysfsFixture('x86-nvidia-server');
      return createPciDriver({ platform: 'linux', sysfsRoot: tree.root });
    },
    deviceCount: 4,
    expectsProcesses: false,
    cleanup: () => tree?.remove(),
  });
}
