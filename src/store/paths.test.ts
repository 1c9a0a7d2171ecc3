import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHistoryPath } from './paths.js';

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
});
