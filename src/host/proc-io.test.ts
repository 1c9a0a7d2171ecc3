import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../test/helpers/fuzz.js';
import { createCounterRates, createIoRateReader } from './io-rates.js';
import { parseProcIo, parseVmstatMajorFaults } from './proc-io-parsers.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/proc/${name}`, import.meta.url), 'utf8');

describe('/proc/<pid>/io and /proc/vmstat parsers', () => {
  it('reads read_bytes (storage) apart from rchar (cache hits included)', () => {
    expect(parseProcIo(fixture('pid-io-reader.txt'))).toEqual({ readBytes: 1073741824, readCharsBytes: 123456789 });
    expect(parseProcIo(fixture('pid-io.txt'))?.readBytes).toBeTypeOf('number');
  });

  it('survives mutated real files (a number or null, never a throw)', () => {
    const fuzz = createFuzzer(7);
    for (let i = 0; i < 300; i++) {
      const io = parseProcIo(fuzz.mutate(fixture('pid-io-reader.txt')));
      if (io !== null) expect(Number.isSafeInteger(io.readBytes)).toBe(true);
      const faults = parseVmstatMajorFaults(fuzz.mutate(fixture('vmstat.txt')));
      if (faults !== null) expect(Number.isSafeInteger(faults)).toBe(true);
    }
  });

  it('reads pgmajfault from a real vmstat, wherever the line is', () => {
    const text = fixture('vmstat.txt');
    const expected = Number(/^pgmajfault (\d+)$/m.exec(text)![1]);
    expect(parseVmstatMajorFaults(text)).toBe(expected);
    expect(parseVmstatMajorFaults('pgmajfault 7\nnr_free_pages 1')).toBe(7);
    expect(parseVmstatMajorFaults('nr_free_pages 1\npgmajfault 9')).toBe(9);
  });

  it('gives null, never 0 or a throw, for garbled and hostile text', () => {
    const fuzz = createFuzzer(12);
    const hostile = Array.from({ length: 200 }, () => fuzz.text(60).replaceAll('read_bytes', '').replaceAll('pgmajfault', ''));
    for (const bad of ['', 'read_bytes: -1', 'read_bytes: 1e3', 'read_bytes:', 'rchar: 5', ...hostile]) {
      expect(parseProcIo(bad)).toBeNull();
    }
    for (const bad of ['', 'pgmajfault', 'pgmajfault x', 'xpgmajfault 5', 'pgmajfault 99999999999999999999', ...hostile]) {
      expect(parseVmstatMajorFaults(bad)).toBeNull();
    }
  });
});

describe('counter rates', () => {
  it('is null first, then units per second; a reused PID or a counter going back starts again', () => {
    const rates = createCounterRates();
    expect(rates.rate(5, 100, 1000, 0)).toBeNull();
    expect(rates.rate(5, 100, 3000, 500)).toBe(4000);
    expect(rates.rate(5, 200, 9000, 1000)).toBeNull();
    expect(rates.rate(5, 200, 1, 1500)).toBeNull();
    expect(rates.rate(5, 200, 501, 2000)).toBe(1000);
  });

  it('reads a recorded procfs and forgets processes no longer watched', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'gpuwise-io-'));
    mkdirSync(path.join(root, '42'));
    const write = (readBytes: number, faults: number) => {
      writeFileSync(path.join(root, '42', 'io'), `rchar: 1\nread_bytes: ${readBytes}\n`);
      writeFileSync(path.join(root, 'vmstat'), `nr_free_pages 1\npgmajfault ${faults}\n`);
    };
    const reader = createIoRateReader(root);
    write(0, 10);
    expect(reader.diskReadBytesPerSecond(42, 1, 0)).toBeNull();
    expect(reader.majorFaultsPerSecond(0)).toBeNull();
    write(2_000_000, 30);
    expect(reader.diskReadBytesPerSecond(42, 1, 1000)).toBe(2_000_000);
    expect(reader.majorFaultsPerSecond(1000)).toBe(20);
    expect(reader.diskReadBytesPerSecond(43, 1, 1000)).toBeNull();
    reader.retainOnly(new Set());
    expect(reader.diskReadBytesPerSecond(42, 1, 2000)).toBeNull();
    write(2_000_000, 50);
    expect(reader.majorFaultsPerSecond(2000)).toBe(20);
  });
});
