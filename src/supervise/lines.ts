// Bytes from a pipe into lines for the combined log. A line ends at \n; a line the job never ends
// is given out when the stream ends (or the attempt does); any line past MAX_LINE_BYTES, ended or
// not, is given out in pieces, so a progress bar without newlines, a binary dump or one huge JSON
// line cannot grow memory or a log line without bound. Bytes are
// decoded as UTF-8 across chunk boundaries (a character split between two reads stays whole);
// bytes that are not UTF-8 become U+FFFD.

import { StringDecoder } from 'node:string_decoder';

export const MAX_LINE_BYTES = 64 * 1024;

export interface LineSplitter {
  /** Complete lines in this chunk (without their \n), plus pieces of an over-long line. */
  push(chunk: Buffer): { text: string; complete: boolean }[];
  /** The unfinished last line, if any (at the stream's end). */
  end(): { text: string; complete: boolean }[];
}

export function createLineSplitter(maxLineBytes = MAX_LINE_BYTES): LineSplitter {
  const decoder = new StringDecoder('utf8');
  let partial = '';
  const take = (text: string) => {
    const out: { text: string; complete: boolean }[] = [];
    // A line past the bound goes out in pieces, each but the last of a finished line marked
    // incomplete: checked for every line, not only for the unfinished one at the end.
    const bounded = (line: string): string => {
      let at = 0;
      // UTF-16 length as a bound on bytes: within ×3, and cheap.
      for (; line.length - at > maxLineBytes; at += maxLineBytes) out.push({ text: line.slice(at, at + maxLineBytes), complete: false });
      return at === 0 ? line : line.slice(at);
    };
    const rest = partial + text;
    let start = 0;
    for (let at = rest.indexOf('\n'); at >= 0; start = at + 1, at = rest.indexOf('\n', start)) {
      out.push({ text: bounded(rest.slice(start, at)), complete: true });
    }
    partial = bounded(rest.slice(start));
    return out;
  };
  return {
    push: (chunk) => take(decoder.write(chunk)),
    end() {
      const out = take(decoder.end());
      if (partial !== '') out.push({ text: partial, complete: false });
      partial = '';
      return out;
    },
  };
}

// CSI (colours, cursor moves) and OSC (titles, links) sequences, as terminals read them.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/**
 * What a terminal would show of one line, for the file: ANSI sequences dropped, a trailing \r
 * dropped, and of a line redrawn with \r (tqdm's progress bar) only its last state.
 */
export function plainLine(text: string): string {
  if (!text.includes('\u001b') && !text.includes('\r')) return text;
  let line = text.replace(ANSI, '');
  if (line.endsWith('\r')) line = line.slice(0, -1);
  const redraw = line.lastIndexOf('\r');
  return redraw >= 0 ? line.slice(redraw + 1) : line;
}
