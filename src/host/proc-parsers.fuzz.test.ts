// Every /proc parser, fuzzed from the recorded trees in test/fixtures/proc (seeded: a failure is
// reproduced by its seed): no throw, no NaN, ±Infinity or -0, no negative time, size or count,
// every share within 0–100. Then whole mutated trees through the reader: nothing it returns may
// break those rules either, and no input may reach its last-resort "bug" guard.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createFuzzer } from '../../test/helpers/fuzz.js';
import type { BackendProcess } from '../core/backend.js';
import { splitTicks } from './cpu-split.js';
import { createHostReader } from './index.js';
import { parseAuxvPageSize } from './page-size.js';
import { isGpuDevicePath } from './gpu-device-evidence.js';
import { parseNamespaceLink } from './pid-namespace.js';
import { formatCommand, parseChildren, parseCmdline, parseProcStat, parseProcStatus, processName } from './proc-process-parsers.js';
import { createStatScan, scanProcStat } from './proc-stat-bytes.js';
import { parseCpuinfoModel, parseLoadavg, parseMeminfo, parseProcSystemStat, parseUptime } from './proc-system-parsers.js';
import { parsePasswd } from './user-names.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/proc/', import.meta.url));
const CASES_PER_FILE = 60;

/** Every regular file of the recorded trees, by what it is. */
function fixtureFiles(): Map<string, string[]> {
  const byKind = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isSymbolicLink()) {
        // ns/pid and fd/N: what readlink gives.
        const kind = entry.name === 'pid' ? 'pid' : 'fd';
        byKind.set(kind, [...(byKind.get(kind) ?? []), fs.readlinkSync(full)]);
      } else if (entry.isFile()) {
        const perProcess = /\/\d+\/(task\/\d+\/)?[^/]+$/.test(full);
        const kind = entry.name === 'stat' && !perProcess ? 'system-stat' : entry.name;
        byKind.set(kind, [...(byKind.get(kind) ?? []), fs.readFileSync(full, 'latin1')]);
      }
    }
  };
  walk(FIXTURES);
  return byKind;
}

/** Throws on the first number that is not finite, is -0, or is negative. */
function expectSaneNumbers(value: unknown, where = '$'): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Object.is(value, -0) || value < 0) throw new Error(`${where} is ${value}`);
  } else if (Array.isArray(value)) value.forEach((item, i) => expectSaneNumbers(item, `${where}[${i}]`));
  else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) expectSaneNumbers(item, `${where}.${key}`);
}

/** Shares of an interval never exceed the interval. */
function expectShares(value: unknown, where = '$'): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (key.endsWith('Percent') && key !== 'cpuPercent' && key !== 'totalCpuPercent' && typeof item === 'number') {
      if (item > 100) throw new Error(`${where}.${key} is ${item}`);
    } else expectShares(item, `${where}.${key}`);
  }
}

const PARSERS: Record<string, (text: string) => unknown> = {
  stat: (text) => {
    const bytes = Buffer.from(text, 'latin1');
    const scan = createStatScan();
    return [parseProcStat(text), scanProcStat(bytes, bytes.length, scan) ? { ...scan } : null];
  },
  status: parseProcStatus,
  cmdline: (text) => {
    const args = parseCmdline(text);
    return [formatCommand(args, 'comm'), processName(text.slice(0, 15), args)];
  },
  children: parseChildren,
  'system-stat': (text) => {
    const stat = parseProcSystemStat(text);
    const again = parseProcSystemStat(text.replace(/(\d+)/, (n) => String(Number(n) + 7)));
    return [stat, stat.cpuTicks && again.cpuTicks ? splitTicks(stat.cpuTicks, again.cpuTicks) : null];
  },
  meminfo: parseMeminfo,
  loadavg: parseLoadavg,
  uptime: parseUptime,
  cpuinfo: parseCpuinfoModel,
  passwd: (text) => [...parsePasswd(text)],
  pid: parseNamespaceLink,
  fd: isGpuDevicePath,
  auxv: (text) => {
    const bytes = Buffer.from(text, 'latin1');
    return [parseAuxvPageSize(bytes, bytes.length, 8, true), parseAuxvPageSize(bytes, bytes.length, 4, false)];
  },
};

describe('/proc parsers under fuzzed input', () => {
  const files = fixtureFiles();
  it('covers every kind of recorded file', () => {
    for (const kind of files.keys()) if (kind !== 'README.md') expect(Object.keys(PARSERS)).toContain(kind);
  });

  for (const [kind, parse] of Object.entries(PARSERS)) {
    it(`${kind}: never throws and never returns an impossible number`, () => {
      const fuzz = createFuzzer(0x9e3779b1 ^ kind.length ^ kind.charCodeAt(0));
      const seeds = files.get(kind) ?? [];
      expect(seeds.length).toBeGreaterThan(0);
      for (const seed of seeds) {
        for (let i = 0; i < CASES_PER_FILE; i++) {
          const input = i % 10 === 9 ? fuzz.text(400) : fuzz.mutate(seed);
          let result: unknown;
          try {
            result = parse(input);
          } catch (error) {
            throw new Error(`${kind} threw on ${JSON.stringify(input.slice(0, 300))}: ${String(error)}`);
          }
          expectSaneNumbers(result, `${kind}(${JSON.stringify(input.slice(0, 80))})`);
          expectShares(result);
        }
      }
    });
  }
});

const gpu = (pid: number): BackendProcess => ({
  pid,
  gpuIndex: 0,
  gpuUuid: null,
  gpuInstanceId: null,
  computeInstanceId: null,
  type: 'compute',
  usedMemoryBytes: null,
  smUtilPercent: null,
  memoryUtilPercent: null,
  encoderUtilPercent: null,
  decoderUtilPercent: null,
  name: null,
});

describe('the host reader over mutated /proc trees', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuwise-proc-fuzz-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  const source = path.join(FIXTURES, 'tree');
  const textFiles: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name !== 'auxv') textFiles.push(path.relative(source, full));
    }
  };
  walk(source);

  it('keeps every figure finite, non-negative and explained, over 30 trees × 3 readings', async () => {
    const fuzz = createFuzzer(20261201);
    for (let round = 0; round < 30; round++) {
      const dir = path.join(work, String(round));
      fs.cpSync(source, dir, { recursive: true, verbatimSymlinks: true });
      let clock = 0;
      const host = createHostReader({ procRoot: dir, etcRoot: path.join(FIXTURES, 'etc'), uidLookup: null, threadCpu: true, firstSampleWindowMs: 0, now: () => clock });
      for (let reading = 0; reading < 3; reading++) {
        // A few files change between readings, as a live /proc does (and as a broken one might).
        for (let change = 0; change < 4; change++) {
          const file = path.join(dir, fuzz.pick(textFiles));
          fs.writeFileSync(file, fuzz.mutate(fs.readFileSync(file, 'utf8')));
        }
        clock += 1000;
        const summary = await host.readSummary();
        const enriched = await host.enrichProcesses([gpu(100), gpu(200), gpu(300), gpu(400)]);
        for (const result of [summary, enriched]) {
          expectSaneNumbers(result);
          expectShares(result);
          expect(result.problems.filter((problem) => problem.code === 'bug')).toEqual([]);
          for (const problem of result.problems) expect(problem.key).toMatch(/^host\.problem\./);
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
