// The observer: turns the sampler's Samples into an Observation — the watched GPUs only, their
// processes, the driver's sub-second samples, the host with iowait and page-cache pressure, and
// the watched process tree. `diagnose` (this command) and `run` (which watches its own job)
// feed it from their own sampler.
//
// Which GPUs are watched: `--gpu` names them; otherwise the GPUs any process of the tree used at
// any sample of the window, and all GPUs when no process of it touched one (an input-bound job
// that has not reached the GPU yet still shows the GPU idle). So every GPU is kept per sample
// and the choice is made when the observation is taken.
//
// Memory stays bounded on long runs: only the newest `maxSamples` samples are kept.

import type { GpuProcess, Snapshot, SnapshotProblem } from '../core/snapshot.js';
import { createIoRateReader } from '../host/io-rates.js';
import type { Sample, Sampler } from '../monitor/sampler.js';
import { createTreeSampler, emptyTree, type TreeSampler } from './observe-tree.js';
import { onGpus } from './sample-gpus.js';
import { TRACE_FORMAT, TRACE_VERSION, type HostSample, type JobEnd, type Observation, type ObservationSample, type ObservationTarget } from './types.js';

/**
 * 10 min at 250 ms, 40 min at 1 s. A sample of an 8-GPU machine holds 10–20 KiB (every device
 * field, the processes, the tree), so this bounds the observer near 50 MiB there.
 */
export const DEFAULT_MAX_SAMPLES = 2400;
/** Problems kept (distinct scope + code); a broken GPU must not grow the list every tick. */
const MAX_PROBLEMS = 64;

export interface ObserverOptions {
  sampler: Pick<Sampler, 'intervalMs'>;
  target: ObservationTarget;
  rootPid: number | null;
  recordedBy: string;
  /** Samples kept (the newest); default DEFAULT_MAX_SAMPLES. */
  maxSamples?: number;
  /** The tree reader (tests pass one over a recorded procfs); default /proc. */
  treeSampler?: TreeSampler;
  /** Where /proc/vmstat is (default /proc). */
  procRoot?: string;
  /** Each sample once it is final (its tree read), in order: `diagnose --record` streams them. */
  onKept?: (sample: ObservationSample) => void;
}

export interface Observer {
  /** Give it every sample (sampler.subscribe(observer.onSample)). */
  onSample(sample: Sample): void;
  /** What was observed so far; `maxSamples`: only the newest that many. */
  observation(maxSamples?: number): Observation;
  /** Resolves when every sample given so far has its tree read (the tree read is async). */
  settled(): Promise<void>;
  /** Records how a job started by the caller ended. */
  endJob(end: JobEnd): void;
  close(): void;
}

interface Kept {
  sample: ObservationSample;
  /** GPU indices the tree's processes used at this sample. */
  treeGpus: number[];
}

function hostSample(snapshot: Snapshot, majorFaultsPerSecond: number | null): HostSample {
  const host = snapshot.host;
  return {
    cpuUtilPercent: host.cpuUtilPercent,
    cpuTime: host.cpuTime ?? null,
    memoryAvailableBytes: host.memoryAvailableBytes,
    memoryCachedBytes: host.memoryCachedBytes ?? null,
    majorFaultsPerSecond,
  };
}

/** A GPU process without its host tree and threads (the observation has its own tree). */
function withoutTree(process: GpuProcess): GpuProcess {
  const { tree: _tree, threads: _threads, ...rest } = process;
  return rest;
}

/** Said in the report: the window analysed is the newest part of a longer watch. */
function droppedProblem(kept: number, dropped: number): SnapshotProblem {
  return {
    scope: 'observer',
    code: 'samples-dropped',
    message: `kept the newest ${kept} samples; ${dropped} older ones were dropped to bound memory`,
    key: 'diagnoseCli.problem.samplesDropped',
    params: { kept, dropped },
  };
}

