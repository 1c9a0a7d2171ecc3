import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exec } from '../system/exec.js';
import { createGetentLookup, createUserNameResolver, parsePasswd } from './user-names.js';

const ETC = fileURLToPath(new URL('../../test/fixtures/proc/etc/', import.meta.url));
const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('parsePasswd', () => {
  it('maps uids to the first name, skipping comments, NIS lines and garbage', () => {
    const names = parsePasswd(fs.readFileSync(path.join(ETC, 'passwd'), 'utf8'));
    expect(names.get(0)).toBe('root');
    expect(names.get(1000)).toBe('alice');
    expect(names.get(1002)).toBe('bob');
    expect([...names.values()]).not.toContain('+nisuser');
    expect(names.size).toBe(4);
  });
});

describe('user name resolver', () => {
  it('shows a uid missing from passwd as the number', () => {
    const names = createUserNameResolver({ etcRoot: ETC, lookup: null, self: null });
    expect(names.nameOf(1000)).toBe('alice');
    expect(names.nameOf(1001)).toBe('1001');
  });

  it('reloads passwd when its mtime changes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuwise-passwd-'));
    temporary.push(dir);
    const file = path.join(dir, 'passwd');
    fs.writeFileSync(file, 'alice:x:1000:1000::/home/alice:/bin/sh\n');
    fs.utimesSync(file, 1_000_000, 1_000_000);
    const names = createUserNameResolver({ etcRoot: dir, lookup: null, self: null });
    expect(names.nameOf(1003)).toBe('1003');
    fs.appendFileSync(file, 'carol:x:1003:1003::/home/carol:/bin/sh\n');
    fs.utimesSync(file, 2_000_000, 2_000_000);
    expect(names.nameOf(1003)).toBe('1003'); // not re-read until the next batch
    names.refresh();
    expect(names.nameOf(1003)).toBe('carol');
  });

  it('names the current user from NSS when passwd does not know it', () => {
    const names = createUserNameResolver({ etcRoot: ETC, lookup: null, self: { uid: 5000, name: 'ldap-user' } });
    expect(names.nameOf(5000)).toBe('ldap-user');
  });

  it('looks unknown uids up once in the background', async () => {
    const asked: number[] = [];
    const names = createUserNameResolver({
      etcRoot: ETC,
      self: null,
      lookup: async (uid) => {
        asked.push(uid);
        return uid === 7001 ? 'dave' : null;
      },
    });
    expect(names.nameOf(7001)).toBe('7001');
    expect(names.nameOf(7002)).toBe('7002');
    await names.settled();
    expect(names.nameOf(7001)).toBe('dave');
    expect(names.nameOf(7002)).toBe('7002');
    expect(asked).toEqual([7001, 7002]);
  });

  it('survives a lookup that fails', async () => {
    const names = createUserNameResolver({ etcRoot: ETC, self: null, lookup: async () => Promise.reject(new Error('boom')) });
    expect(names.nameOf(9)).toBe('9');
    await names.settled();
    expect(names.nameOf(9)).toBe('9');
  });

  it('has no names when passwd is missing', () => {
    const names = createUserNameResolver({ etcRoot: '/nonexistent-gpuwise', lookup: null, self: null });
    expect(names.nameOf(0)).toBe('0');
  });
});

describe('getent lookup', () => {
  const fakeExec = (result: Awaited<ReturnType<Exec>>): Exec => async () => result;

  it('parses getent output', async () => {
    const lookup = createGetentLookup(fakeExec({ kind: 'exited', exitCode: 0, stdout: 'erin:*:7005:100:Erin:/home/erin:/bin/bash\n', stderr: '', truncated: false, durationMs: 3 }));
    expect(await lookup(7005)).toBe('erin');
  });

  it('returns null when getent finds nobody, is missing or hangs', async () => {
    expect(await createGetentLookup(fakeExec({ kind: 'exited', exitCode: 2, stdout: '', stderr: '', truncated: false, durationMs: 3 }))(1)).toBeNull();
    expect(await createGetentLookup(fakeExec({ kind: 'not-found', detail: 'getent: ENOENT' }))(1)).toBeNull();
    expect(await createGetentLookup(fakeExec({ kind: 'timeout', stdout: '', stderr: '', durationMs: 2000 }))(1)).toBeNull();
  });

  it('asks the real getent for root', async () => {
    if (process.platform !== 'linux' || !fs.existsSync('/usr/bin/getent')) return;
    expect(await createGetentLookup()(0)).toBe('root');
  });
});
