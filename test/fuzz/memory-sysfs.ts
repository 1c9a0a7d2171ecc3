// A sysfs tree held in memory, from the same text description as test/fixtures/sysfs/*.sysfs.txt
// (`[dir]`, `name = value`, `name -> target`, `#` comments). The fuzz test mutates those texts
// thousands of times; writing each to disk would cost more than parsing it. Lines this format
// cannot read are skipped, not thrown: mutated descriptions are meant to be broken.

import { posix } from 'node:path';
import type { SysfsFs } from '../../src/backends/pci/sysfs.js';

const ROOT = '/sys';

function enoent(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, '${path}'`), { code: 'ENOENT' });
}

export function memorySysfs(description: string): { root: string; fs: SysfsFs } {
  const files = new Map<string, string>();
  const links = new Map<string, string>();
  const children = new Map<string, Set<string>>();
  const addPath = (path: string) => {
    for (let child = path, parent = posix.dirname(path); child !== ROOT && child !== parent; child = parent, parent = posix.dirname(parent)) {
      let set = children.get(parent);
      if (!set) children.set(parent, (set = new Set()));
      set.add(posix.basename(child));
    }
  };
  let current = ROOT;
  for (const rawLine of description.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('[') && line.endsWith(']')) {
      current = posix.join(ROOT, line.slice(1, -1));
      addPath(current);
      if (!children.has(current)) children.set(current, new Set());
      continue;
    }
    const arrow = line.indexOf(' -> ');
    const equals = line.indexOf(' =');
    if (arrow > 0 && (equals < 0 || arrow < equals)) {
      const path = posix.join(current, line.slice(0, arrow).trim());
      links.set(path, line.slice(arrow + 4).trim());
      addPath(path);
    } else if (equals > 0) {
      const path = posix.join(current, line.slice(0, equals).trim());
      files.set(path, `${line.slice(equals + 2).replace(/^ /, '')}\n`);
      addPath(path);
    }
  }
  /** The path with every symlink among its parent folders followed (as the kernel would). */
  const resolve = (path: string): string => {
    const parts = posix.normalize(path).split('/').filter(Boolean);
    let resolved = '/';
    for (let i = 0, hops = 0; i < parts.length; i++) {
      resolved = posix.join(resolved, parts[i]!);
      const target = links.get(resolved);
      if (target !== undefined && i < parts.length - 1 && hops++ < 40) resolved = posix.resolve(posix.dirname(resolved), target);
    }
    return resolved;
  };
  const fs: SysfsFs = {
    async readdir(path) {
      const set = children.get(resolve(path));
      if (!set) throw enoent(path);
      return Array.from(set);
    },
    async readFile(path) {
      const text = files.get(resolve(path));
      if (text === undefined) throw enoent(path);
      return text;
    },
    async readlink(path) {
      const target = links.get(resolve(path));
      if (target === undefined) throw enoent(path);
      return target;
    },
  };
  return { root: ROOT, fs };
}