export function createObserver(options: ObserverOptions): Observer {
  const maxSamples = Math.max(1, options.maxSamples ?? DEFAULT_MAX_SAMPLES);
  const fixedGpus = options.target.gpuIndices === null ? null : new Set(options.target.gpuIndices);
  const trees = options.rootPid === null ? null : (options.treeSampler ?? createTreeSampler(options.procRoot === undefined ? {} : { procRoot: options.procRoot }));
  const vmstat = createIoRateReader(options.procRoot ?? '/proc');
  const kept: Kept[] = [];
  const treeGpusSeen = new Set<number>();
  const problems = new Map<string, SnapshotProblem>();
  let latest: Snapshot | null = null;
  let createdAt = new Date().toISOString();
  let job: JobEnd | null = null;
  let chain: Promise<void> = Promise.resolve();

  let dropped = 0;
  const keep = (entry: Kept) => {
    kept.push(entry);
    options.onKept?.(entry.sample);
    if (kept.length > maxSamples) {
      dropped += kept.length - maxSamples;
      kept.splice(0, kept.length - maxSamples);
    }
  };

  function onSample(sample: Sample): void {
    const { snapshot } = sample;
    if (latest === null) createdAt = snapshot.at;
    latest = snapshot;
    for (const problem of snapshot.problems) {
      const id = `${problem.scope}\u0000${problem.code}`;
      if (!problems.has(id) && problems.size < MAX_PROBLEMS) problems.set(id, problem);
    }
    const watched = (index: number) => fixedGpus === null || fixedGpus.has(index);
    const observation: ObservationSample = {
      wallMs: sample.wallMs,
      coversMs: sample.coversMs,
      devices: snapshot.devices.filter((d) => watched(d.index)),
      processes: snapshot.processes.filter((p) => watched(p.gpuIndex)).map(withoutTree),
      subSamples: (snapshot.samples ?? []).filter((s) => watched(s.deviceIndex)),
      host: hostSample(snapshot, vmstat.majorFaultsPerSecond(sample.monotonicMs)),
      tree: null,
    };
    if (trees === null || options.rootPid === null) {
      keep({ sample: observation, treeGpus: [] });
      return;
    }
    const rootPid = options.rootPid;
    const gpuPids = new Set(snapshot.processes.map((p) => p.pid));
    // Tree reads keep CPU baselines, so they run one after another, in sample order.
    chain = chain.then(async () => {
      try {
        observation.tree = await trees.read(rootPid, gpuPids, sample.monotonicMs);
      } catch {
        observation.tree = emptyTree(rootPid);
      }
      const members = new Set(observation.tree.processes.map((p) => p.pid));
      const treeGpus = [...new Set(snapshot.processes.filter((p) => members.has(p.pid)).map((p) => p.gpuIndex))];
      for (const index of treeGpus) treeGpusSeen.add(index);
      // Once the tree has used a GPU, the others are not kept: on an 8-GPU node a one-GPU job's
      // samples hold one device, not eight (the choice above only ever narrows to the tree's GPUs).
      if (fixedGpus === null && treeGpusSeen.size > 0) {
        observation.devices = observation.devices.filter((d) => treeGpusSeen.has(d.index));
        observation.processes = observation.processes.filter((p) => treeGpusSeen.has(p.gpuIndex));
        observation.subSamples = observation.subSamples.filter((s) => treeGpusSeen.has(s.deviceIndex));
      }
      keep({ sample: observation, treeGpus });
    });
  }

  function observation(limit?: number): Observation {
    const window = limit === undefined ? kept : kept.slice(Math.max(0, kept.length - Math.max(1, limit)));
    // The tree's GPUs over the window taken; all GPUs when it used none (see the top of the file).
    const treeGpus = new Set(window.flatMap((k) => k.treeGpus));
    const narrow = fixedGpus === null && trees !== null && treeGpus.size > 0;
    const samples = window.map(({ sample }) => (narrow ? onGpus(sample, treeGpus) : sample));
    const first = samples[0];
    const last = samples[samples.length - 1];
    return {
      format: TRACE_FORMAT,
      version: TRACE_VERSION,
      recordedBy: options.recordedBy,
      startedAt: first ? new Date(first.wallMs).toISOString() : createdAt,
      endedAt: last ? new Date(last.wallMs).toISOString() : createdAt,
      intervalMs: options.sampler.intervalMs,
      target: options.target,
      rootPid: options.rootPid,
      backend: latest?.backend ?? null,
      driver: latest?.driver ?? { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} },
      hostname: latest?.host.hostname ?? '',
      cpuLogicalCount: latest?.host.cpuLogicalCount ?? null,
      samples,
      job,
      problems: dropped === 0 ? [...problems.values()] : [...problems.values(), droppedProblem(maxSamples, dropped)],
    };
  }

  return {
    onSample,
    observation,
    settled: () => chain,
    endJob(end) {
      job = end;
    },
    close: () => trees?.close(),
  };
}
