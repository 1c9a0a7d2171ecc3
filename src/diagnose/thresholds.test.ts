import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOG } from '../i18n/catalog.js';
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

  it('every unit and every reason of gpuwise\'s own is in both languages, the English word for word as here', () => {
    const en = CATALOG.en as Record<string, string | undefined>;
    const zh = CATALOG['zh-CN'] as Record<string, string | undefined>;
    for (const [id, t] of Object.entries(THRESHOLDS)) {
      expect(en[`diagnose.unit.${t.unitId}`], id).toBe(t.unit);
      expect(zh[`diagnose.unit.${t.unitId}`], id).toBeTruthy();
      if (t.why === null) continue;
      expect(en[`diagnose.threshold.why.${id}`], id).toBe(t.why);
      expect(zh[`diagnose.threshold.why.${id}`], id).toMatch(/[\u4e00-\u9fff]/);
    }
    // A finding carries the English text whole (the JSON's), not the parts.
    expect(used('gapUtilPercent')[0]).toEqual({ id: 'gapUtilPercent', value: 10, unit: '% GPU-Util', source: expect.stringMatching(/^gpuwise's choice: a 1\/6 s driver sample.*; NVML API Reference/) });
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
