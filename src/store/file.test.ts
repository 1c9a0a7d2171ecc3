// The history file itself: what --db can point at by mistake, what can happen to the file while
// serve records into it, and who may read it.

import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { translate } from '../i18n/index.js';
import { busySample } from './__fixtures__/samples.js';
import { StoreError } from './errors.js';
import { openHistoryStore } from './sqlite-store.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-store-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The StoreError `work` throws, its text in both languages holding `named`. */
function storeErrorOf(work: () => unknown, code: StoreError['code'], named: string): StoreError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    const storeError = error as StoreError;
    expect(storeError.code).toBe(code);
    for (const locale of ['en', 'zh-CN'] as const) expect(translate(locale, storeError.key, storeError.params)).toContain(named);
    return storeError;
  }
  throw new Error(`expected a StoreError ${code}`);
}

const rawRows = (path: string) => {
  const store = openHistoryStore({ path, now: () => T0 });
  try {
    return store.stats().rows.raw;
  } finally {
    store.close();
  }
};

describe('--db at something that is not a file', () => {
  it('refuses /dev/null, and writes nothing beside it', () => {
    storeErrorOf(() => openHistoryStore({ path: '/dev/null' }), 'not-a-file', '/dev/null');
    expect(existsSync('/dev/null-journal')).toBe(false);
  });

  it('refuses a folder before taking a lock beside it', () => {
    const folder = join(dir, 'data');
    mkdirSync(folder);
    storeErrorOf(() => openHistoryStore({ path: folder, lockForRecording: true }), 'not-a-file', folder);
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('says a file stands where its folder should be', () => {
    writeFileSync(join(dir, 'notes'), 'a file, not a folder');
    const error = storeErrorOf(() => openHistoryStore({ path: join(dir, 'notes', 'sub', 'history.db') }), 'cannot-open', join(dir, 'notes'));
    expect(error.params.detail).toContain('ENOTDIR');
  });

  it('refuses a FIFO at once, without waiting for a writer', (context: TestContext) => {
    const fifo = join(dir, 'pipe');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return context.skip('no mkfifo here');
    storeErrorOf(() => openHistoryStore({ path: fifo }), 'not-a-file', fifo);
  });

  it('fails at once, naming the path, for a folder that cannot be made (under /proc, where mkdir -p never returns)', () => {
    // In a child, so that a hang fails this test instead of stopping the run.
    const script = `
      import { openHistoryStore } from './src/store/sqlite-store.ts';
      import { defaultHistoryPath } from './src/store/paths.ts';
      const answers = [];
      for (const open of [() => openHistoryStore({ path: '/proc/nope/x.db' }), () => defaultHistoryPath({ XDG_DATA_HOME: '/proc/nope' }, 'linux', '/home/ann')]) {
        const startMs = performance.now();
        try { open(); answers.push({ opened: true }); } catch (error) { answers.push({ code: error.code, path: error.params?.path, ms: performance.now() - startMs }); }
      }
      console.log(JSON.stringify(answers));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 15_000 });
    expect(child.error).toBeUndefined();
    expect(child.stderr).toBe('');
    const answers = JSON.parse(child.stdout) as { code?: string; path?: string; ms?: number }[];
    expect(answers).toEqual([
      { code: 'cannot-open', path: '/proc/nope/x.db', ms: expect.any(Number) },
      { code: 'cannot-open', path: '/proc/nope/gpuwise/history.db', ms: expect.any(Number) },
    ]);
    for (const answer of answers) expect(answer.ms).toBeLessThan(1000);
  });
});

describe('the file deleted or replaced while recording', () => {
  it('says the file is gone instead of writing into a deleted file, and goes on once it is moved back', () => {
    const path = join(dir, 'history.db');
    const store = openHistoryStore({ path, now: () => T0 });
    try {
      store.append([busySample(1, T0)]);
      renameSync(path, join(dir, 'moved.db'));
      storeErrorOf(() => store.append([busySample(2, T0 + 1000)]), 'file-gone', path);
      renameSync(join(dir, 'moved.db'), path);
      store.append([busySample(3, T0 + 2000)]);
    } finally {
      store.close();
    }
    expect(rawRows(path)).toBe(2 * 9);
  });

  it('says so when it was deleted, or another file put in its place', () => {
    const path = join(dir, 'history.db');
    const store = openHistoryStore({ path, now: () => T0 });
    try {
      unlinkSync(path);
      storeErrorOf(() => store.append([busySample(1, T0)]), 'file-gone', path);
      storeErrorOf(() => store.prune(T0), 'file-gone', path);
      openHistoryStore({ path, now: () => T0 }).close();
      storeErrorOf(() => store.append([busySample(1, T0)]), 'file-gone', path);
    } finally {
      store.close();
    }
    expect(rawRows(path)).toBe(0);
  });
});

describe('who may read the history', () => {
  it('creates the file, its -wal and its -shm private to the user (0600): it names processes and commands', () => {
    const path = join(dir, 'history.db');
    const store = openHistoryStore({ path, now: () => T0 });
    try {
      store.append([busySample(1, T0)]);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect({ file, mode: statSync(file).mode & 0o777 }).toEqual({ file, mode: 0o600 });
    } finally {
      store.close();
    }
  });
});

describe('a read-only -wal or -shm left beside a writable history', () => {
  /** history.db with its -wal and -shm as a crash left them: the last write only in the -wal. */
  function crashedHistory(): string {
    const source = join(dir, 'source.db');
    openHistoryStore({ path: source, now: () => T0 }).close();
    const writer = new Database(source);
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec("INSERT INTO meta (key, value) VALUES ('only-in-wal', 'yes')");
    const path = join(dir, 'history.db');
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(`${source}${suffix}`, `${path}${suffix}`);
    writer.close();
    return path;
  }

  for (const leftover of ['-wal', '-shm']) {
    it(`names the ${leftover} as the file to fix, not the history (as root, made immutable: chmod does not stop root)`, (context: TestContext) => {
      const path = crashedHistory();
      const file = `${path}${leftover}`;
      const root = process.getuid?.() === 0;
      const locked = root ? spawnSync('chattr', ['+i', file]).status === 0 : (execFileSync('chmod', ['0444', file]), true);
      if (!locked) return context.skip('running as root, and chattr +i failed: no way to make a file read-only to root here');
      try {
        const error = storeErrorOf(() => openHistoryStore({ path, now: () => T0 }), 'read-only', file);
        expect(error.params.path).toBe(file);
      } finally {
        if (root) spawnSync('chattr', ['-i', file]);
        else execFileSync('chmod', ['0600', file]);
      }
      // Once it is writable again the history opens, the write the -wal held included.
      const store = openHistoryStore({ path, now: () => T0 });
      store.close();
      const db = new Database(path, { readonly: true });
      expect(db.prepare("SELECT value FROM meta WHERE key = 'only-in-wal'").pluck().get()).toBe('yes');
      db.close();
    });
  }
});
