// Each known error in the two third-party datasets (their SOURCE.md lists some; cross-checking
// against vendor documents found the rest) must not be in our data. Where the dataset copy is on
// this machine, the test also confirms the dataset really says it, so the list stays honest.

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getGpu, loadGpuCatalog, type GpuEntry, type NumericFigureField } from './index.js';

const DATASETS = '/work/shared/datasets';
const EPOCH_CSV = `${DATASETS}/epoch-ml-hardware/ml_hardware.csv`;
const GMASSE_JSON = `${DATASETS}/gmasse-gpu-specs/specs.json`;

interface KnownError {
  what: string;
  /** Where the dataset says it; `value` in the dataset's own unit. */
  dataset: { file: 'epoch'; row: string; column: string; value: number | string } | { file: 'gmasse'; key: string; field: string; value: number | string };
  gpuId: string;
  field: NumericFigureField | 'releaseDate' | 'memoryType';
  /** Our value in our unit; null when we hold it absent. */
  ours: number | string | null;
  /** The dataset's value in our unit, which ours must not equal. */
  wrong: number | string;
}

const TERA = 1e12;

const KNOWN_ERRORS: KnownError[] = [
  // Listed in the datasets' SOURCE.md files.
  { what: 'RTX 4070 TDP is the 4070 Ti\'s', dataset: { file: 'epoch', row: 'NVIDIA GeForce RTX 4070', column: 'TDP (W)', value: 285 }, gpuId: 'rtx-4070', field: 'tdpWatts', ours: 200, wrong: 285 },
  { what: 'RTX 4070 release date', dataset: { file: 'epoch', row: 'NVIDIA GeForce RTX 4070', column: 'Release date', value: '2023-02-08' }, gpuId: 'rtx-4070', field: 'releaseDate', ours: '2023-04-13', wrong: '2023-02-08' },
  { what: 'RX 7900 XTX board power', dataset: { file: 'epoch', row: 'AMD Radeon RX 7900 XTX', column: 'TDP (W)', value: 335 }, gpuId: 'rx-7900-xtx', field: 'tdpWatts', ours: 355, wrong: 335 },
  { what: 'RX 7900 XTX AI accelerators counted as CUs', dataset: { file: 'epoch', row: 'AMD Radeon RX 7900 XTX', column: 'Tensor cores', value: 96 }, gpuId: 'rx-7900-xtx', field: 'tensorCores', ours: 192, wrong: 96 },
  { what: 'MI250X "TF32" is FP32 matrix', dataset: { file: 'epoch', row: 'AMD Radeon Instinct MI250X', column: 'TF32 (TensorFloat-32) performance (FLOP/s)', value: 95.7 * TERA }, gpuId: 'mi250x', field: 'tf32TensorDenseTflops', ours: null, wrong: 95.7 },
  { what: 'H100 NVL dense tensor FP16 in the non-tensor column', dataset: { file: 'epoch', row: 'NVIDIA H100 NVL', column: 'FP16 (half precision) performance (FLOP/s)', value: 835.5 * TERA }, gpuId: 'h100-nvl-94gb', field: 'fp16Tflops', ours: null, wrong: 835.5 },
  { what: 'B200 FP32', dataset: { file: 'epoch', row: 'NVIDIA B200', column: 'FP32 (single precision) performance (FLOP/s)', value: 62.08 * TERA }, gpuId: 'b200-180gb', field: 'fp32Tflops', ours: 75, wrong: 62.08 },
  { what: 'Gaudi 3 BF16', dataset: { file: 'epoch', row: 'Intel Habana Gaudi3', column: 'Tensor-FP16/BF16 performance (FLOP/s)', value: 1678 * TERA }, gpuId: 'gaudi3', field: 'bf16TensorDenseTflops', ours: 1835, wrong: 1678 },
  { what: 'Gaudi 3 FP8', dataset: { file: 'epoch', row: 'Intel Habana Gaudi3', column: 'FP8 performance (FLOP/s)', value: 1678 * TERA }, gpuId: 'gaudi3', field: 'fp8TensorDenseTflops', ours: 1835, wrong: 1678 },
  { what: 'V100 PCIe has no TF32', dataset: { file: 'gmasse', key: 'v100_pcie', field: 'tf32_tensor_core', value: 112 }, gpuId: 'v100-pcie-16gb', field: 'tf32TensorDenseTflops', ours: null, wrong: 112 },
  { what: 'V100 SXM2 has no TF32', dataset: { file: 'gmasse', key: 'v100_sxm2', field: 'tf32_tensor_core', value: 125 }, gpuId: 'v100-sxm2-32gb', field: 'tf32TensorDenseTflops', ours: null, wrong: 125 },
  { what: 'H100 PCIe bandwidth', dataset: { file: 'gmasse', key: 'h100', field: 'memory_bandwidth', value: 2048 }, gpuId: 'h100-pcie-80gb', field: 'memoryBandwidthGBps', ours: 2000, wrong: 2048 },
  { what: 'H200 NVL bandwidth', dataset: { file: 'gmasse', key: 'h200_nvl', field: 'memory_bandwidth', value: 4915 }, gpuId: 'h200-nvl-141gb', field: 'memoryBandwidthGBps', ours: 4800, wrong: 4915 },
  // Found while cross-checking against vendor documents.
  { what: 'T4 tensor rate in the non-tensor FP16 column (Epoch)', dataset: { file: 'epoch', row: 'NVIDIA Tesla T4', column: 'FP16 (half precision) performance (FLOP/s)', value: 65.13 * TERA }, gpuId: 't4', field: 'fp16Tflops', ours: 16.2, wrong: 65.13 },
  { what: 'T4 tensor rate in the non-tensor FP16 field (gmasse)', dataset: { file: 'gmasse', key: 't4', field: 'fp16', value: 65 }, gpuId: 't4', field: 'fp16Tflops', ours: 16.2, wrong: 65 },
  { what: 'L40S power', dataset: { file: 'gmasse', key: 'l40s', field: 'power_consumption', value: 300 }, gpuId: 'l40s', field: 'tdpWatts', ours: 350, wrong: 300 },
  { what: 'L40S has no FP64 tensor cores', dataset: { file: 'gmasse', key: 'l40s', field: 'fp64_tensor_core', value: 1.4 }, gpuId: 'l40s', field: 'fp64TensorDenseTflops', ours: null, wrong: 1.4 },
  { what: 'RTX 4090 has no FP64 tensor cores', dataset: { file: 'gmasse', key: 'rtx4090', field: 'fp64_tensor_core', value: 1.3 }, gpuId: 'rtx-4090', field: 'fp64TensorDenseTflops', ours: null, wrong: 1.3 },
  { what: 'A10 has no FP64 tensor cores', dataset: { file: 'gmasse', key: 'a10', field: 'fp64_tensor_core', value: 0.5 }, gpuId: 'a10', field: 'fp64TensorDenseTflops', ours: null, wrong: 0.5 },
  { what: 'RTX 4090 BF16 is the FP32-accumulate rate', dataset: { file: 'epoch', row: 'NVIDIA GeForce RTX 4090', column: 'Tensor-FP16/BF16 performance (FLOP/s)', value: 330 * TERA }, gpuId: 'rtx-4090', field: 'bf16TensorDenseTflops', ours: 165.2, wrong: 330 },
  { what: 'A100 PCIe row mixes the 40 GB memory with the 80 GB card\'s bandwidth', dataset: { file: 'epoch', row: 'NVIDIA A100 PCIe', column: 'Memory bandwidth (byte/s)', value: 1.94e12 }, gpuId: 'a100-pcie-40gb', field: 'memoryBandwidthGBps', ours: 1555, wrong: 1940 },
  { what: 'H100 PCIe non-tensor FP16 (Epoch)', dataset: { file: 'epoch', row: 'NVIDIA H100 PCIe', column: 'FP16 (half precision) performance (FLOP/s)', value: 204.9 * TERA }, gpuId: 'h100-pcie-80gb', field: 'fp16Tflops', ours: 102.4, wrong: 204.9 },
  { what: 'H100 PCIe non-tensor FP16 (gmasse)', dataset: { file: 'gmasse', key: 'h100', field: 'fp16', value: 204.9 }, gpuId: 'h100-pcie-80gb', field: 'fp16Tflops', ours: 102.4, wrong: 204.9 },
  { what: 'B200 FP64', dataset: { file: 'epoch', row: 'NVIDIA B200', column: 'FP64 (double precision) performance (FLOP/s)', value: 31.04 * TERA }, gpuId: 'b200-180gb', field: 'fp64Tflops', ours: 37, wrong: 31.04 },
  { what: 'RTX 2080 Ti tensor at Founders Edition clocks next to reference FP32', dataset: { file: 'epoch', row: 'NVIDIA GeForce RTX 2080 Ti 11GB', column: 'Tensor-FP16/BF16 performance (FLOP/s)', value: 113.8 * TERA }, gpuId: 'rtx-2080-ti', field: 'fp16TensorDenseTflops', ours: 107.6, wrong: 113.8 },
  { what: 'Gaudi 2 BF16', dataset: { file: 'epoch', row: 'Intel Habana Gaudi2', column: 'Tensor-FP16/BF16 performance (FLOP/s)', value: 450 * TERA }, gpuId: 'gaudi2', field: 'bf16TensorDenseTflops', ours: 432, wrong: 450 },
  // Found while adding the China-market parts (issue 17).
  { what: 'H800 FP64 is cut to 1 TFLOPS', dataset: { file: 'epoch', row: 'NVIDIA H800 SXM5', column: 'FP64 (double precision) performance (FLOP/s)', value: 29.65 * TERA }, gpuId: 'h800-sxm5-80gb', field: 'fp64Tflops', ours: 1, wrong: 29.65 },
  { what: 'H800 TF32 does not fit its own FP16 (989 / 2)', dataset: { file: 'epoch', row: 'NVIDIA H800 SXM5', column: 'TF32 (TensorFloat-32) performance (FLOP/s)', value: 454.5 * TERA }, gpuId: 'h800-sxm5-80gb', field: 'tf32TensorDenseTflops', ours: 494.7, wrong: 454.5 },
  { what: 'L20 CUDA cores in the tensor-core column', dataset: { file: 'epoch', row: 'NVIDIA L20 PCle', column: 'Tensor cores', value: 11776 }, gpuId: 'l20', field: 'tensorCores', ours: 368, wrong: 11776 },
  { what: 'A800 PCIe 80 GB power (Reuters: 300 W)', dataset: { file: 'epoch', row: 'NVIDIA A800 PCIe 80 GB', column: 'TDP (W)', value: 250 }, gpuId: 'a800-pcie-80gb', field: 'tdpWatts', ours: 300, wrong: 250 },
  // Release dates: the catalog dates datacenter parts by their announcement (gpu-schema.ts releaseDate).
  { what: 'H100 NVL announced at GTC 2023 (NVIDIA newsroom, 2023-03-21)', dataset: { file: 'epoch', row: 'NVIDIA H100 NVL', column: 'Release date', value: '2024-03-14' }, gpuId: 'h100-nvl-94gb', field: 'releaseDate', ours: '2023-03-21', wrong: '2024-03-14' },
  { what: 'B200 announced at GTC 2024 (NVIDIA newsroom, 2024-03-18)', dataset: { file: 'epoch', row: 'NVIDIA B200', column: 'Release date', value: '2024-11-15' }, gpuId: 'b200-180gb', field: 'releaseDate', ours: '2024-03-18', wrong: '2024-11-15' },
  { what: 'GB200 announced at GTC 2024 (NVIDIA newsroom, 2024-03-18)', dataset: { file: 'epoch', row: 'NVIDIA GB200', column: 'Release date', value: '2025-02-15' }, gpuId: 'gb200', field: 'releaseDate', ours: '2024-03-18', wrong: '2025-02-15' },
  { what: 'A800 SXM came after the October 2022 rule it was built for (Reuters/Tweakers, November 2022)', dataset: { file: 'epoch', row: 'NVIDIA A800 SXM', column: 'Release date', value: '2022-08-11' }, gpuId: 'a800-sxm4-80gb', field: 'releaseDate', ours: '2022-11', wrong: '2022-08-11' },
  { what: 'A100 40 GB memory is HBM2 per NVIDIA', dataset: { file: 'gmasse', key: 'a100_sxm4_40gb', field: 'memory_type', value: 'HBM2e' }, gpuId: 'a100-sxm4-40gb', field: 'memoryType', ours: 'HBM2', wrong: 'HBM2e' },
];

