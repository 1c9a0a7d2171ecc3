import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheName, codeCacheDir, decodeCacheFile, encodeCacheFile, useCodeCache } from './one-shot-code-cache.js';

// A little dist/: two chunks, one requiring the other, and a file beside them that is not a chunk.
const A = `"use strict";const b=require("./b.cjs");module.exports={sum:(x,y)=>b.twice(x)+y,file:__filename,dir:__dirname,self:this===module.exports,resolved:require.resolve("./b.cjs"),fail:()=>{throw new Error("at a")}};\n`;
const B = `"use strict";exports.twice=(x)=>2*x;exports.answer=41;\n`;

// Each run is a process of its own, as each start of the CLI is: within one process V8 finds a
// script it compiled before in its own memory and never reads the cache. The V8 flags are the
// one-shot start's that matter here (one-shot.ts): V8 checksums code caches.
const CHILD = `
import { setFlagsFromString } from 'node:v8';
import { createRequire } from 'node:module';
setFlagsFromString('--verify-snapshot-checksum');
const { useCodeCache } = await import(${JSON.stringify(new URL('./one-shot-code-cache.ts', import.meta.url).href)});
const dist = process.env.CC_DIST;
const hook = useCodeCache(dist, { execArgv: [], nodeOptions: '', record: process.env.CC_RECORD === '1', argv: ['node', 'gpuwise', 'info', '--json'] });
const require = createRequire(dist + '/cli.cjs');
const a = require('./chunks/a.cjs');
let stack = '';
try { a.fail(); } catch (error) { stack = error.stack; }
const other = require('./other.cjs');
hook?.write();
console.log(JSON.stringify({ loads: hook?.loads ?? null, sum: a.sum(20, 2), file: a.file, dir: a.dir, self: a.self, resolved: a.resolved, stack, other }));
`;

type ChildResult = { loads: { name: string; via: string }[] | null; sum: number; file: string; dir: string; self: boolean; resolved: string; stack: string; other: string };

let dist = '';

function freshDist(): string {
  dist = mkdtempSync(join(tmpdir(), 'gpuwise-code-cache-'));
  mkdirSync(join(dist, 'chunks'));
  writeFileSync(join(dist, 'chunks', 'a.cjs'), A);
  writeFileSync(join(dist, 'chunks', 'b.cjs'), B);
  writeFileSync(join(dist, 'other.cjs'), 'module.exports = "other";\n');
  return dist;
}

