// Which GPUs a sample keeps. A watch without --gpu keeps the GPUs the watched process tree used
// (all of them until it used one): the observer narrows as it goes (observe-samples.ts), and a
// streamed trace is narrowed again when read (trace.ts), so a live report and a replay of its
// trace see the same GPUs. Pure: the trace reader loads it without the host or NVML code.

import type { ObservationSample } from './types.js';

/** The sample with only these GPUs' devices, processes and driver sub-samples. */
export function onGpus(sample: ObservationSample, gpus: ReadonlySet<number>): ObservationSample {
  return {
    ...sample,
    devices: sample.devices.filter((d) => gpus.has(d.index)),
    processes: sample.processes.filter((p) => gpus.has(p.gpuIndex)),
    subSamples: sample.subSamples.filter((s) => gpus.has(s.deviceIndex)),
  };
}

/** The GPUs the sample's tree used: those its members hold as GPU processes (none without a tree). */
export function treeGpusOf(sample: ObservationSample): number[] {
  if (sample.tree === null) return [];
  const members = new Set(sample.tree.processes.map((p) => p.pid));
  return [...new Set(sample.processes.filter((p) => members.has(p.pid)).map((p) => p.gpuIndex))];
}
