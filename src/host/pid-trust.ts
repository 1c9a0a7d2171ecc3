// Decides, for one batch of process readings, which ones really are the GPU processes the driver
// named — and why the others are not shown (see pid-namespace.ts for the reasoning).

import type { HostResolution } from '../core/snapshot.js';
import { findGpuDeviceEvidence } from './gpu-device-evidence.js';
import type { ProcessReading } from './linux-process-reader.js';
import { namespacePidMatches, type NamespaceClassification } from './pid-namespace.js';

export type FoundReading = Extract<ProcessReading, { kind: 'found' }>;

/** Whether a PID exists in gpuwise's own namespace: the answer behind an invisible /proc entry. */
export type PidProbe = (pid: number) => 'exists' | 'not-found' | 'unknown';

/** process.kill(pid, 0) sends nothing; EPERM means "exists, not yours", ESRCH "no such process". */
export const signalPidProbe: PidProbe = (pid) => {
  try {
    process.kill(pid, 0);
    return 'exists';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EPERM' ? 'exists' : code === 'ESRCH' ? 'not-found' : 'unknown';
  }
};

export interface BatchJudgement {
  /** Readings whose details may be shown. */
  accepted: FoundReading[];
  /** Every other PID of the batch, with the reason. */
  rejected: Map<number, HostResolution>;
}

export interface PidTrust {
  judge(view: NamespaceClassification, readings: readonly ProcessReading[], probePid: PidProbe): BatchJudgement;
}

export function createPidTrust(procRoot: string): PidTrust {
  // Proven GPU-device holders, keyed by pid and start time (a reused PID is another process).
  const holdsDevice = new Map<string, boolean>();
  // Set once a driver PID named a live process here without a GPU device: the driver reports
  // PIDs of another namespace, and that does not change while we run.
  let driverGivesForeignPids = false;

  function holdsGpuDevice(reading: FoundReading): boolean | null {
    const key = `${reading.pid}:${reading.stat?.startTicks ?? '?'}`;
    const known = holdsDevice.get(key);
    if (known !== undefined) return known;
    const evidence = findGpuDeviceEvidence(procRoot, reading.pid);
    if (evidence === 'no-permission' || evidence === 'missing') return null;
    holdsDevice.set(key, evidence === 'holds-gpu-device');
    return evidence === 'holds-gpu-device';
  }

  function judgeHostView(view: NamespaceClassification, readings: readonly ProcessReading[], probePid: PidProbe): BatchJudgement {
    const accepted: FoundReading[] = [];
    const rejected = new Map<number, HostResolution>();
    // Indexed: 200 readings a tick, and an iterator's every step is an object until optimised.
    for (let i = 0; i < readings.length; i++) {
      const reading = readings[i]!;
      if (reading.kind === 'found') {
        if (namespacePidMatches(reading.pid, reading.status?.namespacePids ?? null)) accepted.push(reading);
        else rejected.set(reading.pid, 'other-namespace');
      } else if (reading.kind === 'missing') {
        // Absent from /proc yet alive: hidepid=2 hides other users' processes. kill(pid, 0) asks
        // about our own namespace, so only when that is the namespace of this procfs.
        const hidden = view.callerSharesProcfsNamespace && probePid(reading.pid) === 'exists';
        rejected.set(reading.pid, hidden ? 'no-permission' : 'gone');
      } else {
        // 'unreadable' is an odd errno (EIO …); HostResolution has no "error", and the problem
        // entry the caller adds carries the real cause.
        rejected.set(reading.pid, 'no-permission');
      }
    }
    return { accepted, rejected };
  }

  function judgeOtherView(readings: readonly ProcessReading[]): BatchJudgement {
    const candidates: FoundReading[] = [];
    const rejected = new Map<number, HostResolution>();
    let foreignInBatch = false;
    for (const reading of readings) {
      if (reading.kind === 'found') {
        const holds = holdsGpuDevice(reading);
        if (holds === true) candidates.push(reading);
        else rejected.set(reading.pid, 'other-namespace');
        if (holds === false) foreignInBatch = driverGivesForeignPids = true;
      } else if (reading.kind === 'missing') {
        // A host PID this namespace does not have — or a process that just exited; either way
        // the batch cannot be trusted (only a live process without a GPU device is sticky).
        foreignInBatch = true;
        rejected.set(reading.pid, 'other-namespace');
      } else {
        rejected.set(reading.pid, reading.kind === 'no-permission' ? 'no-permission' : 'other-namespace');
      }
    }
    // A PID that matches a GPU process here may still be a coincidence when its neighbours prove
    // that the driver speaks host PIDs.
    if (foreignInBatch || driverGivesForeignPids) {
      for (const reading of candidates) rejected.set(reading.pid, 'other-namespace');
      return { accepted: [], rejected };
    }
    return { accepted: candidates, rejected };
  }

  return {
    judge(view, readings, probePid) {
      return view.view === 'host' ? judgeHostView(view, readings, probePid) : judgeOtherView(readings);
    },
  };
}
