import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../test/helpers/fuzz.js';
import { expectLinear } from '../../test/fuzz/scaling.js';
import { MAX_TEXT, parseJournalJson, parseKernelLogLine, parseKmsgXid, parseXidMessage, pciAddress, type XidRecord } from './kernel-log-parse.js';

const DIR = fileURLToPath(new URL('./__fixtures__/kernel-log/', import.meta.url));
const lines = (file: string) => fs.readFileSync(DIR + file, 'utf8').split('\n').filter((l) => l !== '');
/** kmsg-records.txt holds one record per read: a line and the dictionary lines under it. */
const records = () => fs.readFileSync(DIR + 'kmsg-records.txt', 'utf8').split(/\n(?! )/).filter((r) => r !== '');
const brief = (r: XidRecord | null) => r && `${r.pciBusId} ${r.xid} ${r.pid ?? '-'} ${r.processName ?? '-'}`;

describe('Xid messages', () => {
  it('reads the code, the GPU, the process and the driver’s text', () => {
    expect(parseXidMessage('NVRM: Xid (PCI:0000:17:00): 79, pid=1234, name=python, GPU has fallen off the bus.')).toEqual({
      xid: 79, pciBusId: '0000:17:00', pid: 1234, processName: 'python', text: 'GPU has fallen off the bus.', wallMs: null,
    });
    expect(parseXidMessage('NVRM: Xid (PCI:0000:3b:00): 13, Graphics SM Warp Exception on (GPC 0, TPC 0): Out Of Range Address')).toMatchObject({
      xid: 13, pciBusId: '0000:3b:00', pid: null, processName: null, text: 'Graphics SM Warp Exception on (GPC 0, TPC 0): Out Of Range Address',
    });
    // Newer drivers when no process is to blame; the oldest ones print no `PCI:`.
    expect(parseXidMessage("NVRM: Xid (PCI:0000:CB:00): 13, pid='<unknown>', name=<unknown>, Graphics Exception: ESR 0x1")).toMatchObject({
      pciBusId: '0000:cb:00', pid: null, processName: null, text: 'Graphics Exception: ESR 0x1',
    });
    expect(brief(parseXidMessage('NVRM: Xid (0000:03:00): 14, Channel 00000001'))).toBe('0000:03:00 14 - -');
  });

  it('ignores other NVRM lines, SXids and lookalikes', () => {
    for (const text of [
      'NVRM: GPU 0000:19:00.0: GPU has fallen off the bus.',
      'NVRM: Xid (PCI:0000:17:00): , no code',
      'NVRM: Xid (PCI:zzzz:17:00): 79, bad bus',
      'nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link 05 egress non-posted PRIV error',
      'NVRM: Xid(PCI:0000:17:00): 79, no space',
      '',
    ]) {
      expect(parseXidMessage(text), text).toBeNull();
    }
  });

  it('keeps the driver’s text as data, bounded', () => {
    const hostile = 'a\u001b[2J\r\nb'.repeat(200);
    const record = parseXidMessage(`NVRM: Xid (PCI:0000:17:00): 31, pid=1, name=x, ${hostile}`);
    expect(record?.text).toBe(hostile.slice(0, MAX_TEXT));
  });
});

describe('/dev/kmsg records', () => {
  it('reads each Xid of the fixture, skipping other records and one user space wrote', () => {
    const found = records().map((record) => brief(parseKmsgXid(record))).filter((x) => x !== null);
    expect(found).toEqual([
      '0000:17:00 13 - -',
      '0000:17:00 13 - -',
      '0000:17:00 13 - -',
      '0000:18:00 31 1797828 pt_main_thread',
      '0000:19:00 79 1234 python',
      '0019:01:00 94 4242 python3',
      '0000:17:00 119 3071564 \\x1b]0;pwned\\x07python',
    ]);
  });
});

