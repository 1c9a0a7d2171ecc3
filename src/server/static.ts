// Files of the built dashboard (dist/web), and nothing else on the disk. The URL parser has
// already removed dot segments (`/../`, `/%2e%2e/`); what could still escape is refused here
// before the file system is asked: encoded slashes and backslashes, NUL, dot segments and
// dot-files after decoding, drive letters, empty segments — then the real path (symlinks
// followed) must still lie inside the real root.

import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** A dashboard asset is small; a bigger file in dist/web is a mistake not worth reading into memory. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

export interface StaticFile {
  body: ArrayBuffer;
  contentType: string;
  /** Vite's hashed assets never change under one name; everything else is revalidated. */
  immutable: boolean;
}

/** The path's segments, decoded, or null when any could leave the root or name a hidden file. */
export function safeSegments(rawPath: string): string[] | null {
  if (!rawPath.startsWith('/') || /%(?:2f|5c|00)/i.test(rawPath) || rawPath.includes('\\')) return null;
  const parts = rawPath.slice(1).split('/');
  if (parts.at(-1) === '') parts[parts.length - 1] = 'index.html';
  const segments: string[] = [];
  for (const part of parts) {
    let segment: string;
    try {
      segment = decodeURIComponent(part);
    } catch {
      return null;
    }
    // Hidden files (.env, .git) are refused with the dot segments; ':' refuses C: and NTFS streams.
    if (segment === '' || segment.startsWith('.') || /[\0-\x1f\\/:*?"<>|]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

export async function readStaticFile(root: string, rawPath: string): Promise<StaticFile | null> {
  const segments = safeSegments(rawPath);
  if (segments === null) return null;
  try {
    const realRoot = await realpath(root);
    const real = await realpath(join(realRoot, ...segments));
    if (!real.startsWith(realRoot + sep)) return null;
    const info = await stat(real);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return null;
    const ext = extname(real).toLowerCase();
    const bytes = await readFile(real);
    return {
      body: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      immutable: segments[0] === 'assets',
    };
  } catch {
    return null;
  }
}

/** True when the dashboard is built: webRoot has an index.html. */
export async function hasDashboard(root: string | undefined): Promise<boolean> {
  if (root === undefined) return false;
  try {
    return (await stat(join(root, 'index.html'))).isFile();
  } catch {
    return false;
  }
}
