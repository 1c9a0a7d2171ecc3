import { describe, expect, it } from 'vitest';
import { archListCovers } from './frameworks-common.js';

describe('whether a build’s architecture list covers a GPU', () => {
  const torch25 = ['sm_50', 'sm_60', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_90'];

  it('finds machine code for the same major and a lower or equal minor', () => {
    expect(archListCovers(torch25, '8.6')).toBe('sass');
    expect(archListCovers(torch25, '8.9')).toBe('sass'); // sm_86 cubins run on Ada
    expect(archListCovers(['sm_100', 'sm_120', 'compute_120'], '12.1')).toBe('sass');
  });

  it('has nothing for a newer major without PTX (Blackwell on a cu121 build)', () => {
    expect(archListCovers(torch25, '12.0')).toBe('none');
    expect(archListCovers(torch25, '10.0')).toBe('none');
  });

  it('falls back to PTX the driver compiles at first use', () => {
    expect(archListCovers(['sm_60', 'sm_70', 'sm_80', 'sm_89', 'compute_90'], '12.0')).toBe('ptx');
    expect(archListCovers(['compute_90'], '8.0')).toBe('none'); // PTX runs only on newer GPUs
  });

  it('runs architecture-specific cubins only on exactly that GPU', () => {
    expect(archListCovers(['sm_90a'], '9.0')).toBe('sass');
    expect(archListCovers(['sm_90a'], '10.0')).toBe('none');
  });

  it('says unknown without a list or with a malformed capability', () => {
    expect(archListCovers([], '8.0')).toBe('unknown');
    expect(archListCovers(torch25, 'gfx942')).toBe('unknown');
  });
});
