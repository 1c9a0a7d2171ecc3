// The host's OOM killer, from the kernel log: "Out of memory: Killed process 25315 (python3)
// total-vm:…" (or "Memory cgroup out of memory: Killed process …" inside a container's limit).
// Read from /dev/kmsg, opened when the run starts so only records of the run are seen; else from
// the journal (`journalctl --dmesg --follow`, for root and the systemd-journal/adm groups when
// kernel.dmesg_restrict=1) — as the Xid watcher does (src/host/kernel-log.ts). Where neither is
// readable (a container) the reason is kept and a SIGKILL is reported as "probably the OOM
// killer" with the way to check.

import { judgeJournalProbe } from '../../host/kernel-log.js';
import { parseKmsgRecord } from '../../host/kernel-log-parse.js';
import { createJournalRunner, openKmsg, type JournalRunner, type KmsgFs } from '../../host/kernel-log-sources.js';

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
  /** null when readable; else 'not-linux', or "<errno of /dev/kmsg's open>; journal: <why not>" (EPERM, ENOENT …). */
  readonly unavailable: string | null;
  /** OOM kills logged since the previous call. */
  read(): OomKill[];
  close(): void;
}

/** MESSAGE of one `journalctl --output=json` line (a string, or bytes when not clean UTF-8). */
export function journalMessage(line: string): string | null {
  if (!line.includes('Killed process')) {
    // A byte-array MESSAGE does not spell the words: it must be parsed to be judged.
    if (!line.includes('"MESSAGE":[')) return null;
  }
  try {
    const record = JSON.parse(line) as { MESSAGE?: unknown };
    const message = record.MESSAGE;
    if (typeof message === 'string') return message;
    if (Array.isArray(message) && message.every((b) => Number.isInteger(b))) return Buffer.from(message as number[]).toString('utf8');
  } catch {
    // Not a JSON record.
  }
  return null;
}

export interface WatchOomKillsOptions {
  path?: string;
  fs?: KmsgFs;
  platform?: string;
  journal?: JournalRunner;
}

export async function watchOomKills(options: WatchOomKillsOptions = {}): Promise<OomKillWatcher> {
  if ((options.platform ?? process.platform) !== 'linux') return idle('not-linux');
  const opened = openKmsg(options.path ?? '/dev/kmsg', options.fs);
  if (opened.ok) {
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
  const journal = options.journal ?? createJournalRunner();
  const verdict = judgeJournalProbe(await journal.probe());
  if (!verdict.ok) return idle(`${opened.errno}; journal: ${verdict.reason}`);
  let queue: OomKill[] = [];
  const follower = journal.follow(
    (line) => {
      const message = journalMessage(line);
      const kill = message === null ? null : parseOomKill(message);
      if (kill && queue.length < 1000) queue.push(kill);
    },
    () => undefined,
  );
  return {
    unavailable: null,
    read() {
      const taken = queue;
      queue = [];
      return taken;
    },
    close: () => follower.stop(),
  };
}

function idle(unavailable: string): OomKillWatcher {
  return { unavailable, read: () => [], close: () => undefined };
}
