// The formats `--from` understands, in the order detectFormat tries them: the more specific
// signature first (a CSV with a `name, memory.total` header before a generic table). One line
// per format. NVIDIA and generic formats: helper F; AMD, Windows, macOS: helper G (add your
// imports and lines in your own block below, so neither edit touches the other's lines).

import { DETECT_WINDOW, type ImportFormat } from './types.js';
import { gpuwiseJsonFormat } from './gpuwise-json.js';
import { lspciFormat } from './lspci.js';
import { nvidiaSmiCsvFormat } from './nvidia-smi-csv.js';
import { nvidiaSmiListFormat } from './nvidia-smi-list.js';
import { nvidiaSmiMonitorFormat } from './nvidia-smi-monitor.js';
import { nvidiaSmiTableFormat } from './nvidia-smi-table.js';
import { nvidiaSmiTextFormat } from './nvidia-smi-text.js';
import { nvidiaSmiXmlFormat } from './nvidia-smi-xml.js';
// --- AMD, Windows, macOS formats (helper G): imports here ---
import { VENDOR_IMPORT_FORMATS } from '../backends/vendor-common/import-formats.js';

export { DETECT_WINDOW, ImportError, type ImportFormat } from './types.js';

export const IMPORT_FORMATS: readonly ImportFormat[] = [
  gpuwiseJsonFormat,
  nvidiaSmiXmlFormat,
  nvidiaSmiTextFormat,
  nvidiaSmiTableFormat,
  nvidiaSmiMonitorFormat,
  nvidiaSmiListFormat,
  // --- AMD, Windows, macOS formats (helper G): entries here ---
  ...VENDOR_IMPORT_FORMATS,
  // Last: a header-less CSV and lspci lines are recognised by looser signatures.
  nvidiaSmiCsvFormat,
  lspciFormat,
];

/** The first format whose signature the text shows, or null. */
export function detectFormat(text: string, formats: readonly ImportFormat[] = IMPORT_FORMATS): ImportFormat | null {
  const head = text.length > DETECT_WINDOW ? text.slice(0, DETECT_WINDOW) : text;
  return formats.find((format) => format.detect(head)) ?? null;
}

export function findImportFormat(id: string): ImportFormat | null {
  return IMPORT_FORMATS.find((format) => format.id === id) ?? null;
}
