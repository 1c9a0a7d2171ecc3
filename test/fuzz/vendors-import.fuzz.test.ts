// `--from` on the AMD, Windows and macOS formats: mutated real captures and hostile text are read
// or refused with an ImportError, never another exception, and every such parser is linear in its
// input (test/fuzz/scaling.ts: ×4 input, at most ×8 time). Seeded, so a failure reproduces.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAmdSmiDocuments } from '../../src/backends/amd-smi/parse.js';
import { parseAmdSmiTable } from '../../src/backends/amd-smi/parse-table.js';
import { parseIoregAccelerators } from '../../src/backends/macos/ioreg.js';
import { parseSystemProfiler } from '../../src/backends/macos/system-profiler.js';
import { parseRocmSmiJson } from '../../src/backends/rocm-smi/parse.js';
import { parseRocmSmiTable } from '../../src/backends/rocm-smi/parse-table.js';
import { VENDOR_IMPORT_FORMATS } from '../../src/backends/vendor-common/import-formats.js';
import { VendorParseError } from '../../src/backends/vendor-common/reading.js';
import { parseWin32Text } from '../../src/backends/windows/parse.js';
import { parseDrmFdinfo } from '../../src/host/drm-fdinfo-parse.js';
import { ImportError } from '../../src/import/types.js';
import { sharedFixtureDir, VENDOR_FIXTURES } from '../fixtures/vendors/paths.js';
import { createFuzzer } from '../helpers/fuzz.js';
import { expectReadOrRefused } from '../helpers/import-fuzz.js';
import { expectLinear } from './scaling.js';

function seeds(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const folder of ['amd-smi', 'rocm-smi', 'win32-videocontroller', 'macos-system-profiler']) {
    const dir = sharedFixtureDir(folder);
    if (dir) for (const name of readdirSync(dir).filter((n) => n !== 'SOURCES.md').slice(0, 3)) out.push({ name: `${folder}/${name}`, text: readFileSync(join(dir, name), 'utf8') });
  }
  for (const folder of ['windows', 'macos', 'amd-smi', 'rocm-smi']) {
    const dir = join(VENDOR_FIXTURES, folder);
    if (existsSync(dir)) for (const name of readdirSync(dir)) out.push({ name: `own ${folder}/${name}`, text: readFileSync(join(dir, name), 'utf8') });
  }
  return out;
}

const readOrRefuse = (text: string): void => expectReadOrRefused(text, { nonNegative: true });

describe('--from fuzz: AMD, Windows, macOS formats', () => {
  for (const seed of seeds()) {
    it(`mutations of ${seed.name} are read or refused, never thrown past ImportError`, () => {
      const fuzz = createFuzzer(seed.text.length);
      for (let i = 0; i < 40; i++) readOrRefuse(fuzz.mutate(seed.text));
    });
  }

  it('each format\'s signature followed by hostile text is read or refused', () => {
    const fuzz = createFuzzer(1414);
    const signatures = ['{"gpu_data": [{"gpu": 0, "asic": ', '{"card0": {"GPU use (%)": ', '[{"AdapterRAM": ', 'AdapterRAM=', 'Name : ', 'AdapterRAM  Name\n', 'Graphics/Displays:\n    ', '=== ROCm System Management Interface ===\n0  ', '| AMD-SMI 26.2.1 |\n| BDF  GPU-Name |\n| 0000:03:00.0 ', '{"SPDisplaysDataType": [', '<plist><array><dict><key>_dataType</key><string>SPDisplaysDataType</string>'];
    for (let i = 0; i < 300; i++) readOrRefuse(`${fuzz.pick(signatures)}${fuzz.text(400)}`);
    expect(VENDOR_IMPORT_FORMATS).toHaveLength(7);
  });
});

describe('AMD, Windows, macOS parsers are linear', () => {
  const sp = (n: number) => ' '.repeat(n);
  const refuse = (parse: (t: string) => unknown) => (t: string) => {
    try {
      parse(t);
    } catch (error) {
      if (!(error instanceof VendorParseError)) throw error;
    }
  };
  it.each([
    ['amd-smi: a long string value', (n: number) => `[{"gpu": 0, "asic": {"market_name": "${'x'.repeat(n)}"}}]`, refuse((t) => parseAmdSmiDocuments([t]))],
    ['rocm-smi: many labels', (n: number) => `{"card0": {${Array.from({ length: n / 32 }, (_, i) => `"Label ${i} (C)": "1"`).join(',')}}}`, refuse(parseRocmSmiJson)],
    ['wmic list: a line of spaces', (n: number) => `Name=${sp(n)}x${sp(n)}\r\n`, refuse(parseWin32Text)],
    ['Get-WmiObject: many wrapped lines', (n: number) => `Name                         : x\n${`${sp(31)}y\n`.repeat(n / 40)}`, refuse(parseWin32Text)],
    ['wmic table: a long row', (n: number) => `AdapterRAM  Name\n1${sp(n)}x\n`, refuse(parseWin32Text)],
    ['system_profiler text: many blocks', (n: number) => `Graphics/Displays:\n${'    A:\n      Chipset Model: A\n'.repeat(n / 40)}`, refuse(parseSystemProfiler)],
    ['plist: many elements', (n: number) => `<plist><array>${'<string>a</string>'.repeat(n / 20)}</array></plist>`, refuse(parseSystemProfiler)],
    ['ioreg: a long statistics line', (n: number) => `+-o AGX\n  "PerformanceStatistics" = {${'"a"=1,'.repeat(n / 8)}}\n`, refuse(parseIoregAccelerators)],
    ['rocm-smi table: many rows', (n: number) => `${'0  35.0°C  133.0W  NPS1, SPX  131Mhz  900Mhz  0%  auto  750.0W  0%  0%\n'.repeat(n / 72)}`, refuse(parseRocmSmiTable)],
    ['amd-smi table: a row of spaces', (n: number) => `| AMD-SMI 1 GPU-Name |\n| 0000:03:00.0 x${sp(n)}| 1 %${sp(n)}\n`, refuse(parseAmdSmiTable)],
    ['fdinfo: a long line', (n: number) => `drm-driver: amdgpu\ndrm-client-id: 1\ndrm-memory-vram: ${sp(n)}1 KiB\n`, (t: string) => parseDrmFdinfo(t)],
  ])('%s', (_name, make, parse) => {
    // 256 KiB → 1 MiB: both inputs past V8's 128 KiB large-object limit (test/fuzz/scaling.ts).
    expectLinear(make, parse, 2 ** 20);
  });
});
