// A process started or ended on a GPU, keyed by (GPU key, PID) and, where the host says when the
// process started, that start time too: a PID the kernel handed to a new process between two
// reads then reads as one ending and one starting, not as the same process carrying on.
//
// A GPU's first reliable process list is its baseline: what already ran when we began watching
// is not "started" (no flood of starts when serve starts on a busy box). A GPU that is lost, in
// error or missing, or whose process list failed this read, keeps its last list untouched: its
// processes did not end because the driver stopped telling.

import type { GpuProcess, SnapshotProblem } from '../../core/snapshot.js';
import type { GpuEvent } from '../types.js';
import { gpuEvent, type DeviceView, type SampleView } from './rule.js';

interface Seen {
  pid: number;
  name: string | null;
  startedAt: string | null;
}

/** NVML's reader names the failed list in the problem's text (reader.ts: `${list}: ${text}`). */
const LIST_FAILURE = /^(compute|graphics)Processes\b/;

function failedLists(problems: readonly SnapshotProblem[], views: readonly DeviceView[]): { all: boolean; keys: Set<string> } {
  const keys = new Set<string>();
  let all = false;
  for (const problem of problems) {
    if (problem.scope === 'processes') all = true;
    if (!problem.scope.startsWith('device:') || !LIST_FAILURE.test(problem.message)) continue;
    const where = problem.scope.slice('device:'.length);
    for (const view of views) if (String(view.device.index) === where || view.device.pciBusId === where) keys.add(view.key);
  }
  return { all, keys };
}

function byDevice(processes: readonly GpuProcess[], views: readonly DeviceView[]): Map<string, Map<number, Seen>> {
  const keyOfUuid = new Map<string, string>();
  const keyOfIndex = new Map<number, string>();
  for (const view of views) {
    if (view.device.uuid) keyOfUuid.set(view.device.uuid, view.key);
    keyOfIndex.set(view.device.index, view.key);
  }
  const out = new Map<string, Map<number, Seen>>();
  for (const process of processes) {
    const key = (process.gpuUuid ? keyOfUuid.get(process.gpuUuid) : undefined) ?? keyOfIndex.get(process.gpuIndex);
    if (key === undefined) continue;
    let pids = out.get(key);
    if (!pids) out.set(key, (pids = new Map()));
    // One PID in several MIG instances of a GPU is one process on that GPU.
    if (!pids.has(process.pid)) pids.set(process.pid, { pid: process.pid, name: process.name, startedAt: process.startedAt });
  }
  return out;
}

function sameProcess(before: Seen, now: Seen): boolean {
  return before.startedAt === null || now.startedAt === null || before.startedAt === now.startedAt;
}

export function createProcessRule(isUp: (key: string) => boolean) {
  const lists = new Map<string, Map<number, Seen>>();

  const event = (atMs: number, view: DeviceView, seen: Seen, kind: 'process-start' | 'process-end'): GpuEvent => {
    const verb = kind === 'process-start' ? 'start' : 'end';
    const params: Record<string, string | number> = { pid: seen.pid };
    if (seen.name !== null && seen.name !== '') params.name = seen.name;
    const key = params.name === undefined ? (`events.process.${verb}Unnamed` as const) : (`events.process.${verb}` as const);
    return gpuEvent(atMs, view, kind, 'info', key, params);
  };

  return {
    next(sample: SampleView): GpuEvent[] {
      const failed = failedLists(sample.problems, sample.devices);
      const current = byDevice(sample.processes, sample.devices);
      const events: GpuEvent[] = [];
      for (const view of sample.devices) {
        const now = current.get(view.key) ?? new Map<number, Seen>();
        if (!isUp(view.key) || failed.keys.has(view.key) || (failed.all && now.size === 0)) continue;
        const before = lists.get(view.key);
        lists.set(view.key, now);
        if (!before) continue;
        for (const [pid, seen] of before) {
          const still = now.get(pid);
          if (!still || !sameProcess(seen, still)) events.push(event(sample.atMs, view, seen, 'process-end'));
        }
        for (const [pid, seen] of now) {
          const earlier = before.get(pid);
          if (!earlier || !sameProcess(earlier, seen)) events.push(event(sample.atMs, view, seen, 'process-start'));
          // Keep the start time once known: a later read that cannot resolve it is still the same process.
          else if (seen.startedAt === null && earlier.startedAt !== null) seen.startedAt = earlier.startedAt;
        }
      }
      return events;
    },
  };
}
