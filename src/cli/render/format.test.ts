import { describe, expect, it } from 'vitest';
import { bar, displayWidth, formatBytes, formatBytesPair, formatDuration, padEnd, padStart, truncate } from './format.js';

describe('display width', () => {
  it('counts Chinese characters as two columns and colour codes as none', () => {
    expect(displayWidth('GPU')).toBe(3);
    expect(displayWidth('显存')).toBe(4);
    expect(displayWidth('（2 核）')).toBe(8);
    expect(displayWidth('\u001b[31m显存\u001b[39m 1')).toBe(6);
    expect(displayWidth('e\u0301')).toBe(1);
  });

  it('pads and cuts by columns, not by string length', () => {
    expect(padEnd('显存', 6)).toBe('显存  ');
    expect(padStart('1%', 4)).toBe('  1%');
    expect(truncate('python train.py --epochs 90', 10)).toBe('python tr…');
    expect(displayWidth(truncate('训练任务一二三四五', 7))).toBeLessThanOrEqual(7);
    expect(truncate('short', 10)).toBe('short');
  });
});

describe('formatters', () => {
  it('formats bytes in the unit that reads best', () => {
    expect(formatBytes(512 * 1024 * 1024)).toBe('512 MiB');
    expect(formatBytes(9125 * 1024 * 1024)).toBe('8.9 GiB');
    // Below 1 MiB (a PCIe rate of 10 KB/s): in KiB or bytes, never a fake "0 MiB".
    expect([10_233, 317_436, 700, 0].map(formatBytes)).toEqual(['10 KiB', '310 KiB', '700 B', '0 MiB']);
    expect(formatBytesPair(9125 * 1024 * 1024, 81559 * 1024 * 1024)).toBe('8.9/79.6 GiB');
  });

  it('draws bars with eighth blocks and clamps out-of-range values', () => {
    expect(bar(0, 4)).toBe('░░░░');
    expect(bar(100, 4)).toBe('████');
    expect(bar(50, 4)).toBe('██░░');
    expect(bar(150, 4)).toBe('████');
    expect(displayWidth(bar(33, 10))).toBe(10);
  });

  it('formats durations compactly', () => {
    expect(formatDuration(12)).toBe('12s');
    expect(formatDuration(245)).toBe('4m05s');
    expect(formatDuration(2 * 3600 + 13 * 60)).toBe('2h13m');
    expect(formatDuration(3 * 86400 + 4 * 3600)).toBe('3d04h');
  });
});
