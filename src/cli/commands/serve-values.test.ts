import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import { MIN_RETENTION_MS, parseByteSize, parseDurationMs, parseHost, parseIntervalSeconds, parsePort, parseRetentionMs } from './serve-values.js';

describe('serve option values', () => {
  it('reads durations with units, and sums of them', () => {
    expect(parseDurationMs('24h')).toBe(86_400_000);
    expect(parseDurationMs('30d')).toBe(30 * 86_400_000);
    expect(parseDurationMs('90m')).toBe(90 * 60_000);
    expect(parseDurationMs('1.5h')).toBe(5_400_000);
    expect(parseDurationMs('1d12h')).toBe(36 * 3_600_000);
    expect(parseDurationMs('2w')).toBe(14 * 86_400_000);
    expect(parseDurationMs('1y')).toBe(365 * 86_400_000);
    expect(parseDurationMs(' 3600S ')).toBe(3_600_000);
  });

  it('refuses durations without a unit, too small or too large, and garbage', () => {
    for (const text of ['30', '', 'h', '24 h', '-1d', '0s', '500ms', '11y', '1e3d', 'd24', '24h ago', '1d-12h', '9'.repeat(400) + 'd']) {
      expect(parseDurationMs(text), text).toBeNull();
    }
  });

  it('refuses a raw retention under a minute and a minute retention under an hour (the next tier is built from them)', () => {
    expect(parseRetentionMs('1m', MIN_RETENTION_MS.raw)).toBe(60_000);
    expect(parseRetentionMs('59s', MIN_RETENTION_MS.raw)).toBeNull();
    expect(parseRetentionMs('1h', MIN_RETENTION_MS.minute)).toBe(3_600_000);
    expect(parseRetentionMs('59m', MIN_RETENTION_MS.minute)).toBeNull();
    expect(parseRetentionMs('30', MIN_RETENTION_MS.minute)).toBeNull();
  });

  it('reads sizes in decimal and binary units', () => {
    expect(parseByteSize('1GiB')).toBe(1024 ** 3);
    expect(parseByteSize('500MB')).toBe(500_000_000);
    expect(parseByteSize('2g')).toBe(2_000_000_000);
    expect(parseByteSize('1.5 GiB')).toBe(1.5 * 1024 ** 3);
    expect(parseByteSize('10485760')).toBe(10_485_760);
    for (const text of ['1KiB', '0', '-1GiB', '1PB', 'GiB', '1 GiB x', '65TiB']) expect(parseByteSize(text), text).toBeNull();
  });

  it('reads ports and intervals within their ranges', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('8478')).toBe(8478);
    expect(parsePort('65535')).toBe(65_535);
    for (const text of ['65536', '-1', '80.5', 'http', '', '1e3']) expect(parsePort(text), text).toBeNull();
    expect(parseIntervalSeconds('0.5')).toBe(0.5);
    for (const text of ['0', '0.05', '3601', 'NaN', 'Infinity', '1s']) expect(parseIntervalSeconds(text), text).toBeNull();
  });

  it('takes addresses and host names, not URLs, ports or control characters', () => {
    expect(parseHost('0.0.0.0')).toBe('0.0.0.0');
    expect(parseHost('::')).toBe('::');
    expect(parseHost('[::1]')).toBe('::1');
    expect(parseHost('gpu-box.lab.example')).toBe('gpu-box.lab.example');
    for (const text of ['http://0.0.0.0', '0.0.0.0:80', 'gpu box', 'a..b', '-x', ':::1::', 'host/path', '']) expect(parseHost(text), text).toBeNull();
    for (const text of ['x\u0000', 'x\u001b[2J', 'x\u202e', 'x\n0.0.0.0', '训练.example']) expect(parseHost(text), JSON.stringify(text)).toBeNull();
  });

  it('answers null or a clean value for any hostile text, never throws', () => {
    const fuzz = createFuzzer(10);
    for (let i = 0; i < 2000; i++) {
      const text = fuzz.text(40);
      const host = parseHost(text);
      if (host !== null) expect(host, JSON.stringify(text)).toMatch(/^[A-Za-z0-9.:-]+$/);
      for (const parse of [parseDurationMs, parseByteSize, parsePort, parseIntervalSeconds]) {
        const value = parse(text);
        if (value !== null) expect(Number.isFinite(value), JSON.stringify(text)).toBe(true);
      }
    }
  });
});
