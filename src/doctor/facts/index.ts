// The facts every check draws on, each read at most once per doctor run (memoised promises), so
// checks can run concurrently without reading the same file or starting the same probe twice.

import type { DoctorEnv } from '../env.js';
import type { DoctorInputs } from '../inputs.js';
import { msg, type Message } from '../types.js';
import { readContainerFacts, readGpuDeviceNodes, type ContainerFacts, type GpuDeviceNodes } from './container.js';
import { readCudaToolkits, type CudaToolkitFacts } from './cuda-toolkits.js';
import { readCudnn, type CudnnFact } from './cudnn.js';
import { readDockerFacts, type DockerFacts } from './docker.js';
import { readGpuFacts, type GpuFacts } from './gpus.js';
import { readHostResources, type HostResourceFacts } from './host-resources.js';
import {
  isModuleLoaded,
  readInstalledNvidiaModule,
  readKernelModules,
  readNvidiaKernelModule,
  type KernelModuleFacts,
  type NvidiaKernelModule,
} from './kernel-modules.js';
import { readOsFacts, type OsFacts } from './os.js';
import { formatSeconds, probeLimits, watchProbes } from './probe-limits.js';
import { readPythonFacts, type PythonFacts } from './python.js';
import { readSecureBoot, type SecureBootFacts } from './secure-boot.js';

export interface DoctorProgressEvent {
  /** `waiting`: a program the doctor asked has been running a while; the task names it. */
  phase: 'start' | 'done' | 'waiting';
  task: Message;
}

export interface FactsOptions {
  onProgress?: (event: DoctorProgressEvent) => void;
  /** The limit for every program the doctor runs; by default each kind has its own (see probe-limits.ts). */
  timeoutMs?: number;
  /** How long a program runs before progress says it is waiting (default 3 s). */
  waitNoticeMs?: number;
  /**
   * Facts known from elsewhere, used instead of reading them: `doctor --from` gives those a
   * pasted collect_env states (src/doctor/from/), so the same checks judge another machine.
   */
  known?: Partial<Pick<DoctorFacts, 'os' | 'container' | 'toolkits' | 'cudnn' | 'python'>>;
}

export interface ModuleState {
  facts: KernelModuleFacts;
  nouveau: boolean;
  nvidia: boolean;
}

export interface DoctorFacts {
  readonly env: DoctorEnv;
  readonly inputs: DoctorInputs;
  os(): Promise<OsFacts>;
  container(): Promise<ContainerFacts | null>;
  deviceNodes(): Promise<GpuDeviceNodes>;
  modules(): Promise<ModuleState>;
  nvidiaModule(): Promise<NvidiaKernelModule | null>;
  /** The installed (not necessarily loaded) nvidia module's version from `modinfo`; null when none. */
  installedNvidiaModule(): Promise<string | null>;
  secureBoot(): Promise<SecureBootFacts>;
  host(): Promise<HostResourceFacts>;
  toolkits(): Promise<CudaToolkitFacts>;
  /** System-wide cuDNN installs, and headers that are there but could not be read. */
  cudnn(): Promise<CudnnFact[]>;
  python(): Promise<PythonFacts>;
  docker(): Promise<DockerFacts>;
  gpus(): GpuFacts;
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ??= read());
}

export function createFacts(machine: DoctorEnv, inputs: DoctorInputs, options: FactsOptions = {}): DoctorFacts {
  const progress = options.onProgress ?? (() => undefined);
  const limits = probeLimits(options.timeoutMs);
  const env = watchProbes(machine, {
    firstNoticeMs: options.waitNoticeMs,
    onWaiting: (wait) =>
      progress({ phase: 'waiting', task: msg('doctor.progress.waiting', { command: wait.command, elapsed: formatSeconds(wait.elapsedMs), limit: formatSeconds(wait.timeoutMs) }) }),
  });
  const gpus = readGpuFacts(inputs);
  const known = options.known ?? {};
  const toolkits = known.toolkits ?? once(() => readCudaToolkits(env, limits));
  return {
    env,
    inputs,
    os: known.os ?? once(() => readOsFacts(env, limits)),
    container: known.container ?? once(() => readContainerFacts(env)),
    deviceNodes: once(() => readGpuDeviceNodes(env)),
    modules: once(async () => {
      const facts = await readKernelModules(env);
      const [nouveau, nvidia] = await Promise.all([isModuleLoaded(env, facts, 'nouveau'), isModuleLoaded(env, facts, 'nvidia')]);
      return { facts, nouveau, nvidia };
    }),
    nvidiaModule: once(() => readNvidiaKernelModule(env)),
    installedNvidiaModule: once(() => readInstalledNvidiaModule(env, limits)),
    secureBoot: once(() => readSecureBoot(env, limits)),
    host: once(() => readHostResources(env, inputs.host)),
    toolkits,
    cudnn: known.cudnn ?? once(async () => readCudnn(env, (await toolkits()).toolkits)),
    python: known.python ?? once(() =>
      readPythonFacts(env, {
        timeoutMs: limits.frameworksMs,
        onProbe: (interpreter, phase) => progress({ phase, task: msg('doctor.progress.python', { path: interpreter.path }) }),
      }),
    ),
    docker: once(async () => {
      progress({ phase: 'start', task: msg('doctor.progress.docker') });
      const facts = await readDockerFacts(env, limits);
      progress({ phase: 'done', task: msg('doctor.progress.docker') });
      return facts;
    }),
    gpus: () => gpus,
  };
}
