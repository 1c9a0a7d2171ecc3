// Which start is a one-shot command, told from argv before anything heavy loads; and the V8 flags
// such a start sets for itself (dist/cli.cjs calls oneShotStart first, scripts/build-cjs.mjs).
//
// A one-shot command sets the CLI's flags (scripts/v8-flags.mjs, passed in by the build) and
// --no-sparkplug, through V8's binding instead of node:v8: node:v8 loads Node's streams
// (its heap-snapshot stream), which with a stdout written straight to its descriptor
// (direct-stdout.ts) no one-shot command needs otherwise. Figures: docs/benchmarks.md, "Levers
// tried after 19:30". Long-running commands (top, serve, run, diagnose, pick, fleet, `info
// --watch`) and anything unclear keep the flags and heap compaction B tuned for a sampler's CPU.

/**
 * The word naming the command when only the root's own `--lang X` and `--no-color` stand in
 * front of it, with its index; '--version' for `--version` / `-V` there; null for no word.
 */
export function commandWord(argv: readonly string[]): { word: string; at: number } | null {
  for (let i = 2; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--lang') i++;
    else if (arg === '--version' || arg === '-V') return { word: '--version', at: i };
    else if (arg !== '--no-color' && !arg.startsWith('--lang=')) return { word: arg, at: i };
  }
  return null;
}

const ONE_SHOT = new Set(['--version', 'info', 'gpus', 'estimate', 'recommend', 'cost', 'doctor', 'guide', 'servers']);

/** `-w`, `--watch`, `--watch=5` or a short-option cluster with w (`-vw`): info keeps running. */
const watches = (arg: string): boolean => arg === '--watch' || arg.startsWith('--watch=') || /^-[a-zA-Z]*w/.test(arg);

/** True when argv names a command that prints once and ends (`info` only without --watch). */
export function isOneShot(argv: readonly string[]): boolean {
  const command = commandWord(argv);
  if (command === null || !ONE_SHOT.has(command.word)) return false;
  if (command.word !== 'info') return true;
  const rest = argv.slice(command.at + 1);
  const end = rest.indexOf('--');
  return !(end === -1 ? rest : rest.slice(0, end)).some(watches);
}

/**
 * One-shot only, beside the CLI's own flags: Sparkplug's baseline code is not paid back in one
 * start; V8 checksums a code cache it makes or reads (one-shot-code-cache.ts), so that a damaged
 * one is rejected rather than trusted. The code cache is made and read under exactly these flags.
 */
export const ONE_SHOT_V8_FLAGS: readonly string[] = ['--no-sparkplug', '--verify-snapshot-checksum'];

type V8Binding = { setFlagsFromString?: (flag: string) => void };

/**
 * process.noDeprecation set to `quiet`. Under `node --no-deprecation` (also in NODE_OPTIONS) it is
 * a read-only `true`, and assigning it throws in strict code: nothing to do then, nothing warns.
 */
function setNoDeprecation(quiet: boolean | undefined): void {
  try {
    process.noDeprecation = quiet;
  } catch {
    // Read-only: already true.
  }
}

/** V8's setFlagsFromString without node:v8, or null where this Node has no such binding. */
function bindingSetFlags(): ((flag: string) => void) | null {
  const quiet = process.noDeprecation;
  // process.binding('v8') warns DEP0111 (under --pending-deprecation), on stderr; the flag is put back at once.
  setNoDeprecation(true);
  try {
    const binding = (process as unknown as { binding?: (name: string) => V8Binding }).binding?.('v8');
    const set = binding?.setFlagsFromString;
    return typeof set === 'function' ? (flag) => set.call(binding, flag) : null;
  } catch {
    return null;
  } finally {
    setNoDeprecation(quiet);
  }
}

/**
 * Sets `cliFlags` and ONE_SHOT_V8_FLAGS when argv is a one-shot command and returns true; returns
 * false, setting nothing, otherwise (the caller then sets the long-running flags the usual way).
 */
export function oneShotStart(argv: readonly string[], cliFlags: readonly string[]): boolean {
  if (!isOneShot(argv)) return false;
  const set = bindingSetFlags();
  if (set === null) return false;
  const apply = () => {
    for (const flag of [...cliFlags, ...ONE_SHOT_V8_FLAGS]) set(flag);
  };
  apply();
  // As applyCliV8Flags does: a new isolate (a worker thread) resets the semi-space growth factor.
  process.on('worker', (worker) => worker.once('online', apply));
  return true;
}
