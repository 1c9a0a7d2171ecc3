import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directStdout } from './direct-stdout.js';

let dir = '';
const fds: number[] = [];
const open = (path: string, flags: number) => {
  const fd = openSync(path, flags);
  fds.push(fd);
  return fd;
};
const fifo = () => {
  const path = join(dir, `fifo-${fds.length}`);
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
};
const tick = () => new Promise((resolve) => setImmediate(resolve));
const noFallback = () => {
  throw new Error('process.stdout was not to be used');
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-direct-stdout-'));
});
afterEach(() => {
  for (const fd of fds.splice(0)) closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('direct stdout to POSIX descriptors: pipes, sockets, /dev/null, /dev/full (skipped on Windows: no such descriptors there; one-shot output goes through process.stdout)', () => {
  it('writes all of a large text, UTF-8 included, to a file', () => {
    const path = join(dir, 'out.json');
    const fd = open(path, constants.O_WRONLY | constants.O_CREAT);
    const out = directStdout(fd, noFallback);
    expect(out).not.toBeNull();
    const text = `${'显存 '.repeat(100_000)}\n`;
    out?.write(text);
    out?.write('end\n');
    expect(readFileSync(path, 'utf8')).toBe(`${text}end\n`);
  });

  it('a socket (what Node gives a child as stdout): taken, and the reader gets all of a large text', () => {
    const module = JSON.stringify(new URL('./direct-stdout.ts', import.meta.url).href);
    const code = `import(${module}).then(({ directStdout }) => { const out = directStdout(); if (out === null) process.exit(3); out.write('x'.repeat(300000) + '\\n'); })`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8', maxBuffer: 1 << 22 });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(child.stdout).toBe(`${'x'.repeat(300000)}\n`);
  });

  it('takes /dev/null and a pipe; leaves a terminal-like device (/dev/zero), a closed descriptor to process.stdout', () => {
    expect(directStdout(open('/dev/null', constants.O_WRONLY), noFallback)).not.toBeNull();
    const path = fifo();
    open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    expect(directStdout(open(path, constants.O_WRONLY), noFallback)).not.toBeNull();
    expect(directStdout(open('/dev/zero', constants.O_WRONLY), noFallback)).toBeNull();
    expect(directStdout(987_654, noFallback)).toBeNull();
  });

  it('a reader gone away: EPIPE to the error listener once, on the next tick; later writes dropped', async () => {
    const path = fifo();
    const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const out = directStdout(open(path, constants.O_WRONLY), noFallback);
    closeSync(reader);
    const errors: string[] = [];
    out?.on('error', (error) => errors.push(error.code ?? '?'));
    out?.write('lost\n');
    expect(errors).toEqual([]);
    await tick();
    out?.write('after\n');
    await tick();
    expect(errors).toEqual(['EPIPE']);
  });

  it('a descriptor left non-blocking and full (EAGAIN): what is left goes to process.stdout, and so does the rest', () => {
    const path = fifo();
    const reader = open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const handed: Buffer[] = [];
    const out = directStdout(open(path, constants.O_WRONLY | constants.O_NONBLOCK), () => ({ write: (chunk: string | Uint8Array) => handed.push(Buffer.from(chunk)) }));
    const text = 'x'.repeat(1 << 20);
    out?.write(text);
    out?.write('tail');
    const buffer = Buffer.alloc(1 << 21);
    let read = 0;
    for (let n = 1; n > 0 && read < buffer.length; read += n) {
      try {
        n = readSync(reader, buffer, read, buffer.length - read, null);
      } catch {
        n = 0;
      }
    }
    expect(handed.length).toBe(2);
    expect(read + (handed[0]?.length ?? 0)).toBe(text.length);
    expect(handed[1]?.toString()).toBe('tail');
  });
});
