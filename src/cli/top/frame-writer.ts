// Draws frames on the alternate screen by rewriting only the lines that changed since the last
// frame, all in one write. A 200-row process table at 2 Hz then costs a few lines of output per
// tick instead of a full screen, and nothing flickers (no clear-and-redraw).

const CSI = '\u001b[';
/** Synchronised update (DEC mode 2026): terminals that know it show the frame at once; others ignore it. */
const BEGIN_SYNC = `${CSI}?2026h`;
const END_SYNC = `${CSI}?2026l`;

export interface FrameTarget {
  write(text: string): unknown;
}

export class FrameWriter {
  private previous: string[] = [];
  private columns = 0;
  private rows = 0;

  constructor(private readonly target: FrameTarget) {}

  /** The next frame redraws every line (after a resize, a resume, or something else wrote to the screen). */
  invalidate(): void {
    this.previous = [];
    this.columns = 0;
  }

  /**
   * Shows `lines` (each exactly `columns` wide, at most `rows` of them): only changed lines are
   * written. Returns the number of lines written.
   */
  draw(lines: readonly string[], columns: number, rows: number): number {
    const full = columns !== this.columns || rows !== this.rows;
    let out = full ? `${CSI}H${CSI}2J` : '';
    let written = 0;
    for (let row = 0; row < rows; row++) {
      const line = lines[row] ?? '';
      if (!full && this.previous[row] === line) continue;
      // Every line is exactly `columns` wide (Line.render pads), so nothing of an older one is
      // left to erase — and an erase-to-end here would wipe the last column the line just wrote.
      out += `${CSI}${row + 1};1H${line}${CSI}0m`;
      written++;
    }
    this.previous = lines.slice(0, rows);
    this.columns = columns;
    this.rows = rows;
    if (out !== '') this.target.write(BEGIN_SYNC + out + END_SYNC);
    return written;
  }
}
