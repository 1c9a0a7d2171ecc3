import { describe, expect, it } from 'vitest';
import { readAmdQuantity, amdArchitecture } from './amd.js';
import { missingReason, overlayDevices, parseJsonDocument, readNumber, readText, VendorParseError } from './reading.js';
import { emptyGpuDevice } from '../../core/empty-device.js';

describe('"no value" spellings of the AMD, Windows and macOS tools', () => {
  it.each([
    ['N/A', 'not-reported'],
    ['n/a', 'not-reported'],
    ['N/A (Secondary die)', 'not-supported'],
    ['Not supported', 'not-supported'],
    ['Unsupported', 'not-supported'],
    ['', 'not-reported'],
    ['  ', 'not-reported'],
    ['[Not Supported]', 'not-supported'],
    ['unknown', 'not-reported'],
  ])('%j → %s', (text, reason) => {
    expect(missingReason(text)).toBe(reason);
    expect(readNumber(text)).toEqual({ ok: false, reason });
    expect(readText(text)).toEqual({ ok: false, reason });
  });

  it('-1 and other negatives mean no value; infinities and words are errors with a problem; numbers stay numbers', () => {
    expect(readNumber(-1)).toEqual({ ok: false, reason: 'not-reported' });
    expect(readNumber('-1')).toEqual({ ok: false, reason: 'not-reported' });
    expect(readNumber(Number.POSITIVE_INFINITY)).toMatchObject({ ok: false, reason: 'out-of-range' });
    expect(readNumber('1e400')).toMatchObject({ ok: false, reason: 'out-of-range' });
    expect(readNumber('lots')).toMatchObject({ ok: false, reason: 'error', problem: expect.stringContaining('lots') });
    expect(readNumber(null)).toEqual({ ok: false, reason: 'not-reported' });
    expect(readNumber('45.0')).toEqual({ ok: true, value: 45 });
    expect(readNumber(0)).toEqual({ ok: true, value: 0 });
  });

  it('amd-smi value/unit objects: N/A inside, MB as MiB, an unknown unit is an error', () => {
    expect(readAmdQuantity({ value: 'N/A', unit: 'mV' }, 'watts')).toEqual({ ok: false, reason: 'not-reported' });
    expect(readAmdQuantity({ value: 8176, unit: 'MB' }, 'bytes')).toEqual({ ok: true, value: 8176 * 1024 * 1024 });
    expect(readAmdQuantity(300, 'watts', 'W')).toEqual({ ok: true, value: 300 });
    expect(readAmdQuantity({ value: 1, unit: 'furlong' }, 'bytes')).toMatchObject({ ok: false, reason: 'error' });
    expect(readAmdQuantity('N/A', 'celsius', 'C')).toEqual({ ok: false, reason: 'not-reported' });
  });

  it('gfx targets in both spellings name the family', () => {
    expect(['gfx90a', 'gfx9010', 'gfx942', 'gfx908', 'gfx906', 'gfx1030', 'gfx1031', 'gfx1100', 'gfx11001', 'gfx1201', 'gfx1010', 'gfx803'].map(amdArchitecture)).toEqual([
      'cdna2', 'cdna2', 'cdna3', 'cdna', 'gcn5', 'rdna2', 'rdna2', 'rdna3', 'rdna3', 'rdna4', 'rdna', null,
    ]);
  });

  it('JSON after warning lines; a 1 GB-class input is refused unread', () => {
    expect(parseJsonDocument('WARNING: no permission\n\n{"a": 1}', 'x')).toEqual({ a: 1 });
    expect(() => parseJsonDocument('x'.repeat(16 * 1024 * 1024 + 1), 'x')).toThrow(VendorParseError);
    expect(() => parseJsonDocument('{"a": ', 'x')).toThrow(VendorParseError);
  });

  it('an overlay keeps the inventory where the live read has no value', () => {
    const base = emptyGpuDevice(0, 'amd', 'not-reported');
    base.name = 'MI210';
    delete base.unavailable.name;
    const live = emptyGpuDevice(0, 'amd', 'not-reported');
    live.gpuUtilPercent = 37;
    delete live.unavailable.gpuUtilPercent;
    const [merged] = overlayDevices([base], [live]);
    expect(merged).toMatchObject({ name: 'MI210', gpuUtilPercent: 37 });
    expect(merged!.unavailable).not.toHaveProperty('gpuUtilPercent');
    expect(merged!.unavailable).not.toHaveProperty('name');
  });
});
