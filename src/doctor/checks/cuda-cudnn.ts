// System-wide cuDNN. Frameworks installed with pip bring their own cuDNN, so "none" is fine; what
// hurts is several different majors on the loader path, or cuDNN 8 next to a CUDA 13 toolkit.

import { cudnnSupportsCudaMajor } from '../compat/cudnn.js';
import { majorOf } from '../compat/versions.js';
import { msg } from '../types.js';
import { ev, outcome, type Check } from './check.js';

export const cudaCudnn: Check = {
  id: 'cuda.cudnn',
  layer: 'cuda',
  title: 'doctor.cuda.cudnn.title',
  async run(ctx) {
    const [installs, toolkits] = await Promise.all([ctx.facts.cudnn(), ctx.facts.toolkits()]);
    const evidence = installs.map((i) => ev(i.source === 'header' ? 'doctor.ev.cudnnHeader' : 'doctor.ev.cudnnLibrary', { version: i.version, path: i.path }));
    if (installs.length === 0) return outcome('ok', msg('doctor.cuda.cudnn.none'), evidence);
    const versions = [...new Set(installs.map((i) => i.version))];
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
    return outcome('ok', msg('doctor.cuda.cudnn.found', undefined, { versions }), evidence);
  },
};
