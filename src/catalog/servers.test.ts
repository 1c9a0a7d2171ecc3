import { describe, expect, it } from 'vitest';
import { SERVER_CATALOG_DATA } from './data/servers/index.js';
import {
  CatalogDataError,
  getServer,
  listServers,
  loadServerCatalog,
  serversThatHold,
  sourcesOfServer,
  validateServerCatalog,
  type ServerEntry,
} from './servers.js';

const catalog = loadServerCatalog();

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function server(id: string): ServerEntry {
  const entry = getServer(id);
  if (entry === null) throw new Error(`no server ${id}`);
  return entry;
}

/** Every `{ value, … }` fact inside a value, with its path. */
function* factsIn(value: unknown, path = ''): Generator<{ path: string; fact: Record<string, unknown> }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* factsIn(item, `${path}.${i}`);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ('value' in record) {
      yield { path, fact: record };
      return;
    }
    for (const [key, item] of Object.entries(record)) yield* factsIn(item, `${path}.${key}`);
  }
}

describe('server catalog data', () => {
  it('validates and holds the servers people ask about', () => {
    expect(catalog.servers).toHaveLength(SERVER_CATALOG_DATA.servers.length);
    const ids = catalog.servers.map((s) => s.id);
    for (const id of [
      'dgx-station-v100',
      'dgx-station-a100',
      'dgx-a100',
      'dgx-h100',
      'dell-poweredge-r740',
      'dell-poweredge-xe9680',
      'hpe-apollo-6500-gen10',
      'hpe-apollo-6500-gen10-plus',
      'lenovo-thinksystem-sr670',
      'lenovo-thinksystem-sr670-v2',
      'supermicro-sys-1029gq-trt',
      'gigabyte-g481-ha0',
      'cisco-ucs-c480-ml-m5',
      'inspur-nf5488m5',
      'inspur-nf5488a5',
      'asus-rog-strix-ga15',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('gives every present fact a source that exists, and every missing one a reason', () => {
    const sourceIds = new Set(catalog.sources.map((s) => s.id));
    let checked = 0;
    for (const entry of catalog.servers) {
      for (const { path, fact } of factsIn(entry)) {
        checked++;
        if (fact.value === null) {
          expect(typeof fact.reason, `${entry.id}${path}`).toBe('string');
        } else {
          const refs = fact.sources as { source: string }[];
          expect(refs.length, `${entry.id}${path}`).toBeGreaterThan(0);
          for (const ref of refs) expect(sourceIds, `${entry.id}${path}`).toContain(ref.source);
        }
      }
      for (const correction of entry.corrections) expect(correction.sources.length).toBeGreaterThan(0);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('cites every listed source at least once (no dead sources)', () => {
    const cited = new Set(catalog.servers.flatMap((s) => sourcesOfServer(s).map((src) => src.id)));
    for (const source of catalog.sources) expect(cited, source.id).toContain(source.id);
  });

  it('keeps gpuCountMax consistent with the sourced GPU options', () => {
    for (const entry of catalog.servers) {
      const max = entry.gpuCountMax.value;
      for (const option of entry.gpuOptions) {
        if (max !== null) expect(option.count.value, `${entry.id} ${option.gpuId}`).toBeLessThanOrEqual(max);
      }
    }
  });
});

describe('corrections to popular lists', () => {
  it('DGX Station (V100) has 4 GPUs, not 8, per NVIDIA', () => {
    const station = server('dgx-station-v100');
    expect(station.gpuCountMax.value).toBe(4);
    expect(station.gpuOptions.every((o) => o.count.value === 4)).toBe(true);
    const correction = station.corrections.find((c) => c.field === 'gpuCountMax');
    expect(correction).toMatchObject({ claimed: 8, actual: 4 });
    expect(correction?.sources.map((s) => s.source)).toContain('nvidia-dgx-station-whitepaper');
  });

  it('DGX Station A100 has 4 A100s, 40 GB or 80 GB', () => {
    const station = server('dgx-station-a100');
    expect(station.gpuCountMax.value).toBe(4);
    expect(station.gpuOptions.map((o) => [o.gpuId, o.count.value])).toEqual([
      ['a100-sxm4-40gb', 4],
      ['a100-sxm4-80gb', 4],
    ]);
    expect(station.category).toBe('workstation');
    expect(station.corrections.find((c) => c.field === 'gpuCountMax')).toMatchObject({ claimed: 8, actual: 4 });
  });

  it('the ROG Strix GA15 is a gaming desktop with one GPU, not a server', () => {
    const ga15 = server('asus-rog-strix-ga15');
    expect(ga15.category).toBe('gaming-desktop');
    expect(ga15.gpuCountMax.value).toBe(1);
    expect(ga15.formFactor.value).toEqual({ kind: 'desktop' });
    expect(ga15.corrections.find((c) => c.field === 'category')).toMatchObject({ claimed: 'server', actual: 'gaming-desktop' });
  });

  it('says what the "Apollo 6500 Gen10 Plus" really is (a chassis for XL645d/XL675d nodes)', () => {
    const apollo = server('hpe-apollo-6500-gen10-plus');
    const correction = apollo.corrections.find((c) => c.field === 'name');
    expect(correction?.actual).toMatch(/XL645d/);
    expect(correction?.correction.en).toMatch(/chassis/);
  });

  it('records a server that lists credit with 8 GPUs but holds fewer', () => {
    const fewer = catalog.servers.filter((s) =>
      s.corrections.some((c) => c.field === 'gpuCountMax' && c.claimed === 8 && typeof c.actual === 'number' && c.actual < 8),
    );
    expect(fewer.map((s) => s.id)).toContain('dell-poweredge-r740');
    expect(server('dell-poweredge-r740').gpuCountMax.value).toBe(3);
  });

  it('corrects form factor and memory claims with the vendor figure', () => {
    expect(server('dgx-h100').formFactor.value).toEqual({ kind: 'rack', rackUnits: 8 });
    expect(server('lenovo-thinksystem-sr670-v2').formFactor.value).toEqual({ kind: 'rack', rackUnits: 3 });
    expect(server('cisco-ucs-c480-ml-m5').maxMemoryGiB.value).toBe(3072);
    expect(server('cisco-ucs-c480-ml-m5').corrections[0]).toMatchObject({ field: 'maxMemoryGiB', claimed: 128, actual: 3072 });
  });
});

describe('serversThatHold', () => {
  it('8 × A100 80GB: DGX A100, not DGX Station A100', () => {
    const ids = serversThatHold('a100-sxm4-80gb', 8).map((fit) => fit.server.id);
    expect(ids).toContain('dgx-a100');
    expect(ids).toContain('inspur-nf5488a5');
    expect(ids).not.toContain('dgx-station-a100');
  });

  it('4 × A100 80GB: the Station too, smallest machine first', () => {
    const fits = serversThatHold('a100-sxm4-80gb', 4);
    expect(fits.map((f) => f.server.id)).toContain('dgx-station-a100');
    const counts = fits.map((f) => f.option.count.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(fits[0]?.option.count.value).toBe(4);
  });

  it('returns the option used, with its interconnect', () => {
    const dgx = serversThatHold('a100-sxm4-80gb', 8).find((fit) => fit.server.id === 'dgx-a100');
    expect(dgx?.option.interconnect.value).toBe('nvswitch');
  });

  it('is empty for a GPU no server lists, and for more GPUs than any server holds', () => {
    expect(serversThatHold('no-such-gpu', 1)).toEqual([]);
    expect(serversThatHold('a100-sxm4-80gb', 9)).toEqual([]);
  });

  it('rejects a count that is not a positive integer', () => {
    expect(() => serversThatHold('a100-sxm4-80gb', 0)).toThrow(RangeError);
    expect(() => serversThatHold('a100-sxm4-80gb', -2)).toThrow(RangeError);
    expect(() => serversThatHold('a100-sxm4-80gb', 1.5)).toThrow(RangeError);
    expect(() => serversThatHold('a100-sxm4-80gb', Number.NaN)).toThrow(RangeError);
  });
});

describe('getServer and listServers', () => {
  it('finds by id, by vendor + model and by alias, case-insensitively', () => {
    expect(getServer('dgx-a100')?.model).toBe('DGX A100');
    expect(getServer('NVIDIA DGX Station A100')?.id).toBe('dgx-station-a100');
    expect(getServer('sys-1029gq-trt')?.id).toBe('supermicro-sys-1029gq-trt');
    expect(getServer('HPE ProLiant XL645d Gen10 Plus')?.id).toBe('hpe-apollo-6500-gen10-plus');
    expect(getServer('no such server')).toBeNull();
  });

  it('filters by vendor, category and GPU', () => {
    expect(listServers({ vendor: 'nvidia' }).map((s) => s.id)).toEqual(['dgx-station-v100', 'dgx-station-a100', 'dgx-a100', 'dgx-h100', 'dgx-h200', 'dgx-b200']);
    expect(listServers({ category: 'workstation' }).every((s) => s.id.startsWith('dgx-station'))).toBe(true);
    expect(listServers({ gpuId: 'h100-sxm5-80gb' }).map((s) => s.id)).toEqual(['dgx-h100', 'supermicro-sys-821ge-tnhr', 'hpe-cray-xd670', 'dell-poweredge-xe9680']);
    expect(listServers({ vendor: 'nobody' })).toEqual([]);
  });
});

describe('validateServerCatalog on bad data', () => {
  const good = SERVER_CATALOG_DATA.servers[0];

  it('names the entry and field of a figure without a source', () => {
    const broken = { ...good, gpuCountMax: { value: 4, sources: [] } };
    const error = thrownBy(() => validateServerCatalog({ sources: SERVER_CATALOG_DATA.sources, servers: [broken] }));
    expect(error).toBeInstanceOf(CatalogDataError);
    expect((error as CatalogDataError).issues[0]?.where).toBe('dgx-station-v100');
    expect((error as CatalogDataError).issues[0]?.path).toMatch(/^gpuCountMax/);
  });

  it('rejects a cited source that does not exist, a duplicate id, and a fake zero', () => {
    const unknownSource = { ...good, gpuCountMax: { value: 4, sources: [{ source: 'made-up-source' }] } };
    const zero = { ...good, id: 'zero-gpus', gpuCountMax: { value: 0, sources: [{ source: 'nvidia-dgx-station-whitepaper' }] } };
    const run = (servers: unknown[]) => () => validateServerCatalog({ sources: SERVER_CATALOG_DATA.sources, servers });
    expect(run([unknownSource])).toThrow(/unknown source "made-up-source"/);
    expect(run([good, good])).toThrow(/used twice/);
    expect(run([zero])).toThrow(CatalogDataError);
    expect(run([{ ...good, psu: { value: null, reason: 'not-sourced', guess: 2000 } }])).toThrow(CatalogDataError);
    expect(run([{ ...good, psu: { value: null, reason: 'forgot' } }])).toThrow(CatalogDataError);
  });
});
