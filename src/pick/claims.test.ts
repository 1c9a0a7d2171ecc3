// Claims on GPUs (./claims.ts): a folder of the test's own, a clock it moves and, for "another
// process", an owner of its choosing; the race between claimers is run with real processes.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimsDir, ClaimsFolderError, openClaims } from './claims-folder.js';
import { processStartTicks } from '../core/process-identity.js';
import { createClaimStore, type ClaimOwner } from './claims.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLAIMS_MODULE = fileURLToPath(new URL('./claims.ts', import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-claims-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function clock(startMs = 1_700_000_000_000) {
  let ms = startMs;
  return { now: () => ms, advance: (byMs: number) => void (ms += byMs) };
}

/** A live process other than this one: the one that started the test worker. */
const other = (): ClaimOwner => ({ pid: process.ppid, startTicks: processStartTicks(process.ppid) });
/** A process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;
const claimFiles = () => readdirSync(dir).filter((name) => name.endsWith('.claim'));

describe('claims', () => {
  it('claims a key, shows it to others (not to itself), and releases it', () => {
    const time = clock();
    const mine = createClaimStore(dir, { now: time.now });
    const theirs = createClaimStore(dir, { now: time.now, owner: other() });
    expect(mine.claim('GPU-a', 'pick', 60_000)).toEqual({ ok: true });
    expect(mine.others().size).toBe(0);
    expect(theirs.others().get('GPU-a')).toMatchObject({ key: 'GPU-a', by: 'pick', pid: process.pid, claimedMs: time.now(), expiresMs: time.now() + 60_000 });
    // Claiming again renews the claim.
    time.advance(1000);
    expect(mine.claim('GPU-a', 'pick', 60_000)).toEqual({ ok: true });
    expect(theirs.others().get('GPU-a')?.claimedMs).toBe(time.now());
    mine.release(['GPU-a']);
    expect(theirs.others().size).toBe(0);
    expect(theirs.claim('GPU-a', 'run', null)).toEqual({ ok: true });
  });

  it('refuses a key another live process holds, and cannot release the other\'s claim', () => {
    const theirs = createClaimStore(dir, { owner: other() });
    const mine = createClaimStore(dir);
    expect(theirs.claim('GPU-a', 'run', null).ok).toBe(true);
    const refused = mine.claim('GPU-a', 'pick', 60_000);
    expect(refused).toMatchObject({ ok: false, holder: { key: 'GPU-a', by: 'run', pid: process.ppid, expiresMs: null } });
    mine.release(['GPU-a']);
    mine.releaseAll();
    expect(mine.others().get('GPU-a')?.by).toBe('run');
    expect(mine.claim('GPU-b', 'pick', 60_000).ok).toBe(true);
  });

  it('releaseAll releases what this store claimed', () => {
    const mine = createClaimStore(dir);
    const theirs = createClaimStore(dir, { owner: other() });
    for (const key of ['GPU-a', 'GPU-b']) mine.claim(key, 'run', null);
    expect([...theirs.others().keys()].sort()).toEqual(['GPU-a', 'GPU-b']);
    mine.releaseAll();
    expect(theirs.others().size).toBe(0);
  });

  it('takes over a claim whose time is up, or one from before the clock was set back', () => {
    const time = clock();
    const theirs = createClaimStore(dir, { now: time.now, owner: other() });
    const mine = createClaimStore(dir, { now: time.now });
    theirs.claim('GPU-a', 'pick', 60_000);
    time.advance(59_999);
    expect(mine.claim('GPU-a', 'pick', 60_000).ok).toBe(false);
    time.advance(1);
    expect(mine.others().size).toBe(0);
    expect(mine.claim('GPU-a', 'pick', 60_000).ok).toBe(true);
    expect(theirs.others().get('GPU-a')?.pid).toBe(process.pid);
    // A claim made "an hour from now" would hold for an hour and a minute: it holds none.
    theirs.claim('GPU-b', 'pick', 60_000);
    time.advance(-3_600_000);
    expect(mine.others().has('GPU-b')).toBe(false);
  });

  it('takes over a claim of a process that has ended, or of another process under a reused PID', () => {
    createClaimStore(dir, { owner: { pid: deadPid(), startTicks: null } }).claim('GPU-a', 'run', null);
    const reused = other();
    createClaimStore(dir, { owner: { pid: reused.pid, startTicks: (reused.startTicks ?? 0) + 1 } }).claim('GPU-b', 'run', null);
    const mine = createClaimStore(dir);
    expect(mine.others().size).toBe(reused.startTicks === null ? 1 : 0);
    expect(mine.claim('GPU-a', 'run', null).ok).toBe(true);
    if (reused.startTicks !== null) expect(mine.claim('GPU-b', 'run', null).ok).toBe(true);
  });

  it.skipIf(!existsSync('/proc/sys/kernel/random/boot_id'))('takes over a claim from before a reboot (skipped without /proc/sys/kernel/random/boot_id, as off Linux: no boot id to compare)', () => {
    createClaimStore(dir, { owner: other() }).claim('GPU-a', 'run', null);
    const [file] = claimFiles();
    const path = join(dir, file ?? '');
    writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), bootId: '00000000-0000-0000-0000-000000000000' }));
    const mine = createClaimStore(dir);
    expect(mine.others().size).toBe(0);
    expect(mine.claim('GPU-a', 'pick', 60_000).ok).toBe(true);
  });

  it('takes a corrupt claim file as stale, and keeps no more than two files per key', () => {
    const theirs = createClaimStore(dir, { owner: other() });
    theirs.claim('GPU-a', 'run', null);
    const [file] = claimFiles();
    writeFileSync(join(dir, file ?? ''), '{"key": "GPU-a", "by": tru');
    const mine = createClaimStore(dir);
    expect(mine.others().size).toBe(0);
    for (let round = 0; round < 5; round++) {
      expect(mine.claim('GPU-a', 'pick', 60_000).ok).toBe(true);
      mine.release(['GPU-a']);
      expect(theirs.claim('GPU-a', 'run', null).ok).toBe(true);
      theirs.release(['GPU-a']);
    }
    expect(claimFiles().length).toBeLessThanOrEqual(2);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the claim folder', () => {
  it('is GPUWISE_CLAIMS_DIR, else in XDG_RUNTIME_DIR, else this user\'s own folder in the temporary folder', () => {
    expect(claimsDir({ GPUWISE_CLAIMS_DIR: '/srv/claims', XDG_RUNTIME_DIR: '/run/user/1' }).dir).toBe('/srv/claims');
    expect(claimsDir({ GPUWISE_CLAIMS_DIR: 'relative', XDG_RUNTIME_DIR: '/run/user/1' })).toEqual({ dir: '/run/user/1/gpuwise/claims', ownTop: null });
    const top = join(dir, `gpuwise-${process.getuid?.() ?? 'user'}`);
    expect(claimsDir({ TMPDIR: dir })).toEqual({ dir: join(top, 'claims'), ownTop: top });
    const store = openClaims({ TMPDIR: dir });
    expect(store.dir).toBe(join(top, 'claims'));
    expect(statSync(top).mode & 0o777).toBe(0o700);
    expect(store.claim('GPU-a', 'pick', 60_000).ok).toBe(true);
    const own = openClaims({ GPUWISE_CLAIMS_DIR: join(dir, 'team', 'claims') });
    expect(own.dir).toBe(join(dir, 'team', 'claims'));
  });

  it.skipIf(process.getuid === undefined)('refuses a top folder in the shared temporary folder that others can write, or a link (skipped where process.getuid is missing, as on Windows: no owner to check)', () => {
    const top = join(dir, `gpuwise-${process.getuid?.()}`);
    mkdirSync(top);
    chmodSync(top, 0o777);
    expect(() => openClaims({ TMPDIR: dir })).toThrow(ClaimsFolderError);
    rmSync(top, { recursive: true });
    mkdirSync(join(dir, 'elsewhere'), { mode: 0o700 });
    symlinkSync(join(dir, 'elsewhere'), top);
    expect(() => openClaims({ TMPDIR: dir })).toThrow(ClaimsFolderError);
    expect(readdirSync(join(dir, 'elsewhere'))).toEqual([]);
  });
});

/**
 * `count` processes claim one key at the same instant: each says when it is ready, all are told
 * one moment to wait for, and each, having claimed, lives on until told to end (its claim, by
 * `run`, holds while it lives). What each got.
 */
