// src/i18n/catalog.ts as the bundle has it (scripts/build-catalog.mjs fills in FILES and
// PREFIXES): a key's text is read from dist/messages/<locale>/<domain>.json the first time a key
// of that domain is looked up, synchronously, so t() stays what it is. A command loads the
// domains it speaks in the reader's language only; `gpuwise info --json` reads five small files
// instead of compiling every domain in both languages.
import { existsSync, readFileSync } from 'node:fs';

/** Domain file names, by index. */
const FILES = /*FILES*/[];
/** Key prefix (the part before the first dot) → indexes of the domains that define such keys. */
const PREFIXES = new Map(Object.entries(/*PREFIXES*/{}));

const messages = { en: Object.create(null), 'zh-CN': Object.create(null) };
const loaded = { en: new Set(), 'zh-CN': new Set() };
let folder = null;

/** dist/messages/, seen from the chunk or entry this code landed in. */
function messagesFolder() {
  if (folder) return folder;
  for (const candidate of ['./messages/', '../messages/']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(url)) return (folder = url);
  }
  throw new Error(`gpuwise: messages/ is missing next to ${import.meta.url}; rebuild with \`npm run build\``);
}

function loadDomain(locale, index) {
  if (loaded[locale].has(index)) return;
  loaded[locale].add(index);
  Object.assign(messages[locale], JSON.parse(readFileSync(new URL(`${locale}/${FILES[index]}.json`, messagesFolder()), 'utf8')));
}

/** The text of `key` in `locale`, or undefined when no domain defines it. */
export function messageText(locale, key) {
  const dot = key.indexOf('.');
  const domains = PREFIXES.get(dot < 0 ? key : key.slice(0, dot));
  if (domains === undefined || !Object.hasOwn(messages, locale)) return undefined;
  for (const index of domains) loadDomain(locale, index);
  const texts = messages[locale];
  return Object.hasOwn(texts, key) ? texts[key] : undefined;
}

function everything(locale) {
  for (let index = 0; index < FILES.length; index++) loadDomain(locale, index);
  return messages[locale];
}

/** Every message of a language, as src/i18n/catalog.ts exports it (loads every domain). */
export const CATALOG = {
  get en() {
    return everything('en');
  },
  get 'zh-CN'() {
    return everything('zh-CN');
  },
};
