// How many native calls are running on another thread right now (koffi async calls, a worker
// thread inside the driver). Node's own exit waits for every one of them — it joins the thread
// pool and worker threads — so a process whose GPU hangs would linger until the driver answers.
// The CLI asks here, and ends the process without waiting when a call is still out (./hard-exit.ts).
// No imports: the CLI can ask without loading koffi.

let inFlight = 0;

/** Counts one call as out; the returned function counts it back (once). */
export function trackNativeCall(): () => void {
  inFlight++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight--;
  };
}

export function nativeCallsInFlight(): number {
  return inFlight;
}
