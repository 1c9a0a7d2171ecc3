import { describe, expect, it } from 'vitest';
import { parseGpuSpec } from '../../supervise/gpu-spec.js';
import { parseBackoff, parseCount, parseCurrency, parsePrice, parseRunDurationMs, splitArgs } from './run-values.js';

describe('run option values', () => {
  it('durations with milliseconds, sums, no bare numbers', () => {
    expect(parseRunDurationMs('500ms')).toBe(500);
    expect(parseRunDurationMs('1h30m')).toBe(5_400_000);
    expect(parseRunDurationMs('0s')).toBe(0);
    for (const bad of ['10', '', '1x', '-1s', '1s 2s', '99999d']) expect(parseRunDurationMs(bad)).toBeNull();
  });

  it('back-off ranges: min ≤ max, at least 100 ms, one value a fixed wait', () => {
    expect(parseBackoff('10s..5m')).toEqual({ minMs: 10_000, maxMs: 300_000 });
    expect(parseBackoff('30s')).toEqual({ minMs: 30_000, maxMs: 30_000 });
    for (const bad of ['5m..10s', '10ms..1s', '1s..2s..3s', '..', 'fast']) expect(parseBackoff(bad)).toBeNull();
  });

  it('--gpus: auto, a count, indices; 0 is GPU 0', () => {
    expect(parseGpuSpec('auto')).toEqual({ kind: 'auto' });
    expect(parseGpuSpec('2')).toEqual({ kind: 'count', count: 2 });
    expect(parseGpuSpec('0')).toEqual({ kind: 'list', indices: [0] });
    expect(parseGpuSpec('0,3')).toEqual({ kind: 'list', indices: [0, 3] });
    expect(parseGpuSpec('3,')).toEqual({ kind: 'list', indices: [3] });
    expect(parseGpuSpec('device=1,2')).toEqual({ kind: 'list', indices: [1, 2] });
    for (const bad of ['0,0', 'all', '-1', '1.5', ',', 'GPU-abc']) expect(parseGpuSpec(bad)).toBeNull();
  });

  it('--resume-arg splits like a shell, quotes grouping', () => {
    expect(splitArgs('--resume latest')).toEqual(['--resume', 'latest']);
    expect(splitArgs(`--ckpt "my dir/last.pt" --tag ''`)).toEqual(['--ckpt', 'my dir/last.pt', '--tag', '']);
    expect(splitArgs('--x "open')).toBeNull();
  });

  it('counts, prices and currencies', () => {
    expect(parseCount('3')).toBe(3);
    expect(parseCount('1001')).toBeNull();
    expect(parseCount('-1')).toBeNull();
    expect(parsePrice('0.15')).toBe(0.15);
    expect(parsePrice('-1')).toBeNull();
    expect(parseCurrency('cny')).toBe('CNY');
    expect(parseCurrency('dollars')).toBeNull();
  });
});
