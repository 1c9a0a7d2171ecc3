// A backend that runs a vendor tool (amd-smi, rocm-smi, PowerShell, system_profiler, ioreg):
// find it without spawning (which), run its inventory once at open, its live queries at each
// read, each through runCommand with a timeout, and parse the outputs with a pure parser.
// A parser's VendorParseError is a problem of that reading, never an exception.

import type { Backend, BackendCapabilities, BackendDriver, BackendOpenResult, BackendReading } from '../../core/backend.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import type { UnavailableReason } from '../../core/unavailable.js';
import { detectLocale, isMessageKey, translate, type Locale } from '../../i18n/index.js';
import { runCommand, type Exec, type ExecResult } from '../../system/exec.js';
import { shortenDetail } from '../../system/limits.js';
import { createWhich, type Which } from '../../system/which.js';
import { parseProblem, vendorDriverInfo } from './reading.js';

export interface CommandBackendOptions {
  /** How to run a program; tests pass recorded outputs. Default: runCommand. */
  exec?: Exec;
  /** Finds a candidate without running it; with an injected exec every candidate counts as present. */
  which?: Which;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  timeoutMs?: number;
}

export interface CommandBackendSpec {
  id: string;
  capabilities: BackendCapabilities;
  /** The programs to try, in order (a name on PATH or a path). */
  candidates: readonly string[];
  /** Runs once at open (inventory). */
  openArgs: readonly (readonly string[])[];
  /** Runs at every read (live figures); may be empty when the inventory is all there is. */
  readArgs: readonly (readonly string[])[];
  /** Another program for the reads (ioreg after system_profiler); missing, the reads give null outputs. */
  readCandidates?: readonly string[];
  /**
   * Outputs (stdout of each run; null when it failed) → a reading. May throw VendorParseError.
   * `readFailures` says why each read's output is null: `timeout`, `error`, or `not-reported`
   * when no read has run yet (the check at open); null where it answered.
   */
  parse(openOutputs: readonly (string | null)[], readOutputs: readonly (string | null)[], readFailures: readonly (UnavailableReason | null)[]): BackendReading;
  /** Adds what the tool does not say (processes from fdinfo …); optional. */
  enrich?(reading: BackendReading): BackendReading;
}

const DEFAULT_TIMEOUT_MS = 5000;

function failure(command: string, result: ExecResult): string | null {
  if (result.kind === 'exited' && result.exitCode === 0) return null;
  if (result.kind === 'exited') return `${command} exited with ${result.exitCode}: ${shortenDetail(result.stderr || result.stdout, 300)}`;
  if (result.kind === 'timeout') return `${command} did not answer in time`;
  if (result.kind === 'signal') return `${command} was killed by ${result.signal}`;
  return `${command}: ${result.detail}`;
}

/**
 * A problem as the sentence a user reads: its message key in their language where it has one (a
 * parse error's "This is not amd-smi-json output: …"), else its technical text. An attempt's
 * detail is printed as it is, so it must not be a key and its values.
 */
function problemSentence(problem: SnapshotProblem, locale: Locale): string {
  return problem.key !== undefined && isMessageKey(problem.key) ? translate(locale, problem.key, problem.params) : problem.message;
}

const output = (result: ExecResult) => (result.kind === 'exited' && result.exitCode === 0 ? result.stdout : null);

const failureReason = (result: ExecResult): UnavailableReason | null =>
  output(result) !== null ? null : result.kind === 'timeout' ? 'timeout' : 'error';

function parseSafely(
  spec: CommandBackendSpec,
  open: readonly (string | null)[],
  live: readonly (string | null)[],
  liveFailures: readonly (UnavailableReason | null)[],
  problems: SnapshotProblem[],
): BackendReading {
  try {
    const reading = spec.parse(open, live, liveFailures);
    return { ...reading, problems: [...problems, ...reading.problems] };
  } catch (error) {
    return { driver: vendorDriverInfo(null), devices: [], processes: [], problems: [...problems, parseProblem(error)] };
  }
}

export function createCommandDriver(spec: CommandBackendSpec, options: CommandBackendOptions = {}): BackendDriver {
  const exec = options.exec ?? runCommand;
  const env = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const find = options.which ?? (options.exec ? (command: string) => command : createWhich({ env, platform: options.platform }));
  return {
    id: spec.id,
    async open(): Promise<BackendOpenResult> {
      const command = spec.candidates.find((candidate) => find(candidate) !== null);
      if (command === undefined) return { ok: false, unavailable: { code: 'command-not-found', detail: `not found: ${spec.candidates.join(', ')}` } };
      const run = (args: readonly string[]) => exec(command, args, { timeoutMs, env });
      const opened = await Promise.all(spec.openArgs.map(run));
      const firstFailure = opened.map((result) => failure(command, result)).find((text) => text !== null);
      if (firstFailure) {
        const code = opened.some((r) => r.kind === 'timeout') ? 'timeout' : opened.some((r) => r.kind === 'not-found') ? 'command-not-found' : 'command-failed';
        return { ok: false, unavailable: { code, detail: firstFailure } };
      }
      const inventory = opened.map(output);
      const readCommand = spec.readCandidates ? (spec.readCandidates.find((candidate) => find(candidate) !== null) ?? null) : command;
      const runLive = (args: readonly string[]): Promise<ExecResult> =>
        readCommand === null ? Promise.resolve({ kind: 'not-found', detail: `not found: ${spec.readCandidates?.join(', ')}` }) : exec(readCommand, args, { timeoutMs, env });
      // The inventory must read as the tool's format, or the chain moves on to the next backend.
      const probe = parseSafely(spec, inventory, spec.readArgs.map(() => null), spec.readArgs.map(() => 'not-reported' as const), []);
      if (probe.devices.length === 0) {
        const first = probe.problems[0];
        const detail = first ? problemSentence(first, detectLocale(env)) : `${command} lists no GPU`;
        return { ok: false, unavailable: { code: 'command-failed', detail } };
      }
      const backend: Backend = {
        id: spec.id,
        capabilities: spec.capabilities,
        async read() {
          const results = await Promise.all(spec.readArgs.map(runLive));
          const problems: SnapshotProblem[] = [];
          results.forEach((result) => {
            const text = failure(readCommand ?? command, result);
            if (text) problems.push({ scope: 'devices', code: result.kind === 'timeout' ? 'timeout' : 'command-failed', message: text });
          });
          const reading = parseSafely(spec, inventory, results.map(output), results.map(failureReason), problems);
          return spec.enrich ? spec.enrich(reading) : reading;
        },
        async close() {},
      };
      return { ok: true, backend };
    },
  };
}