function ourValue(gpu: GpuEntry, field: KnownError['field']): number | string | null {
  if (field === 'memoryType') return gpu.memoryType;
  return gpu[field].value;
}

/** RFC 4180 CSV (quoted fields may hold commas and newlines), enough for Epoch's file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      rows.push([...row, field.replace(/\r$/, '')]);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

function epochCell(row: string, column: string): string | undefined {
  const [header = [], ...rows] = parseCsv(readFileSync(EPOCH_CSV, 'utf8'));
  const at = header.indexOf(column);
  if (at < 0) throw new Error(`Epoch CSV has no column "${column}"`);
  return rows.find((r) => r[0] === row)?.[at];
}

function gmasseField(key: string, field: string): unknown {
  const specs = JSON.parse(readFileSync(GMASSE_JSON, 'utf8')) as Record<string, Record<string, unknown>>;
  return specs[key]?.[field];
}

function sameValue(datasetValue: unknown, expected: number | string): boolean {
  if (typeof expected === 'string') return String(datasetValue).startsWith(expected);
  const n = Number(datasetValue);
  return Number.isFinite(n) && Math.abs(n / expected - 1) < 0.005;
}

describe('known dataset errors are not in our data', () => {
  it.each(KNOWN_ERRORS.map((e) => [e.what, e] as const))('%s', (_what, error) => {
    const gpu = getGpu(error.gpuId);
    expect(gpu, error.gpuId).not.toBeNull();
    const value = ourValue(gpu as GpuEntry, error.field);
    expect(value).toEqual(error.ours);
    expect(value).not.toEqual(error.wrong);
  });
});

describe.skipIf(!existsSync(EPOCH_CSV) || !existsSync(GMASSE_JSON))('the datasets really say what we call errors', () => {
  it.each(KNOWN_ERRORS.map((e) => [e.what, e] as const))('%s', (_what, { dataset }) => {
    const found = dataset.file === 'epoch' ? epochCell(dataset.row, dataset.column) : gmasseField(dataset.key, dataset.field);
    expect(sameValue(found, dataset.value), `dataset has ${String(found)}`).toBe(true);
  });
});

describe.skipIf(!existsSync(EPOCH_CSV) || !existsSync(GMASSE_JSON))('every dataset row we cite exists', () => {
  it('Epoch AI rows and gmasse entries named in citations are in the datasets', () => {
    const epochRows = new Set(parseCsv(readFileSync(EPOCH_CSV, 'utf8')).map((r) => r[0]));
    const gmasseKeys = new Set(Object.keys(JSON.parse(readFileSync(GMASSE_JSON, 'utf8')) as object));
    const missing: string[] = [];
    const visit = (value: unknown, where: string): void => {
      if (Array.isArray(value)) value.forEach((item) => visit(item, where));
      else if (value !== null && typeof value === 'object') {
        const ref = value as { source?: unknown; at?: unknown };
        const named = typeof ref.at === 'string' ? /(?:row|entry) "([^"]+)"/.exec(ref.at)?.[1] : undefined;
        if (ref.source === 'epoch-ml-hardware' && (named === undefined || !epochRows.has(named))) missing.push(`${where}: ${String(ref.at)}`);
        if (ref.source === 'gmasse-gpu-specs' && (named === undefined || !gmasseKeys.has(named))) missing.push(`${where}: ${String(ref.at)}`);
        Object.values(value).forEach((item) => visit(item, where));
      }
    };
    for (const gpu of loadGpuCatalog().gpus) visit(gpu, gpu.id);
    expect(missing).toEqual([]);
  });
});
