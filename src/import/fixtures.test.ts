// Every real capture through `--from`'s detector and parser: the team's shared set
// (../shared/fixtures/*/, each folder's SOURCES.md says where a file comes from) and the
// project's own (test/fixtures/import/). test/fixtures/import/expected.json holds, per file, the
// format it must be detected as and what the file itself says: the GPU count, names and memory
// totals. A file without an entry there is skipped, and the skip says why.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEVICE_METRIC_FIELDS } from '../core/empty-device.js';
import { BYTES_PER_MIB } from '../core/units.js';
import { detectFormat } from './formats.js';
import { importText } from './index.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = process.env.GPUWISE_SHARED_DIR ? path.join(process.env.GPUWISE_SHARED_DIR, 'fixtures') : path.join(REPO, '../shared/fixtures');
const OWN = path.join(REPO, 'test/fixtures/import');

interface Expected {
  format: string;
  driverVersion?: string | null;
  processes?: number;
  devices: { name: string | null; memoryTotalMiB: number | null; migDevices?: number }[];
}

const EXPECTED = (JSON.parse(readFileSync(path.join(OWN, 'expected.json'), 'utf8')) as { files: Record<string, Expected> }).files;

/** Tool outputs only: SOURCES.md files, and the doctor's inputs (collect_env, TensorFlow), are not device listings. */
const isCapture = (name: string) => name !== 'SOURCES.md' && name !== 'expected.json' && !/collect-env|tf-build-info/.test(name);

function captures(): { key: string; file: string }[] {
  const out: { key: string; file: string }[] = [];
  if (existsSync(SHARED)) {
    for (const folder of readdirSync(SHARED).sort()) {
      const dir = path.join(SHARED, folder);
      if (!statSync(dir).isDirectory()) continue;
      for (const name of readdirSync(dir).filter(isCapture).sort()) out.push({ key: `${folder}/${name}`, file: path.join(dir, name) });
    }
  }
  for (const name of readdirSync(OWN).filter(isCapture).sort()) out.push({ key: `import/${name}`, file: path.join(OWN, name) });
  return out;
}

describe.skipIf(!existsSync(SHARED))('--from on every shared capture (skipped: ../shared/fixtures absent)', () => {
  it('the expected-values table names only files that exist', () => {
    const keys = new Set(captures().map((c) => c.key));
    expect(Object.keys(EXPECTED).filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe('--from on every capture', () => {
  // A capture without an entry would go unchecked: the table must cover every one (issue 14).
  it('every capture has an entry in test/fixtures/import/expected.json', () => {
    expect(captures().map((c) => c.key).filter((key) => !EXPECTED[key])).toEqual([]);
  });
  for (const { key, file } of captures()) {
    const expected = EXPECTED[key];
    if (!expected) continue;
    it(`${key} is read as ${expected.format}: ${expected.devices.length} ${expected.devices.length === 1 ? 'GPU' : 'GPUs'}`, () => {
      const text = readFileSync(file, 'utf8');
      expect(detectFormat(text)?.id).toBe(expected.format);
      const { reading } = importText(text);
      expect(reading.devices.map((d) => d.name)).toEqual(expected.devices.map((d) => d.name));
      expect(reading.devices.map((d) => (d.memoryTotalBytes === null ? null : d.memoryTotalBytes / BYTES_PER_MIB))).toEqual(
        expected.devices.map((d) => d.memoryTotalMiB),
      );
      expect(reading.devices.map((d) => d.migDevices.length)).toEqual(expected.devices.map((d) => d.migDevices ?? 0));
      if (expected.driverVersion !== undefined) expect(reading.driver.driverVersion).toBe(expected.driverVersion);
      if (expected.processes !== undefined) expect(reading.processes).toHaveLength(expected.processes);
      // Every missing value has a reason; no placeholder text or fake number stands in for one.
      for (const device of reading.devices) {
        for (const field of DEVICE_METRIC_FIELDS) {
          const value = device[field];
          if (value === null) expect(device.unavailable, `${field} null without a reason`).toHaveProperty(field);
          if (typeof value === 'number') expect(Number.isFinite(value), field).toBe(true);
          if (typeof value === 'string') expect(value, field).not.toMatch(/^\[?(?:N\/A|Not Supported)\]?$/i);
        }
      }
    });
  }
});
