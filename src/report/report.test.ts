import { describe, expect, it } from 'vitest';
import { renderReportPage } from './html-page.js';
import { linePath, niceStep, renderLineChart } from './svg-chart.js';

const HOSTILE = '<script>alert(1)</script>\u001b]0;x\u0007"\'&\u202e';

describe('renderLineChart', () => {
  it('draws a null as a gap (a new subpath), never as a point at 0', () => {
    const d = linePath({ label: 'u', timesMs: [0, 1, 2, 3], values: [10, null, 30, 40] }, (t) => t * 10, (v) => v);
    expect(d).toBe('M0.0 10.0 M20.0 30.0 L30.0 40.0');
    const svg = renderLineChart({ title: 'GPU', unit: '%', yMin: 0, yMax: 100, series: [{ label: 'gpu0', timesMs: [0, 1000, 2000], values: [50, null, 50] }] });
    const path = /<path d="([^"]+)"/.exec(svg)![1]!;
    expect(path.split('M')).toHaveLength(3);
    // Only two points, both at 50 %: nothing sits on the bottom line.
    const ys = [...path.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
    expect(new Set(ys).size).toBe(1);
  });

  it('labels the value axis with its unit and the time axis in seconds', () => {
    const svg = renderLineChart({ title: 'Memory', unit: 'GiB', series: [{ label: 'gpu0', timesMs: [1000, 61000], values: [1, 79] }] });
    expect(svg).toContain('>GiB</text>');
    expect(svg).toContain('>s</text>');
    expect(svg).toContain('>60</text>');
    expect(svg).toContain('>80</text>');
  });

  it('says so when there is nothing to draw (empty series, all nulls, NaN)', () => {
    for (const series of [[], [{ label: 'a', timesMs: [], values: [] }], [{ label: 'a', timesMs: [0, 1], values: [null, Number.NaN] }]]) {
      const svg = renderLineChart({ title: 'SM', unit: '%', series, emptyText: 'not measured' });
      expect(svg).toContain('not measured');
      expect(svg).not.toContain('<path');
    }
  });

  it('escapes hostile titles, units and labels', () => {
    const svg = renderLineChart({ title: HOSTILE, unit: HOSTILE, series: [{ label: HOSTILE, timesMs: [0, 1], values: [1, 2] }] });
    expect(svg).not.toContain('<script');
    expect(svg).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(svg).toContain('&lt;script&gt;');
  });

  it('picks tidy axis steps', () => {
    expect(niceStep(100)).toBe(50);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(0)).toBe(1);
  });
});

describe('renderReportPage', () => {
  it('is self-contained: no script, no external URL, a strict CSP', () => {
    const html = renderReportPage({ lang: 'en', title: 'Report', sections: ['<p>hi</p>'] });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|\ssrc=|https?:\/\//i);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('<p>hi</p>');
  });

  it('escapes its own title and language', () => {
    const html = renderReportPage({ lang: '"><script>', title: HOSTILE, sections: [] });
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u202e]/);
  });

  it('embeds every language and switches between them without script', () => {
    const html = renderReportPage({
      lang: 'zh-CN',
      label: '中文',
      title: '诊断',
      sections: ['<p>中文正文</p>'],
      alternates: [{ lang: 'en', label: 'English', title: 'Diagnosis', sections: ['<p>English body</p>'] }],
    });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('中文正文');
    expect(html).toContain('English body');
    expect(html).toMatch(/<input type="radio" name="lang" id="lang-0" checked>/);
    expect(html).toContain('#lang-1:checked~.lang-1{display:block}');
    expect(html).not.toContain('<script');
  });
});
