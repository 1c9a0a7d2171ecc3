// rocm-smi's default "Concise Info" table, as pasted: the ROCm 6 layout (a second line per GPU
// with its name, "[0x74a1 : 0x00]" model), the newer one ("Node  IDs (DID, GUID)", no name line)
// and the legacy one ("GPU  Temp (DieEdge)  AvgPwr …", "47.0c"). Cells hold spaces ("NPS1, SPX"),
// so a row is read by the shapes of its values, right to left: … SCLK MCLK Fan Perf PwrCap VRAM% GPU%.

import type { BackendReading } from '../../core/backend.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE } from '../../system/limits.js';
import { builtinDeviceName } from '../pci/device-names.js';
import { checkInputSize, DeviceBuilder, mapReading, none, readNumber, vendorDriverInfo, VendorParseError, type Reading } from '../vendor-common/reading.js';

export const ROCM_SMI_TABLE_FORMAT = 'rocm-smi-table';

/** The table's banner or its header row. */
export const isRocmSmiTable = (text: string): boolean => /=+ ROCm System Management Interface =+/.test(text) || /^(?:Device|GPU)\s+.*\bSCLK\s+MCLK\s+Fan\s+Perf\s+PwrCap\s+VRAM%\s+GPU%/m.test(text);

/** "35.0°C", "47.0c", "133.0W", "131Mhz", "29.8%" → the number; "N/A", "None", "Unsupported" → not reported. */
function quantity(raw: string, unit: RegExp): Reading<number> {
  if (/^(?:n\/a|none|unsupported|unknown)$/i.test(raw)) return none('not-reported');
  const match = new RegExp(`^(\\d+(?:\\.\\d+)?)${unit.source}$`, 'i').exec(raw);
  return match ? readNumber(match[1]) : { ok: false, reason: 'error', problem: `unexpected cell ${JSON.stringify(raw)}` };
}

const NA = 'N/A|None|Unsupported';
// Anchored at the end: the last seven cells have fixed shapes. Each run of spaces is matched
// once (\s+ between \S+ cells), so a long line costs one pass.
const TAIL = new RegExp(`(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s*$`);
const MAX_LINE = 2000;

export function parseRocmSmiTable(text: string): BackendReading {
  checkInputSize(text, ROCM_SMI_TABLE_FORMAT);
  const lines = text.split(/\r?\n/);
  const problems: SnapshotProblem[] = [];
  const builders: DeviceBuilder[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > MAX_LINE || !/^\d{1,3}\s/.test(line)) continue;
    const tail = TAIL.exec(line);
    if (!tail) continue;
    const [, sclk = '', mclk = '', fan = '', , cap = '', , gpu = ''] = tail;
    if (!new RegExp(`^(?:\\d+(?:\\.\\d+)?Mhz|${NA})$`, 'i').test(sclk)) continue;
    if (builders.length >= MAX_GPUS_PER_MACHINE) throw new VendorParseError('vendors.parse.tooManyGpus', { format: ROCM_SMI_TABLE_FORMAT, count: builders.length + 1 });
    const head = line.slice(0, tail.index);
    const b = new DeviceBuilder(builders.length, 'amd', problems, 'rocm-smi');
    b.unsupported('computeCapability', 'migModeCurrent', 'migModePending', 'nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'driverModel', 'uuid');
    const temp = /\s(\d+(?:\.\d+)?(?:°C|c)|N\/A)\s/i.exec(head);
    const power = /\s(\d+(?:\.\d+)?W|N\/A)\s/i.exec(head.slice((temp?.index ?? 0) + (temp?.[0].length ?? 0) - 1));
    if (temp) b.set('temperatureCelsius', quantity(temp[1]!, /(?:°C|c)/));
    if (power) b.set('powerDrawWatts', quantity(power[1]!, /W/));
    for (const field of ['graphicsClockMhz', 'smClockMhz'] as const) b.set(field, quantity(sclk, /Mhz/));
    b.set('memoryClockMhz', quantity(mclk, /Mhz/));
    b.set('fanSpeedPercent', quantity(fan, /%/));
    b.set('powerLimitWatts', quantity(cap, /W/));
    b.set('gpuUtilPercent', quantity(gpu, /%/));
    // The model id: "[0x74a1 : 0x00]" (ROCm 6) or "0x7551," (the DID of the newer layout).
    const id = /\b0x([0-9a-f]{4})\b/i.exec(head)?.[1]?.toLowerCase() ?? null;
    const next = lines[i + 1] ?? '';
    const nameLine = /^\s{4,}(\S.*?)\s*$/.exec(next.length <= MAX_LINE ? next : '');
    const name = nameLine && !/^\(/.test(nameLine[1]!) ? nameLine[1]! : id ? builtinDeviceName('1002', id) : null;
    b.set('name', name === null ? none('not-reported') : mapReading({ ok: true, value: name }, (v) => v));
    builders.push(b);
  }
  if (builders.length === 0) throw new VendorParseError('vendors.parse.noRecords', { format: ROCM_SMI_TABLE_FORMAT });
  return { driver: vendorDriverInfo(null), devices: builders.map((b) => b.device), processes: [], problems };
}
