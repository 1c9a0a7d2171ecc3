// Loading and querying the built-in GPU catalog: validated once, then cached.

import { ALL_GPU_ENTRIES } from './data/gpus/index.js';
import { ALL_SOURCES } from './data/sources/index.js';
import type {
  Architecture,
  FormFactor,
  GpuCatalog,
  GpuEntry,
  Segment,
  Source,
  SourceRef,
  Vendor,
} from './gpu-schema.js';
import { validateGpuCatalog } from './validate.js';

let cached: GpuCatalog | null = null;

/** The built-in catalog, validated on first use. Throws GpuCatalogError if our data is broken. */
export function loadGpuCatalog(): GpuCatalog {
  cached ??= validateGpuCatalog({ sources: ALL_SOURCES, gpus: ALL_GPU_ENTRIES });
  return cached;
}

export interface GpuFilter {
  vendor?: Vendor;
  segment?: Segment;
  architecture?: Architecture;
  formFactor?: FormFactor;
  /** Keep GPUs with at least this much memory (GiB, as marketed). */
  minMemoryGiB?: number;
}

export function listGpus(filter: GpuFilter = {}, catalog: GpuCatalog = loadGpuCatalog()): GpuEntry[] {
  return catalog.gpus.filter(
    (gpu) =>
      (filter.vendor === undefined || gpu.vendor === filter.vendor) &&
      (filter.segment === undefined || gpu.segment === filter.segment) &&
      (filter.architecture === undefined || gpu.architecture === filter.architecture) &&
      (filter.formFactor === undefined || gpu.formFactor === filter.formFactor) &&
      (filter.minMemoryGiB === undefined || gpu.memorySizeGiB.value >= filter.minMemoryGiB),
  );
}

export function getGpu(id: string, catalog: GpuCatalog = loadGpuCatalog()): GpuEntry | null {
  return catalog.gpus.find((gpu) => gpu.id === id) ?? null;
}

export function getSource(id: string, catalog: GpuCatalog = loadGpuCatalog()): Source | null {
  return catalog.sources.find((source) => source.id === id) ?? null;
}

/** A cited source with where in it the figure is (page, table, dataset row). */
export interface ResolvedSourceRef {
  source: Source;
  at: string | null;
}

export function resolveSourceRefs(refs: readonly SourceRef[], catalog: GpuCatalog = loadGpuCatalog()): ResolvedSourceRef[] {
  return refs.flatMap((ref) => {
    const source = getSource(ref.source, catalog);
    // validateGpuCatalog guarantees every ref resolves; a miss means a foreign catalog.
    return source === null ? [] : [{ source, at: ref.at ?? null }];
  });
}

/** Every source an entry cites anywhere, each once, in first-cited order. */
export function sourcesOfGpu(entry: GpuEntry, catalog: GpuCatalog = loadGpuCatalog()): Source[] {
  const ids = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.source === 'string') ids.add(record.source);
      Object.values(record).forEach(visit);
    }
  };
  visit(entry);
  return [...ids].flatMap((id) => getSource(id, catalog) ?? []);
}

/** The year in the entry's release date ("2020-11" → 2020). */
export function releaseYearOf(entry: GpuEntry): number {
  return Number(entry.releaseDate.value.slice(0, 4));
}

/** Memory as marketed, in bytes (the vendor's "80 GB" is 80 GiB). */
export function memoryBytesOf(entry: GpuEntry): number {
  return entry.memorySizeGiB.value * 2 ** 30;
}

/**
 * The dense FP16 tensor rate mixed-precision training gets (FP32 accumulate): the headline rate on
 * datacenter cards, half of it on GeForce. Null where the GPU has no FP16 tensor path.
 */
export function trainingFp16TensorTflops(entry: GpuEntry): number | null {
  return entry.fp16TensorFp32AccDenseTflops.value ?? entry.fp16TensorDenseTflops.value;
}

/** True on GPUs (GeForce) whose FP16 tensor math with FP32 accumulate runs at half the headline rate. */
export function hasHalfRateFp32Accumulate(entry: GpuEntry): boolean {
  const headline = entry.fp16TensorDenseTflops.value;
  const fp32Acc = entry.fp16TensorFp32AccDenseTflops.value;
  return headline !== null && fp32Acc !== null && fp32Acc < headline * 0.75;
}
