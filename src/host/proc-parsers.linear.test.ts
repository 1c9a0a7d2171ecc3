// Every /proc parser is linear in its input: a run of spaces where each parser is most likely to
// backtrack (after a key, inside comm, between fields): 128 KiB, then the same input with 512 KiB.
// Four times the input must not take more than eight times as long — measured in the test's own
// terms (test/fuzz/scaling.ts, which says why not larger), so it holds on a slow or busy machine.
// It also runs at 8 → 32 KiB. Not 512 KiB → 2 MiB: /etc/passwd's parser scans with V8's native
// split, as fast as memory, and 2 MiB is past a core's L2 cache here (2 MiB): it read ×6.7–9.0
// there on an idle machine and failed a CI run at ×9.0, against ×3.4–3.5 at 128 → 512 KiB.

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { expectLinear } from '../../test/fuzz/scaling.js';
import { isGpuDevicePath } from './gpu-device-evidence.js';
import { parseNamespaceLink } from './pid-namespace.js';
import { formatCommand, parseChildren, parseCmdline, parseProcStat, parseProcStatus, processName } from './proc-process-parsers.js';
import { createStatScan, scanProcStat } from './proc-stat-bytes.js';
import { parseCpuinfoModel, parseLoadavg, parseMeminfo, parseProcSystemStat, parseUptime } from './proc-system-parsers.js';
import { parsePasswd } from './user-names.js';

const HOST = fileURLToPath(new URL('../../test/fixtures/proc/host/', import.meta.url));
const fixture = (file: string) => fs.readFileSync(HOST + file, 'utf8');
const KIB = 1024;

/** Puts a run of `size` spaces after each `marker` (or at the start for ''). */
function spaced(text: string, markers: readonly string[], size: number): string {
  const run = ' '.repeat(size);
  let out = text;
  for (const marker of markers) {
    const at = marker === '' ? 0 : out.indexOf(marker) + marker.length;
    out = out.slice(0, at) + run + out.slice(at);
  }
  return out;
}

/** CPU time this process spent on one run (ms). */
const STAT = fixture('4242/stat');
const scan = createStatScan();

const CASES: Record<string, { input: (size: number) => string; parse: (text: string) => unknown }> = {
  'stat, run inside comm': { input: (n) => spaced(STAT, ['4242 ('], n), parse: parseProcStat },
  'stat, run between fields': { input: (n) => spaced(STAT, [' 5000'], n), parse: parseProcStat },
  'stat bytes, same input': {
    input: (n) => spaced(STAT, [') R'], n),
    parse: (text) => {
      const bytes = Buffer.from(text);
      return scanProcStat(bytes, bytes.length, scan);
    },
  },
  'stat without a closing parenthesis': { input: (n) => `4242 (${' '.repeat(n)}x`, parse: parseProcStat },
  'status, after Uid': { input: (n) => spaced(fixture('4242/status'), ['Uid:'], n), parse: parseProcStatus },
  'status, after NSpid': { input: (n) => spaced(fixture('4242/status'), ['NSpid:'], n), parse: parseProcStatus },
  'status, VmRSS with spaces and no unit': { input: (n) => `Uid:\t1 1 1 1\nVmRSS:${' '.repeat(n)}x\n`, parse: parseProcStatus },
  'cmdline': { input: (n) => `python\0${' '.repeat(n)}\0train.py\0`, parse: (text) => [formatCommand(parseCmdline(text), 'python'), processName('python3.11-debu', parseCmdline(text))] },
  'children': { input: (n) => `12 ${' '.repeat(n)} 13 `, parse: parseChildren },
  'system stat, inside a cpu line': { input: (n) => spaced(fixture('stat'), ['cpu0 1176'], n), parse: parseProcSystemStat },
  'meminfo, after the colon': { input: (n) => spaced(fixture('meminfo'), ['MemTotal:'], n), parse: parseMeminfo },
  'loadavg': { input: (n) => spaced(fixture('loadavg'), ['3.41'], n), parse: parseLoadavg },
  'uptime': { input: (n) => spaced(fixture('uptime'), [''], n), parse: parseUptime },
  'cpuinfo, in the model name': { input: (n) => spaced(fixture('cpuinfo'), ['model name\t: AMD'], n), parse: parseCpuinfoModel },
  'passwd': { input: (n) => `alice:x:${' '.repeat(n)}1000:1000::/home/alice:/bin/bash\n`, parse: parsePasswd },
  'ns/pid link': { input: (n) => `pid:[${' '.repeat(n)}4026531836]`, parse: parseNamespaceLink },
  'fd link': { input: (n) => `/dev/${' '.repeat(n)}nvidia0`, parse: isGpuDevicePath },
};

describe('/proc parsers are linear', () => {
  for (const [name, { input, parse }] of Object.entries(CASES)) {
    it(name, () => {
      // Flat strings, as a file read gives (a rope would be flattened inside the first timed run);
      // the shared check times in CPU time, repeats a call too fast to time, and measures again
      // when a burst of load spoils one measurement — a quadratic parser is ×4 every time.
      expectLinear((size) => Buffer.from(input(size)).toString(), parse, 512 * KIB);
    });
  }
});
