// A V8 code cache for the CLI's chunks on a one-shot start (the one-shot entry, scripts/build.mjs,
// calls useCodeCache once oneShotStart has set the flags). Compiling the ~190 KB of JavaScript a one-shot `info --json`
// runs was ~50 ms of its start; V8 deserialising the bytecode it had made for the same functions
// takes a few. Figures: docs/benchmarks.md, "Round five: one-shot start".
//
// Made at `npm run build` only (scripts/code-cache.mjs runs the built CLI's commands once with
// GPUWISE_CODE_CACHE_RECORD=1), into dist/code-cache/<arch>-<V8>/<command>/: nothing is written at
// run time, so a read-only install or a shared one is never touched. Every failure falls back to
// Node's own loader, the way a start without a cache goes:
// - another Node (another V8 or CPU): no folder for it, nothing is read;
// - a chunk rebuilt or edited since: each cache file holds the bytes of the chunk it was made
//   for, compared in full before use (V8 itself only compares the source's length);
// - a damaged cache: the one-shot flags include --verify-snapshot-checksum, so V8 checksums the
//   data and rejects it (release builds of V8 otherwise trust it, and may crash on a bad byte);
//   V8 also rejects data made by another V8 version or under other V8 flags;
// - Node started with options (NODE_OPTIONS, execArgv: an inspector, source maps, preloads):
//   Node's loader does things for those that this one does not, so it is not used at all.

import fs from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { Script } from 'node:vm';
import { commandWord } from './one-shot.js';

type Loader = (module: NodeJS.Module, filename: string) => void;
type ModuleStatics = {
  _extensions: Record<string, Loader | undefined>;
  _cache: Record<string, NodeJS.Module | undefined>;
  _resolveFilename: (request: string, parent: NodeJS.Module, isMain: boolean, options?: { paths?: string[] }) => string;
  _resolveLookupPaths: (request: string, parent: NodeJS.Module) => string[] | null;
};
const statics = Module as unknown as ModuleStatics;

/**
 * Which cache a start reads: one per command (`info`, `info.json` for `info --json`; the build
 * makes those two, scripts/code-cache.mjs), made by running that command. A cache holds every
 * function its run compiled, and V8 makes all of them when it reads it: another command's cache
 * would cost memory for code this one never runs. Null for a start without a command word.
 */
export function cacheName(argv: readonly string[]): string | null {
  const command = commandWord(argv);
  if (command === null || !/^(--)?[a-z][a-z-]*$/.test(command.word)) return null;
  const json = command.word === 'info' && argv.slice(command.at + 1).includes('--json');
  return json ? 'info.json' : command.word;
}

/** The folder of caches this Node can use, for a start with this argv. */
export function codeCacheDir(distDir: string, argv: readonly string[]): string | null {
  const name = cacheName(argv);
  return name === null ? null : join(distDir, 'code-cache', `${process.arch}-${process.versions.v8}`, name);
}

// The function Node wraps a CommonJS module in, the wrapper on a line of its own (lineOffset -1)
// so that stack traces name the chunk's own lines and columns.
const HEAD = '(function (exports, require, module, __filename, __dirname) {\n';
const TAIL = '\n})';
const MAGIC = 0x31434347; // 'GCC1'
const HEADER_BYTES = 12;

/**
 * A cache file: magic, the wrapped chunk's length, V8's data's length, the chunk wrapped as it is
 * compiled (HEAD, its bytes, TAIL: the string V8 compiles comes from here in one piece), V8's data.
 */
export function encodeCacheFile(source: Uint8Array, data: Uint8Array): Buffer {
  const wrapped = Buffer.concat([Buffer.from(HEAD), source, Buffer.from(TAIL)]);
  const file = Buffer.allocUnsafe(HEADER_BYTES + wrapped.length + data.length);
  file.writeUInt32LE(MAGIC, 0);
  file.writeUInt32LE(wrapped.length, 4);
  file.writeUInt32LE(data.length, 8);
  file.set(wrapped, HEADER_BYTES);
  file.set(data, HEADER_BYTES + wrapped.length);
  return file;
}

/**
 * The code to compile and V8's data, from a cache file made for exactly `source` (the chunk's
 * bytes); null for any other file.
 */
export function decodeCacheFile(file: Buffer, source: Uint8Array): { code: string; data: Buffer } | null {
  const length = file.length;
  if (length < HEADER_BYTES || file.readUInt32LE(0) !== MAGIC) return null;
  const wrappedBytes = file.readUInt32LE(4);
  const dataBytes = file.readUInt32LE(8);
  if (wrappedBytes !== HEAD.length + source.length + TAIL.length || dataBytes === 0 || length !== HEADER_BYTES + wrappedBytes + dataBytes) return null;
  const at = HEADER_BYTES + HEAD.length;
  if (file.compare(source, 0, source.length, at, at + source.length) !== 0) return null;
  if (file.toString('latin1', HEADER_BYTES, at) !== HEAD || file.toString('latin1', at + source.length, HEADER_BYTES + wrappedBytes) !== TAIL) return null;
  return { code: file.toString('utf8', HEADER_BYTES, HEADER_BYTES + wrappedBytes), data: file.subarray(HEADER_BYTES + wrappedBytes, length) };
}

function readOrNull(path: string): Buffer | null {
  try {
    return fs.readFileSync(path);
  } catch {
    return null;
  }
}

