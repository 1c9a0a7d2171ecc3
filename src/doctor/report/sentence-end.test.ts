import { describe, expect, it } from 'vitest';
import { withoutStopAfterEllipsis } from './sentence-end.js';

describe('no stop after a cut-off name', () => {
  it('drops the . or 。 a sentence adds after "..." or "…" at its end, in en and zh-CN', () => {
    expect(withoutStopAfterEllipsis('1 NVIDIA GPU: NVIDIA GeForce RTX 2080 ....')).toBe('1 NVIDIA GPU: NVIDIA GeForce RTX 2080 ...');
    expect(withoutStopAfterEllipsis('1 块 NVIDIA GPU：NVIDIA GeForce RTX 2080 ...。')).toBe('1 块 NVIDIA GPU：NVIDIA GeForce RTX 2080 ...');
    expect(withoutStopAfterEllipsis('GPUs: A100 …. Then more.')).toBe('GPUs: A100 … Then more.');
  });

  it('leaves other stops and an ellipsis inside a sentence alone', () => {
    for (const text of ['2 NVIDIA GPUs: A100, H100.', 'NVIDIA GeForce RTX 2080 ... is listed.', 'Version 1.2.3.', '1 块 GPU：A100。', 'see ...foo.']) {
      expect(withoutStopAfterEllipsis(text)).toBe(text);
    }
  });
});
