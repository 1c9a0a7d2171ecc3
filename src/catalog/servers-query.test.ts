import { describe, expect, it } from 'vitest';
import { SERVER_CATALOG_DATA } from './data/servers/index.js';
import { knownGpuIds, queryServers, resolveGpuId, UnknownGpuError } from './servers-query.js';

describe('queryServers', () => {
  it('resolves ids and exact GPU names, and refuses what it does not know', () => {
    expect(resolveGpuId('A100-SXM4-80GB'.toLowerCase())).toBe('a100-sxm4-80gb');
    expect(resolveGpuId('NVIDIA A100-SXM4-80GB')).toBe('a100-sxm4-80gb');
    expect(() => resolveGpuId('GeForce 256')).toThrow(UnknownGpuError);
    expect(knownGpuIds()).toContain('v100-sxm2-32gb');
  });

  it('returns the fitting servers with their sources and dated rental quotes', () => {
    const result = queryServers({ gpu: 'h100-sxm5-80gb', count: 8 });
    expect(result.matches.map((m) => m.server.id).sort()).toEqual(['dell-poweredge-xe9680', 'dgx-h100', 'hpe-cray-xd670', 'supermicro-sys-821ge-tnhr']);
    expect(result.matches.every((m) => m.option?.gpuId === 'h100-sxm5-80gb' && m.sources.length > 0)).toBe(true);
    const rental = result.rental.map((q) => [q.offering.id, q.kind]);
    expect(rental[0]).toEqual(['runpod-1x-h100-sxm-community-2026-09', 'onDemand']);
    expect(rental).toContainEqual(['lambda-1x-h100-sxm-2026-05', 'onDemand']);
    expect(rental).toContainEqual(['aws-p5-48xlarge-us-east-1-capacity-block-2024', 'capacityBlock']);
    expect(result.rental.every((q) => q.offering.gpuId === 'h100-sxm5-80gb')).toBe(true);
    expect(result.rentalPricesAsOf).toEqual({ oldest: '2024-12', newest: '2026-11-09' });
  });

  it('without a GPU: every server, or those with at least N sourced GPUs', () => {
    expect(queryServers({}).matches).toHaveLength(SERVER_CATALOG_DATA.servers.length);
    const eight = queryServers({ count: 8 });
    expect(eight.matches.every((m) => (m.server.gpuCountMax.value ?? 0) >= 8)).toBe(true);
    expect(eight.unsourcedGpuCount).toContain('supermicro-sys-1029gq-trt');
    expect(eight.rental).toEqual([]);
  });

  it('finds an 8× RTX 4090 machine, and says it is a custom build over PCIe', () => {
    const result = queryServers({ gpu: 'rtx-4090', count: 8 });
    expect(result.matches.map((m) => m.server.id)).toContain('upstation-8x-rtx-4090');
    const match = result.matches.find((m) => m.server.id === 'upstation-8x-rtx-4090');
    expect(match?.option?.interconnect.value).toBe('pcie');
    expect(match?.server.notes.some((n) => /custom|not a catalogue product/i.test(n.en))).toBe(true);
    // No USD rental for a 4090 in the catalog, but the CNY one is there, unconverted.
    expect(result.rental).toEqual([]);
    expect(result.localRental.map((q) => [q.offering.id, q.currency, q.perGpuHour])).toEqual([['suanjia-1x-rtx-4090-2026', 'CNY', 1.24]]);
    expect(queryServers({ gpu: 'h100-sxm5-80gb' }).localRental).toEqual([]);
    expect(queryServers({ count: 8 }).localRental).toEqual([]);
  });

  it('rejects a count that is not a positive integer', () => {
    expect(() => queryServers({ count: 0 })).toThrow(RangeError);
    expect(() => queryServers({ gpu: 'a100-sxm4-80gb', count: 2.5 })).toThrow(RangeError);
  });
});
