import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pcieLinkBytesPerSecond, THRESHOLDS, used } from './thresholds.js';

describe('thresholds', () => {
  it('every threshold has a value, a unit and a source: a citation with its URL, or gpuwise\'s choice with a reason', () => {
    for (const [id, t] of Object.entries(THRESHOLDS)) {
      expect(t.id).toBe(id);
      expect(Number.isFinite(t.value) && t.value > 0, id).toBe(true);
      expect(t.unit.trim(), id).not.toBe('');
      expect(/https:\/\/\S+/.test(t.source) || /gpuwise's choice: \S/.test(t.source), id).toBe(true);
    }
    expect(THRESHOLDS.inputModeratePercent.value).toBe(5);
    expect(THRESHOLDS.inputHighPercent.value).toBe(20);
    expect(THRESHOLDS.smActiveIneffectivePercent.value).toBe(50);
  });

  it('docs/diagnose.md lists every threshold with its value', () => {
    const doc = readFileSync(new URL('../../docs/diagnose.md', import.meta.url), 'utf8');
    for (const t of Object.values(THRESHOLDS)) expect(doc, t.id).toContain(`| \`${t.id}\` | ${t.value} | ${t.unit} |`);
  });

  it('a finding gets copies, not the table itself', () => {
    const [copy] = used('inputHighPercent');
    copy!.value = 99;
    expect(THRESHOLDS.inputHighPercent.value).toBe(20);
  });

  it('PCIe link rates per generation × width; unknown generations and widths are null', () => {
    expect(pcieLinkBytesPerSecond(4, 16)).toEqual({ bytesPerSecond: 1969e6 * 16, threshold: 'pcieGen4LaneBytesPerSecond' });
    expect(pcieLinkBytesPerSecond(3, 8)?.bytesPerSecond).toBeCloseTo(7.88e9, -7);
    expect(pcieLinkBytesPerSecond(5, 16)?.bytesPerSecond).toBeCloseTo(63e9, -9);
    expect(pcieLinkBytesPerSecond(7, 16)).toBeNull();
    expect(pcieLinkBytesPerSecond(4, 0)).toBeNull();
    expect(pcieLinkBytesPerSecond(null, 16)).toBeNull();
    expect(pcieLinkBytesPerSecond(4, 1.5)).toBeNull();
  });
});
