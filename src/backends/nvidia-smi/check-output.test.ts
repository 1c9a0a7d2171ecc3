// Outputs that cannot be believed as a whole, and numbers no GPU can report: what the parsers
// make of them. Every case here was once accepted (issue 7, items 3, 4 and 6).

import { describe, expect, it } from 'vitest';
import { BYTES_PER_MIB } from '../../core/units.js';
import { MAX_GPUS_PER_MACHINE, MAX_PROCESSES_PER_GPU } from '../../system/limits.js';
import { createRandom } from '../../../test/helpers/fuzz.js';
import { parseComputeApps, parseGpuQuery } from './parse-query.js';

const HEADER = 'index, uuid, pci.bus_id, memory.total [MiB], power.draw [W]';
const row = (index: number | string, uuid = `GPU-${index}`, busId = `00000000:${String(index).padStart(2, '0')}:00.0`) =>
  `${index}, ${uuid}, ${busId}, 81559, 70.5`;

/** 4 KB of random printable bytes and ", " separators: what once became 31 GPUs showing N/A. */
function randomBytes(seed: number): string {
  const random = createRandom(seed);
  let out = '';
  while (out.length < 4096) out += random() < 0.08 ? ', ' : random() < 0.03 ? '\n' : String.fromCharCode(33 + Math.floor(random() * 94));
  return out;
}

describe('parseGpuQuery rejects output it cannot believe', () => {
  it.each([1, 2, 3, 4, 5])('4 KB of random bytes (seed %i) gives no GPU', (seed) => {
    const result = parseGpuQuery(randomBytes(seed));
    expect(result.devices).toEqual([]);
    expect(result.rejected?.code).toBe('unknown-header');
    expect(result.problems).toEqual([{ scope: 'devices', code: 'unknown-header', message: result.rejected?.detail }]);
  });

  it('rejects random bytes even when their cell count matches the query (no positional guess)', () => {
    const asked = ['index', 'uuid', 'name'];
    expect(parseGpuQuery('a#1, b#2, c#3\nx, y, z\n', asked).rejected?.code).toBe('unknown-header');
  });

  it('rejects two rows with one GPU index, UUID or bus id, and says which lines', () => {
    const sameIndex = parseGpuQuery(`${HEADER}\n${row(0)}\n${row(0, 'GPU-x', '00000000:09:00.0')}\n`);
    expect(sameIndex.rejected).toEqual({ code: 'duplicate-gpu', detail: 'GPU index 0 appears on lines 2 and 3' });
    expect(sameIndex.devices).toEqual([]);
    const sameUuid = parseGpuQuery(`${HEADER}\n${row(0, 'GPU-a')}\n${row(1, 'GPU-a')}\n`);
    expect(sameUuid.rejected?.detail).toBe('GPU UUID "GPU-a" appears on lines 2 and 3');
    const sameBus = parseGpuQuery(`${HEADER}\n${row(0, 'GPU-a', '00000000:07:00.0')}\n${row(1, 'GPU-b', '00000000:07:00.0')}\n`);
    expect(sameBus.rejected?.code).toBe('duplicate-gpu');
  });

  it('does not call two GPUs whose UUID nvidia-smi could not read duplicates', () => {
    const result = parseGpuQuery(`${HEADER}\n${row(0, '[N/A]')}\n${row(1, '[N/A]')}\n`);
    expect(result.rejected).toBeNull();
    expect(result.devices).toHaveLength(2);
  });

  it('rejects 125,000 GPU rows without reading them all, and without throwing', () => {
    const rows = Array.from({ length: 125_000 }, (_, i) => row(i)).join('\n');
    const result = parseGpuQuery(`${HEADER}\n${rows}\n`);
    expect(result.rejected).toEqual({ code: 'too-many-gpus', detail: `nvidia-smi listed 125000 GPUs; no machine has more than ${MAX_GPUS_PER_MACHINE}` });
    expect(result.devices).toEqual([]);
  });

  it('accepts a machine at the limit', () => {
    const rows = Array.from({ length: MAX_GPUS_PER_MACHINE }, (_, i) => row(i)).join('\n');
    expect(parseGpuQuery(`${HEADER}\n${rows}\n`).devices).toHaveLength(MAX_GPUS_PER_MACHINE);
  });

  it('counts the GPUs nvidia-smi could not open towards the limit', () => {
    const unopened = Array.from({ length: MAX_GPUS_PER_MACHINE }, (_, i) => `Unable to determine the device handle for GPU0000:${(i % 256).toString(16).padStart(2, '0')}:00.0: Unknown Error`);
    expect(parseGpuQuery(`${unopened.join('\n')}\n${HEADER}\n${row(0)}\n`).rejected?.code).toBe('too-many-gpus');
  });

  it('rejects a header over lines none of which is a row', () => {
    const result = parseGpuQuery(`${HEADER}\nSegmentation fault\nsomething else\n`);
    expect(result.rejected).toEqual({ code: 'no-readable-row', detail: 'none of the 2 lines under the header is a row of the query' });
  });

  it('takes an index no machine can have as no index', () => {
    const result = parseGpuQuery(`${HEADER}\n${row('4294967295')}\n`);
    expect(result.devices[0]?.index).toBe(0);
    expect(result.problems.map((p) => p.message)).toContain('line 2: no GPU index ("4294967295"); using row position 0');
  });
});

