// The host's OOM killer, from the kernel log: "Out of memory: Killed process 25315 (python3)
// total-vm:…" (or "Memory cgroup out of memory: Killed process …" inside a container's limit).
// Read from /dev/kmsg, opened when the run starts so only records of the run are seen; where the
// log is not readable (kernel.dmesg_restrict=1, a container) the reason is kept and a SIGKILL is
// reported as "probably the OOM killer" with the way to check.

import { parseKmsgRecord } from '../../host/kernel-log-parse.js';
import { openKmsg, type KmsgFs } from '../../host/kernel-log-sources.js';

export interface OomKill {
  pid: number;
  name: string | null;
  /** anon-rss in bytes, when the record gives it. */
  anonRssBytes: number | null;
  /** True for a cgroup's (container's) limit rather than the whole host's memory. */
  cgroup: boolean;
}

const KILLED = /(Memory cgroup out of memory|Out of memory): Killed process (\d+) \(([^)]{0,64})\)(?:.*?anon-rss:(\d+)kB)?/;

/** One kernel message (or a dmesg / journal line holding one). */
export function parseOomKill(message: string): OomKill | null {
  const match = KILLED.exec(message);
  if (!match) return null;
  return {
    pid: Number(match[2]),
    name: match[3] === undefined || match[3] === '' ? null : match[3],
    anonRssBytes: match[4] === undefined ? null : Number(match[4]) * 1024,
    cgroup: match[1] === 'Memory cgroup out of memory',
  };
}

export interface OomKillWatcher {
  /** null when readable; else the errno of /dev/kmsg's open (EPERM, ENOENT …). */
  readonly unavailable: string | null;
  /** OOM kills logged since the previous call. */
  read(): OomKill[];
  close(): void;
}

export function watchOomKills(options: { path?: string; fs?: KmsgFs; platform?: string } = {}): OomKillWatcher {
  if ((options.platform ?? process.platform) !== 'linux') return { unavailable: 'not-linux', read: () => [], close: () => undefined };
  const opened = openKmsg(options.path ?? '/dev/kmsg', options.fs);
  if (!opened.ok) return { unavailable: opened.errno, read: () => [], close: () => undefined };
  const { reader } = opened;
  return {
    unavailable: null,
    read: () =>
      reader.read().records.flatMap((record) => {
        const parsed = parseKmsgRecord(record);
        // Only the kernel's own records (facility 0): a user cannot forge one of those.
        if (!parsed || parsed.priority >> 3 !== 0) return [];
        return parseOomKill(parsed.message) ?? [];
      }),
    close: () => reader.close(),
  };
}
