import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatCommand, parseChildren, parseCmdline, parseProcStat, parseProcStatus, processName } from './proc-process-parsers.js';
import { createStatScan, parseDigits, scanProcStat } from './proc-stat-bytes.js';

const HOST = fileURLToPath(new URL('../../test/fixtures/proc/host/', import.meta.url));
const read = (file: string) => fs.readFileSync(HOST + file, 'utf8');

describe('parseProcStat', () => {
  it('reads times and start from a recorded line', () => {
    expect(parseProcStat(read('4242/stat'))).toEqual({ pid: 4242, comm: 'python3', state: 'R', cpuTicks: 5300, startTicks: 123456, parentPid: 1, threadCount: 1, rssPages: 33 });
  });

  it('takes comm up to the LAST parenthesis, spaces and parentheses included', () => {
    const stat = parseProcStat(read('5151/stat'));
    expect(stat?.comm).toBe('a) b (c) d');
    expect(stat?.cpuTicks).toBe(15);
    expect(stat?.startTicks).toBe(200000);
  });

  it('keeps a comm that ends in ")" or holds a newline', () => {
    const tail = 'S 1 1 1 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 42 0 0';
    expect(parseProcStat(`12 (x)) ${tail}`)?.comm).toBe('x)');
    expect(parseProcStat(`12 (a\nb) ${tail}`)).toMatchObject({ comm: 'a\nb', cpuTicks: 10, startTicks: 42 });
  });

  it('reads a zombie and a kernel thread', () => {
    expect(parseProcStat(read('6000/stat'))).toMatchObject({ state: 'Z', comm: 'worker', cpuTicks: 73 });
    expect(parseProcStat(read('2/stat'))).toMatchObject({ pid: 2, comm: 'kthreadd', state: 'S', startTicks: 18 });
  });

  it('returns null for malformed lines instead of inventing numbers', () => {
    expect(parseProcStat(read('7000/stat'))).toBeNull();
    expect(parseProcStat('')).toBeNull();
    expect(parseProcStat('(no pid) S 1')).toBeNull();
    expect(parseProcStat('12 (short) S 1 1 1')).toBeNull();
    expect(parseProcStat('12 (x) S 1 1 1 0 -1 0 0 0 0 0 -7 3 0 0 20 0 1 0 42')).toBeNull();
    expect(parseProcStat('12 (x) 5 1 1 1 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 42')).toBeNull();
  });
});

describe('parseProcStatus', () => {
  it('reads the effective uid, VmRSS in bytes and NSpid', () => {
    expect(parseProcStatus(read('4242/status'))).toEqual({ effectiveUid: 1000, rssBytes: 8388608 * 1024, namespacePids: [4242] });
  });

  it('uses the effective uid (second column), like ps and top', () => {
    expect(parseProcStatus('Uid:\t1000\t0\t0\t0\n')?.effectiveUid).toBe(0);
  });

  it('lists every namespace PID of a containerised process, outermost first', () => {
    expect(parseProcStatus(read('7100/status'))?.namespacePids).toEqual([7100, 12]);
  });

  it('has no RSS for zombies and kernel threads', () => {
    expect(parseProcStatus(read('6000/status'))).toMatchObject({ rssBytes: null, effectiveUid: 1000 });
    expect(parseProcStatus(read('2/status'))).toMatchObject({ rssBytes: null, effectiveUid: 0 });
  });

  it('leaves NSpid null on kernels without it, and rejects a status without a sane Uid line', () => {
    expect(parseProcStatus('Name:\tx\nUid:\t5\t5\t5\t5\nVmRSS:\t 12 kB\n')).toEqual({ effectiveUid: 5, rssBytes: 12288, namespacePids: null });
    expect(parseProcStatus('Name:\tx\n')).toBeNull();
    expect(parseProcStatus('Uid:\tabc\tdef\n')).toBeNull();
    expect(parseProcStatus('Uid:\t5\t5\nVmRSS:\t12 MB\n')?.rssBytes).toBeNull();
  });
});

describe('command lines', () => {
  it('splits NUL-separated arguments and joins them as ps does', () => {
    const args = parseCmdline(read('4242/cmdline'));
    expect(args).toEqual(['python3', 'train.py', '--epochs', '10']);
    expect(formatCommand(args, 'python3')).toBe('python3 train.py --epochs 10');
  });

  it('keeps a rewritten title (no NULs) as one string', () => {
    expect(formatCommand(parseCmdline(read('9300/cmdline')), 'setproctitle')).toBe('ray::TrainWorker.train() extra args here');
  });

  it('falls back to [comm] for kernel threads and zombies', () => {
    expect(parseCmdline('')).toEqual([]);
    expect(formatCommand([], 'kthreadd')).toBe('[kthreadd]');
    expect(formatCommand([], null)).toBeNull();
  });

  it('extends a comm the kernel cut at 15 characters from argv[0]', () => {
    expect(processName('python3.11-debu', ['/usr/bin/python3.11-debug', 'x.py'])).toBe('python3.11-debug');
    expect(processName('python3.11-debu', ['/usr/bin/other'])).toBe('python3.11-debu');
    expect(processName('python3', ['/usr/bin/python3.11'])).toBe('python3');
    expect(processName('kworker/0:1-eve', [])).toBe('kworker/0:1-eve');
  });
});

describe('scanProcStat (bytes, for the hot path)', () => {
  it('reads what the text parser reads, without a string, into a reused record', () => {
    const scan = createStatScan();
    const bytes = fs.readFileSync(HOST + '4242/stat');
    expect(scanProcStat(bytes, bytes.length, scan)).toBe(true);
    expect(scan).toMatchObject({ pid: 4242, stateCode: 'R'.charCodeAt(0), cpuTicks: 5300, startTicks: 123456, parentPid: 1, threadCount: 1, rssPages: 33 });
    expect(bytes.toString('utf8', scan.commStart, scan.commEnd)).toBe('python3');
    // A shorter line in the same record: optional fields go back to null.
    const short = Buffer.from('12 (x) S 1 1 1 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 42');
    expect(scanProcStat(short, short.length, scan)).toBe(true);
    expect(scan).toMatchObject({ pid: 12, cpuTicks: 10, threadCount: 1, rssPages: null });
  });

  it('reads only the first `length` bytes of a larger buffer', () => {
    const scan = createStatScan();
    const buffer = Buffer.alloc(4096, 0x41);
    const line = Buffer.from('7 (y) R 1 1 1 0 -1 0 0 0 0 0 1 2 0 0 20 0 3 0 9 0 55\n');
    line.copy(buffer);
    expect(scanProcStat(buffer, line.length, scan)).toBe(true);
    expect(scan).toMatchObject({ pid: 7, rssPages: 55, threadCount: 3 });
  });

  it('takes digits only, and refuses what overflows a safe integer', () => {
    const digits = (text: string) => parseDigits(Buffer.from(text), 0, text.length);
    expect(digits('0012')).toBe(12);
    expect([digits(''), digits('-1'), digits('1e3'), digits('9'.repeat(17)), digits('١٢')]).toEqual([null, null, null, null, null]);
  });
});

describe('parseChildren', () => {
  it('reads the space-separated PIDs of a children file, skipping anything else', () => {
    expect(parseChildren('7101 7102 ')).toEqual([7101, 7102]);
    expect(parseChildren('')).toEqual([]);
    expect(parseChildren('0 -3 12x 99999999999999999 4 ')).toEqual([4]);
  });
});

