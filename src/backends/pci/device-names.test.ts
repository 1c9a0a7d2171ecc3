import { describe, expect, it } from 'vitest';
import { BUILTIN_DEVICE_NAMES, builtinDeviceName, splitPciIdsDeviceName } from './device-names.js';

describe('device names', () => {
  it('takes the marketing name from brackets and keeps the chip', () => {
    expect(splitPciIdsDeviceName('GH100 [H100 SXM5 80GB]')).toEqual({ deviceName: 'H100 SXM5 80GB', chipName: 'GH100' });
    expect(splitPciIdsDeviceName('AD103M / GN21-X11 [GeForce RTX 4090 Laptop GPU]')).toEqual({
      deviceName: 'GeForce RTX 4090 Laptop GPU',
      chipName: 'AD103M / GN21-X11',
    });
    expect(splitPciIdsDeviceName('ASPEED Graphics Family')).toEqual({ deviceName: 'ASPEED Graphics Family', chipName: null });
    expect(splitPciIdsDeviceName('[Tesla T4]')).toEqual({ deviceName: 'Tesla T4', chipName: null });
  });

  it('covers the GPUs deep-learning users ask about', () => {
    const names = [...BUILTIN_DEVICE_NAMES.values()].map((raw) => splitPciIdsDeviceName(raw).deviceName);
    const wanted = [
      /V100/, /Tesla T4/, /^A10$/, /^A30/, /^A40$/, /A100 PCIe 40GB/, /A100 SXM4 80GB/, /A100 PCIe 80GB/, /A100 SXM4 40GB/,
      /^L4$/, /^L40$/, /^L40S$/, /H100 PCIe/, /H100 SXM5/, /H100 NVL/, /H200/, /^B200$/, /RTX A6000/, /RTX 6000 Ada/,
      /RTX 3060/, /RTX 3070/, /RTX 3080/, /RTX 3090/, /RTX 4060 Ti/, /RTX 4070/, /RTX 4080/, /RTX 4090/, /RTX 5090/,
      /GTX 1080 Ti/, /RTX 2080 Ti/, /MI100/, /MI210/, /MI250X/, /MI300X/,
    ];
    for (const pattern of wanted) expect(names.some((name) => pattern.test(name)), String(pattern)).toBe(true);
  });

  it('keys are lower-case vendor:device ids', () => {
    for (const key of BUILTIN_DEVICE_NAMES.keys()) expect(key).toMatch(/^[0-9a-f]{4}:[0-9a-f]{4}$/);
    expect(builtinDeviceName('10DE', '2330')).toBe('GH100 [H100 SXM5 80GB]');
    expect(builtinDeviceName('10de', 'ffff')).toBeNull();
  });
});
