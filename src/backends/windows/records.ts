// Win32_VideoController as people paste it and as gpuwise reads it live, turned into one record
// type (property name → text, names compared without case). Formats:
// - PowerShell `Get-CimInstance Win32_VideoController | ConvertTo-Json` (an object, or a list);
// - gpuwise's own inventory script (script.ts): `{ "gpuwise": 1, "adapters": [...] }`, each adapter
//   with its driver key's HardwareInformation.qwMemorySize and its DirectX key's AdapterLuid;
// - `wmic path win32_VideoController get … /format:list` (Key=Value, blank-line records, `&amp;`);
// - `wmic path win32_VideoController get name,adapterram` (a table aligned under its header);
// - `Get-WmiObject Win32_VideoController` / `Format-List` (`Key : Value`, wrapped continuation lines).

import { MAX_PCI_DISPLAY_FUNCTIONS } from '../../system/limits.js';
import { checkInputSize, isObject, parseJsonDocument, VendorParseError } from '../vendor-common/reading.js';

/** One adapter: property → value as text (numbers as their decimal text, byte arrays as "bytes:1,2,…"). */
export type AdapterRecord = ReadonlyMap<string, string>;

export const WIN32_FORMAT = 'win32-videocontroller';

const key = (name: string) => name.trim().toLowerCase();

function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A REG_BINARY value (HardwareInformation.MemorySize on some drivers) comes as a byte list.
  if (Array.isArray(value) && value.length <= 16 && value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return `bytes:${value.join(',')}`;
  return null;
}

function objectToRecord(object: Record<string, unknown>): AdapterRecord {
  const record = new Map<string, string>();
  for (const [name, value] of Object.entries(object)) {
    const text = toText(value);
    if (text !== null) record.set(key(name), text);
  }
  return record;
}

const looksLikeAdapter = (object: Record<string, unknown>) => Object.keys(object).some((name) => /^(pnpdeviceid|adapterram|videoprocessor|adaptercompatibility)$/i.test(name));

/** The adapters of a JSON paste or of gpuwise's inventory script; null when the JSON is not one of those. */
export function recordsFromJson(text: string): AdapterRecord[] | null {
  const document = parseJsonDocument(text, WIN32_FORMAT);
  const list = isObject(document) && Array.isArray(document.adapters) ? document.adapters : Array.isArray(document) ? document : [document];
  const objects = list.filter(isObject);
  if (objects.length === 0 || !objects.every(looksLikeAdapter)) return null;
  return objects.map(objectToRecord);
}

const decodeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');

/** `Key=Value` records separated by blank lines (wmic /format:list). */
function recordsFromWmicList(lines: string[]): AdapterRecord[] {
  const records: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines) {
    const match = /^([A-Za-z][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) {
      if (line.trim() === '') current = null;
      continue;
    }
    // A record starts at a blank line or at a property it already has.
    if (current === null || current.has(key(match[1]!))) records.push((current = new Map()));
    current.set(key(match[1]!), decodeXml(match[2]!.trim()));
  }
  return records;
}

/** `Key : Value` records (Get-WmiObject, Format-List); a line indented to the value column continues the value before it. */
function recordsFromPowerShellList(lines: string[]): AdapterRecord[] {
  const records: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  let last: string | null = null;
  let valueColumn = 0;
  for (const line of lines) {
    const match = /^([A-Za-z_][A-Za-z0-9_.]*)(\s*): ?(.*)$/.exec(line);
    if (match && !/^\s/.test(line)) {
      if (current === null || current.has(key(match[1]!))) records.push((current = new Map()));
      last = key(match[1]!);
      valueColumn = match[1]!.length + match[2]!.length + 2;
      current.set(last, match[3]!.trimEnd());
    } else if (line.trim() === '') {
      current = null;
      last = null;
    } else if (current && last && /^\s+/.test(line) && line.length > valueColumn) {
      // Console wrapping: the rest of the value, indented to where values start (even mid-path: "C" / ":\\Windows…").
      current.set(last, current.get(last)! + line.slice(valueColumn).trimEnd());
    }
  }
  return records.filter((record) => !record.has('__class') || /win32_videocontroller/i.test(record.get('__class') ?? ''));
}

