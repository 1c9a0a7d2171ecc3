// Python interpreters a user would train with (python3 / python on PATH, the active virtualenv,
// the active conda environment), each asked once — by the probe script, with a timeout — what
// PyTorch, TensorFlow and JAX say about the GPU. Frameworks are never imported into Node.

import { shortenDetail } from '../../system/limits.js';
import type { DoctorEnv } from '../env.js';
import { FRAMEWORK_PROBE_SCRIPT } from '../probes/framework-probe.js';
import { formatSeconds } from './probe-limits.js';
import { parseProbeOutput, type ProbeOutput } from './probe-output.js';
import { findAllOnPath } from './which.js';

export { parseProbeOutput, type FrameworkDevice, type FrameworkProbe, type ImpossibleValue, type ProbeOutput } from './probe-output.js';
export type FrameworkName = 'torch' | 'tensorflow' | 'jax';
export type InterpreterSource = 'path' | 'virtualenv' | 'conda';

export interface InterpreterCandidate {
  path: string;
  source: InterpreterSource;
}

export type InterpreterProbe =
  | ({ kind: 'ok'; interpreter: InterpreterCandidate } & ProbeOutput)
  | {
      kind: 'failed';
      interpreter: InterpreterCandidate;
      reason: 'not-found' | 'no-permission' | 'timeout' | 'crashed' | 'bad-output';
      detail: string;
    };

export interface PythonFacts {
  candidates: InterpreterCandidate[];
  /** One per Python environment (two interpreters with the same sys.prefix are one). */
  probes: InterpreterProbe[];
}

export async function findInterpreters(env: DoctorEnv): Promise<InterpreterCandidate[]> {
  const windows = env.platform === 'win32';
  const inPrefix = (prefix: string) => (windows ? `${prefix}\\python.exe` : `${prefix}/bin/python`);
  const virtualenvBin = (prefix: string) => (windows ? `${prefix}\\Scripts\\python.exe` : `${prefix}/bin/python`);
  const candidates: InterpreterCandidate[] = [];
  const venv = env.env.VIRTUAL_ENV;
  if (venv && (await env.fs.exists(virtualenvBin(venv)))) candidates.push({ path: virtualenvBin(venv), source: 'virtualenv' });
  const conda = env.env.CONDA_PREFIX;
  if (conda && (await env.fs.exists(inPrefix(conda)))) candidates.push({ path: inPrefix(conda), source: 'conda' });
  const names = windows ? ['python'] : ['python3', 'python'];
  for (const name of names) {
    // Windows' "App execution alias" python.exe only opens the Microsoft Store; it is no Python.
    const first = (await findAllOnPath(env, name)).find((path) => !/\\WindowsApps\\/i.test(path));
    if (first) candidates.push({ path: first, source: 'path' });
  }
  const seen = new Set<string>();
  return candidates.filter((c) => (seen.has(c.path) ? false : (seen.add(c.path), true)));
}

export async function probeInterpreter(
  env: DoctorEnv,
  interpreter: InterpreterCandidate,
  timeoutMs: number,
): Promise<InterpreterProbe> {
  const result = await env.exec(interpreter.path, ['-c', FRAMEWORK_PROBE_SCRIPT], {
    timeoutMs,
    env: { ...env.env, TF_CPP_MIN_LOG_LEVEL: '3', PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    maxOutputBytes: 4 * 1024 * 1024,
  });
  switch (result.kind) {
    case 'not-found':
      return { kind: 'failed', interpreter, reason: 'not-found', detail: result.detail };
    case 'no-permission':
      return { kind: 'failed', interpreter, reason: 'no-permission', detail: result.detail };
    case 'timeout':
      return { kind: 'failed', interpreter, reason: 'timeout', detail: formatSeconds(timeoutMs) };
    case 'error':
      return { kind: 'failed', interpreter, reason: 'crashed', detail: result.detail };
    case 'signal':
      return { kind: 'failed', interpreter, reason: 'crashed', detail: `signal ${result.signal}: ${result.stderr.trim().slice(-300)}` };
    case 'exited': {
      const parsed = parseProbeOutput(result.stdout);
      if ('error' in parsed) {
        const tail = result.stderr.trim().split('\n').slice(-3).join(' | ');
        return { kind: 'failed', interpreter, reason: result.exitCode === 0 ? 'bad-output' : 'crashed', detail: shortenDetail(`${parsed.error}; exit ${result.exitCode}; ${tail}`) };
      }
      return { kind: 'ok', interpreter, ...parsed };
    }
  }
}

export async function readPythonFacts(
  env: DoctorEnv,
  options: { timeoutMs: number; onProbe?: (interpreter: InterpreterCandidate, phase: 'start' | 'done') => void },
): Promise<PythonFacts> {
  const candidates = await findInterpreters(env);
  const probes = await Promise.all(
    candidates.map(async (candidate) => {
      options.onProbe?.(candidate, 'start');
      const probe = await probeInterpreter(env, candidate, options.timeoutMs);
      options.onProbe?.(candidate, 'done');
      return probe;
    }),
  );
  const seenPrefixes = new Set<string>();
  const unique = probes.filter((probe) => {
    if (probe.kind !== 'ok') return true;
    if (seenPrefixes.has(probe.python.prefix)) return false;
    seenPrefixes.add(probe.python.prefix);
    return true;
  });
  return { candidates, probes: unique };
}
