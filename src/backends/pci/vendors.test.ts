import { describe, expect, it } from 'vitest';
import { findPciVendorByNamePrefix, isGpuVendor, pciClassKind, pciDeviceRole, PCI_VENDORS } from './vendors.js';

describe('PCI vendors and roles', () => {
  it('lists each vendor id once, in pci.ids form', () => {
    const ids = PCI_VENDORS.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{4}$/);
  });

  it('knows GPU and accelerator makers from display-only vendors', () => {
    expect(isGpuVendor('10de')).toBe(true);
    expect(isGpuVendor('1002')).toBe(true);
    expect(isGpuVendor('1DA3')).toBe(true);
    expect(isGpuVendor('1a03')).toBe(false);
    expect(isGpuVendor('102b')).toBe(false);
    expect(isGpuVendor('ffff')).toBe(false);
  });

  it('keeps only display classes and processing accelerators', () => {
    expect(pciClassKind('0300')).toBe('vga-controller');
    expect(pciClassKind('0302')).toBe('3d-controller');
    expect(pciClassKind('0380')).toBe('display-controller');
    expect(pciClassKind('1200')).toBe('processing-accelerator');
    expect(pciClassKind('1201')).toBeNull();
    expect(pciClassKind('0403')).toBeNull();
  });

  it('decides roles by vendor and class', () => {
    expect(pciDeviceRole('10de', '3d-controller')).toBe('gpu');
    expect(pciDeviceRole('1002', 'processing-accelerator')).toBe('accelerator');
    expect(pciDeviceRole('1a03', 'vga-controller')).toBe('other');
    // Huawei's VGA is the iBMC's; Intel's 0x1200 devices are NPUs.
    expect(pciDeviceRole('19e5', 'vga-controller')).toBe('other');
    expect(pciDeviceRole('19e5', 'processing-accelerator')).toBe('accelerator');
    expect(pciDeviceRole('8086', 'vga-controller')).toBe('gpu');
    expect(pciDeviceRole('8086', 'processing-accelerator')).toBe('other');
    expect(pciDeviceRole('abcd', '3d-controller')).toBe('other');
  });

  it('finds a vendor by the name lspci prints, not by a shorter name that prefixes it', () => {
    expect(findPciVendorByNamePrefix('Advanced Micro Devices, Inc. [AMD/ATI] Device 7551')?.id).toBe('1002');
    expect(findPciVendorByNamePrefix('NVIDIA Corporation GH100 [H100 PCIe]')?.id).toBe('10de');
    expect(findPciVendorByNamePrefix('NVIDIA CorporationX')).toBeNull();
  });
});
