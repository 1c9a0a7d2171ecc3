// /proc/<pid>/stat parsed straight from the bytes read, without building a string or splitting it:
// a sampler reads this file for every GPU process and every descendant on every tick, and the
// string route (decode, trim, split into 52 fields) was most of the host side's allocations. One
// pass, left to right, so the cost is linear in the input whatever it holds.

/** What the hot path needs from one stat line; reused between calls (see createStatScan). */
export interface StatScan {
  pid: number;
  /** Char code of the state letter (R, S, D, Z …). */
  stateCode: number;
  /** Ticks (USER_HZ): utime + stime. */
  cpuTicks: number;
  startTicks: number;
  /** Null when the field is missing or not a count (recorded trees cut short). */
  parentPid: number | null;
  threadCount: number | null;
  rssPages: number | null;
  /** Byte range of comm, between the first '(' and the last ')'. */
  commStart: number;
  commEnd: number;
}

export function createStatScan(): StatScan {
  return { pid: 0, stateCode: 0, cpuTicks: 0, startTicks: 0, parentPid: null, threadCount: null, rssPages: null, commStart: 0, commEnd: 0 };
}

// Fields after the closing ')' of comm, counted from 0 = field 3 (state) of proc(5).
const STATE = 0;
const PPID = 1; // field 4
const UTIME = 11; // field 14
const STIME = 12; // field 15
const NUM_THREADS = 17; // field 20
const STARTTIME = 19; // field 22
const RSS = 21; // field 24
const LAST_NEEDED = RSS;

const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;

function isSpace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

/** A run of ASCII digits as a safe integer; null for anything else (sign, letters, overflow, empty). */
export function parseDigits(bytes: Uint8Array, start: number, end: number): number | null {
  if (start >= end) return null;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i]! - 0x30;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
  }
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Fills `out` from the first `length` bytes of a stat file; false when the line cannot be
 * understood (then `out` holds garbage). comm may contain spaces and ')' — a task can name itself
 * "a) b (c" — so the numeric fields are read only after the LAST ')'.
 */
export function scanProcStat(bytes: Uint8Array, length: number, out: StatScan): boolean {
  let open = -1;
  for (let i = 0; i < length; i++) {
    if (bytes[i] === OPEN_PAREN) {
      open = i;
      break;
    }
  }
  let close = -1;
  for (let i = length - 1; i > open; i--) {
    if (bytes[i] === CLOSE_PAREN) {
      close = i;
      break;
    }
  }
  if (open <= 0 || close < 0) return false;

  let pidStart = 0;
  let pidEnd = open;
  while (pidStart < pidEnd && isSpace(bytes[pidStart]!)) pidStart++;
  while (pidEnd > pidStart && isSpace(bytes[pidEnd - 1]!)) pidEnd--;
  const pid = parseDigits(bytes, pidStart, pidEnd);
  if (pid === null) return false;

  let utime: number | null = null;
  let stime: number | null = null;
  let startTicks: number | null = null;
  let stateCode = -1;
  out.parentPid = out.threadCount = out.rssPages = null;
  let field = 0;
  let i = close + 1;
  while (i < length && field <= LAST_NEEDED) {
    while (i < length && isSpace(bytes[i]!)) i++;
    if (i >= length) break;
    const start = i;
    while (i < length && !isSpace(bytes[i]!)) i++;
    switch (field) {
      case STATE: {
        const code = bytes[start]!;
        const letter = (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
        if (i - start === 1 && letter) stateCode = code;
        break;
      }
      case PPID: out.parentPid = parseDigits(bytes, start, i); break;
      case UTIME: utime = parseDigits(bytes, start, i); break;
      case STIME: stime = parseDigits(bytes, start, i); break;
      case NUM_THREADS: out.threadCount = parseDigits(bytes, start, i); break;
      case STARTTIME: startTicks = parseDigits(bytes, start, i); break;
      case RSS: out.rssPages = parseDigits(bytes, start, i); break;
    }
    field++;
  }
  if (stateCode < 0 || utime === null || stime === null || startTicks === null) return false;
  out.pid = pid;
  out.stateCode = stateCode;
  out.cpuTicks = utime + stime;
  out.startTicks = startTicks;
  out.commStart = open + 1;
  out.commEnd = close;
  return Number.isSafeInteger(out.cpuTicks);
}
