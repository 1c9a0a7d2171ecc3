// The server and cloud catalogs name GPUs by GPU catalog id. The GPU catalog is filled family by
// family, so some ids we need may not exist there yet: those are listed below, and the list must
// shrink as the GPU catalog grows (the second test fails when a listed id lands, so it is removed).

import { describe, expect, it } from 'vitest';
import { gpuIdsInCloudCatalog } from './cloud.js';
import { loadGpuCatalog } from './load.js';
import { gpuIdsInServerCatalog } from './servers.js';

/** Referenced here, not yet in the GPU catalog. */
const AWAITING_GPU_CATALOG: string[] = [];

const gpuIds = new Set(loadGpuCatalog().gpus.map((gpu) => gpu.id));
const referenced = [...new Set([...gpuIdsInServerCatalog(), ...gpuIdsInCloudCatalog()])].sort();

describe('GPU ids in the server and cloud catalogs', () => {
  it('exist in the GPU catalog, or are listed as awaiting it', () => {
    const unknown = referenced.filter((id) => !gpuIds.has(id) && !AWAITING_GPU_CATALOG.includes(id));
    expect(unknown).toEqual([]);
  });

  it('lists as awaiting only ids the GPU catalog still lacks, and only ids we use', () => {
    const landed = AWAITING_GPU_CATALOG.filter((id) => gpuIds.has(id));
    expect(landed, `now in the GPU catalog: remove ${landed.join(', ')} from AWAITING_GPU_CATALOG in this file`).toEqual([]);
    expect(AWAITING_GPU_CATALOG.filter((id) => !referenced.includes(id))).toEqual([]);
  });

  it('resolves the A100 ids the DGX entries use', () => {
    expect(gpuIds.has('a100-sxm4-80gb')).toBe(true);
    expect(gpuIds.has('a100-sxm4-40gb')).toBe(true);
  });
});
