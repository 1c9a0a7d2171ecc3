import { describe, expect, it } from 'vitest';
import { directStdoutErrors, lazyStderr } from './lazy-stderr.js';

describe('lazyStderr', () => {
  it('puts the error listener on process.stderr when the stream is first taken, and leaves the getter as it was', () => {
    const before = Object.getOwnPropertyDescriptor(process, 'stderr');
    const listener = () => {};
    lazyStderr().on('error', listener);
    expect(Object.getOwnPropertyDescriptor(process, 'stderr')?.get).not.toBe(before?.get);
    const stderr = process.stderr;
    try {
      expect(stderr.listeners('error')).toContain(listener);
      expect(Object.getOwnPropertyDescriptor(process, 'stderr')).toEqual(before);
      expect(process.stderr).toBe(stderr);
    } finally {
      stderr.off('error', listener);
    }
  });
});

describe('directStdoutErrors', () => {
  it('puts the listener on the direct writer at once, and on process.stdout when something makes it', () => {
    const before = Object.getOwnPropertyDescriptor(process, 'stdout');
    const onDirect: unknown[] = [];
    const listener = () => {};
    directStdoutErrors({ on: (_event, l) => onDirect.push(l) }).on('error', listener);
    expect(onDirect).toEqual([listener]);
    const stdout = process.stdout;
    try {
      expect(stdout.listeners('error')).toContain(listener);
      expect(Object.getOwnPropertyDescriptor(process, 'stdout')).toEqual(before);
    } finally {
      stdout.off('error', listener);
    }
  });
});
