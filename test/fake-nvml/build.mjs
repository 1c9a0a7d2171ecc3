#!/usr/bin/env node
// Builds the fake NVML (test/fake-nvml/src/*.c) into build/fake-nvml/libnvidia-ml.so.1, and for
// every scenario that declares "withheldSymbols" a variant without those symbols in
// build/fake-nvml/variants/<scenario>/libnvidia-ml.so.1 (an old driver: dlsym cannot be fooled
// at run time, so the symbols must really be missing).
//
// Cheap when nothing changed (tests call it every run): a library is rebuilt only when a source
// is newer than it or its withheld list changed. Test files start in parallel, so one build at a
// time holds a lock file (the others wait, then find everything up to date), and outputs are
// written to a temporary file and renamed, so nobody loads a half-written library.
//
// Usage: node test/fake-nvml/build.mjs [--force]

import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..');
const sourceDir = join(here, 'src');
const scenarioDir = join(here, 'scenarios');
const outDir = join(repoRoot, 'build', 'fake-nvml');
const LIBRARY_NAME = 'libnvidia-ml.so.1';

const CFLAGS = ['-std=c99', '-O2', '-shared', '-fPIC', '-Wall', '-Wextra', '-fvisibility=hidden', '-pthread'];
const LDFLAGS = ['-Wl,--no-undefined', `-Wl,-soname,${LIBRARY_NAME}`, '-lcjson', '-ldl', '-lm'];

const LOCK_WAIT_MS = 300_000;

