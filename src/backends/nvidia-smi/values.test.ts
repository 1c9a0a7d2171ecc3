import { describe, expect, it } from 'vitest';
import {
  deviceStateFromCell,
  noValueReason,
  parseComputeMode,
  parseCount,
  parseDecimal,
  parseFlag,
  parseHexMask,
  parsePerformanceState,
  parseText,
} from './values.js';

describe('noValueReason', () => {
  it.each([
    ['[N/A]', 'not-reported'],
    ['N/A', 'not-reported'],
    ['', 'not-reported'],
    ['   ', 'not-reported'],
    ['Unknown', 'not-reported'],
    ['[Not Found]', 'not-reported'],
    ['[Not Supported]', 'not-supported'],
    ['[Requested functionality has been deprecated]', 'not-supported'],
    ['[Insufficient Permissions]', 'no-permission'],
    ['[GPU is lost]', 'gpu-lost'],
    ['[Unknown Error]', 'error'],
    ['ERR!', 'error'],
    ['[GPU requires reset]', 'error'],
    ['[Some future NVML error]', 'error'],
  ] as const)('%j → %s', (raw, reason) => {
    expect(noValueReason(raw)).toBe(reason);
  });

  it('leaves real values alone', () => {
    expect(noValueReason('81559 MiB')).toBeNull();
    expect(noValueReason('NVIDIA H100 80GB HBM3')).toBeNull();
  });
});

describe('parseDecimal', () => {
  it('reads bare values and values followed by the header unit', () => {
    expect(parseDecimal('81559', 'MiB')).toEqual({ ok: true, value: 81559 });
    expect(parseDecimal('81559 MiB', 'MiB')).toEqual({ ok: true, value: 81559 });
    expect(parseDecimal('69.85 W', 'W')).toEqual({ ok: true, value: 69.85 });
    expect(parseDecimal('0 %', '%')).toEqual({ ok: true, value: 0 });
    expect(parseDecimal(' 41 ', null)).toEqual({ ok: true, value: 41 });
  });

  it('never turns a placeholder into a number', () => {
    expect(parseDecimal('[N/A]', 'W')).toEqual({ ok: false, reason: 'not-reported' });
    expect(parseDecimal('[Not Supported]', 'W')).toEqual({ ok: false, reason: 'not-supported' });
    expect(parseDecimal('[GPU is lost]', 'MiB')).toEqual({ ok: false, reason: 'gpu-lost' });
  });

  it('reports malformed numbers instead of returning NaN', () => {
    for (const raw of ['12.3.4', 'abc', '0x10', '12 W', 'NaN', '-', '1e', '.']) {
      const parsed = parseDecimal(raw, 'MHz');
      expect(parsed.ok, raw).toBe(false);
      if (!parsed.ok) {
        expect(parsed.reason).toBe('error');
        expect(parsed.malformed).toContain(JSON.stringify(raw));
      }
    }
  });

  // Numbers no GPU prints: the parser itself says out-of-range, it never hands them on.
  it('calls infinite, overflowing and negative-zero numbers out of range', () => {
    for (const raw of ['Infinity', '-Infinity', 'inf', '1e309 W', '9'.repeat(400), '-0', '-0.00', '-1e-400']) {
      const parsed = parseDecimal(raw, 'W');
      expect(parsed, raw).toMatchObject({ ok: false, reason: 'out-of-range' });
    }
    // 1e308 itself is finite: the field's range (map-device.ts) turns it away, tested there.
    expect(parseDecimal('1e308', null)).toEqual({ ok: true, value: 1e308 });
  });

  it('quotes a huge malformed cell only in part', () => {
    const parsed = parseDecimal(`${'x'.repeat(100_000)}`, null);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.malformed!.length).toBeLessThan(200);
  });
});

describe('parseCount', () => {
  it('accepts whole non-negative numbers only', () => {
    expect(parseCount('16')).toEqual({ ok: true, value: 16 });
    expect(parseCount('1.5').ok).toBe(false);
    expect(parseCount('-1').ok).toBe(false);
    expect(parseCount('99999999999999999999').ok).toBe(false);
  });

  it('calls an impossible count out of range, not a number', () => {
    for (const raw of ['-0', '-1', '18446744073709551615', '9'.repeat(306)]) expect(parseCount(raw), raw).toMatchObject({ ok: false, reason: 'out-of-range' });
    expect(parseCount('1.5')).toMatchObject({ ok: false, reason: 'error' });
  });
});

describe('parseFlag', () => {
  it.each([
    ['Enabled', true],
    ['Disabled', false],
    ['Yes', true],
    ['No', false],
    ['Active', true],
    ['Not Active', false],
    ['On', true],
    ['Off', false],
  ] as const)('%s → %s', (raw, value) => {
    expect(parseFlag(raw)).toEqual({ ok: true, value });
  });

  it('rejects other words', () => {
    expect(parseFlag('Maybe')).toMatchObject({ ok: false, reason: 'error' });
    expect(parseFlag('[N/A]')).toEqual({ ok: false, reason: 'not-reported' });
  });
});

describe('parsePerformanceState', () => {
  it('reads P0 … P15', () => {
    expect(parsePerformanceState('P0')).toEqual({ ok: true, value: 0 });
    expect(parsePerformanceState('P8')).toEqual({ ok: true, value: 8 });
    expect(parsePerformanceState('P15')).toEqual({ ok: true, value: 15 });
  });

  it('rejects anything else', () => {
    expect(parsePerformanceState('P16').ok).toBe(false);
    expect(parsePerformanceState('8').ok).toBe(false);
    expect(parsePerformanceState('Unknown')).toEqual({ ok: false, reason: 'not-reported' });
  });
});

describe('parseHexMask', () => {
  it('reads 64-bit masks as bigint', () => {
    expect(parseHexMask('0x0000000000000001')).toEqual({ ok: true, value: 1n });
    expect(parseHexMask('0x00000000000001FF')).toEqual({ ok: true, value: 0x1ffn });
    expect(parseHexMask('0x8000000000000000')).toEqual({ ok: true, value: 0x8000000000000000n });
  });

  it('rejects decimal and over-long values', () => {
    expect(parseHexMask('1').ok).toBe(false);
    expect(parseHexMask('0x00000000000000001').ok).toBe(false);
    expect(parseHexMask('[Not Supported]')).toEqual({ ok: false, reason: 'not-supported' });
  });
});

describe('parseComputeMode', () => {
  it.each([
    ['Default', 'default'],
    ['Exclusive_Thread', 'exclusive-thread'],
    ['Prohibited', 'prohibited'],
    ['Exclusive_Process', 'exclusive-process'],
  ] as const)('%s → %s', (raw, mode) => {
    expect(parseComputeMode(raw)).toEqual({ ok: true, value: mode });
  });

  it('rejects unknown modes', () => {
    expect(parseComputeMode('Shared').ok).toBe(false);
  });
});

describe('parseText and device state', () => {
  it('keeps text whole and trims it', () => {
    expect(parseText(' NVIDIA A100-SXM4-80GB ')).toEqual({ ok: true, value: 'NVIDIA A100-SXM4-80GB' });
    expect(parseText('[N/A]')).toEqual({ ok: false, reason: 'not-reported' });
  });

  it('recognises a lost GPU and one that needs a reset', () => {
    expect(deviceStateFromCell('[GPU is lost]')).toBe('lost');
    expect(deviceStateFromCell('[GPU requires reset]')).toBe('error');
    expect(deviceStateFromCell('[N/A]')).toBeNull();
  });
});
