// Ending the process while a thread is stuck inside the NVIDIA driver. `process.exit` does not
// end it: Node joins its worker threads and libuv joins its thread pool on the way out, so with a
// GPU call hung for 8 s, exit takes 8 s (measured with the fake NVML: process.exit,
// process.reallyExit and worker.terminate() all wait). The C library's `_exit` (TerminateProcess
// on Windows) ends it at once. For the CLI only, after its output is written; library code never
// calls this on its own.

import koffi from './koffi.js';

type ExitFunction = (code: number) => void;

function nativeExit(platform: NodeJS.Platform): ExitFunction | null {
  try {
    if (platform === 'win32') {
      const kernel32 = koffi.load('kernel32.dll');
      const current = kernel32.func('void *GetCurrentProcess(void)') as () => unknown;
      const terminate = kernel32.func('int TerminateProcess(void *process, unsigned int code)') as (p: unknown, c: number) => number;
      return (code) => void terminate(current(), code);
    }
    // dlopen(NULL): the symbols the process already has, libc's among them.
    return koffi.load(null).func('void _exit(int status)') as ExitFunction;
  } catch {
    return null;
  }
}

/** Waits until what was written to a stream has been handed to the OS. */
function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}

/**
 * Ends the process with `code` now, after stdout and stderr are flushed, without waiting for
 * threads in the driver. Falls back to process.exit where the native exit cannot be bound.
 */
export async function exitWithoutWaiting(code: number, platform: NodeJS.Platform = process.platform): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  nativeExit(platform)?.(code);
  process.exit(code);
}
