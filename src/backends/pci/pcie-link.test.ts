import { describe, expect, it } from 'vitest';
import { parseLinkSpeedGtPerSecond, parseLinkWidth, pcieGenerationOf } from './pcie-link.js';

describe('PCIe link attributes', () => {
  it('reads the speed strings of current and older kernels', () => {
    expect(parseLinkSpeedGtPerSecond('2.5 GT/s PCIe\n')).toBe(2.5);
    expect(parseLinkSpeedGtPerSecond('16.0 GT/s PCIe')).toBe(16);
    expect(parseLinkSpeedGtPerSecond('32.0 GT/s PCIe')).toBe(32);
    expect(parseLinkSpeedGtPerSecond('64.0 GT/s PCIe')).toBe(64);
    expect(parseLinkSpeedGtPerSecond('8 GT/s')).toBe(8);
    expect(parseLinkSpeedGtPerSecond('5 GT/s')).toBe(5);
  });

  it('maps each rate to its generation', () => {
    expect([2.5, 5, 8, 16, 32, 64, 128].map(pcieGenerationOf)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pcieGenerationOf(null)).toBeNull();
  });

  it('gives null, not a guess, for unknown or malformed speeds', () => {
    expect(parseLinkSpeedGtPerSecond('Unknown')).toBeNull();
    expect(parseLinkSpeedGtPerSecond('Unknown speed')).toBeNull();
    expect(parseLinkSpeedGtPerSecond('66 MHz PCI-X')).toBeNull();
    expect(parseLinkSpeedGtPerSecond('12.0 GT/s PCIe')).toBeNull();
    expect(parseLinkSpeedGtPerSecond('')).toBeNull();
  });

  it('reads lane counts, keeping 0 (link down) as a real value', () => {
    expect(parseLinkWidth('16\n')).toBe(16);
    expect(parseLinkWidth('x8')).toBe(8);
    expect(parseLinkWidth('0')).toBe(0);
    expect(parseLinkWidth('255')).toBeNull();
    expect(parseLinkWidth('wide')).toBeNull();
  });
});
