// The two kernel logs a user may read without privileges, behind small interfaces so the
// watcher's logic is tested with injected ones:
//   /dev/kmsg    records the kernel logs, read without blocking; open fails with EPERM for
//                non-root users when kernel.dmesg_restrict=1 (Debian/Ubuntu's default), and the
//                file is absent in most containers.
//   journalctl   `--dmesg` shows the kernel's records to root and to members of the
//                systemd-journal / adm / wheel groups; others see only their own journal.
// `dmesg` itself reads the same buffer as /dev/kmsg under the same restriction, so it adds
// nothing as a source (its text format is still parsed: kernel-log-parse.ts).

import { spawn } from 'node:child_process';
import fs from 'node:fs';

export interface KmsgFs {
  openSync(path: string, flags: number): number;
  readSync(fd: number, buffer: Buffer, offset: number, length: number, position: null): number;
  closeSync(fd: number): void;
}

export type KmsgOpen = { ok: true; reader: KmsgReader } | { ok: false; errno: string; detail: string };

/** Records larger than this do not exist (the kernel's line limit is 1 KiB, plus dictionary). */
const RECORD_BYTES = 16 * 1024;
/** Bound on the records read in one call, so one call never holds the event loop for long. */
const MAX_RECORDS_PER_READ = 10_000;

export interface KmsgReader {
  /** The records logged since the last call (at most MAX_RECORDS_PER_READ), and how many were lost. */
  read(): { records: string[]; lost: number };
  close(): void;
}

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'ERROR';
}

/** Opens /dev/kmsg and skips what it already holds: only records logged from now on are read. */
export function openKmsg(path: string, io: KmsgFs = fs): KmsgOpen {
  let fd: number;
  try {
    fd = io.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, errno: errnoOf(error), detail: error instanceof Error ? error.message : String(error) };
  }
  const buffer = Buffer.alloc(RECORD_BYTES);
  let open = true;
  const read = (limit: number) => {
    const records: string[] = [];
    let lost = 0;
    for (let i = 0; open && i < limit; i++) {
      let length: number;
      try {
        length = io.readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        const code = errnoOf(error);
        // EPIPE: the ring buffer overwrote records before we read them; the next read goes on.
        if (code === 'EPIPE') {
          lost++;
          continue;
        }
        break; // EAGAIN: nothing more now. Anything else: try again at the next call.
      }
      if (length <= 0) break;
      records.push(buffer.toString('utf8', 0, length));
    }
    return { records, lost };
  };
  // Node has no lseek(SEEK_END); reading the backlog away is the portable way to start at now.
  read(1_000_000);
  return {
    ok: true,
    reader: {
      read: () => read(MAX_RECORDS_PER_READ),
      close() {
        if (!open) return;
        open = false;
        try {
          io.closeSync(fd);
        } catch {
          // Already closed: nothing to release.
        }
      },
    },
  };
}

export interface JournalProbe {
  /** Null when journalctl could not be started (errno says why: ENOENT = not installed). */
  code: number | null;
  errno: string | null;
  stdout: string;
  stderr: string;
}

export interface JournalFollower {
  stop(): void;
}

export interface JournalRunner {
  /** `journalctl --dmesg --lines=1 --output=json`: can this user see kernel records? */
  probe(): Promise<JournalProbe>;
  /** `journalctl --dmesg --follow --lines=0 --output=json`: every new kernel record, line by line. */
  follow(onLine: (line: string) => void, onEnd: (detail: string) => void): JournalFollower;
}

const PROBE_ARGS = ['--dmesg', '--lines=1', '--output=json', '--no-pager'];
const FOLLOW_ARGS = ['--dmesg', '--follow', '--lines=0', '--output=json', '--no-pager', '--quiet'];
const PROBE_TIMEOUT_MS = 5000;
const OUTPUT_LIMIT_BYTES = 1024 * 1024;

export function createJournalRunner(command = 'journalctl'): JournalRunner {
  return {
    probe: () =>
      new Promise((resolve) => {
        let stdout = '';
        let stderr = '';
        const child = spawn(command, PROBE_ARGS, { stdio: ['ignore', 'pipe', 'pipe'], timeout: PROBE_TIMEOUT_MS, env: { ...process.env, LC_ALL: 'C' } });
        child.stdout.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString('utf8')).slice(0, OUTPUT_LIMIT_BYTES)));
        child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(0, OUTPUT_LIMIT_BYTES)));
        child.on('error', (error) => resolve({ code: null, errno: errnoOf(error), stdout, stderr }));
        child.on('close', (code) => resolve({ code, errno: null, stdout, stderr }));
      }),
    follow(onLine, onEnd) {
      const child = spawn(command, FOLLOW_ARGS, { stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, LC_ALL: 'C' } });
      let partial = '';
      let stopped = false;
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        // A line past the limit is not a kernel record worth keeping in memory.
        if (partial.length > OUTPUT_LIMIT_BYTES) partial = '';
        for (const line of lines) onLine(line);
      });
      child.on('error', (error) => !stopped && onEnd(error.message));
      child.on('close', (code, signal) => !stopped && onEnd(`journalctl ended (${signal ?? `exit ${code}`})`));
      // The follower must not keep a process alive that is otherwise done.
      child.unref();
      (child.stdout as unknown as { unref?: () => void }).unref?.();
      return {
        stop() {
          stopped = true;
          child.kill();
        },
      };
    },
  };
}
