// Test glue: binds the fake's functions through koffi with the prototypes of
// src/backends/nvml/symbols.ts, the same declarations gpuwise's reader uses.

import koffi, { type LibraryHandle } from 'koffi';

import { NVML_SYMBOLS } from '../../src/backends/nvml/symbols.js';
import { NVML_RETURN_NAMES } from '../../src/backends/nvml/return-codes.js';

type Bound = ReturnType<LibraryHandle['func']>;

export interface LoadedNvml {
  library: LibraryHandle;
  /** The function bound by its exact symbol name; throws if the library lacks the symbol. */
  fn(symbol: string): Bound;
  /** A function bound with a test's own C declaration (symbols gpuwise does not call, or other shapes). */
  declared(declaration: string): Bound;
}

const prototypes = new Map<string, string>();
for (const group of Object.values(NVML_SYMBOLS)) {
  for (const name of group.names) prototypes.set(name, group.prototype.replace('NAME', name));
}

/** Every symbol name in symbols.ts with its koffi declaration. */
export function allSymbolDeclarations(): ReadonlyMap<string, string> {
  return prototypes;
}

const loaded = new Map<string, LoadedNvml>();

/** Loads a library once per process (the dynamic linker would hand back the same copy anyway). */
export function loadNvml(path: string): LoadedNvml {
  const cached = loaded.get(path);
  if (cached) return cached;
  const library = koffi.load(path);
  const bound = new Map<string, Bound>();
  const fn = (symbol: string): Bound => {
    const existing = bound.get(symbol);
    if (existing) return existing;
    const declaration = prototypes.get(symbol);
    if (declaration === undefined) throw new Error(`${symbol} is not in src/backends/nvml/symbols.ts`);
    const created = library.func(declaration);
    bound.set(symbol, created);
    return created;
  };
  const declared = (declaration: string): Bound => {
    const existing = bound.get(declaration);
    if (existing) return existing;
    const created = library.func(declaration);
    bound.set(declaration, created);
    return created;
  };
  const entry = { library, fn, declared };
  loaded.set(path, entry);
  return entry;
}

const CODES = new Map(Object.entries(NVML_RETURN_NAMES).map(([code, name]) => [name, Number(code)]));

/** An nvmlReturn_t by its name in return-codes.ts, e.g. code('ERROR_GPU_IS_LOST'). */
export function code(name: string): number {
  const value = CODES.get(name);
  if (value === undefined) throw new Error(`no NVML return code named ${name}`);
  return value;
}
