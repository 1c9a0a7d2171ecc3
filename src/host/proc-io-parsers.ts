// Parsers for the two counters `diagnose` adds to the host side: a process's storage reads
// (/proc/<pid>/io) and the kernel's major page faults (/proc/vmstat). Pure; I/O is in io-rates.ts.

import { parseCount } from './proc-system-parsers.js';

export interface ProcIo {
  /** Bytes the process caused to be fetched from storage (page-cache hits excluded). */
  readBytes: number;
  /** Bytes passed to read()-like calls, cache hits included. */
  readCharsBytes: number | null;
}

/** Lines are "name: value"; null when read_bytes is missing or garbled (a kernel without task I/O accounting). */
export function parseProcIo(text: string): ProcIo | null {
  let readBytes: number | null = null;
  let readChars: number | null = null;
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon);
    if (key === 'read_bytes') readBytes = parseCount(line.slice(colon + 1).trim());
    else if (key === 'rchar') readChars = parseCount(line.slice(colon + 1).trim());
  }
  return readBytes === null ? null : { readBytes, readCharsBytes: readChars };
}

const MAJOR_FAULTS_KEY = 'pgmajfault ';

/** pgmajfault from /proc/vmstat ("name value" lines); null when absent or garbled. */
export function parseVmstatMajorFaults(text: string): number | null {
  // One key of ~190 lines: found by a scan, without splitting every line.
  let start: number;
  if (text.startsWith(MAJOR_FAULTS_KEY)) start = MAJOR_FAULTS_KEY.length;
  else {
    const at = text.indexOf(`\n${MAJOR_FAULTS_KEY}`);
    if (at < 0) return null;
    start = at + 1 + MAJOR_FAULTS_KEY.length;
  }
  const end = text.indexOf('\n', start);
  return parseCount(text.slice(start, end === -1 ? undefined : end).trim());
}
