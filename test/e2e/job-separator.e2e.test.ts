// `gpuwise run python train.py --json` without `--`, through the built CLI: the job's options are
// the job's (src/cli/job-separator.ts), not gpuwise's, and not refused as unknown.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { ensureBuilt, gpuwise } from './run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'gpuwise-job-args-'));
const env = () => ({ ...fakeNvmlEnv(scenarioPath('8x-h100')), XDG_DATA_HOME: join(work, 'data') });
// A script file, not `node -e`: node reads the words after `-e <code>` as its own options.
const printArgv = join(work, 'print-argv.cjs');
writeFileSync(printArgv, 'console.log("argv=" + JSON.stringify(process.argv.slice(2)));\n');

beforeAll(ensureBuilt, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a job given without --', () => {
  it("keeps every word from the job's first on, options gpuwise also has included", () => {
    const logDir = join(work, 'a');
    const result = gpuwise(['run', '--no-record', '--log-dir', logDir, process.execPath, printArgv, '--json', '--gpus', '1', '--lang', 'zh-CN', '--epochs', '3'], env());
    expect(result.stderr).not.toContain('Unknown option');
    expect(result.code).toBe(0);
    // gpuwise's own lines stay English: the job's --lang is not gpuwise's.
    expect(result.stderr).toContain('the job succeeded');
    expect(readFileSync(join(logDir, 'output.log'), 'utf8')).toContain('argv=["--json","--gpus","1","--lang","zh-CN","--epochs","3"]');
  }, 30_000);
});
