// A failure recognised in a run: from the job's output (CUDA OOM, NCCL, device-side assert,
// segfault), from how it ended (SIGSEGV, SIGKILL) and the kernel log (the host's OOM killer), or
// from the GPUs during the run (Xid, ECC, a GPU lost). Text is a message key
// (src/i18n/messages/run.ts) with its values, so the report reads in the reader's language.

export type FailureKind =
  | 'cuda-oom' | 'nccl-timeout' | 'nccl-error' | 'device-assert' | 'segfault'
  | 'host-oom-kill'
  /** SIGKILL from outside gpuwise that the kernel log does not put on the OOM killer. */
  | 'sigkill'
  | 'xid' | 'ecc'
  /** A GPU of the job's stopped answering during the run (fell off the bus, every read failing, gone from the list). */
  | 'gpu-lost';

export interface Text {
  key: string;
  params?: Record<string, string | number>;
}

export interface Failure {
  kind: FailureKind;
  /** The attempt it was seen in (1-based). */
  attempt: number;
  atMs: number;
  /** The line that showed it (plain text, at most EVIDENCE_CHARS), or null when not from output. */
  evidence: string | null;
  /** How many lines told the same (a rank each, an SM each) after the first. */
  repeats: number;
  title: Text;
  fixes: Text[];
  /** Numbers read from the message (bytes, ms, GPU index …), for --json. */
  details: Record<string, number | string | null>;
}

export const EVIDENCE_CHARS = 500;

/** A sized quantity PyTorch prints ("2.26 GiB", "0 bytes", "781.59 MiB") in bytes; null if not one. */
export function parseSize(text: string | undefined): number | null {
  if (text === undefined) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(bytes|B|KiB|MiB|GiB|TiB|KB|MB|GB|TB)\s*$/i.exec(text);
  if (!match) return null;
  const factors: Record<string, number> = { bytes: 1, b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, tib: 1024 ** 4, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, tb: 1000 ** 4 };
  const factor = factors[(match[2] ?? '').toLowerCase()];
  return factor === undefined ? null : Math.round(Number(match[1]) * factor);
}
