// The dashboard's build: web/ is the root, the page lands in dist/web (which `serve` hands out and
// npm ships). JSX goes to Preact through Vite's own transform, without a plugin (STACK.md §2.6).
import { defineConfig } from 'vite';

const here = new URL('.', import.meta.url);

export default defineConfig({
  root: here.pathname,
  // Hashed assets under /assets (served immutable); the page itself lives at the server's root.
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: new URL('../dist/web', here).pathname,
    emptyOutDir: true,
    // The server's CSP allows no inline script: the preload polyfill would be the only one, and
    // every browser the page supports has modulepreload.
    modulePreload: { polyfill: false },
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
  server: { port: 5178, strictPort: false },
});
