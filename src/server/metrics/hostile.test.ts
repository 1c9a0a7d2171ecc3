// Text from outside in labels — process names, users, command lines, and even the driver's
// model name and the host name — fuzzed with the project's hostile alphabet: the body stays
// well-formed, every label reads back as the safe text, and promtool parses it. And the
// render stays linear in the number of processes.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { requiredTool } from '../../../test/helpers/required-tool.js';
import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import { BOUND, scalingRatio } from '../../../test/fuzz/scaling.js';
import { safeText } from '../../core/safe-text.js';
import type { Sample } from '../../monitor/sampler.js';
import { parseExposition } from './__fixtures__/parse.js';
import { recordedSample } from './__fixtures__/samples.js';
import { cutLabel, MAX_COMMAND_LABEL_CHARS } from './process-families.js';
import { renderMetrics, renderSampleBody } from './render.js';

const { path: PROMTOOL, skipReason: NO_PROMTOOL } = requiredTool('promtool', 'apt-get install prometheus');

function hostileSample(seed: number): { sample: Sample; hostname: string } {
  const fuzz = createFuzzer(seed);
  const sample = recordedSample('metrics-8x-h100');
  for (const p of sample.snapshot.processes) Object.assign(p, { name: fuzz.text(40), user: fuzz.text(12), command: fuzz.text(400) });
  const gpu = sample.snapshot.devices[fuzz.int(8)]!;
  Object.assign(gpu, { name: fuzz.text(30), serial: fuzz.text(10), vbiosVersion: fuzz.text(10) });
  sample.snapshot.driver.driverVersion = fuzz.text(12);
  return { sample, hostname: fuzz.text(20) };
}

// eslint-disable-next-line no-control-regex
const RAW_CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('hostile text in labels', () => {
  it('keeps the body well-formed and every label as its safe text, over 200 seeds', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { sample, hostname } = hostileSample(seed);
      const body = renderMetrics({ sample, hostname, perProcess: true, nowMs: sample.wallMs });
      expect(RAW_CONTROLS.test(body), `seed ${seed}`).toBe(false);
      const { series } = parseExposition(body); // throws on any malformed line
      const rows = series.filter((s) => s.name === 'gpuwise_process_gpu_memory_used_bytes');
      expect(rows, `seed ${seed}`).toHaveLength(sample.snapshot.processes.length);
      const expected = new Map(sample.snapshot.processes.map((p) => [String(p.pid), p]));
      for (const row of rows) {
        const p = expected.get(row.labels.pid!)!;
        const want = (text: string | null, max: number) => {
          const cut = cutLabel(text, max);
          return cut === null || cut === '' ? undefined : safeText(cut);
        };
        expect(row.labels.name, `seed ${seed}`).toBe(want(p.name, 64));
        expect(row.labels.command, `seed ${seed}`).toBe(want(p.command, MAX_COMMAND_LABEL_CHARS));
      }
      const hosts = new Set(series.map((s) => s.labels.Hostname));
      expect([...hosts], `seed ${seed}`).toEqual(hostname === '' ? [sample.snapshot.host.hostname] : [safeText(hostname)]);
    }
  });

  it.skipIf(PROMTOOL === null)(`is parsed by promtool${NO_PROMTOOL}`, () => {
    for (const seed of [7, 8, 9]) {
      const { sample, hostname } = hostileSample(seed);
      const body = renderMetrics({ sample, hostname, perProcess: true, nowMs: sample.wallMs });
      const result = spawnSync(PROMTOOL!, ['check', 'metrics'], { input: body, encoding: 'utf8' });
      // 1 would be a parse error; 3 is lint only (dcgm-exporter's camelCase labels).
      expect(result.status, `seed ${seed}: ${result.stderr.split('\n').find((line) => !line.includes('camelCase'))}`).not.toBe(1);
      expect(result.stderr).not.toMatch(/error|invalid|unexpected/i);
    }
  });
});

describe('render time', () => {
  it('grows linearly with the number of processes (×4 processes, at most ×8 the time)', () => {
    const base = recordedSample('metrics-8x-h100');
    const make = (count: number): Sample => {
      const sample = structuredClone(base);
      const template = base.snapshot.processes[0]!;
      sample.snapshot.processes = Array.from({ length: count }, (_, i) => ({ ...template, pid: 1000 + i, gpuIndex: i % 8, command: `python train.py --worker ${i}` }));
      return sample;
    };
    const context = { hostname: 'n', driverVersion: '550.90.07' };
    let ratio = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && ratio > BOUND; attempt++) ratio = Math.min(ratio, scalingRatio(make, (s) => renderSampleBody(s, context, true), 1000));
    expect(ratio).toBeLessThanOrEqual(BOUND);
  });
});
