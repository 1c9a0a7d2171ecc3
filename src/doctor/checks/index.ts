// Every check, in report order: layer by layer, bottom of the stack first.

import type { Check } from './check.js';
import { containersDocker, containersNvidiaRuntime } from './containers.js';
import { cudaDriverMax, cudaToolkitArch, cudaToolkitDriver, cudaToolkits } from './cuda.js';
import { cudaCudnn } from './cuda-cudnn.js';
import { driverKernelModule, driverNouveau, driverNvml } from './driver.js';
import { driverBranchCheck, driverGpuSupport, driverPersistence, driverVersionMismatch } from './driver-health.js';
import { frameworksJax } from './frameworks-jax.js';
import { frameworksPython } from './frameworks-python.js';
import { frameworksPytorch } from './frameworks-pytorch.js';
import { frameworksTensorflow } from './frameworks-tensorflow.js';
import { hardwareGpus } from './hardware-gpus.js';
import { hardwareCpu, hardwareDisk, hardwareMemory } from './hardware-host.js';
import { hardwarePsu } from './hardware-psu.js';
import { osContainer, osDistro, osSecureBoot, osWsl } from './os.js';

export const ALL_CHECKS: readonly Check[] = [
  hardwareGpus,
  hardwareMemory,
  hardwareCpu,
  hardwareDisk,
  hardwarePsu,
  osDistro,
  osWsl,
  osContainer,
  osSecureBoot,
  driverNouveau,
  driverKernelModule,
  driverNvml,
  driverVersionMismatch,
  driverGpuSupport,
  driverPersistence,
  driverBranchCheck,
  cudaDriverMax,
  cudaToolkits,
  cudaToolkitDriver,
  cudaToolkitArch,
  cudaCudnn,
  frameworksPython,
  frameworksPytorch,
  frameworksTensorflow,
  frameworksJax,
  containersDocker,
  containersNvidiaRuntime,
];

export type { Check, CheckContext, DriverState } from './check.js';
