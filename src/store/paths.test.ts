import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHistoryPath } from './paths.js';
import { StoreError } from './errors.js';

describe('defaultHistoryPath', () => {
  it('follows each platform\'s data folder', () => {
    const none = { create: false };
    expect(defaultHistoryPath({ XDG_DATA_HOME: '/data' }, 'linux', '/home/ann', none)).toBe('/data/gpuwise/history.db');
    expect(defaultHistoryPath({}, 'linux', '/home/ann', none)).toBe('/home/ann/.local/share/gpuwise/history.db');
    // The XDG spec: a relative path in XDG_DATA_HOME is invalid and ignored.
    expect(defaultHistoryPath({ XDG_DATA_HOME: 'rel/dir' }, 'freebsd', '/home/ann', none)).toBe('/home/ann/.local/share/gpuwise/history.db');
    expect(defaultHistoryPath({ LOCALAPPDATA: 'C:\\Users\\Ann\\AppData\\Local' }, 'win32', 'C:\\Users\\Ann', none)).toBe('C:\\Users\\Ann\\AppData\\Local\\gpuwise\\history.db');
    expect(defaultHistoryPath({}, 'win32', 'C:\\Users\\Ann', none)).toBe('C:\\Users\\Ann\\AppData\\Local\\gpuwise\\history.db');
    expect(defaultHistoryPath({ XDG_DATA_HOME: '/data' }, 'darwin', '/Users/ann', none)).toBe('/Users/ann/Library/Application Support/gpuwise/history.db');
  });

  it('creates the folder on this platform, private to the user', () => {
    const home = mkdtempSync(join(tmpdir(), 'gpuwise-home-'));
    try {
      const path = defaultHistoryPath({ XDG_DATA_HOME: join(home, 'share') }, 'linux', home);
      expect(path).toBe(join(home, 'share', 'gpuwise', 'history.db'));
      expect(statSync(join(home, 'share', 'gpuwise')).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('says so, as a StoreError, when the folder cannot be made', () => {
    const home = mkdtempSync(join(tmpdir(), 'gpuwise-home-'));
    try {
      writeFileSync(join(home, 'share'), 'a file where the folder should be');
      expect(() => defaultHistoryPath({ XDG_DATA_HOME: join(home, 'share') }, 'linux', home)).toThrow(StoreError);
      expect(() => defaultHistoryPath({ XDG_DATA_HOME: join(home, 'share') }, 'linux', home)).toThrow(expect.objectContaining({ code: 'cannot-open' }));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
