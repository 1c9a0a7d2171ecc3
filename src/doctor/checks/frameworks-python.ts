// The Python interpreters the framework checks ran in, and any probe that could not finish (a hung
// import, a crash): those are reported here rather than guessed at.

import type { InterpreterSource } from '../facts/python.js';
import { msg, type Message } from '../types.js';
import { ev, outcome, type Check } from './check.js';

/** Where an interpreter was found, by the name the user knows it from (the same in every language). */
const SOURCE_NAMES: Record<InterpreterSource, string> = { path: 'PATH', virtualenv: 'VIRTUAL_ENV', conda: 'CONDA_PREFIX' };

export const frameworksPython: Check = {
  id: 'frameworks.python',
  layer: 'frameworks',
  title: 'doctor.frameworks.python.title',
  async run(ctx) {
    const python = await ctx.facts.python();
    if (python.candidates.length === 0) return outcome('warn', msg('doctor.frameworks.python.none'));
    const evidence: Message[] = python.probes.map((probe) => {
      if (probe.kind === 'failed') return ev(`doctor.ev.probeFailed.${probe.variant}`, { python: probe.interpreter.path, detail: probe.detail, status: probe.status ?? '' });
      const has = (name: 'torch' | 'tensorflow' | 'jax') => (probe[name].installed ? (probe[name].version ?? '?') : '—');
      return ev('doctor.ev.interpreter', {
        python: probe.interpreter.path,
        source: SOURCE_NAMES[probe.interpreter.source],
        version: probe.python.version,
        prefix: probe.python.prefix,
        torch: has('torch'),
        tensorflow: has('tensorflow'),
        jax: has('jax'),
      });
    });
    const failed = python.probes.filter((p) => p.kind === 'failed');
    const firstFailed = failed[0];
    if (firstFailed?.kind === 'failed') {
      const params = { python: firstFailed.interpreter.path, detail: firstFailed.detail, status: firstFailed.status ?? '', count: failed.length };
      return outcome('warn', msg(`doctor.frameworks.python.failed.${firstFailed.variant}`, params), evidence);
    }
    return outcome('ok', msg('doctor.frameworks.python.ok', { count: python.probes.length }), evidence);
  },
};
