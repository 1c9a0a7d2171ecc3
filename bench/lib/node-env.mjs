// The environment benchmarks give the Node processes they compare: this one's, without what makes
// every Node start pay for something a user's usually does not. NODE_EXTRA_CA_CERTS makes Node
// parse the whole certificate bundle before any script runs: on this workplace's machines (which
// set it for their proxy) `node -e 0` took 70–74 ms and 40.3 MiB with it, 25–29 ms and 38.4 MiB
// without (2026-12-02), so a ratio against `node -e 0` measured with it compared two processes
// that both spent ~45 ms and ~1.9 MiB on certificates. `--keep-env` in a benchmark keeps it.

/** Names removed, and why (for the benchmark's note). */
export const INFLATING_VARIABLES = { NODE_EXTRA_CA_CERTS: 'Node parses the certificate bundle at every start' };

/** `env` without INFLATING_VARIABLES, unless `keep`; also which were removed. */
export function benchNodeEnv(env, keep = false) {
  const clean = { ...env };
  const removed = [];
  if (!keep) {
    for (const name of Object.keys(INFLATING_VARIABLES)) {
      if (clean[name] !== undefined) removed.push(name);
      delete clean[name];
    }
  }
  return { env: clean, removed };
}

/** One line for the report, or null when nothing was removed. */
export function removedNote(removed) {
  return removed.length === 0 ? null : `without ${removed.map((n) => `${n} (${INFLATING_VARIABLES[n]})`).join(', ')} in the measured processes' environment; --keep-env keeps it`;
}
