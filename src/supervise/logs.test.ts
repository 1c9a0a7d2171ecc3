import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDir, openJobLogs } from './job-logs.js';
import { createLineSplitter, plainLine } from './lines.js';
import { openRotatingFile } from './rotating-file.js';

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-logs-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('rotating file', () => {
  it('rotates by size, keeps a bounded count, never splits a write', () => {
    const path = join(tmp(), 'x.log');
    const file = openRotatingFile({ path, maxBytes: 100, keep: 2 });
    for (let i = 0; i < 10; i++) file.write(`${String(i).repeat(60)}\n`);
    file.close();
    expect(readFileSync(path, 'utf8')).toBe(`${'9'.repeat(60)}\n`);
    expect(readFileSync(`${path}.1`, 'utf8')).toBe(`${'8'.repeat(60)}\n`);
    expect(readFileSync(`${path}.2`, 'utf8')).toBe(`${'7'.repeat(60)}\n`);
    expect(existsSync(`${path}.3`)).toBe(false);
    expect(file.bytesWritten()).toBe(610);
  });
});

describe('lines', () => {
  it('joins a UTF-8 character split across chunks and lines split across reads', () => {
    const splitter = createLineSplitter();
    const bytes = Buffer.from('显存\nab', 'utf8');
    const out = [...splitter.push(bytes.subarray(0, 2)), ...splitter.push(bytes.subarray(2)), ...splitter.push(Buffer.from('c\n')), ...splitter.end()];
    expect(out).toEqual([{ text: '显存', complete: true }, { text: 'abc', complete: true }]);
  });

  it('cuts an endless line into bounded pieces', () => {
    const splitter = createLineSplitter(10);
    expect(splitter.push(Buffer.from('x'.repeat(25))).map((l) => l.text.length)).toEqual([10, 10]);
    expect(splitter.end()).toEqual([{ text: 'xxxxx', complete: false }]);
  });

  it('cuts a long line that does end with a newline too: pieces marked unfinished, the last one finished', () => {
    const splitter = createLineSplitter(10);
    expect(splitter.push(Buffer.from(`ab\n${'y'.repeat(24)}\ncd`))).toEqual([
      { text: 'ab', complete: true },
      { text: 'y'.repeat(10), complete: false },
      { text: 'y'.repeat(10), complete: false },
      { text: 'yyyy', complete: true },
    ]);
    expect(splitter.end()).toEqual([{ text: 'cd', complete: false }]);
  });

  it('logs an 80,000-byte line in 64 KiB pieces tagged out~, the rest tagged out', () => {
    const dir = tmp();
    const logs = openJobLogs({ dir });
    logs.write('out', Buffer.from(`${'z'.repeat(80_000)}\n`), 1);
    logs.close();
    const lines = readFileSync(join(dir, 'output.log'), 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => / #1 (\S+) +(z*)$/.exec(line)?.slice(1).map((p) => (p.startsWith('z') ? p.length : p)))).toEqual([
      ['out~', 64 * 1024],
      ['out', 80_000 - 64 * 1024],
    ]);
  });

  it('shows what a terminal would: no ANSI, the last \\r redraw', () => {
    expect(plainLine('\u001b[1;31mError\u001b[0m: x\r')).toBe('Error: x');
    expect(plainLine(' 10%|█   \r 50%|█████ \r100%|██████████')).toBe('100%|██████████');
    expect(plainLine('\u001b]0;title\u0007text')).toBe('text');
  });
});

describe('the log folder', () => {
  it('is made with its parents, and a folder it cannot make is an error, not a hang', () => {
    const dir = join(tmp(), 'a', 'b', 'c');
    makeDir(dir);
    makeDir(dir);
    expect(existsSync(dir)).toBe(true);
    expect(() => makeDir('/proc/gpuwise-no-such/x')).toThrow(); // Node's recursive mkdir never returns here
    expect(() => makeDir('/etc/passwd/x')).toThrow(/ENOTDIR/);
  });
});

describe('job logs', () => {
  it('time-stamps and tags each line; hostile control characters are shown, not written raw', () => {
    const dir = tmp();
    let t = Date.UTC(2026, 11, 1, 15, 30);
    const seen: string[] = [];
    const logs = openJobLogs({ dir, now: () => t++, onLine: (line) => seen.push(line) });
    logs.note('started', 1);
    logs.write('out', Buffer.from('hello\tworld\nbell\u0007 and \u202eevil\n'), 1);
    logs.write('err', Buffer.from('no newline'), 1);
    logs.endStream('err', 1);
    logs.close();
    expect(readFileSync(join(dir, 'output.log'), 'utf8')).toBe(
      '2026-12-01T15:30:00.000Z #1 run  started\n' +
        '2026-12-01T15:30:00.001Z #1 out  hello\tworld\n' +
        '2026-12-01T15:30:00.001Z #1 out  bell\\x07 and \\u202eevil\n' + // one time stamp per chunk read
        '2026-12-01T15:30:00.002Z #1 err~ no newline\n',
    );
    expect(readFileSync(join(dir, 'stdout.log'), 'utf8')).toBe('hello\tworld\nbell\u0007 and \u202eevil\n');
    expect(seen).toEqual(['hello\tworld', 'bell\u0007 and \u202eevil', 'no newline']);
  });
});