/** The `require` Node gives a module (lib/internal/modules/helpers.js, makeRequireFunction). */
function requireFor(module: NodeJS.Module): NodeJS.Require {
  const require = ((id: string) => module.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: { paths?: string[] }) => statics._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => statics._resolveLookupPaths(request, module);
  require.resolve = resolve;
  require.main = process.mainModule;
  require.extensions = statics._extensions as unknown as NodeJS.RequireExtensions;
  require.cache = statics._cache as NodeJS.Dict<NodeJS.Module>;
  return require;
}

export type CodeCacheOptions = {
  /** Writes the caches at exit instead of reading them (the build's one run; GPUWISE_CODE_CACHE_RECORD=1). */
  record?: boolean;
  /** Node's options this start runs under; any at all and no cache is used. */
  execArgv?: readonly string[];
  nodeOptions?: string | undefined;
  /** The command line: which command's cache (cacheName). */
  argv?: readonly string[];
};

/** How each chunk was loaded: from its cache, compiled again (V8 rejected the data), by Node. */
export type ChunkLoad = { name: string; via: 'cache' | 'rejected' | 'node' };

export type CodeCacheHook = {
  loads: ChunkLoad[];
  /** Writes what the recording saw (also done at exit when recording). */
  write: () => void;
  /** Takes the hook off again (tests). */
  off: () => void;
};

/**
 * Loads the .cjs files directly in `<distDir>/chunks` through the cache in codeCacheDir(distDir, argv)
 * where one is there for them; every other file, and every chunk without a usable cache, through
 * Node's loader. Null where no hook was put on (Node's options, no cache for this command).
 */
export function useCodeCache(distDir: string, options: CodeCacheOptions = {}): CodeCacheHook | null {
  const { record = process.env.GPUWISE_CODE_CACHE_RECORD === '1', execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS, argv = process.argv } = options;
  // process.getBuiltinModule: Node 20.16 and later (package.json asks for 20.19).
  if (execArgv.length > 0 || (nodeOptions ?? '').trim() !== '' || typeof process.getBuiltinModule !== 'function') return null;
  const chunks = join(distDir, 'chunks');
  const cacheDir = codeCacheDir(distDir, argv);
  if (cacheDir === null || (!record && !fs.existsSync(cacheDir))) return null;
  const extensions = statics._extensions;
  const previous = extensions['.cjs'];
  const node: Loader = previous ?? ((module, filename) => extensions['.js']?.(module, filename));
  const recorded: { name: string; source: Buffer; script: Script }[] = [];
  const loads: ChunkLoad[] = [];
  // node:vm only once a chunk is compiled here: where nothing is, it would cost a start for nothing.
  let vm: typeof import('node:vm') | undefined;
  const compile = (filename: string, code: string, cachedData?: Buffer): Script => {
    vm ??= process.getBuiltinModule('node:vm');
    return new vm.Script(code, { filename, lineOffset: -1, cachedData, importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  };
  const loader: Loader = (module, filename) => {
    if (dirname(filename) !== chunks) return node(module, filename);
    const name = basename(filename);
    let script: Script;
    if (record) {
      const source = fs.readFileSync(filename);
      script = compile(filename, HEAD + source.toString('utf8') + TAIL);
      recorded.push({ name, source, script });
      loads.push({ name, via: 'node' });
    } else {
      // Fresh buffers, not one kept for every read: garbage at the next collection, they leave
      // less in the start's peak memory (measured).
      const cache = readOrNull(join(cacheDir, `${name}.v8`));
      const chunk = cache === null ? null : readOrNull(filename);
      const found = cache === null || chunk === null ? null : decodeCacheFile(cache, chunk);
      if (found === null) {
        loads.push({ name, via: 'node' });
        return node(module, filename);
      }
      script = compile(filename, found.code, found.data);
      loads.push({ name, via: script.cachedDataRejected === true ? 'rejected' : 'cache' });
    }
    const compiled = script.runInThisContext() as (...args: unknown[]) => unknown;
    compiled.call(module.exports, module.exports, requireFor(module), module, filename, dirname(filename));
  };
  extensions['.cjs'] = loader;
  let written = false;
  const write = () => {
    if (!record || written) return;
    written = true;
    writeCaches(cacheDir, recorded);
  };
  if (record) process.once('exit', write);
  return {
    loads,
    write,
    off: () => {
      if (extensions['.cjs'] !== loader) return;
      if (previous === undefined) delete extensions['.cjs'];
      else extensions['.cjs'] = previous;
      process.removeListener('exit', write);
    },
  };
}

/**
 * At the end of the recording run: after it, the data holds every function the command ran. A
 * folder it cannot write (GPUWISE_CODE_CACHE_RECORD left set in a read-only install) leaves no
 * cache and the command's own outcome as it was; the build notices the missing cache.
 */
function writeCaches(cacheDir: string, recorded: readonly { name: string; source: Buffer; script: Script }[]): void {
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    for (const { name, source, script } of recorded) {
      const path = join(cacheDir, `${name}.v8`);
      // Renamed into place: a CLI started meanwhile from the same dist/ reads a whole file or none.
      fs.writeFileSync(`${path}.${process.pid}.tmp`, encodeCacheFile(source, script.createCachedData()));
      fs.renameSync(`${path}.${process.pid}.tmp`, path);
    }
  } catch {
    // Nothing to do: without its cache a start compiles as it always did.
  }
}
