import { describe, expect, it } from 'vitest';
import { INT4_BYTES_PER_WEIGHT, bytesPerWeight, nf4BytesPerWeight, parseKvCacheDtype, parseWeightDtype } from './dtypes.js';

describe('number formats', () => {
  it('gives bytes per weight, with group-wise int4 paying for its scales and zero points', () => {
    expect(bytesPerWeight('fp32')).toBe(4);
    expect(bytesPerWeight('bf16')).toBe(2);
    expect(bytesPerWeight('int8')).toBe(1);
    expect(INT4_BYTES_PER_WEIGHT).toBeCloseTo(0.5195, 4);
  });

  it('NF4 constants: 0.5 bit per weight, 0.127 with double quantization (QLoRA §3)', () => {
    expect((nf4BytesPerWeight(false) - 0.5) * 8).toBe(0.5);
    expect((nf4BytesPerWeight(true) - 0.5) * 8).toBeCloseTo(0.127, 3);
  });

  it('parses names and common aliases, and rejects unknown ones with the choices', () => {
    expect(parseWeightDtype('BF16')).toBe('bf16');
    expect(parseWeightDtype('float16')).toBe('fp16');
    expect(parseKvCacheDtype('fp8')).toBe('fp8');
    expect(() => parseWeightDtype('int3')).toThrowError(expect.objectContaining({ key: 'advisor.error.unknownDtype', params: expect.objectContaining({ value: 'int3' }) }));
    expect(() => parseKvCacheDtype('int4')).toThrowError(/int4/);
  });
});
