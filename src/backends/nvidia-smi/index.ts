// The nvidia-smi backend: driver factory plus the pure parsers (usable on captured output).

export { createNvidiaSmiDriver, DEFAULT_TIMEOUT_MS, NVIDIA_SMI_BACKEND_ID, type NvidiaSmiDriverOptions } from './driver.js';
export { parseComputeApps, parseGpuQuery, type ComputeAppsResult, type GpuQueryResult } from './parse-query.js';
export { parseCsvTable, type CsvColumn, type CsvRow, type CsvTable } from './parse-csv.js';
export { parseDriverVersions, type DriverVersions } from './driver-info.js';
export { classifyQuery, type QueryOutcome } from './outcome.js';
export type { OutputRejection, OutputRejectionCode } from './check-output.js';
export { nvidiaSmiCandidates } from './command.js';
export { GPU_FIELDS, PROCESS_FIELDS } from './fields.js';
