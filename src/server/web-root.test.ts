import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultWebRoot } from './web-root.js';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

function packageWith(paths: string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-webroot-'));
  for (const path of paths) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), '<!doctype html>');
  }
  return dir;
}

describe('defaultWebRoot', () => {
  it('finds dist/web beside the bundle, beside a chunk, and from the sources', () => {
    const root = packageWith(['dist/web/index.html']);
    const web = join(root, 'dist', 'web') + '/';
    expect(defaultWebRoot(pathToFileURL(join(root, 'dist', 'cli.mjs')).href)).toBe(web);
    expect(defaultWebRoot(pathToFileURL(join(root, 'dist', 'chunks', 'serve-x.mjs')).href)).toBe(web);
    expect(defaultWebRoot(pathToFileURL(join(root, 'src', 'server', 'service.ts')).href)).toBe(web);
  });

  it('is null until the dashboard is built (a folder without index.html does not count)', () => {
    const root = packageWith(['dist/web/assets/x.js']);
    expect(defaultWebRoot(pathToFileURL(join(root, 'dist', 'cli.mjs')).href)).toBeNull();
    expect(defaultWebRoot('data:text/javascript,1')).toBeNull();
  });
});

describe('serve hands out the dashboard', () => {
  it('answers / from the web root it is given, and its own index page with none', async () => {
    const { startService } = await import('./service.js');
    const root = packageWith(['web/index.html']);
    writeFileSync(join(root, 'web', 'index.html'), '<!doctype html><title>dashboard marker</title>');
    const withWeb = await startService({ port: 0, history: null, intervalMs: 200, sessionOptions: { drivers: [] }, webRoot: join(root, 'web') });
    const without = await startService({ port: 0, history: null, intervalMs: 200, sessionOptions: { drivers: [] }, webRoot: null });
    try {
      expect(await (await fetch(withWeb.url)).text()).toContain('dashboard marker');
      expect(await (await fetch(without.url)).text()).not.toContain('dashboard marker');
    } finally {
      await withWeb.close();
      await without.close();
    }
  });
});
