// The whole /metrics body for fixed recorded samples, against test/golden/*.prom; and promtool
// (Debian's prometheus package) must accept it. Refresh after an intended change with
//   UPDATE_GOLDEN=1 npx vitest run src/server/metrics/golden.test.ts
// and read the diff before committing it.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requiredTool } from '../../../test/helpers/required-tool.js';
import { describe, expect, it } from 'vitest';
import { GOLDEN_AGE_MS, GOLDEN_CASES, GOLDEN_DIR, recordedSample } from './__fixtures__/samples.js';
import { renderMetrics } from './render.js';

const UPDATE = process.env.UPDATE_GOLDEN === '1';
const { path: PROMTOOL, skipReason: NO_PROMTOOL } = requiredTool('promtool', 'apt-get install prometheus');

/**
 * promtool lints names as well as parsing them. dcgm-exporter's names break two of its style
 * rules, on purpose kept here: camelCase labels (modelName, UUID, Hostname …, on gpuwise's
 * per-GPU series too, so the two join) and counters without `_total`. Anything else is ours.
 */
const ACCEPTED_LINT = [
  /^\w+ label names should be written in 'snake_case' not 'camelCase'$/,
  /^DCGM_\w+ counter metrics should have "_total" suffix$/,
];

function render(name: (typeof GOLDEN_CASES)[number]['name'], perProcess: boolean): string {
  const sample = recordedSample(name);
  return renderMetrics({ sample, hostname: '', perProcess, nowMs: sample.wallMs + GOLDEN_AGE_MS });
}

describe('golden /metrics bodies', () => {
  for (const { name, perProcess } of GOLDEN_CASES) {
    it(`${name}: the whole body is the golden file's`, () => {
      const body = render(name, perProcess);
      const path = `${GOLDEN_DIR}${name}.prom`;
      if (UPDATE) writeFileSync(path, body);
      expect(existsSync(path), `${path} is missing: run UPDATE_GOLDEN=1 npx vitest run src/server/metrics/golden.test.ts`).toBe(true);
      expect(body).toBe(readFileSync(path, 'utf8'));
    });

    it.skipIf(PROMTOOL === null)(`${name}: promtool check metrics finds nothing but dcgm-exporter's naming${NO_PROMTOOL}`, () => {
      const result = spawnSync(PROMTOOL!, ['check', 'metrics'], { input: render(name, perProcess), encoding: 'utf8' });
      const complaints = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
      // Exit 1 is a body promtool cannot parse; 3 is lint findings, checked one by one.
      expect(result.status === 0 || result.status === 3, complaints.join('\n')).toBe(true);
      expect(complaints.filter((line) => !ACCEPTED_LINT.some((rule) => rule.test(line)))).toEqual([]);
    });
  }

  it.skipIf(PROMTOOL === null)(`the alert rules in docs/metrics.md are valid rules (promtool check rules)${NO_PROMTOOL}`, () => {
    const docs = readFileSync(new URL('../../../docs/metrics.md', import.meta.url), 'utf8');
    const rules = /```yaml\n(groups:[\s\S]*?)```/.exec(docs)?.[1];
    expect(rules, 'docs/metrics.md has a ```yaml block of rules').toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-rules-'));
    try {
      writeFileSync(join(dir, 'rules.yml'), rules!);
      const result = spawnSync(PROMTOOL!, ['check', 'rules', join(dir, 'rules.yml')], { encoding: 'utf8' });
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

});
