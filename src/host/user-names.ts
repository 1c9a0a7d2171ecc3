// uid → user name. Node has no getpwuid(), so names come from /etc/passwd, re-read when its mtime
// changes. Accounts that live elsewhere (LDAP, SSSD, NIS — common on shared GPU servers) are not
// in that file, so:
// - the uid gpuwise itself runs as is named by os.userInfo(), which does go through NSS;
// - any other unknown uid is looked up once with `getent passwd <uid>` in the background (through
//   the exec helper, with a timeout); until that answers — or when it finds nothing — the user
//   is shown as the numeric uid, as ps does.

import os from 'node:os';
import path from 'node:path';
import { runCommand, type Exec } from '../system/exec.js';
import { modifiedAtMs, readTextFile } from './proc-files.js';

/** Parses passwd(5) lines "name:password:uid:gid:gecos:home:shell"; the first entry for a uid wins. */
export function parsePasswd(text: string): Map<number, string> {
  const names = new Map<number, string>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.startsWith('+') || line.startsWith('-')) continue;
    const [name, , uidText] = line.split(':');
    if (!name || uidText === undefined || !/^\d+$/.test(uidText)) continue;
    const uid = Number(uidText);
    if (!names.has(uid)) names.set(uid, name);
  }
  return names;
}

/** Looks a uid up outside /etc/passwd; null when nobody by that uid is known. */
export type UidLookup = (uid: number) => Promise<string | null>;

const GETENT_TIMEOUT_MS = 2000;

export function createGetentLookup(exec: Exec = runCommand): UidLookup {
  return async (uid) => {
    const result = await exec('getent', ['passwd', String(uid)], { timeoutMs: GETENT_TIMEOUT_MS, maxOutputBytes: 64 * 1024 });
    if (result.kind !== 'exited' || result.exitCode !== 0) return null;
    return parsePasswd(result.stdout).get(uid) ?? null;
  };
}

export interface UserNameResolver {
  /** Re-reads /etc/passwd if its mtime changed; call once per batch of lookups (one stat). */
  refresh(): void;
  /** The user's name, or the uid as a string when no name is known (yet). */
  nameOf(uid: number): string;
  /** Resolves when every background lookup started so far has finished (for tests and one-shots). */
  settled(): Promise<void>;
}

export interface UserNameResolverOptions {
  etcRoot: string;
  /** Lookup for uids missing from passwd; null turns it off (as for a recorded /etc tree). */
  lookup: UidLookup | null;
  /** The uid and name of the current user, from NSS; null when unknown. */
  self: { uid: number; name: string } | null;
}

/** The current user as NSS knows it; os.userInfo() throws when the uid has no passwd entry. */
export function currentUser(): { uid: number; name: string } | null {
  try {
    const info = os.userInfo();
    return info.uid >= 0 && info.username !== '' ? { uid: info.uid, name: info.username } : null;
  } catch {
    return null;
  }
}

export function createUserNameResolver(options: UserNameResolverOptions): UserNameResolver {
  const passwdPath = path.join(options.etcRoot, 'passwd');
  let passwd = new Map<number, string>();
  let passwdMtimeMs: number | null | undefined;
  const lookedUp = new Map<number, string | null>();
  const pending = new Set<Promise<void>>();

  function refresh(): void {
    const mtime = modifiedAtMs(passwdPath);
    if (mtime === passwdMtimeMs) return;
    passwdMtimeMs = mtime;
    const read = mtime === null ? null : readTextFile(passwdPath);
    passwd = read?.ok ? parsePasswd(read.text) : new Map();
  }

  function startLookup(uid: number, lookup: UidLookup): void {
    lookedUp.set(uid, null);
    const task = lookup(uid)
      .then((name) => void lookedUp.set(uid, name))
      .catch(() => undefined)
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  return {
    refresh,
    nameOf(uid) {
      if (passwdMtimeMs === undefined) refresh();
      const fromPasswd = passwd.get(uid);
      if (fromPasswd !== undefined) return fromPasswd;
      if (options.self !== null && options.self.uid === uid) return options.self.name;
      if (options.lookup !== null && !lookedUp.has(uid)) startLookup(uid, options.lookup);
      return lookedUp.get(uid) ?? String(uid);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
