import { describe, expect, it } from 'vitest';
import { collectingContext } from '../../test/helpers/cli-context.js';
import { separateJob } from './job-separator.js';
import { buildProgram } from './program.js';

const argv = (...args: string[]) => ['node', 'gpuwise', ...args];

describe('separateJob: the job owns everything from its first word on', () => {
  const program = buildProgram(collectingContext('en'));
  const separated = (...args: string[]) => separateJob(argv(...args), program).slice(2);

  it('puts `--` before the job, so its own options (even ones gpuwise has) stay the job\'s', () => {
    expect(separated('run', 'python3', 'train.py', '--json', '--gpus', '1', '--lang', 'en')).toEqual(['run', '--', 'python3', 'train.py', '--json', '--gpus', '1', '--lang', 'en']);
    expect(separated('diagnose', '--duration', '3s', 'ls', '-l')).toEqual(['diagnose', '--duration', '3s', '--', 'ls', '-l']);
  });

  it("skips gpuwise's own options and their values before the job, in every spelling", () => {
    expect(separated('--lang', 'zh-CN', 'run', '-i', '2', '--gpus=1', '--log-dir', '/tmp/x', 'python3', '-u')).toEqual(['--lang', 'zh-CN', 'run', '-i', '2', '--gpus=1', '--log-dir', '/tmp/x', '--', 'python3', '-u']);
    // The root's options are gpuwise's after the command word too, with their values.
    expect(separated('run', '--lang', 'zh-CN', '--restart', 'never', 'sh', '-c', 'true')).toEqual(['run', '--lang', 'zh-CN', '--restart', 'never', '--', 'sh', '-c', 'true']);
  });

  it('leaves argv alone with a `--` already there, with no job, and for commands without one', () => {
    const given = argv('run', '--gpus', '1', '--', 'python3', '--json');
    expect(separateJob(given, program)).toBe(given);
    const none = argv('run', '--gpus', '1');
    expect(separateJob(none, program)).toBe(none);
    const info = argv('info', '--json');
    expect(separateJob(info, program)).toBe(info);
  });

  it('leaves an unknown option before the job for commander to refuse', () => {
    expect(separated('run', '--bogus', 'python3')).toEqual(['run', '--bogus', '--', 'python3']);
  });
});
