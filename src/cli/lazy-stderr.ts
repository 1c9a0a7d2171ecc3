// process.stderr (and a one-shot command's process.stdout, direct-stdout.ts), left unmade until
// something uses it. Node makes the stream on first access, and for a pipe or a terminal that
// loads net (tty's streams are sockets): 0.2–0.6 MiB of the peak RSS of a one-shot command that
// never writes to stderr (docs/benchmarks.md, "Round four"). The CLI's error handler still goes
// on before anything can write through it: the moment the stream is made.

type ErrorListener = (error: NodeJS.ErrnoException) => void;

/** Runs `use` with process[name] as soon as anything (this code or any other) makes it. */
function whenStreamMade(name: 'stdout' | 'stderr', use: (stream: NodeJS.WriteStream) => void): void {
  const own = Object.getOwnPropertyDescriptor(process, name);
  if (own?.get === undefined || own.configurable !== true) return use(process[name]);
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: own.enumerable ?? true,
    get() {
      Object.defineProperty(process, name, own);
      const stream = process[name];
      use(stream);
      return stream;
    },
  });
}

/** What exitOnOutputErrors needs of stderr, without making it now. */
export function lazyStderr(): { on(event: 'error', listener: ErrorListener): unknown; write(text: string): unknown } {
  return {
    on: (event, listener) => whenStreamMade('stderr', (stderr) => stderr.on(event, listener)),
    write: (text) => process.stderr.write(text),
  };
}

/**
 * The error listener for a one-shot command's stdout when it is written directly
 * (direct-stdout.ts): on `direct`, and on process.stdout once something else makes that
 * (commander's --version and help write there).
 */
export function directStdoutErrors(direct: { on(event: 'error', listener: ErrorListener): unknown }): { on(event: 'error', listener: ErrorListener): unknown } {
  return {
    on: (event, listener) => {
      direct.on(event, listener);
      whenStreamMade('stdout', (stdout) => stdout.on(event, listener));
    },
  };
}