async function race(count: number): Promise<string[]> {
  const script = `
    import { createClaimStore } from ${JSON.stringify(CLAIMS_MODULE)};
    const store = createClaimStore(${JSON.stringify(dir)});
    process.stdout.write('ready\\n');
    process.stdin.once('data', (data) => {
      const at = Number(String(data));
      while (Date.now() < at) {}
      process.stdout.write((store.claim('GPU-race', 'run', null).ok ? 'won' : 'lost') + '\\n');
      process.stdin.once('data', () => process.exit(0));
    });`;
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] }));
  const lines = children.map((child) => {
    const said: string[] = [];
    const waiters: (() => void)[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      said.push(...String(chunk).split('\n').filter((line) => line !== ''));
      waiters.splice(0).forEach((wake) => wake());
    });
    return async (n: number) => {
      while (said.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return said[n - 1] ?? '';
    };
  });
  try {
    await Promise.all(lines.map((line) => line(1)));
    const at = Date.now() + 100;
    for (const child of children) child.stdin.write(`${at}\n`);
    return await Promise.all(lines.map((line) => line(2)));
  } finally {
    for (const child of children) child.stdin.end('end\n');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
  }
}

describe('claimers racing for one GPU', () => {
  it('exactly one of eight wins a GPU nobody holds', async () => {
    const results = await race(8);
    expect(results.filter((result) => result === 'won')).toHaveLength(1);
    expect(results.filter((result) => result === 'lost')).toHaveLength(7);
  }, 30_000);

  it('exactly one of eight wins a GPU whose claim is stale, every time', async () => {
    for (let round = 0; round < 3; round++) {
      createClaimStore(dir, { owner: { pid: deadPid(), startTicks: null } }).claim('GPU-race', 'run', null);
      const results = await race(8);
      expect(results.filter((result) => result === 'won'), `round ${round}`).toHaveLength(1);
    }
  }, 60_000);
});
