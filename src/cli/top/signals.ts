// Who may be signalled from `top`, and the send itself. Only a process this user may signal
// (kill(pid, 0) says so, the same check the kernel makes for the real signal), never one whose
// PID belongs to another PID namespace (that number names a different process here), never
// gpuwise itself or init — and the app checks the PID is still the chosen process first.

import type { Snapshot } from '../../core/snapshot.js';
import type { MessageKey } from '../../i18n/index.js';
import type { ProcessRow } from './process-rows.js';
import type { SignalName, SignalTarget } from './state.js';

export type Probe = (pid: number) => 'ok' | 'no-permission' | 'gone';

export type SignalCheck = { ok: true } | { ok: false; key: MessageKey };

/** kill(pid, 0): no signal is sent, only the permission and existence checks. */
export const killProbe: Probe = (pid) => {
  try {
    process.kill(pid, 0);
    return 'ok';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'no-permission' : 'gone';
  }
};

export interface SignalPolicy {
  readonly: boolean;
  selfPid: number;
  probe: Probe;
}

export function checkSignalable(row: Pick<ProcessRow, 'pid' | 'resolution'>, policy: SignalPolicy): SignalCheck {
  if (policy.readonly) return { ok: false, key: 'top.signal.readonly' };
  if (row.resolution === 'other-namespace') return { ok: false, key: 'top.signal.otherNamespace' };
  if (row.resolution === 'gone') return { ok: false, key: 'top.signal.gone' };
  if (row.resolution !== 'ok') return { ok: false, key: 'top.signal.unresolved' };
  if (row.pid === policy.selfPid) return { ok: false, key: 'top.signal.self' };
  if (!Number.isSafeInteger(row.pid) || row.pid <= 1) return { ok: false, key: 'top.signal.notPermitted' };
  const probe = policy.probe(row.pid);
  if (probe === 'no-permission') return { ok: false, key: 'top.signal.notPermitted' };
  if (probe === 'gone') return { ok: false, key: 'top.signal.gone' };
  return { ok: true };
}

export type SendResult = { ok: true } | { ok: false; key: MessageKey; reason?: string };

export type Kill = (pid: number, signal: SignalName) => void;

export function sendSignal(pid: number, signal: SignalName, kill: Kill = (p, s) => void process.kill(p, s)): SendResult {
  try {
    kill(pid, signal);
    return { ok: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM') return { ok: false, key: 'top.signal.notPermitted' };
    if (code === 'ESRCH') return { ok: false, key: 'top.signal.gone' };
    return { ok: false, key: 'top.signal.failed', reason: code ?? String(error) };
  }
}

export type Identity = 'same' | 'changed' | 'gone' | 'unknown';

/**
 * Is `target` in a fresh snapshot still the process the user chose? A GPU process by PID and
 * start time (a reused PID starts later); a process of a tree by its GPU process's identity and
 * its place in that tree.
 */
export function identify(target: SignalTarget, snapshot: Snapshot): Identity {
  const root = snapshot.processes.find((p) => p.pid === target.rootPid);
  if (!root) return 'unknown';
  if (target.startedAt === null || root.startedAt === null) return 'unknown';
  if (root.startedAt !== target.startedAt) return target.depth === 0 ? 'changed' : 'unknown';
  if (target.depth === 0) return root.hostResolution === 'ok' ? 'same' : 'unknown';
  const tree = root.tree;
  if (!tree) return 'unknown';
  return tree.descendants.some((node) => node.pid === target.pid) ? 'same' : 'gone';
}
