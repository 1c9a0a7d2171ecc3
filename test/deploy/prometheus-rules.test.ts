// deploy/prometheus/ as a user installs it: every rule file passes `promtool check rules`, every
// alert has a unit test and `promtool test rules` passes them, the scrape configs pass
// `promtool check config`, and the rules read only series gpuwise writes (the golden /metrics
// body) — or, named here, dcgm-exporter's.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredTool } from '../helpers/required-tool.js';

const { path: PROMTOOL, skipReason } = requiredTool('promtool', 'apt-get install prometheus');
const DIR = new URL('../../deploy/prometheus/', import.meta.url).pathname;
const RULE_FILES = readdirSync(join(DIR, 'rules')).filter((f) => f.endsWith('.rules.yml')).map((f) => join(DIR, 'rules', f));
const TEST_FILES = readdirSync(join(DIR, 'tests')).filter((f) => f.endsWith('.test.yml')).map((f) => join(DIR, 'tests', f));
const GOLDEN = ['metrics-8x-h100.prom', 'metrics-a100-mig.prom'].map((f) => readFileSync(new URL(`../golden/${f}`, import.meta.url), 'utf8'));
/**
 * Series the rules may read that the golden bodies do not hold: DCGM_FI_DEV_XID_ERRORS is written
 * only while serve can read the kernel log (src/server/metrics/xid-family.ts), never in a golden body.
 */
const DCGM_ONLY = new Set(['DCGM_FI_DEV_XID_ERRORS']);

function promtool(args: string[], cwd = DIR): { ok: boolean; output: string } {
  try {
    return { ok: true, output: execFileSync(PROMTOOL!, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const tmp: string[] = [];
afterAll(() => tmp.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Alert names and PromQL expressions of a rule file (one `expr:` per rule, block or inline). */
function rulesOf(text: string): { alerts: string[]; records: string[]; exprs: string[] } {
  const alerts = [...text.matchAll(/^\s*- alert: (\S+)/gm)].map((m) => m[1]!);
  const records = [...text.matchAll(/^\s*- record: (\S+)/gm)].map((m) => m[1]!);
  const exprs: string[] = [];
  for (const m of text.matchAll(/^(\s*)expr: (\|)?(.*)$/gm)) {
    if (!m[2]) exprs.push(m[3]!);
    else {
      const rest = text.slice(m.index! + m[0].length + 1).split('\n');
      const indent = m[1]!.length;
      exprs.push(rest.filter((_, i) => rest.slice(0, i + 1).every((line) => line.search(/\S/) > indent)).join(' '));
    }
  }
  return { alerts, records, exprs };
}

describe.skipIf(PROMTOOL === null)(`deploy/prometheus with promtool${skipReason}`, () => {
  it('has rule files that promtool accepts', () => {
    expect(RULE_FILES.length).toBeGreaterThanOrEqual(2);
    for (const file of RULE_FILES) {
      const { ok, output } = promtool(['check', 'rules', file]);
      expect(ok, output).toBe(true);
      expect(output).toMatch(/SUCCESS: \d+ rules found/);
    }
  });

  it('passes its unit tests, and a broken expectation fails them', () => {
    for (const file of TEST_FILES) {
      const { ok, output } = promtool(['test', 'rules', file], join(DIR, 'tests'));
      expect(ok, `${file}\n${output}`).toBe(true);
    }
    // The same tests with one expected label changed must fail: promtool really compares.
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-rules-'));
    tmp.push(dir);
    cpSync(DIR, dir, { recursive: true });
    const alertsTest = join(dir, 'tests', 'gpuwise-alerts.test.yml');
    writeFileSync(alertsTest, readFileSync(alertsTest, 'utf8').replace("state: lost }", "state: error }"));
    const broken = promtool(['test', 'rules', alertsTest], join(dir, 'tests'));
    expect(broken.ok).toBe(false);
    expect(broken.output).toMatch(/GpuLost/);
  });

  it('tests every alert it defines', () => {
    const alerts = RULE_FILES.flatMap((file) => rulesOf(readFileSync(file, 'utf8')).alerts);
    const tested = new Set(TEST_FILES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/alertname: (\S+)/g)].map((m) => m[1]!)));
    expect(alerts).toEqual(expect.arrayContaining(['GpuwiseExporterDown', 'GpuLost', 'GpuUncorrectableEccErrors', 'GpuXidError', 'GpuThermalThrottling', 'GpuPowerThrottling', 'GpuMemoryNearlyFull', 'GpuAllocatedButIdle', 'GpuClockPinnedLow']));
    expect(alerts.filter((alert) => !tested.has(alert))).toEqual([]);
  });

  it('reads only series gpuwise writes, its own recording rules, and named dcgm-exporter ones', () => {
    const written = new Set(GOLDEN.flatMap((text) => [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!)));
    const parsed = RULE_FILES.map((file) => rulesOf(readFileSync(file, 'utf8')));
    const recorded = new Set(parsed.flatMap((p) => p.records));
    const functions = /^(?:sum|count|avg|max|min|by|on|and|or|unless|bool|group_left|group_right|ignoring|without|increase|rate|max_over_time|min_over_time|avg_over_time|sum_over_time|humanizePercentage)$/;
    const used = new Set<string>();
    for (const expr of parsed.flatMap((p) => p.exprs)) {
      // Metric names: identifiers (with colons) outside label matchers and strings.
      const bare = expr.replace(/\{[^}]*\}/g, '').replace(/\([^()]*\)/g, (group) => group.replace(/\b(?:by|on|ignoring|without|group_left|group_right)\s*\(([^)]*)\)/g, ''));
      for (const m of bare.replace(/\b(?:by|on|ignoring|without|group_left|group_right)\s*\([^)]*\)/g, '').matchAll(/[A-Za-z_:][\w:]*/g)) {
        if (!functions.test(m[0]) && !/^\d/.test(m[0]) && !/^[smhdw]$/.test(m[0])) used.add(m[0]);
      }
    }
    expect([...used].filter((name) => name !== 'up' && !written.has(name) && !recorded.has(name) && !DCGM_ONLY.has(name))).toEqual([]);
    expect(used).toContain('gpuwise_gpu_state');
  });

  it('ships scrape configs that promtool accepts (Kubernetes SD checked with static targets where this build lacks it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-scrape-'));
    tmp.push(dir);
    cpSync(DIR, dir, { recursive: true });
    for (const name of ['scrape-static.yml', 'scrape-file-sd.yml', 'scrape-kubernetes-sd.yml']) {
      let { ok, output } = promtool(['check', 'config', name], dir);
      if (!ok && /field kubernetes_sd_configs not found/.test(output)) {
        // Debian builds Prometheus without Kubernetes discovery; the rest of the file still counts.
        const text = readFileSync(join(dir, name), 'utf8').replace(/kubernetes_sd_configs:\n(?: {6,}.*\n)+/, 'static_configs: [{ targets: [] }]\n');
        writeFileSync(join(dir, `checked-${name}`), text);
        ({ ok, output } = promtool(['check', 'config', `checked-${name}`], dir));
      }
      expect(ok, `${name}\n${output}`).toBe(true);
      expect(output).toMatch(/SUCCESS: 2 rule files found/);
    }
  });
});
