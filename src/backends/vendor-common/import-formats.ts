// The AMD, Windows and macOS outputs `--from` reads (listed in src/import/formats.ts): each
// format's signature and its backend's own pure parser. A VendorParseError becomes the import's
// ImportError with the same message key, so the CLI says why in the user's language.

import type { BackendReading } from '../../core/backend.js';
import { ImportError, type ImportFormat } from '../../import/types.js';
import { parseAmdSmiDocuments } from '../amd-smi/parse.js';
import { isAmdSmiTable, parseAmdSmiTable } from '../amd-smi/parse-table.js';
import { parseSystemProfiler } from '../macos/system-profiler.js';
import { parseRocmSmiJson } from '../rocm-smi/parse.js';
import { isRocmSmiTable, parseRocmSmiTable } from '../rocm-smi/parse-table.js';
import { parseWin32Json, parseWin32Text } from '../windows/parse.js';
import { textLayout } from '../windows/records.js';
import { VendorParseError } from './reading.js';

function translated(parse: (text: string) => BackendReading): (text: string) => BackendReading {
  return (text) => {
    try {
      return parse(text);
    } catch (error) {
      if (error instanceof VendorParseError) throw new ImportError(error.key, error.params);
      throw error;
    }
  };
}

/** JSON, perhaps after a warning line (rocm-smi and amd-smi print some on stderr that pastes keep). */
const isJson = (text: string) => /^[ \t]*[[{]/m.test(text) && /^[^[{]{0,2000}[[{]/.test(text);

export const amdSmiJsonFormat: ImportFormat = {
  id: 'amd-smi-json',
  command: 'amd-smi static --json; amd-smi metric --json; amd-smi process --json',
  detect: (text) => isJson(text) && /"gpu"\s*:\s*\d/.test(text) && /"(?:gpu_data|asic|usage|mem_usage|process_list|bdf|vram)"\s*:/.test(text),
  parse: translated((text) => parseAmdSmiDocuments([text])),
};

export const rocmSmiJsonFormat: ImportFormat = {
  id: 'rocm-smi-json',
  command: 'rocm-smi --showallinfo --json',
  detect: (text) => isJson(text) && /"card\d+"\s*:\s*\{/.test(text),
  parse: translated(parseRocmSmiJson),
};

export const rocmSmiTableFormat: ImportFormat = {
  id: 'rocm-smi-table',
  command: 'rocm-smi',
  detect: (text) => !isJson(text) && isRocmSmiTable(text),
  parse: translated(parseRocmSmiTable),
};

export const amdSmiTableFormat: ImportFormat = {
  id: 'amd-smi-table',
  command: 'amd-smi',
  detect: (text) => !isJson(text) && isAmdSmiTable(text),
  parse: translated(parseAmdSmiTable),
};

export const win32JsonFormat: ImportFormat = {
  id: 'win32-videocontroller-json',
  command: 'Get-CimInstance Win32_VideoController | ConvertTo-Json',
  detect: (text) => isJson(text) && /"(?:AdapterRAM|PNPDeviceID|VideoProcessor|AdapterCompatibility)"\s*:/.test(text),
  parse: translated(parseWin32Json),
};

export const win32TextFormat: ImportFormat = {
  id: 'win32-videocontroller-text',
  command: 'wmic path win32_VideoController get name,adapterram; Get-WmiObject Win32_VideoController',
  detect: (text) => !isJson(text) && textLayout(text) !== null,
  parse: translated(parseWin32Text),
};

export const systemProfilerFormat: ImportFormat = {
  id: 'system-profiler',
  command: 'system_profiler SPDisplaysDataType -json',
  detect: (text) => /"SPDisplaysDataType"\s*:|<string>SPDisplaysDataType<\/string>/.test(text) || /^Graphics\/Displays:\s*$/m.test(text),
  parse: translated((text) => parseSystemProfiler(text)),
};

/** In the order detectFormat should try them (the most specific signature first). */
export const VENDOR_IMPORT_FORMATS: readonly ImportFormat[] = [systemProfilerFormat, rocmSmiJsonFormat, amdSmiJsonFormat, rocmSmiTableFormat, amdSmiTableFormat, win32JsonFormat, win32TextFormat];
