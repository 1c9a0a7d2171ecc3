// process.stderr, left unmade until something uses it. Node makes the stream on first access, and
// for a pipe or a terminal that loads net (tty's streams are sockets): 0.2–0.6 MiB of the peak RSS
// of a one-shot command that never writes to stderr (docs/benchmarks.md, "Round four"). The CLI's
// error handler still goes on before anything can write through it: the moment the stream is made.

type ErrorListener = (error: NodeJS.ErrnoException) => void;

/** Runs `use` with process.stderr as soon as anything (this code or any other) makes it. */
function whenStderrMade(use: (stderr: NodeJS.WriteStream) => void): void {
  const own = Object.getOwnPropertyDescriptor(process, 'stderr');
  if (own?.get === undefined || own.configurable !== true) return use(process.stderr);
  Object.defineProperty(process, 'stderr', {
    configurable: true,
    enumerable: own.enumerable ?? true,
    get() {
      Object.defineProperty(process, 'stderr', own);
      const stderr = process.stderr;
      use(stderr);
      return stderr;
    },
  });
}

/** What exitOnOutputErrors needs of stderr, without making it now. */
export function lazyStderr(): { on(event: 'error', listener: ErrorListener): unknown; write(text: string): unknown } {
  return {
    on: (event, listener) => whenStderrMade((stderr) => stderr.on(event, listener)),
    write: (text) => process.stderr.write(text),
  };
}
