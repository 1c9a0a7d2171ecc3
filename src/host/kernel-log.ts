// Xid errors from the kernel log, as events: where the log is readable without privileges, and a
// typed reason (with a message that says what to change) where it is not. The recorder or serve
// calls poll() once per sample; the records read since the previous call come out as events,
// mapped to the GPU by PCI address.
//
// Order: /dev/kmsg (no child process, nothing to parse but the record), then journalctl.

import type { GpuDevice } from '../core/snapshot.js';
import type { GpuEvent } from '../events/types.js';
import type { MessageKey } from '../i18n/index.js';
import { deviceKey } from '../monitor/history.js';
import { parseJournalJson, parseKmsgXid, pciAddress, type XidRecord } from './kernel-log-parse.js';
import { createJournalRunner, openKmsg, type JournalRunner, type KmsgFs, type KmsgReader } from './kernel-log-sources.js';
import { xidMeaning } from './kernel-log-xid.js';

export type KernelLogSource = 'kmsg' | 'journal';

export type KernelLogUnavailableReason =
  | 'not-linux'
  | 'dmesg-restricted' // /dev/kmsg: EPERM (kernel.dmesg_restrict=1), and the journal does not help
  | 'journal-no-permission' // no /dev/kmsg; journalctl shows this user only their own journal
  | 'no-kernel-log' // neither exists, or the journal holds no kernel records (a container)
  | 'source-ended' // the journal follower stopped while running
  | 'error';

export interface KernelLogAttempt {
  source: KernelLogSource;
  ok: boolean;
  /** errno of /dev/kmsg's open, or what journalctl said; null when ok. */
  detail: string | null;
}

export interface XidAvailability {
  available: boolean;
  source: KernelLogSource | null;
  reason: KernelLogUnavailableReason | null;
  /** What to tell the user: t(key, params), events.ts. */
  key: MessageKey;
  params: Record<string, string | number>;
  attempts: KernelLogAttempt[];
  /** Records lost because the kernel's ring buffer or our queue overflowed between polls. */
  lostRecords: number;
}

export interface XidWatcherOptions {
  /** Default process.platform. */
  platform?: string;
  /** Default /dev/kmsg. */
  kmsgPath?: string;
  kmsgFs?: KmsgFs;
  journal?: JournalRunner;
  /** Wall clock (ms); an Xid read from /dev/kmsg is dated by the poll that read it. */
  now?: () => number;
  /** Journal records kept between two polls at most (default 2000); older ones are dropped. */
  maxQueued?: number;
}

export interface XidWatcher {
  availability(): XidAvailability;
  /** Xid events since the previous call, matched to `sample`'s GPUs (by PCI address). */
  poll(sample?: { wallMs: number; snapshot: { devices: readonly GpuDevice[] } }): GpuEvent[];
  close(): void;
}

const UNAVAILABLE_KEYS = {
  'not-linux': 'events.xid.unavailable.notLinux',
  'dmesg-restricted': 'events.xid.unavailable.dmesgRestricted',
  'journal-no-permission': 'events.xid.unavailable.journalNoPermission',
  'no-kernel-log': 'events.xid.unavailable.noKernelLog',
  'source-ended': 'events.xid.unavailable.sourceEnded',
  error: 'events.xid.unavailable.error',
} as const satisfies Record<KernelLogUnavailableReason, MessageKey>;

type JournalVerdict = { ok: true } | { ok: false; reason: 'missing' | 'no-permission' | 'empty' | 'error'; detail: string };

/** What a journalctl probe says about this user and the kernel's records. */
export function judgeJournalProbe(probe: Awaited<ReturnType<JournalRunner['probe']>>): JournalVerdict {
  if (probe.code === null) return { ok: false, reason: probe.errno === 'ENOENT' ? 'missing' : 'error', detail: probe.errno ?? 'spawn failed' };
  const said = probe.stderr.trim().split('\n')[0]?.slice(0, 200) ?? '';
  if (/insufficient permissions|not seeing messages from other users|permission denied/i.test(probe.stderr)) {
    return { ok: false, reason: 'no-permission', detail: said };
  }
  if (/no journal files were found/i.test(probe.stderr)) return { ok: false, reason: 'empty', detail: said };
  if (probe.code !== 0) return { ok: false, reason: 'error', detail: said || `exit ${probe.code}` };
  // -k implies this boot: a readable journal always has its boot messages, so none means
  // journald does not collect the kernel's records here.
  if (probe.stdout.trim() === '') return { ok: false, reason: 'empty', detail: 'no kernel records' };
  return { ok: true };
}

function unavailable(reason: KernelLogUnavailableReason, attempts: KernelLogAttempt[], params: Record<string, string | number> = {}): XidAvailability {
  return { available: false, source: null, reason, key: UNAVAILABLE_KEYS[reason], params, attempts, lostRecords: 0 };
}

function chooseReason(kmsgErrno: string, journal: JournalVerdict & { ok: false }): KernelLogUnavailableReason {
  if (kmsgErrno === 'EPERM' || kmsgErrno === 'EACCES') return 'dmesg-restricted';
  const kmsgMissing = kmsgErrno === 'ENOENT' || kmsgErrno === 'ENXIO' || kmsgErrno === 'ENODEV';
  if (kmsgMissing && journal.reason === 'no-permission') return 'journal-no-permission';
  if (kmsgMissing && (journal.reason === 'missing' || journal.reason === 'empty')) return 'no-kernel-log';
  return 'error';
}