class BuildError extends Error {}

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The pid in the lock file, NaN while its holder is still writing it, null if it is gone. */
function readLockHolder(lock) {
  try {
    return Number.parseInt(readFileSync(lock, 'utf8'), 10);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

/** Takes build/fake-nvml/.build-lock (a file holding our pid); a dead holder's lock is taken over. */
function acquireLock() {
  mkdirSync(outDir, { recursive: true });
  const lock = join(outDir, '.build-lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = readLockHolder(lock);
    if (holder === null) continue; // released meanwhile
    if (Number.isInteger(holder) && !processAlive(holder)) rmSync(lock, { force: true });
    else if (Date.now() > deadline) throw new BuildError(`another build has held ${lock} for 5 minutes; remove it if stale`);
    else sleepSync(100);
  }
}

function sourceFiles() {
  return readdirSync(sourceDir)
    .filter((name) => /\.(c|h|def)$/.test(name))
    .map((name) => join(sourceDir, name));
}

/** Every symbol the fake exports, from src/symbols.def. */
function knownSymbols() {
  const text = readFileSync(join(sourceDir, 'symbols.def'), 'utf8');
  return [...text.matchAll(/^FAKE_SYMBOL\((\w+)\)/gm)].map((match) => match[1]);
}

/** symbols.def and the #ifndef WITHHOLD_<name> guards must name the same functions. */
function checkSymbolGuards(symbols) {
  const guarded = new Set();
  for (const file of sourceFiles().filter((path) => path.endsWith('.c'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^#ifndef WITHHOLD_(\w+)/gm)) guarded.add(match[1]);
  }
  const unguarded = symbols.filter((name) => !guarded.has(name));
  const unlisted = [...guarded].filter((name) => !symbols.includes(name));
  if (unguarded.length > 0 || unlisted.length > 0) {
    throw new BuildError(
      'src/symbols.def and the #ifndef WITHHOLD_<name> guards disagree:' +
        (unguarded.length > 0 ? ` no guard for ${unguarded.join(', ')};` : '') +
        (unlisted.length > 0 ? ` not in symbols.def: ${unlisted.join(', ')}` : ''),
    );
  }
}

/** Scenario files that withhold symbols, with the (validated, sorted) list each withholds. */
function variantScenarios(symbols) {
  if (!existsSync(scenarioDir)) return [];
  const variants = [];
  for (const file of readdirSync(scenarioDir).filter((name) => name.endsWith('.json')).sort()) {
    const path = join(scenarioDir, file);
    let scenario;
    try {
      scenario = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new BuildError(`${relative(repoRoot, path)} is not valid JSON: ${error.message}`);
    }
    const withheld = scenario.withheldSymbols ?? [];
    if (!Array.isArray(withheld)) throw new BuildError(`${file}: "withheldSymbols" must be an array of names`);
    for (const name of withheld) {
      if (!symbols.includes(name)) {
        throw new BuildError(`${file} withholds "${name}", which the fake does not export (see src/symbols.def)`);
      }
    }
    if (withheld.length > 0) variants.push({ name: basename(file, '.json'), withheld: [...withheld].sort() });
  }
  return variants;
}

function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** A library is fresh when it is newer than every source and, for a variant, withholds the same list. */
function isFresh(library, newestSource, stamp = null, stampText = '') {
  if (mtimeMs(library) < newestSource) return false;
  return stamp === null || (existsSync(stamp) && readFileSync(stamp, 'utf8') === stampText);
}

/** Explains a failed compile: a missing gcc or cJSON gets the package to install. */
function diagnoseFailure(result) {
  if (result.error?.code === 'ENOENT') {
    return 'gcc not found. Install a C compiler: sudo apt-get install gcc libc6-dev';
  }
  const probe = spawnSync('gcc', ['-x', 'c', '-E', '-o', '/dev/null', '-'], {
    input: '#include <cjson/cJSON.h>\n',
    encoding: 'utf8',
  });
  if (probe.status !== 0) {
    return 'cJSON headers not found (<cjson/cJSON.h>). Install them: sudo apt-get install libcjson-dev';
  }
  return `gcc failed:\n${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
}

function compile(library, withheld) {
  mkdirSync(dirname(library), { recursive: true });
  const temporary = `${library}.tmp-${process.pid}`;
  const defines = withheld.map((name) => `-DWITHHOLD_${name}`);
  const cFiles = sourceFiles().filter((path) => path.endsWith('.c')).sort();
  const args = [...CFLAGS, ...defines, '-o', temporary, ...cFiles, ...LDFLAGS];
  const result = spawnSync('gcc', args, { encoding: 'utf8' });
  if (result.status !== 0) {
    rmSync(temporary, { force: true });
    throw new BuildError(diagnoseFailure(result));
  }
  if (result.stderr) process.stderr.write(result.stderr); // warnings: show them, the build still counts
  renameSync(temporary, library);
}

/** Removes variant folders whose scenario no longer withholds anything (or is gone). */
function pruneVariants(variants) {
  const variantsDir = join(outDir, 'variants');
  if (!existsSync(variantsDir)) return;
  const wanted = new Set(variants.map((variant) => variant.name));
  for (const name of readdirSync(variantsDir)) {
    if (!wanted.has(name)) rmSync(join(variantsDir, name), { recursive: true, force: true });
  }
}

/**
 * Builds what is out of date. Returns the default library's path, each variant's path by scenario
 * name, and which libraries were (re)built.
 */
export function buildFakeNvml({ force = false } = {}) {
  const release = acquireLock();
  try {
    return buildUnlocked(force);
  } finally {
    release();
  }
}

function buildUnlocked(force) {
  const symbols = knownSymbols();
  checkSymbolGuards(symbols);
  const variants = variantScenarios(symbols);
  const newestSource = Math.max(...sourceFiles().map(mtimeMs), mtimeMs(fileURLToPath(import.meta.url)));
  const library = join(outDir, LIBRARY_NAME);
  const built = [];
  if (force || !isFresh(library, newestSource)) {
    compile(library, []);
    built.push(library);
  }
  const variantLibraries = {};
  for (const variant of variants) {
    const variantDir = join(outDir, 'variants', variant.name);
    const variantLibrary = join(variantDir, LIBRARY_NAME);
    const stamp = join(variantDir, 'withheld-symbols.txt');
    const stampText = `${variant.withheld.join('\n')}\n`;
    if (force || !isFresh(variantLibrary, newestSource, stamp, stampText)) {
      compile(variantLibrary, variant.withheld);
      writeFileSync(stamp, stampText);
      built.push(variantLibrary);
    }
    variantLibraries[variant.name] = variantLibrary;
  }
  pruneVariants(variants);
  return { library, variants: variantLibraries, built };
}

const invokedDirectly = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) {
  try {
    const { built, library, variants } = buildFakeNvml({ force: process.argv.includes('--force') });
    const count = 1 + Object.keys(variants).length;
    if (built.length === 0) console.log(`fake-nvml: up to date (${count} libraries in ${relative(repoRoot, outDir)})`);
    for (const path of built) console.log(`fake-nvml: built ${relative(repoRoot, path)}`);
    if (built.length > 0 && !built.includes(library)) console.log(`fake-nvml: ${relative(repoRoot, library)} was up to date`);
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(`fake-nvml: ${error.message}`);
    process.exit(1);
  }
}
