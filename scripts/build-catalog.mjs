// The message catalog as the bundle loads it: one JSON file per domain and language in
// dist/messages/, read when a key of that domain is first looked up, instead of every domain in
// both languages compiled into the start path (~490 KB of source, +1.3 MiB of a one-shot
// command's peak RSS; docs/benchmarks.md, "Round four"). src/i18n/catalog.ts stays what tests,
// `npm run dev` and the type checker see; the build swaps in the module written below, with the
// same exports. The domain list is read from catalog.ts itself, so adding a domain stays a
// one-line edit there.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const LOCALES = ['en', 'zh-CN'];

/** `import x from './messages/x.js'` lines and the DOMAINS list of catalog.ts, in its order. */
function domainFiles(catalogSource) {
  const files = new Map([...catalogSource.matchAll(/^import (\w+) from '\.\/messages\/([\w-]+)\.js';$/gm)].map((m) => [m[1], m[2]]));
  const list = /const DOMAINS = \[([^\]]*)\]/.exec(catalogSource);
  if (!list) throw new Error('build-catalog: no DOMAINS list in src/i18n/catalog.ts');
  return list[1].split(',').map((name) => name.trim()).filter(Boolean).map((name) => {
    const file = files.get(name);
    if (!file) throw new Error(`build-catalog: DOMAINS names ${name}, which catalog.ts does not import from ./messages/`);
    return file;
  });
}

/** Every domain's messages, loaded through esbuild (the domain files are TypeScript). */
async function loadDomains(root, files) {
  const contents = files.map((file, i) => `export { default as d${i} } from './src/i18n/messages/${file}.ts';`).join('\n');
  const out = join(root, 'build', `catalog-domains-${process.pid}.cjs`);
  await build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', format: 'cjs', outfile: out, logLevel: 'warning' });
  try {
    const loaded = createRequire(import.meta.url)(out);
    return files.map((file, i) => ({ file, messages: loaded[`d${i}`] }));
  } finally {
    rmSync(out, { force: true });
  }
}

/** The key's domain-finding part: everything before its first dot (the whole key without one). */
const prefixOf = (key) => (key.includes('.') ? key.slice(0, key.indexOf('.')) : key);

/**
 * Writes dist/messages/<locale>/<domain>.json and returns the esbuild plugin that replaces
 * src/i18n/catalog.ts with a loader of them. Fails the build on a key defined twice (what
 * catalog.ts checks at import).
 */
export async function catalogPlugin(root, outdir) {
  const source = readFileSync(join(root, 'src/i18n/catalog.ts'), 'utf8');
  const domains = await loadDomains(root, domainFiles(source));
  const dir = join(outdir, 'messages');
  rmSync(dir, { recursive: true, force: true });
  const seen = new Map();
  const byPrefix = {};
  domains.forEach(({ file, messages }, index) => {
    for (const key of Object.keys(messages.en)) {
      if (seen.has(key)) throw new Error(`i18n: message key ${key} is defined twice (${seen.get(key)}, ${file})`);
      seen.set(key, file);
      const domainsOfPrefix = (byPrefix[prefixOf(key)] ??= []);
      if (!domainsOfPrefix.includes(index)) domainsOfPrefix.push(index);
    }
    for (const locale of LOCALES) {
      mkdirSync(join(dir, locale), { recursive: true });
      writeFileSync(join(dir, locale, `${file}.json`), JSON.stringify(messages[locale]));
    }
  });
  const runtime = readFileSync(join(root, 'scripts/catalog-runtime.mjs'), 'utf8')
    .replace('/*FILES*/[]', JSON.stringify(domains.map((d) => d.file)))
    .replace('/*PREFIXES*/{}', JSON.stringify(byPrefix));
  return {
    name: 'gpuwise-catalog',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]i18n[\\/]catalog\.ts$/ }, () => ({ contents: runtime, loader: 'js', resolveDir: join(root, 'scripts') }));
    },
  };
}