describe('dmesg, kern.log and journalctl text', () => {
  it('finds the Xid in every line format', () => {
    const found = (file: string) => lines(file).map((line) => brief(parseKernelLogLine(line))).filter((x) => x !== null);
    expect(found('dmesg.txt')).toEqual(['0000:19:00 79 - -', '0000:18:00 32 - -', '0000:18:00 31 - -', '0000:17:00 13 - -', '0000:17:00 14 - -']);
    expect(found('dmesg-ctime.txt')).toEqual(['0000:17:00 13 - -', '0000:17:00 109 1797828 pt_main_thread']);
    // The text formats cannot tell a kernel line from a program's: the last one is a user program.
    expect(found('journal-short.txt')).toEqual(['0000:19:00 79 - -', '0000:18:00 45 1818990 python3', '0000:18:00 48 - -']);
    expect(found('kern-log.txt')).toEqual(['0000:17:00 3 - -', '0000:18:00 63 - -']);
    expect(found('kmsg-records.txt')).toHaveLength(7);
  });
});

describe('journalctl JSON', () => {
  it('reads kernel entries with their wall clock, byte-array messages included; nothing else', () => {
    const parsed = lines('journal.jsonl').map((line) => parseJournalJson(line));
    expect(parsed.map(brief)).toEqual(['0000:19:00 79 1234 python', null, '0000:17:00 48 99 \u001b[2Jx', null, '0000:18:00 92 - -', null]);
    expect(parsed[0]?.wallMs).toBe(1764590559000);
    expect(parsed[4]?.wallMs).toBeNull();
    expect(parsed[2]?.text).toBe('An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer.');
  });

  it('survives JSON that is not a journal entry', () => {
    for (const line of ['NVRM', '"NVRM"', 'null', '[1,"NVRM"]', '{"MESSAGE":[999,"NVRM"]}', '{"MESSAGE":{"NVRM":1}}']) {
      expect(parseJournalJson(line), line).toBeNull();
    }
  });
});

describe('PCI addresses', () => {
  it('compares the driver’s Xid form with NVML’s', () => {
    expect(pciAddress('0000:17:00')).toBe(pciAddress('00000000:17:00.0'));
    expect(pciAddress('0019:01:00')).toBe(pciAddress('00000019:01:00.0'));
    expect(pciAddress('0000:3B:00')).toBe(pciAddress('00000000:3b:00.0'));
    expect(pciAddress('0000:17:00')).not.toBe(pciAddress('00000000:18:00.0'));
    expect(pciAddress('GPU-17')).toBeNull();
  });
});

describe('hostile input', () => {
  it('never throws, and anything it returns is well-formed', () => {
    const fuzz = createFuzzer(10);
    const corpus = [...records(), ...lines('dmesg.txt'), ...lines('journal.jsonl'), ...lines('kern-log.txt')];
    for (let i = 0; i < 3000; i++) {
      const input = fuzz.mutate(fuzz.pick(corpus));
      for (const parse of [parseKernelLogLine, parseKmsgXid, parseJournalJson]) {
        const record = parse(input);
        if (record === null) continue;
        expect(Number.isInteger(record.xid) && record.xid >= 0).toBe(true);
        expect(pciAddress(record.pciBusId)).not.toBeNull();
        expect(record.text.length).toBeLessThanOrEqual(MAX_TEXT);
      }
    }
  });

  it('takes time linear in the line’s length (the shared bound: ×4 the line, at most ×8 the CPU time)', () => {
    // Was twice the line against three times the time at 1 → 2 MB, the pattern test/fuzz/scaling.ts
    // says a busy machine breaks; the line is three times `size` long, so at most 768 KB here.
    const at = (size: number) => `4,1,1,-;NVRM: Xid (PCI:0000:17:00): 13, pid=1, name=${' '.repeat(size)}, ${', '.repeat(size)}`;
    expectLinear(at, parseKernelLogLine, 2 ** 18);
  });
});
