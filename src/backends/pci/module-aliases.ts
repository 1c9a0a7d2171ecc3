// Which kernel modules can drive a device: the device's modalias
// ("pci:v000010DEd00002330sv000010DEsd000016C1bc03sc02i00") matched against the glob patterns
// depmod writes to /lib/modules/<release>/modules.alias ("alias pci:v000010DEd*sv*sd*bc03sc*i* nouveau"),
// the same lookup modprobe and `lspci -k` do. Only the lines for the vendors on the bus are kept.

import { readFile } from 'node:fs/promises';
import { release } from 'node:os';

export function defaultModulesAliasPaths(kernelRelease: string = release()): string[] {
  return [`/lib/modules/${kernelRelease}/modules.alias`, `/usr/lib/modules/${kernelRelease}/modules.alias`];
}

export interface ModuleAlias {
  /** The modules.alias glob, as written. */
  glob: string;
  matches: (modalias: string) => boolean;
  module: string;
}

type GlobToken =
  | { kind: 'star' }
  | { kind: 'any' }
  | { kind: 'char'; code: number }
  | { kind: 'set'; negated: boolean; ranges: [number, number][] };

function tokenize(glob: string): GlobToken[] {
  const tokens: GlobToken[] = [];
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (char === '?') tokens.push({ kind: 'any' });
    else if (char === '[' && glob.indexOf(']', i + 2) >= 0) {
      // As fnmatch: a "]" right after "[" (or "[!") is a member, not the end.
      const close = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      const members = negated ? body.slice(1) : body;
      const ranges: [number, number][] = [];
      for (let m = 0; m < members.length; m++) {
        const from = members.charCodeAt(m);
        if (members[m + 1] === '-' && m + 2 < members.length) {
          ranges.push([from, members.charCodeAt(m + 2)]);
          m += 2;
        } else ranges.push([from, from]);
      }
      tokens.push({ kind: 'set', negated, ranges });
      i = close;
    } else tokens.push({ kind: 'char', code: glob.charCodeAt(i) });
  }
  return tokens;
}

function matchesOne(token: GlobToken, code: number): boolean {
  switch (token.kind) {
    case 'any':
      return true;
    case 'char':
      return token.code === code;
    case 'set':
      return token.ranges.some(([from, to]) => code >= from && code <= to) !== token.negated;
    case 'star':
      return false;
  }
}

/**
 * An fnmatch(3)-style glob (*, ?, [...]) as a whole-string matcher. Not a RegExp: ".*" per star
 * backtracks polynomially (n^stars). This walks text and glob once, returning to the last star
 * on a mismatch: at most (text × glob) steps.
 */
export function compileGlob(glob: string): (text: string) => boolean {
  const tokens = tokenize(glob);
  return (text) => {
    let t = 0;
    let g = 0;
    let starAt = -1;
    let starText = 0;
    while (t < text.length) {
      const token = tokens[g];
      if (token !== undefined && token.kind === 'star') {
        starAt = g++;
        starText = t;
      } else if (token !== undefined && matchesOne(token, text.charCodeAt(t))) {
        g++;
        t++;
      } else if (starAt >= 0) {
        g = starAt + 1;
        t = ++starText;
      } else return false;
    }
    while (tokens[g]?.kind === 'star') g++;
    return g === tokens.length;
  };
}

const VENDOR_OF_PATTERN = /^pci:v([0-9A-Fa-f]{8}|\*)/;

/**
 * The pci aliases of modules.alias text whose vendor is one of `vendorIds` (4 hex digits) or a
 * wildcard, in file order.
 */
export function parsePciModuleAliases(text: string, vendorIds: readonly string[]): ModuleAlias[] {
  const wanted = new Set(vendorIds.map((id) => `0000${id}`.slice(-8).toUpperCase()));
  const aliases: ModuleAlias[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('alias pci:')) continue;
    const [, glob, module] = line.trim().split(/\s+/);
    if (glob === undefined || module === undefined) continue;
    const vendor = VENDOR_OF_PATTERN.exec(glob)?.[1];
    if (vendor === undefined) continue;
    if (vendor !== '*' && !wanted.has(vendor.toUpperCase())) continue;
    aliases.push({ glob, matches: compileGlob(glob), module });
  }
  return aliases;
}

/** Unique module names whose alias matches the modalias, in modules.alias order. */
export function modulesForModalias(modalias: string, aliases: readonly ModuleAlias[]): string[] {
  const found: string[] = [];
  for (const alias of aliases) {
    if (alias.matches(modalias) && !found.includes(alias.module)) found.push(alias.module);
  }
  return found;
}

export interface ModuleAliasLookup {
  aliases: ModuleAlias[] | null;
  /** Why the file could not be read (not: it is absent, which is normal in containers). */
  problem: string | null;
}

export type ReadText = (path: string) => Promise<string>;

/** Reads the first modules.alias that exists; aliases null when there is none. */
export async function loadPciModuleAliases(
  paths: readonly string[],
  vendorIds: readonly string[],
  readText: ReadText = (path) => readFile(path, 'utf8'),
): Promise<ModuleAliasLookup> {
  for (const path of paths) {
    try {
      return { aliases: parsePciModuleAliases(await readText(path), vendorIds), problem: null };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return { aliases: null, problem: `${path}: ${(error as Error).message}` };
    }
  }
  return { aliases: null, problem: null };
}
