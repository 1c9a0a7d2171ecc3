import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { which } from './which.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-which-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('which', () => {
  it('finds an executable on PATH and skips one without the execute bit', () => {
    writeFileSync(path.join(dir, 'tool'), '#!/bin/sh\n');
    chmodSync(path.join(dir, 'tool'), 0o755);
    writeFileSync(path.join(dir, 'notexec'), 'data');
    chmodSync(path.join(dir, 'notexec'), 0o644);
    const env = { PATH: `/nonexistent:${dir}` };
    expect(which('tool', { env })).toBe(path.join(dir, 'tool'));
    // root can read anything, but X_OK still needs an execute bit somewhere.
    expect(which('notexec', { env })).toBeNull();
    expect(which('missing', { env })).toBeNull();
  });

  it('checks a path with a slash as given', () => {
    expect(which(path.join(dir, 'tool'))).toBe(path.join(dir, 'tool'));
    expect(which('/nonexistent/nvidia-smi')).toBeNull();
    expect(which(dir)).toBeNull();
  });
});