function run(record = false): ChildResult {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    encoding: 'utf8',
    env: { ...process.env, CC_DIST: dist, CC_RECORD: record ? '1' : '0', NODE_OPTIONS: '' },
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`child exited ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop() ?? '') as ChildResult;
}

const ARGV = ['node', 'gpuwise', 'info', '--json'];
const cacheFolder = () => codeCacheDir(dist, ARGV) ?? '';
const cacheFile = (name: string) => join(cacheFolder(), `${name}.v8`);

afterEach(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('the one-shot code cache', () => {
  it('is made by a recording run and used by the next: the chunks behave as Node would load them', () => {
    freshDist();
    const recorded = run(true);
    expect(readdirSync(cacheFolder()).sort()).toEqual(['a.cjs.v8', 'b.cjs.v8']);
    const used = run();
    expect(used.loads).toEqual([
      { name: 'a.cjs', via: 'cache' },
      { name: 'b.cjs', via: 'cache' },
    ]);
    for (const result of [recorded, used]) {
      expect(result.sum).toBe(42);
      expect(result.file).toBe(join(dist, 'chunks', 'a.cjs'));
      expect(result.dir).toBe(join(dist, 'chunks'));
      expect(result.self).toBe(true);
      expect(result.resolved).toBe(join(dist, 'chunks', 'b.cjs'));
      expect(result.other).toBe('other');
      // Stack traces name the chunk's own line and column, as without the cache.
      expect(result.stack).toContain(`a.cjs:1:${A.indexOf('throw new Error') + 1 + 'throw '.length}`);
    }
  });

  it('a chunk changed since (even to the same length) is loaded by Node, and its new code runs', () => {
    freshDist();
    run(true);
    writeFileSync(join(dist, 'chunks', 'b.cjs'), B.replace('2*x', '3*x'));
    const used = run();
    expect(used.sum).toBe(62);
    expect(used.loads).toEqual([
      { name: 'a.cjs', via: 'cache' },
      { name: 'b.cjs', via: 'node' },
    ]);
  });

  it('damaged V8 data is rejected by V8 and the chunk compiled again; a cut, foreign or missing file is not used', () => {
    freshDist();
    run(true);
    const file = readFileSync(cacheFile('a.cjs'));
    const data = 12 + 63 + A.length + 3; // the header, the chunk in its wrapper (63 + 3 bytes), then V8's data
    for (const at of [data + 4, Math.floor((data + file.length) / 2)]) for (let i = at; i < at + 16; i++) file[i] = (file[i] ?? 0) ^ 0x5a;
    writeFileSync(cacheFile('a.cjs'), file);
    writeFileSync(cacheFile('b.cjs'), readFileSync(cacheFile('b.cjs')).subarray(0, 40));
    const damaged = run();
    expect(damaged.sum).toBe(42);
    expect(damaged.loads).toEqual([
      { name: 'a.cjs', via: 'rejected' },
      { name: 'b.cjs', via: 'node' },
    ]);

    writeFileSync(cacheFile('b.cjs'), Buffer.from('not a cache file at all'));
    rmSync(cacheFile('a.cjs'));
    const foreign = run();
    expect(foreign.sum).toBe(42);
    expect(foreign.loads?.map((load) => load.via)).toEqual(['node', 'node']);
  });

  it('a recording that cannot write its cache leaves none, and the command runs as it would', () => {
    freshDist();
    writeFileSync(join(dist, 'code-cache'), 'a file where the folder would go');
    const recorded = run(true);
    expect(recorded.sum).toBe(42);
    expect(readFileSync(join(dist, 'code-cache'), 'utf8')).toBe('a file where the folder would go');
    expect(run().loads).toBeNull();
  });

  it('is not put on without a cache for this Node, or when Node runs with options of its own', () => {
    freshDist();
    expect(useCodeCache(dist, { execArgv: [], nodeOptions: '', argv: ARGV })).toBeNull();
    expect(run().loads).toBeNull();
    run(true);
    expect(useCodeCache(dist, { execArgv: ['--inspect'], nodeOptions: '', argv: ARGV })).toBeNull();
    expect(useCodeCache(dist, { execArgv: [], nodeOptions: '--enable-source-maps', argv: ARGV })).toBeNull();
    // Another command's cache is not read: it would make code this one never runs.
    expect(useCodeCache(dist, { execArgv: [], nodeOptions: '', argv: ['node', 'gpuwise', 'info'] })).toBeNull();
    const { extensions } = createRequire(import.meta.url);
    const before = { ...extensions };
    const hook = useCodeCache(dist, { execArgv: [], nodeOptions: '  ', argv: ARGV });
    expect(hook).not.toBeNull();
    expect(extensions['.cjs']).not.toBe(before['.cjs']);
    hook?.off();
    // Taken off, Node's loader is as it was (Node 20 has no '.cjs' entry of its own).
    expect(Object.keys(extensions)).toEqual(Object.keys(before));
    expect(extensions['.cjs']).toBe(before['.cjs']);
  });
});

describe('cache files', () => {
  it('one per command, info --json apart from info', () => {
    const argv = (...args: string[]) => ['node', 'gpuwise', ...args];
    expect(cacheName(argv('info'))).toBe('info');
    expect(cacheName(argv('--lang', 'zh-CN', 'info', '--json'))).toBe('info.json');
    expect(cacheName(argv('--no-color', '-V'))).toBe('--version');
    expect(cacheName(argv('gpus', 'list', '--json'))).toBe('gpus');
    expect(cacheName(argv('../x'))).toBeNull();
    expect(cacheName(argv())).toBeNull();
  });

  it('decode only for the exact bytes they were made for, whole', () => {
    const source = Buffer.from('exports.x = 1;');
    const file = encodeCacheFile(source, Buffer.from([1, 2, 3]));
    const found = decodeCacheFile(file, source);
    expect(found?.code).toBe('(function (exports, require, module, __filename, __dirname) {\nexports.x = 1;\n})');
    expect([...(found?.data ?? [])]).toEqual([1, 2, 3]);
    expect(decodeCacheFile(file, Buffer.from('exports.x = 2;'))).toBeNull();
    expect(decodeCacheFile(file, Buffer.from('exports.x = 1; '))).toBeNull();
    expect(decodeCacheFile(file.subarray(0, file.length - 1), source)).toBeNull();
    expect(decodeCacheFile(Buffer.concat([file, Buffer.from([0])]), source)).toBeNull();
    expect(decodeCacheFile(Buffer.alloc(0), source)).toBeNull();
    expect(decodeCacheFile(encodeCacheFile(source, Buffer.alloc(0)), source)).toBeNull();
  });
});
