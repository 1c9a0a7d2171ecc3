// The run in serve's history (docs/store.md), where that history exists: its start, each
// attempt's end and the run's end as events, so the dashboard's time axis shows when the job ran
// and died next to what the GPUs did. They are host-wide `process-start` / `process-end` events
// (the job is a process; no new event kind the dashboard would have to learn) with `run.*`
// message keys. A store that is absent is not created; one that is busy, locked, read-only or
// damaged is skipped with the reason — recording never fails the run.

import { existsSync } from 'node:fs';
import type { GpuEvent } from '../events/types.js';
import { commandLine } from './notify.js';
import type { AttemptReport, RunReport } from './report.js';

export function runStartEvent(atMs: number, command: string[]): GpuEvent {
  return { atMs, kind: 'process-start', severity: 'info', deviceKey: null, gpuIndex: null, key: 'run.event.started', params: { command: commandLine(command).slice(0, 300) } };
}

export function runEndEvents(report: RunReport): GpuEvent[] {
  const attempt = (a: AttemptReport): GpuEvent => ({
    atMs: Date.parse(a.endedAt), kind: 'process-end', severity: a.exitCode === 0 ? 'info' : 'warning', deviceKey: null, gpuIndex: null,
    key: 'run.event.attemptEnded', params: { attempt: a.attempt, pid: a.pid, code: a.exitCode, failures: a.failures.join(',') },
  });
  const end: GpuEvent = {
    atMs: Date.parse(report.endedAt), kind: 'process-end', severity: report.exitCode === 0 ? 'info' : 'critical', deviceKey: null, gpuIndex: null,
    key: 'run.event.ended', params: { command: commandLine(report.command).slice(0, 300), code: report.exitCode, attempts: report.attempts.length, stop: report.stop },
  };
  return [...report.attempts.map(attempt), end];
}

/** Appends `events` to the history at `path`; null when written, else why not. */
export async function recordEvents(path: string, events: GpuEvent[]): Promise<string | null> {
  if (!existsSync(path)) return `no history at ${path}`;
  try {
    const { openHistoryStore } = await import('../store/sqlite-store.js');
    const store = openHistoryStore({ path, busyTimeoutMs: 1000 });
    try {
      store.append([], events);
    } finally {
      store.close();
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
