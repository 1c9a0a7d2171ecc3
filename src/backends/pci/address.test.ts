import { describe, expect, it } from 'vitest';
import { comparePciAddresses, normalizePciAddress, parsePciAddress, toNvmlBusId } from './address.js';

describe('PCI addresses', () => {
  it('normalises lspci and kernel forms to the kernel form', () => {
    expect(normalizePciAddress('17:00.0')).toBe('0000:17:00.0');
    expect(normalizePciAddress('0003:02:00.0')).toBe('0003:02:00.0');
    expect(normalizePciAddress('0000:B1:00.0')).toBe('0000:b1:00.0');
    expect(normalizePciAddress('10000:e1:00.0')).toBe('10000:e1:00.0');
  });

  it('rejects what is not an address', () => {
    expect(normalizePciAddress('pci0000:00')).toBeNull();
    expect(normalizePciAddress('0000:17:00.8')).toBeNull();
    expect(parsePciAddress('')).toBeNull();
  });

  it('writes NVML bus ids: 8-digit domain, upper-case hex', () => {
    expect(toNvmlBusId('0000:b1:00.0')).toBe('00000000:B1:00.0');
    expect(toNvmlBusId('000c:00:00.0')).toBe('0000000C:00:00.0');
  });

  it('sorts in bus order numerically, wide VMD domains last', () => {
    const sorted = ['10000:e1:00.0', '0003:02:00.0', '0000:b1:00.0', '0000:17:00.0', '000c:00:00.0', '0000:17:00.1'].sort(
      comparePciAddresses,
    );
    expect(sorted).toEqual(['0000:17:00.0', '0000:17:00.1', '0000:b1:00.0', '0003:02:00.0', '000c:00:00.0', '10000:e1:00.0']);
  });
});