/** `wmic … get name,adapterram`: columns start where their header word starts. */
function recordsFromWmicTable(lines: string[]): AdapterRecord[] {
  const headerAt = lines.findIndex((line) => /\b(AdapterRAM|Name|Caption|PNPDeviceID|DriverVersion)\b/.test(line) && !line.includes('=') && !line.includes(':'));
  if (headerAt < 0) return [];
  const header = lines[headerAt]!;
  const columns = [...header.matchAll(/\S+/g)].map((m) => ({ name: key(m[0]), start: m.index! }));
  return lines
    .slice(headerAt + 1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const record = new Map<string, string>();
      columns.forEach((column, i) => {
        const end = columns[i + 1]?.start ?? line.length;
        const cell = line.slice(column.start, end).trim();
        if (cell !== '') record.set(column.name, cell);
      });
      return record;
    });
}

/** The Win32_VideoController properties a `wmic … get` table is made of. */
const WMI_PROPERTIES: ReadonlySet<string> = new Set(
  ['AdapterCompatibility', 'AdapterDACType', 'AdapterRAM', 'Availability', 'Caption', 'ConfigManagerErrorCode', 'CurrentHorizontalResolution', 'CurrentRefreshRate',
    'CurrentVerticalResolution', 'Description', 'DeviceID', 'DriverDate', 'DriverVersion', 'InfFilename', 'Name', 'PNPDeviceID', 'Status', 'SystemName', 'VideoModeDescription',
    'VideoProcessor'].map((name) => name.toLowerCase()),
);

export type TextLayout = 'wmic-list' | 'powershell-list' | 'wmic-table';

export function textLayout(text: string): TextLayout | null {
  if (/^\s*(?:AdapterRAM|Caption|Name|PNPDeviceID|AdapterCompatibility)=/m.test(text)) return 'wmic-list';
  if (/^(?:AdapterRAM|Caption|Name|PNPDeviceID|AdapterCompatibility|__CLASS)\s*: /m.test(text)) return 'powershell-list';
  // A table: its first line is a header of Win32_VideoController property names only.
  const header = text.replace(/^[\s\ufeff\u0000]+/, '').split(/\r?\n|\r/, 1)[0]?.replace(/\u0000/g, '') ?? '';
  const words = header.trim().split(/\s{2,}|\s+(?=[A-Z])/);
  if (words.length > 0 && words.every((word) => WMI_PROPERTIES.has(word.toLowerCase()))) return 'wmic-table';
  return null;
}

/** The adapters in any of the text layouts; throws VendorParseError when none is found. */
export function recordsFromText(text: string): AdapterRecord[] {
  checkInputSize(text, WIN32_FORMAT);
  // wmic writes UTF-16 with CRLF; a paste may keep either. NULs of a mis-decoded UTF-16 go too.
  const lines = text.replace(/\u0000/g, '').replace(/^\ufeff/, '').split(/\r?\n|\r/);
  const layout = textLayout(text);
  const parsed = layout === 'wmic-list' ? recordsFromWmicList(lines) : layout === 'powershell-list' ? recordsFromPowerShellList(lines) : layout === 'wmic-table' ? recordsFromWmicTable(lines) : [];
  // A record is an adapter when it names one (a name, a PnP id) or gives its memory.
  const records = parsed.filter((record) => ['name', 'caption', 'pnpdeviceid', 'adapterram'].some((field) => (record.get(field) ?? '').trim() !== ''));
  if (records.length === 0) throw new VendorParseError('vendors.parse.noRecords', { format: WIN32_FORMAT });
  if (records.length > MAX_PCI_DISPLAY_FUNCTIONS) throw new VendorParseError('vendors.parse.tooManyGpus', { format: WIN32_FORMAT, count: records.length });
  return records;
}
