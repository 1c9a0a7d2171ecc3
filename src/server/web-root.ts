// Where the built dashboard (dist/web, `npm run build:web`) lies, seen from this module: bundled,
// this code runs from dist/cli.mjs or dist/chunks/*.mjs; from the sources (tests, `npm run dev`)
// from src/server/. Null when none of those has an index.html: serve then answers its own index
// page listing the API.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CANDIDATES = ['./web/', '../web/', '../../dist/web/'];

export function defaultWebRoot(here: string = import.meta.url): string | null {
  // Only a file: module has folders beside it (a data: or bundled-in-memory module has none).
  if (!here.startsWith('file:')) return null;
  for (const candidate of CANDIDATES) {
    const url = new URL(candidate, here);
    if (existsSync(new URL('index.html', url))) return fileURLToPath(url);
  }
  return null;
}
