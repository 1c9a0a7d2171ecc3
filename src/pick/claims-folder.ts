// Where claims (./claims.ts) are kept: GPUWISE_CLAIMS_DIR, else the user's runtime folder, else a
// folder of the user's in the shared temporary folder (docs/pick.md "Claims").

import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { createClaimStore, type ClaimStore, type ClaimStoreOptions } from './claims.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The claim folder cannot be trusted: in the shared temporary folder, its top is not this user's alone. */
export class ClaimsFolderError extends Error {
  readonly code = 'EPERM';
  constructor(readonly dir: string) {
    super(`${dir} is not this user's private folder`);
  }
}

const absolute = (path: string | undefined): path is string => path !== undefined && path !== '' && isAbsolute(path);

/**
 * GPUWISE_CLAIMS_DIR, else $XDG_RUNTIME_DIR/gpuwise/claims, else <tmp>/gpuwise-<uid>/claims
 * (`ownTop`: the folder in the shared temporary folder that must be this user's own).
 */
export function claimsDir(env: Env = process.env): { dir: string; ownTop: string | null } {
  if (absolute(env.GPUWISE_CLAIMS_DIR)) return { dir: env.GPUWISE_CLAIMS_DIR, ownTop: null };
  if (absolute(env.XDG_RUNTIME_DIR)) return { dir: join(env.XDG_RUNTIME_DIR, 'gpuwise', 'claims'), ownTop: null };
  const top = join(absolute(env.TMPDIR) ? env.TMPDIR : tmpdir(), `gpuwise-${process.getuid?.() ?? 'user'}`);
  return { dir: join(top, 'claims'), ownTop: top };
}

function makeLevel(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * The claim folder, made if missing (with its parent). In the shared temporary folder the top
 * folder must be this user's own, not a link and not writable by others: anyone could have made
 * it first, and read or forged the claims in it. Throws a ClaimsFolderError for that, an errno
 * error where the folder cannot be made.
 */
export function openClaims(env: Env = process.env, options: ClaimStoreOptions = {}): ClaimStore {
  const { dir, ownTop } = claimsDir(env);
  if (ownTop !== null) {
    makeLevel(ownTop);
    const stat = lstatSync(ownTop);
    const uid = process.getuid?.();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) throw new ClaimsFolderError(ownTop);
  } else makeLevel(dirname(dir));
  makeLevel(dir);
  return createClaimStore(dir, options);
}
