// The terminal while `top` runs: alternate screen, hidden cursor, raw keyboard, no line wrap, and
// (optionally) mouse reports. `restore` undoes all of it, synchronously and any number of times,
// so every way out — q, Ctrl-C, SIGTERM, a crash, process exit — leaves the shell as it was.

const CSI = '\u001b[';
const ENTER = [`${CSI}?1049h`, `${CSI}?25l`, `${CSI}?7l`, `${CSI}H${CSI}2J`];
const MOUSE_ON = [`${CSI}?1000h`, `${CSI}?1006h`];
// Mouse off first (a shell that gets mouse reports prints garbage), then wrap and cursor back,
// colours reset, and the main screen with the user's scrollback.
const RESTORE = [`${CSI}?1006l`, `${CSI}?1000l`, `${CSI}?2026l`, `${CSI}0m`, `${CSI}?7h`, `${CSI}?25h`, `${CSI}?1049l`];

export interface TerminalInput {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
  resume(): unknown;
  pause(): unknown;
}

export interface TerminalSessionOptions {
  input: TerminalInput;
  /** Writes at once (fs.writeSync on the terminal's descriptor): used on the way out, too. */
  writeSync: (text: string) => void;
  mouse: boolean;
}

export class TerminalSession {
  private active = false;

  constructor(private readonly options: TerminalSessionOptions) {}

  get isActive(): boolean {
    return this.active;
  }

  enter(): void {
    if (this.active) return;
    this.active = true;
    this.options.input.setRawMode?.(true);
    this.options.input.resume();
    this.options.writeSync([...ENTER, ...(this.options.mouse ? MOUSE_ON : [])].join(''));
  }

  /** Idempotent and synchronous: safe in an exit handler or after a crash. */
  restore(): void {
    if (!this.active) return;
    this.active = false;
    try {
      this.options.writeSync(RESTORE.join(''));
    } catch {
      // The terminal is gone (SIGHUP): nothing to restore on it.
    }
    try {
      this.options.input.setRawMode?.(false);
    } catch {
      // Same: a closed tty cannot leave raw mode.
    }
    this.options.input.pause();
  }
}

/** What `restore` writes, for tests that check a terminal was put back. */
export const RESTORE_SEQUENCE = RESTORE.join('');
