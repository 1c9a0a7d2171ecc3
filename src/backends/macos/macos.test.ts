import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVendorFixture, sharedFixtureDir } from '../../../test/fixtures/vendors/paths.js';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import type { Exec } from '../../system/exec.js';
import { VendorParseError } from '../vendor-common/reading.js';
import { createMacDriver } from './index.js';
import { parseIoregAccelerators } from './ioreg.js';
import { parseMacLive, parseSystemProfiler } from './parse.js';
import { parsePlist } from './plist.js';

const SHARED = sharedFixtureDir('macos-system-profiler');
const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

/** What each shared capture says: GPU names and their VRAM (null: unified memory, no VRAM key). */
const EXPECTED: Record<string, { names: string[]; memory: (number | null)[]; vendors: string[] }> = {
  'macbook-air-m1-7core_SPDisplaysDataType_json_reformatted.json': { names: ['Apple M1'], memory: [null], vendors: ['apple'] },
  'macbookpro8-2_radeon-hd-6750m+intel-hd-3000_osx-10.7.5_SPDisplaysDataType.xml': {
    names: ['AMD Radeon HD 6750M', 'Intel HD Graphics 3000'], memory: [512 * MIB, 512 * MIB], vendors: ['amd', 'intel'],
  },
};

describe.skipIf(!SHARED)('system_profiler: every shared capture (skipped: ../shared/fixtures/macos-system-profiler absent)', () => {
  const files = SHARED ? readdirSync(SHARED).filter((name) => /\.(json|xml|txt)$/.test(name)) : [];
  it.each(files)('%s', (name) => {
    const expected = EXPECTED[name];
    expect(expected, `add ${name} to the table`).toBeDefined();
    const reading = parseSystemProfiler(readFileSync(path.join(SHARED!, name), 'utf8'));
    expect(reading.devices.map((d) => d.name)).toEqual(expected!.names);
    expect(reading.devices.map((d) => d.memoryTotalBytes)).toEqual(expected!.memory);
    expect(reading.devices.map((d) => d.vendor)).toEqual(expected!.vendors);
  });

  it('M1: the 7-core GPU and the CUDA note, in keys the renderers translate', () => {
    const reading = parseSystemProfiler(readFileSync(path.join(SHARED!, 'macbook-air-m1-7core_SPDisplaysDataType_json_reformatted.json'), 'utf8'));
    expect(reading.problems.map((p) => [p.key, p.params])).toEqual([
      ['vendors.mac.noCuda', undefined],
      ['vendors.mac.appleGpu', { model: 'Apple M1', cores: 7 }],
    ]);
    expect(reading.devices[0]!.unavailable).toMatchObject({ memoryTotalBytes: 'not-reported', computeCapability: 'not-supported' });
  });
});

describe('system_profiler: our captures', () => {
  it('-json as the tool prints it (M3 Pro, 18 cores); unified memory from the host when known', () => {
    const reading = parseSystemProfiler(readVendorFixture('macos/m3-pro-18core_system-profiler-json.json'), 36 * GIB);
    expect(reading.devices[0]).toMatchObject({ vendor: 'apple', name: 'Apple M3 Pro', memoryTotalBytes: 36 * GIB });
    expect(reading.problems[1]!.params).toEqual({ model: 'Apple M3 Pro', cores: 18 });
  });

  it('text form: the screens\' fields do not leak into the GPU; Intel Mac with a Radeon: VRAM and lane width', () => {
    const m2 = parseSystemProfiler(readVendorFixture('macos/m2-10core_system-profiler-text.txt'));
    expect(m2.devices.map((d) => d.name)).toEqual(['Apple M2']);
    expect(m2.problems[1]!.params).toEqual({ model: 'Apple M2', cores: 10 });
    const mbp = parseSystemProfiler(readVendorFixture('macos/macbookpro15-1_radeon-pro-560x+intel-uhd-630_system-profiler-text.txt'));
    expect(mbp.devices.map((d) => [d.vendor, d.name, d.memoryTotalBytes, d.pcieLinkWidth])).toEqual([
      ['intel', 'Intel UHD Graphics 630', 1536 * MIB, null],
      ['amd', 'Radeon Pro 560X', 4 * GIB, 8],
    ]);
  });

  it('ioreg: utilisation and unified memory in use, without sudo', () => {
    expect(parseIoregAccelerators(readVendorFixture('macos/m2-10core_ioreg-accelerator.txt'))).toEqual([
      { ioClass: 'AGXAcceleratorG14G', model: 'Apple M2', coreCount: 10, utilPercent: 36, memoryUsedBytes: 1284636672, memoryFreeBytes: null },
    ]);
    const reading = parseMacLive(readVendorFixture('macos/m2-10core_system-profiler-text.txt'), readVendorFixture('macos/m2-10core_ioreg-accelerator.txt'), 16 * GIB);
    expect(reading.devices[0]).toMatchObject({ gpuUtilPercent: 36, memoryUsedBytes: 1284636672, memoryFreeBytes: 16 * GIB - 1284636672 });
  });

  it('hostile plists: entity declarations refused, deep nesting bounded, nothing hangs', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><plist><string>&lol2;</string></plist>`;
    expect(() => parsePlist(laughs, 'system-profiler')).toThrow(VendorParseError);
    expect(() => parsePlist(`<plist>${'<array>'.repeat(100000)}`, 'system-profiler')).toThrow(VendorParseError);
    expect(() => parsePlist('<plist><string>&unknown;</string></plist>', 'system-profiler')).toThrow(VendorParseError);
    expect(parsePlist('<plist version="1.0"><dict><key>a</key><integer>3</integer><key>b</key><true/></dict></plist>', 'x')).toEqual({ a: 3, b: true });
  });

  it('not system_profiler output: a typed error; fuzzed inputs never crash', () => {
    for (const text of ['', 'Graphics/Displays:\n', '{"SPDisplaysDataType": []}', '<plist><dict>', '\u0000\u0001']) {
      expect(() => parseSystemProfiler(text)).toThrow(VendorParseError);
    }
    const fuzz = createFuzzer(1403);
    const bases = ['macos/m2-10core_system-profiler-text.txt', 'macos/m3-pro-18core_system-profiler-json.json'].map(readVendorFixture);
    for (let i = 0; i < 300; i++) {
      const text = fuzz.mutate(fuzz.pick(bases));
      try {
        parseSystemProfiler(text);
        parseIoregAccelerators(fuzz.mutate(readVendorFixture('macos/m2-10core_ioreg-accelerator.txt')));
      } catch (error) {
        expect(error).toBeInstanceOf(VendorParseError);
      }
    }
  });
});

describe('macos backend through the exec seam (tested on Linux only: system_profiler and ioreg outputs recorded)', () => {
  it('inventory at open, ioreg at each read; CUDA note on every reading', async () => {
    const exec: Exec = async (file) => ({
      kind: 'exited', exitCode: 0, truncated: false, durationMs: 3, stderr: '',
      stdout: file.endsWith('ioreg') ? readVendorFixture('macos/m2-10core_ioreg-accelerator.txt') : readVendorFixture('macos/m2-10core_system-profiler-text.txt'),
    });
    const opened = await createMacDriver({ exec, unifiedMemoryBytes: 16 * GIB }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices[0]).toMatchObject({ name: 'Apple M2', gpuUtilPercent: 36, memoryTotalBytes: 16 * GIB });
    expect(reading.problems[0]!.key).toBe('vendors.mac.noCuda');
  });
});
