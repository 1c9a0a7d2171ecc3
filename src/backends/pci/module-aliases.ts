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
  pattern: RegExp;
  module: string;
}

/** fnmatch(3)-style glob (*, ?, [...]) → an anchored RegExp. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close < 0) source += '\\[';
      else {
        const body = glob.slice(i + 1, close);
        const negated = body.startsWith('!') || body.startsWith('^');
        const members = (negated ? body.slice(1) : body).replace(/[\\\]^]/g, '\\$&');
        source += `[${negated ? '^' : ''}${members}]`;
        i = close;
      }
    } else source += char.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
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
    aliases.push({ pattern: globToRegExp(glob), module });
  }
  return aliases;
}

/** Unique module names whose alias matches the modalias, in modules.alias order. */
export function modulesForModalias(modalias: string, aliases: readonly ModuleAlias[]): string[] {
  const found: string[] = [];
  for (const alias of aliases) {
    if (alias.pattern.test(modalias) && !found.includes(alias.module)) found.push(alias.module);
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
