// The terminal's size, when it is known. script(1), `docker exec -t` and `kubectl exec -t` often
// give a pty of 0×0: taken at its word, that cuts every command to nothing and makes log-update
// draw no line at all (it clips to 0 rows). Zero, like a missing size, means "unknown".

export interface TerminalSize {
  columns: number;
  rows: number;
}

/** What a terminal is assumed to be when it does not say: wide enough for a GPU line. */
export const DEFAULT_TERMINAL_SIZE: TerminalSize = { columns: 120, rows: 24 };

/** A stream's own size fields, as Node's tty.WriteStream has them (undefined off a terminal). */
export interface SizedStream {
  columns?: number;
  rows?: number;
}

function positive(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

/** The stream's size where positive, else $COLUMNS / $LINES, else DEFAULT_TERMINAL_SIZE. */
export function terminalSize(stream: SizedStream, env: NodeJS.ProcessEnv): TerminalSize {
  return {
    columns: positive(stream.columns) ?? positive(env.COLUMNS) ?? DEFAULT_TERMINAL_SIZE.columns,
    rows: positive(stream.rows) ?? positive(env.LINES) ?? DEFAULT_TERMINAL_SIZE.rows,
  };
}

/** What log-update reads of its stream (see its createLogUpdate): isTTY, the size, write. */
export interface RedrawTarget {
  readonly isTTY: boolean;
  readonly columns: number;
  readonly rows: number;
  write(text: string): boolean;
}

/**
 * `stream` as log-update sees it, with the size read through `terminalSize` at every frame
 * (the window can be resized while `info --watch` runs).
 */
export function redrawTarget(stream: Pick<NodeJS.WriteStream, 'isTTY' | 'columns' | 'rows' | 'write'>, env: NodeJS.ProcessEnv): RedrawTarget {
  return {
    isTTY: stream.isTTY === true,
    get columns() {
      return terminalSize(stream, env).columns;
    },
    get rows() {
      return terminalSize(stream, env).rows;
    },
    write: (text) => stream.write(text),
  };
}

/** A log-update redrawing in place on `stream`, loaded only when a command redraws. */
export async function createRedraw(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv) {
  const { createLogUpdate } = await import('log-update');
  // log-update types its stream as a full WritableStream but uses only what RedrawTarget has.
  return createLogUpdate(redrawTarget(stream, env) as unknown as NodeJS.WritableStream);
}
