// The one-line failures other than CUDA OOM: NCCL's watchdog timeout and its errors, CUDA's
// device-side assert, and segfaults as Python and PyTorch report them. Each matcher reads one plain
// line and gives the numbers it names; the fixes are fixed texts (run.ts).

import type { FailureKind, Text } from './types.js';

export interface LineMatch {
  kind: Exclude<FailureKind, 'cuda-oom' | 'host-oom-kill' | 'sigkill' | 'xid' | 'ecc' | 'gpu-lost'>;
  details: Record<string, number | string | null>;
}

// [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE,
// NumelIn=…, NumelOut=…, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.
const WATCHDOG = /Watchdog caught collective operation timeout: WorkNCCL\(SeqNum=(\d+), OpType=([A-Z_]+)[^)]*?Timeout\(ms\)=(\d+)\) ran for (\d+) milliseconds/;
const RANK = /\[Rank (\d+)\]/;
// NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled cuda error (run with
// NCCL_DEBUG=INFO for details), NCCL version 2.20.5
const NCCL_ERROR = /NCCL error in: (\S+?), ([a-z][a-z ]*?)(?: \(run with NCCL_DEBUG=INFO for details\))?, NCCL version ([\d.]+)/;
const NCCL_CODE = /\b(nccl(?:UnhandledCudaError|SystemError|InternalError|InvalidArgument|InvalidUsage|RemoteError))\b/;
const DEVICE_ASSERT = /CUDA error: device-side assert triggered|device-side assert triggered/;
const ASSERTION = /Assertion `(.{1,200}?)` failed/;
const SEGFAULT = /Segmentation fault|killed by signal: Segmentation fault|Fatal Python error: Segmentation fault|SIGSEGV/;

export function matchLine(line: string): LineMatch | null {
  const watchdog = WATCHDOG.exec(line);
  if (watchdog) {
    const rank = RANK.exec(line);
    return {
      kind: 'nccl-timeout',
      details: { rank: rank ? Number(rank[1]) : null, seqNum: Number(watchdog[1]), opType: watchdog[2] ?? null, timeoutMs: Number(watchdog[3]), ranForMs: Number(watchdog[4]) },
    };
  }
  const error = NCCL_ERROR.exec(line);
  if (error) return { kind: 'nccl-error', details: { where: error[1] ?? null, error: error[2] ?? null, ncclVersion: error[3] ?? null } };
  const code = NCCL_CODE.exec(line);
  if (code) return { kind: 'nccl-error', details: { where: null, error: code[1] ?? null, ncclVersion: null } };
  if (DEVICE_ASSERT.test(line)) return { kind: 'device-assert', details: { assertion: null } };
  const assertion = ASSERTION.exec(line);
  // A kernel's assertion line ("…Loss.cu:250: nll_loss_forward…: Assertion `t >= 0 && t < n_classes`
  // failed.") comes before the RuntimeError; it names the check, so it is kept as the detail.
  if (assertion && /\.cu:\d+/.test(line)) return { kind: 'device-assert', details: { assertion: assertion[1] ?? null } };
  if (SEGFAULT.test(line)) return { kind: 'segfault', details: { worker: /DataLoader worker/.test(line) ? 'dataloader' : null } };
  return null;
}

export const FIXES: Record<LineMatch['kind'], (details: LineMatch['details']) => Text[]> = {
  'nccl-timeout': (d) => [
    { key: 'run.fix.nccl.stuckRank', params: { seconds: Math.round(Number(d.timeoutMs ?? 0) / 1000) } },
    { key: 'run.fix.nccl.timeout' },
    { key: 'run.fix.nccl.debug' },
  ],
  'nccl-error': () => [{ key: 'run.fix.nccl.debug' }, { key: 'run.fix.nccl.versions' }, { key: 'run.fix.nccl.xid' }],
  'device-assert': (d) => [
    ...(d.assertion ? [{ key: 'run.fix.assert.named', params: { assertion: String(d.assertion) } }] : []),
    { key: 'run.fix.assert.labels' },
    { key: 'run.fix.assert.blocking' },
  ],
  segfault: (d) => [
    ...(d.worker === 'dataloader' ? [{ key: 'run.fix.segfault.workers' }] : []),
    { key: 'run.fix.segfault.faulthandler' },
    { key: 'run.fix.segfault.libraries' },
  ],
};
