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

/**
 * How a failed probe is told: `exited` / `signal` (crashed with that status or signal), `silent`
 * (exited 0 without an answer), `flooded` (its output passed the limit before the answer came).
 */
export type ProbeFailureVariant = 'not-found' | 'no-permission' | 'timeout' | 'crashed' | 'bad-output' | 'exited' | 'signal' | 'silent' | 'flooded';

export type InterpreterProbe =
  | ({ kind: 'ok'; interpreter: InterpreterCandidate } & ProbeOutput)
  | {
      kind: 'failed';
      interpreter: InterpreterCandidate;
      reason: 'not-found' | 'no-permission' | 'timeout' | 'crashed' | 'bad-output';
      variant: ProbeFailureVariant;
      /** The program's or the parser's own words (the limit, for a timeout); '—' when it said nothing. */
      detail: string;
      /** The exit status or signal of a crash. */
      status?: string;
    };

/** The last lines the program printed (stderr first: that is where a traceback goes), shortened. */
function lastWords(stderr: string, stdout: string): string {
  const text = stderr.trim() || stdout.trim();
  return text === '' ? '—' : shortenDetail(text.split('\n').slice(-3).join(' | '));
}

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

const PROBE_OUTPUT_LIMIT_BYTES = 4 * 1024 * 1024;

export async function probeInterpreter(
  env: DoctorEnv,
  interpreter: InterpreterCandidate,
  timeoutMs: number,
): Promise<InterpreterProbe> {
  const result = await env.exec(interpreter.path, ['-c', FRAMEWORK_PROBE_SCRIPT], {
    timeoutMs,
    env: { ...env.env, TF_CPP_MIN_LOG_LEVEL: '3', PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' },
    maxOutputBytes: PROBE_OUTPUT_LIMIT_BYTES,
  });
  const failed = (reason: Extract<InterpreterProbe, { kind: 'failed' }>['reason'], variant: ProbeFailureVariant, detail: string, status?: string): InterpreterProbe =>
    status === undefined ? { kind: 'failed', interpreter, reason, variant, detail } : { kind: 'failed', interpreter, reason, variant, detail, status };
  switch (result.kind) {
    case 'not-found':
      return failed('not-found', 'not-found', result.detail);
    case 'no-permission':
      return failed('no-permission', 'no-permission', result.detail);
    case 'timeout':
      return failed('timeout', 'timeout', formatSeconds(timeoutMs));
    case 'error':
      return failed('crashed', 'crashed', result.detail);
    case 'signal':
      return failed('crashed', 'signal', lastWords(result.stderr, ''), result.signal);
    case 'exited': {
      const parsed = parseProbeOutput(result.stdout);
      if ('error' in parsed) {
        if (result.exitCode !== 0) return failed('crashed', 'exited', lastWords(result.stderr, result.stdout), String(result.exitCode));
        if (parsed.problem !== 'none') return failed('bad-output', 'bad-output', shortenDetail(parsed.parserSaid) || '—');
        return failed('bad-output', result.truncated ? 'flooded' : 'silent', lastWords(result.stderr, result.stdout));
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