describe('parseGpuQuery never reports an impossible number', () => {
  it.each([
    ['a 306-digit cell', '9'.repeat(306)],
    ['-0', '-0'],
    ['2⁶⁴−1 MiB', '18446744073709551615'],
    ['Infinity', 'Infinity'],
    ['1e308', '1e308'],
    ['17 TiB', String(17 * 2 ** 20)],
  ])('memory.total of %s → null, reason out-of-range', (_, cell) => {
    const result = parseGpuQuery(`index, memory.total [MiB], memory.used [MiB]\n0, ${cell}, 512\n`);
    const gpu = result.devices[0]!;
    expect(gpu.memoryTotalBytes).toBeNull();
    expect(gpu.unavailable.memoryTotalBytes).toBe('out-of-range');
    expect(gpu.memoryUsedBytes).toBe(512 * BYTES_PER_MIB);
    expect(result.problems.map((p) => [p.scope, p.code])).toEqual([['device:0', 'out-of-range']]);
    expect(result.problems[0]!.message.length).toBeLessThan(200);
  });

  it('checks every numeric field against its physical range', () => {
    const text = 'index, temperature.gpu, power.draw [W], clocks.current.sm [MHz], utilization.gpu [%], fan.speed [%], pcie.link.gen.current, pcie.link.width.current\n'
      + '0, 4294967295, 4294967.29, 4294967295, 250, 4294967295, 9, 4294967295\n';
    const gpu = parseGpuQuery(text).devices[0]!;
    for (const field of ['temperatureCelsius', 'powerDrawWatts', 'smClockMhz', 'gpuUtilPercent', 'fanSpeedPercent', 'pcieLinkGeneration', 'pcieLinkWidth'] as const) {
      expect(gpu[field], field).toBeNull();
      expect(gpu.unavailable[field], field).toBe('out-of-range');
    }
  });

  it('checks ECC counters too', () => {
    const text = 'index, ecc.errors.corrected.volatile.total, ecc.errors.uncorrected.volatile.total\n0, 18446744073709551615, 2\n';
    expect(parseGpuQuery(text).devices[0]?.eccErrors).toMatchObject({ correctedVolatile: null, uncorrectedVolatile: 2 });
  });
});

describe('parseComputeApps on outputs no machine produces', () => {
  const gpus = parseGpuQuery(`${HEADER}\n${row(0, 'GPU-a')}\n${row(1, 'GPU-b')}\n`).devices;
  const APPS = 'gpu_uuid, pid, process_name, used_gpu_memory [MiB]';

  it('holds at most what a GPU can run, with one problem for the rest, over 50 MB of rows', () => {
    const line = `GPU-a, 4242, /usr/bin/python3 ${'x'.repeat(60)}, 100\n`;
    const text = `${APPS}\n${line.repeat(Math.ceil((50 * 2 ** 20) / line.length))}`;
    const result = parseComputeApps(text, gpus);
    expect(result.processes).toHaveLength(MAX_PROCESSES_PER_GPU);
    expect(result.problems.map((p) => [p.scope, p.code])).toEqual([
      ['device:0', 'too-many-processes'],
      ['processes', 'too-many-processes'],
    ]);
    expect(JSON.stringify(result.problems).length).toBeLessThan(2000);
  });

  it('drops impossible PIDs with one out-of-range problem', () => {
    const text = `${APPS}\nGPU-a, -0, x, 1\nGPU-a, 0, y, 1\nGPU-a, 18446744073709551615, z, 1\nGPU-b, 77, ok, 1\n`;
    const result = parseComputeApps(text, gpus);
    expect(result.processes.map((p) => p.pid)).toEqual([77]);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ scope: 'processes', code: 'out-of-range' });
  });

  it('leaves impossible memory null with a problem', () => {
    const result = parseComputeApps(`${APPS}\nGPU-a, 5, x, ${'9'.repeat(306)}\n`, gpus);
    expect(result.processes[0]?.usedMemoryBytes).toBeNull();
    expect(result.problems.map((p) => p.code)).toEqual(['out-of-range']);
  });

  it('lists a few unplaced processes and counts the rest', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `GPU-zz, ${i + 1}, x, 1`).join('\n');
    const result = parseComputeApps(`${APPS}\n${rows}\n`, gpus);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.message).toMatch(/and 4980 more$/);
  });

  it('rejects a header that names no process field', () => {
    const result = parseComputeApps('q#1, q#2\n1, 2\n', gpus);
    expect(result.processes).toEqual([]);
    expect(result.problems.map((p) => p.code)).toEqual(['unknown-header']);
  });
});