export async function createXidWatcher(options: XidWatcherOptions = {}): Promise<XidWatcher> {
  const platform = options.platform ?? process.platform;
  const now = options.now ?? Date.now;
  if (platform !== 'linux') return idleWatcher(unavailable('not-linux', [], { platform }));

  const kmsg = openKmsg(options.kmsgPath ?? '/dev/kmsg', options.kmsgFs);
  if (kmsg.ok) {
    const attempts: KernelLogAttempt[] = [{ source: 'kmsg', ok: true, detail: null }];
    return kmsgWatcher(kmsg.reader, attempts, now);
  }
  const attempts: KernelLogAttempt[] = [{ source: 'kmsg', ok: false, detail: kmsg.errno }];
  const journal = options.journal ?? createJournalRunner();
  const verdict = judgeJournalProbe(await journal.probe());
  if (!verdict.ok) {
    attempts.push({ source: 'journal', ok: false, detail: `${verdict.reason}: ${verdict.detail}` });
    return idleWatcher(unavailable(chooseReason(kmsg.errno, verdict), attempts, { errno: kmsg.errno, journal: verdict.reason }));
  }
  attempts.push({ source: 'journal', ok: true, detail: null });
  return journalWatcher(journal, attempts, now, options.maxQueued ?? 2000);
}

function idleWatcher(availability: XidAvailability): XidWatcher {
  return { availability: () => availability, poll: () => [], close: () => undefined };
}

function kmsgWatcher(reader: KmsgReader, attempts: KernelLogAttempt[], now: () => number): XidWatcher {
  const availability: XidAvailability = {
    available: true, source: 'kmsg', reason: null, key: 'events.xid.source.kmsg', params: {}, attempts, lostRecords: 0,
  };
  return {
    availability: () => ({ ...availability }),
    poll(sample) {
      const { records, lost } = reader.read();
      availability.lostRecords += lost;
      const xids = records.flatMap((record) => parseKmsgXid(record) ?? []);
      return xidEvents(xids, sample?.snapshot.devices ?? [], sample?.wallMs ?? now());
    },
    close: () => reader.close(),
  };
}

function journalWatcher(journal: JournalRunner, attempts: KernelLogAttempt[], now: () => number, maxQueued: number): XidWatcher {
  let availability: XidAvailability = {
    available: true, source: 'journal', reason: null, key: 'events.xid.source.journal', params: {}, attempts, lostRecords: 0,
  };
  let queue: XidRecord[] = [];
  const follower = journal.follow(
    (line) => {
      const xid = parseJournalJson(line);
      if (!xid) return;
      if (queue.length >= maxQueued) {
        queue.shift();
        availability.lostRecords++;
      }
      queue.push(xid);
    },
    (detail) => {
      availability = { ...unavailable('source-ended', attempts, { detail }), lostRecords: availability.lostRecords };
    },
  );
  return {
    availability: () => ({ ...availability }),
    poll(sample) {
      const taken = queue;
      queue = [];
      return xidEvents(taken, sample?.snapshot.devices ?? [], sample?.wallMs ?? now());
    },
    close: () => follower.stop(),
  };
}

/**
 * One event per GPU, code and process in a poll: an SM exception (Xid 13) is logged once per SM
 * that saw it, often dozens of lines for one fault. `count` says how many lines it stands for.
 */
export function xidEvents(records: readonly XidRecord[], devices: readonly GpuDevice[], fallbackMs: number): GpuEvent[] {
  const byAddress = new Map<string, GpuDevice>();
  for (const device of devices) {
    const address = device.pciBusId ? pciAddress(device.pciBusId) : null;
    if (address) byAddress.set(address, device);
  }
  const events = new Map<string, GpuEvent>();
  for (const record of records) {
    const group = `${record.pciBusId}|${record.xid}|${record.pid ?? ''}`;
    const existing = events.get(group);
    if (existing) {
      existing.params.count = Number(existing.params.count) + 1;
      continue;
    }
    const address = pciAddress(record.pciBusId);
    const device = address ? byAddress.get(address) : undefined;
    const meaning = xidMeaning(record.xid);
    const params: Record<string, string | number> = {
      gpu: device ? device.index : record.pciBusId,
      xid: record.xid,
      pciBusId: record.pciBusId,
      text: record.text,
      count: 1,
    };
    if (record.pid !== null) params.pid = record.pid;
    if (record.processName !== null) params.process = record.processName;
    events.set(group, {
      atMs: record.wallMs ?? fallbackMs,
      kind: 'xid',
      severity: meaning.severity,
      // A GPU the driver no longer lists (Xid 79 often) has no history key: the bus id says which.
      deviceKey: device ? deviceKey(device) : null,
      gpuIndex: device ? device.index : null,
      key: meaning.key,
      params,
    });
  }
  return [...events.values()].sort((a, b) => a.atMs - b.atMs);
}
