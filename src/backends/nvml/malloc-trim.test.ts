import { describe, expect, it } from 'vitest';
import { mallocTrim, startMallocTrim } from './malloc-trim.js';

describe('malloc_trim for long-running sessions', () => {
  it('trims through glibc on Linux, and does nothing elsewhere', () => {
    // This project's machines are glibc Linux; where that is not so, the call says it did nothing.
    const glibc = process.platform === 'linux' && typeof process.report?.getReport === 'function' && Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);
    expect(mallocTrim()).toBe(glibc);
    expect(mallocTrim('win32')).toBe(false);
    expect(mallocTrim('darwin')).toBe(false);
  });

  it('keeps no process alive and stops when told', async () => {
    const stop = startMallocTrim('linux', 5);
    await new Promise((resolve) => setTimeout(resolve, 30));
    stop();
    expect(startMallocTrim('darwin', 5)).toBeTypeOf('function');
  });
});
