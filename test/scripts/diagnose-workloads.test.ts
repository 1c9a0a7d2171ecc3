// The diagnose workloads (examples/workloads/) and the device script that runs them cannot be run
// here (no GPU, no PyTorch), so these checks keep them runnable: every workload compiles, takes
// --seconds, is in the README and in scripts/device/diagnose.sh, and the script is valid bash.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requiredTool } from '../helpers/required-tool.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIR = `${ROOT}examples/workloads/`;
/** One per cause the issue names (the folder holds other jobs too, e.g. gpuwise run's). */
const workloads = ['input_bound.py', 'tiny_batch.py', 'transfer_bound.py', 'idle_holding_memory.py', 'imbalanced.py', 'healthy.py'];
const python = requiredTool('python3', 'apt-get install python3');

describe('diagnose workloads', () => {
  it('exist, one per cause', () => {
    for (const workload of workloads) expect(existsSync(DIR + workload), workload).toBe(true);
  });

  it.skipIf(python.path === null)(`compile as Python${python.skipReason}`, () => {
    const run = spawnSync(python.path!, ['-m', 'py_compile', ...workloads.map((w) => DIR + w), `${DIR}_common.py`], { encoding: 'utf8', env: { PYTHONPYCACHEPREFIX: '/tmp/gpuwise-pycache' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('each is in the README and the device script, and runs for --seconds', () => {
    const readme = readFileSync(`${DIR}README.md`, 'utf8');
    const script = readFileSync(`${ROOT}scripts/device/diagnose.sh`, 'utf8');
    for (const workload of workloads) {
      const name = workload.replace(/\.py$/, '');
      expect(readme, workload).toContain(`\`${workload}\``);
      expect(script, workload).toMatch(new RegExp(`"${name}\\|`));
      expect(readFileSync(DIR + workload, 'utf8'), workload).toMatch(/parse_args\(/);
    }
  });

  it('the device script is valid bash', () => {
    const run = spawnSync('bash', ['-n', `${ROOT}scripts/device/diagnose.sh`], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
