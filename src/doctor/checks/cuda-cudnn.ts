// System-wide cuDNN. Frameworks installed with pip bring their own cuDNN, so "none" is fine; what
// hurts is several different majors on the loader path, or cuDNN 8 next to a CUDA 13 toolkit. A
// header that is there but cannot be read is no "none": which cuDNN is installed is then not known.

import { cudnnSupportsCudaMajor } from '../compat/cudnn.js';
import { majorOf } from '../compat/versions.js';
import { isCudnnInstall, type CudnnUnreadable } from '../facts/cudnn.js';
import { msg, withTerms, type Message } from '../types.js';
import { ev, outcome, unreadable, type Check, type CheckOutcome } from './check.js';

function unreadableOutcome(first: CudnnUnreadable, versions: readonly string[], evidence: Message[]): CheckOutcome {
  const file = unreadable(first.path, first);
  const summary = versions.length === 0 ? msg('doctor.cuda.cudnn.unreadable') : msg('doctor.cuda.cudnn.foundUnreadable', undefined, { versions });
  return outcome('warn', withTerms(summary, { file }), evidence, {
    why: msg('doctor.cuda.cudnn.unreadableWhy'),
    steps: [],
    docs: [],
  });
}

export const cudaCudnn: Check = {
  id: 'cuda.cudnn',
  layer: 'cuda',
  title: 'doctor.cuda.cudnn.title',
  async run(ctx) {
    const [facts, toolkits] = await Promise.all([ctx.facts.cudnn(), ctx.facts.toolkits()]);
    const installs = facts.filter(isCudnnInstall);
    const unreadables = facts.filter((f): f is CudnnUnreadable => !isCudnnInstall(f));
    const evidence = [
      ...installs.map((i) => ev(i.source === 'header' ? 'doctor.ev.cudnnHeader' : 'doctor.ev.cudnnLibrary', { version: i.version, path: i.path })),
      ...unreadables.map((u) => unreadable(u.path, u)),
    ];
    const versions = [...new Set(installs.map((i) => i.version))];
    const [firstUnreadable] = unreadables;
    if (installs.length === 0) return firstUnreadable ? unreadableOutcome(firstUnreadable, versions, evidence) : outcome('ok', msg('doctor.cuda.cudnn.none'), evidence);
    const majors = [...new Set(versions.map((v) => majorOf(v)))];
    if (majors.length > 1) {
      return outcome('warn', msg('doctor.cuda.cudnn.several', undefined, { versions }), evidence, {
        why: msg('doctor.cuda.cudnn.severalWhy'),
        steps: [],
        docs: [],
      });
    }
    const activeRoot = toolkits.nvcc?.toolkitRoot;
    const active = toolkits.toolkits.find((t) => t.root === activeRoot) ?? toolkits.toolkits[0];
    const cudaMajor = majorOf(active?.version);
    const unsupported = cudaMajor !== null ? versions.find((v) => !cudnnSupportsCudaMajor(v, cudaMajor)) : undefined;
    if (unsupported && active) {
      return outcome('warn', msg('doctor.cuda.cudnn.wrongCuda', { cudnn: unsupported, cuda: active.version ?? '?' }), evidence, {
        why: msg('doctor.cuda.cudnn.wrongCudaWhy'),
        steps: [],
        docs: ['https://docs.nvidia.com/deeplearning/cudnn/backend/latest/reference/support-matrix.html'],
      });
    }
    if (firstUnreadable) return unreadableOutcome(firstUnreadable, versions, evidence);
    return outcome('ok', msg('doctor.cuda.cudnn.found', undefined, { versions }), evidence);
  },
};
