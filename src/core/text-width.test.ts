import { describe, expect, it } from 'vitest';
import { displayWidth, wrapText } from './text-width.js';

describe('wrapText', () => {
  it('wraps by terminal columns: a Chinese character is two, and Chinese breaks between characters', () => {
    const lines = wrapText('安装 NVIDIA 为 RHEL 7 提供的 DKMS 驱动（nvidia-driver-latest-dkms）。长久之计是升级到 RHEL 8 或 9。', 30);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(lines.join('')).toContain('nvidia-driver-latest-dkms');
  });

  it('splits a word wider than a line, unless it must stay whole (a URL in a comment)', () => {
    const url = 'https://developer.download.nvidia.com/compute/cuda/repos/rhel7/x86_64/cuda-rhel7.repo';
    expect(wrapText(`see ${url}`, 40).every((line) => displayWidth(line) <= 40)).toBe(true);
    expect(wrapText(`see ${url} now`, 40, true)).toEqual(['see', url, 'now']);
  });
});
