// Pure parsers for NVIDIA Xid lines in the kernel log, in each form a reader meets them:
//   /dev/kmsg records  `4,1234,5678901,-;NVRM: Xid (PCI:0000:17:00): 79, pid=1234, name=python, …`
//   dmesg / syslog     `[ 5107.644336] NVRM: Xid (PCI:0000:03:00): 79, GPU has fallen off the bus.`
//                      `Dec  1 12:00:00 host kernel: NVRM: Xid (PCI:0000:3b:00): 13, Graphics …`
//   journalctl -o json `{"MESSAGE":"NVRM: Xid (…): 48, …","_TRANSPORT":"kernel","__REALTIME_TIMESTAMP":"…"}`
// The driver's text is kept as data, unsanitised but bounded; renderers escape it (safeText).

export interface XidRecord {
  xid: number;
  /** The GPU's PCI address as the driver printed it, lower case: "0000:17:00". */
  pciBusId: string;
  /** Process that caused it, where the driver names one (null for `<unknown>`). */
  pid: number | null;
  processName: string | null;
  /** What the driver said after the code, pid and name (at most MAX_TEXT characters). */
  text: string;
  /** Wall clock the log gives (journal); null where it gives only time since boot. */
  wallMs: number | null;
}

export const MAX_TEXT = 500;

const XID = /^NVRM: Xid \((?:PCI:)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2})(?:\.[0-7])?\): (\d{1,6}),[ \t]?(.*)$/s;
// Drivers from ~470 name the process: `pid=1234, name=python3, ` or `pid='<unknown>', name=<unknown>, `.
// A name is the kernel's comm (15 bytes), so it ends at the first ", " within a short span.
const PID_NAME = /^pid=(?:'?<unknown>'?|(\d{1,10})), ?name=(.{0,64}?), ?(.*)$/s;

/** An Xid from the message part of a kernel log line ("NVRM: Xid …"); null for anything else. */
export function parseXidMessage(message: string, wallMs: number | null = null): XidRecord | null {
  const match = XID.exec(message.trimEnd());
  if (!match) return null;
  const [, busId = '', code = '', rest = ''] = match;
  const xid = Number(code);
  let pid: number | null = null;
  let processName: string | null = null;
  let text = rest;
  const named = PID_NAME.exec(rest);
  if (named) {
    pid = named[1] === undefined ? null : Number(named[1]);
    processName = named[2] === undefined || named[2] === '<unknown>' || named[2] === '' ? null : named[2];
    text = named[3] ?? '';
  }
  return { xid, pciBusId: busId.toLowerCase(), pid, processName, text: text.slice(0, MAX_TEXT), wallMs };
}

export interface KmsgRecord {
  /** syslog facility × 8 + level; facility 0 is the kernel itself. */
  priority: number;
  sequence: number;
  /** Time since boot, µs. */
  timestampUs: number;
  message: string;
}

const KMSG = /^(\d{1,4}),(\d{1,20}),(\d{1,20}),[^;\n]*;([^\n]*)/;

/** One /dev/kmsg record (Documentation/ABI/testing/dev-kmsg); continuation lines are dropped. */
export function parseKmsgRecord(record: string): KmsgRecord | null {
  const match = KMSG.exec(record);
  if (!match) return null;
  return { priority: Number(match[1]), sequence: Number(match[2]), timestampUs: Number(match[3]), message: match[4] ?? '' };
}

/**
 * An Xid from a /dev/kmsg record. Only the kernel's own records count: root can write lines into
 * /dev/kmsg too, but the kernel never lets those carry the kernel facility (devkmsg_write).
 */
export function parseKmsgXid(record: string): XidRecord | null {
  const parsed = parseKmsgRecord(record);
  if (!parsed || parsed.priority >> 3 !== 0) return null;
  return parseXidMessage(parsed.message);
}

const MARK = 'NVRM: Xid ';

/** An Xid from a line of dmesg, syslog, kern.log or journalctl's text output. */
export function parseKernelLogLine(line: string): XidRecord | null {
  const record = parseKmsgRecord(line);
  if (record) return record.priority >> 3 === 0 ? parseXidMessage(record.message) : null;
  const at = line.indexOf(MARK);
  return at < 0 ? null : parseXidMessage(line.slice(at));
}

/**
 * An Xid from one line of `journalctl --dmesg --output=json`. journald writes MESSAGE as an array
 * of bytes when it is not valid UTF-8 or holds control characters; both forms are read.
 */
export function parseJournalJson(line: string): XidRecord | null {
  // A cheap filter before JSON.parse: most kernel records are not Xids. A byte-array MESSAGE does
  // not spell "NVRM", so it always goes through.
  if (!line.includes('NVRM') && !BYTE_MESSAGE.test(line)) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof entry !== 'object' || entry === null) return null;
  const fields = entry as Record<string, unknown>;
  if (fields._TRANSPORT !== undefined && fields._TRANSPORT !== 'kernel') return null;
  const message = journalText(fields.MESSAGE);
  if (message === null) return null;
  const micros = typeof fields.__REALTIME_TIMESTAMP === 'string' ? Number(fields.__REALTIME_TIMESTAMP) : NaN;
  return parseXidMessage(message, Number.isFinite(micros) && micros > 0 ? Math.floor(micros / 1000) : null);
}

const BYTE_MESSAGE = /"MESSAGE"\s*:\s*\[/;

function journalText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length <= 65_536 && value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    return Buffer.from(value as number[]).toString('utf8');
  }
  return null;
}

/** PCI domain, bus and device of "0000:17:00" (Xid) or "00000000:17:00.0" (NVML); null if neither. */
export function pciAddress(busId: string): string | null {
  const match = /^([0-9A-Fa-f]{4,8}):([0-9A-Fa-f]{2}):([0-9A-Fa-f]{2})(?:\.[0-7])?$/.exec(busId.trim());
  if (!match) return null;
  const [, domain = '', bus = '', device = ''] = match;
  return `${parseInt(domain, 16)}:${parseInt(bus, 16)}:${parseInt(device, 16)}`;
}
