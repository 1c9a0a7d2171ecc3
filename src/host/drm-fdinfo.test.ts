import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../test/helpers/fuzz.js';
import { readVendorFixture } from '../../test/fixtures/vendors/paths.js';
import { parseDrmFdinfo } from './drm-fdinfo-parse.js';
import { createDrmProcessReader, scanDrmFdinfo, type FdinfoFs } from './drm-fdinfo.js';

const fixture = (name: string) => readVendorFixture(`fdinfo/${name}`);
const KIB = 1024;

describe('DRM fdinfo parser', () => {
  it('amdgpu before 6.10: drm-memory-vram in KiB, engines in ns', () => {
    expect(parseDrmFdinfo(fixture('amdgpu_legacy-memory-keys_rx-7900-xtx.txt'))).toEqual({
      driver: 'amdgpu', pdev: '0000:03:00.0', clientId: '41', vramBytes: 10541232 * KIB,
      engineNs: { gfx: 0, compute: 91742813204, dma: 812340112 }, engineCycles: {},
    });
  });

  it('amdgpu from 6.10: the resident VRAM wins over the legacy and total keys', () => {
    expect(parseDrmFdinfo(fixture('amdgpu_memory-stats-keys_mi250x-gcd.txt'))).toMatchObject({ pdev: '0000:c1:00.0', vramBytes: 48212 * 1024 * KIB });
  });

  it('Intel Arc on i915: local0 is the device memory, system0 and stolen memory are not', () => {
    expect(parseDrmFdinfo(fixture('i915_intel-arc-a770.txt'))).toMatchObject({ driver: 'i915', vramBytes: 3254272 * KIB, engineNs: { render: 25662044495, compute: 48239482190 } });
  });

  it('Intel Arc on xe: vram0; busy time as the client\'s cycles against the GPU\'s total cycles', () => {
    expect(parseDrmFdinfo(fixture('xe_intel-arc-b580.txt'))).toMatchObject({
      driver: 'xe', vramBytes: 1024124 * KIB, engineNs: {},
      engineCycles: { rcs: { cycles: 28257900, total: 7655183225 }, bcs: { cycles: 0, total: 7655183225 }, ccs: { cycles: 1520410, total: 7655183225 } },
    });
  });

  it('xe: a process\'s busy percent from two reads\' cycles (no wall clock involved)', () => {
    const first = fixture('xe_intel-arc-b580.txt');
    let text = first;
    const files: FdinfoFs = {
      readdir: (dir) => (dir === '/proc' ? ['300'] : dir === '/proc/300/fd' ? ['3'] : []),
      readlink: () => '/dev/dri/renderD129',
      readText: (file) => (file.endsWith('comm') ? 'llama-server\n' : text),
    };
    const reader = createDrmProcessReader({ procRoot: '/proc', files, nowNs: () => 0n });
    expect(reader.read(() => 0).processes[0]!.smUtilPercent).toBeNull();
    // The render engine ran 40 % of the next 1,000,000 GPU cycles, compute 10 %.
    text = first.replace('drm-cycles-rcs:\t28257900', 'drm-cycles-rcs:\t28657900').replace('drm-cycles-ccs:\t1520410', 'drm-cycles-ccs:\t1620410').replaceAll('7655183225', '7656183225');
    expect(reader.read(() => 0).processes[0]!.smUtilPercent).toBeCloseTo(40, 6);
  });

  it('a file that is not a DRM client, and hostile text, give null, never a throw', () => {
    expect(parseDrmFdinfo(fixture('eventfd_not-drm.txt'))).toBeNull();
    expect(parseDrmFdinfo('drm-driver:\tamdgpu\ndrm-client-id:\t-1\n')).toBeNull();
    const fuzz = createFuzzer(14);
    const base = fixture('amdgpu_legacy-memory-keys_rx-7900-xtx.txt');
    for (let i = 0; i < 500; i++) {
      const result = parseDrmFdinfo(i % 2 ? fuzz.mutate(base) : fuzz.text(400));
      if (result?.vramBytes != null) expect(Number.isSafeInteger(result.vramBytes) && result.vramBytes >= 0).toBe(true);
    }
  });
});

/** A /proc in memory: pid → fd → [link target, fdinfo text]. */
function fakeProc(tree: Record<string, Record<string, [string, string]> | 'EACCES'>, comm: Record<string, string> = {}): FdinfoFs {
  const fail = (code: string) => Object.assign(new Error(code), { code });
  return {
    readdir(dir) {
      if (dir === '/proc') return [...Object.keys(tree), 'self', 'cpuinfo'];
      const [, , pid] = dir.split(path.sep);
      const entry = tree[pid!];
      if (entry === 'EACCES') throw fail('EACCES');
      if (!entry) throw fail('ENOENT');
      return Object.keys(entry);
    },
    readlink(file) {
      const [, , pid, , fd] = file.split(path.sep);
      const entry = tree[pid!];
      if (entry === 'EACCES' || !entry?.[fd!]) throw fail('ENOENT');
      return entry[fd!]![0];
    },
    readText(file) {
      const [, , pid, kind, fd] = file.split(path.sep);
      if (kind === 'comm') return comm[pid!] ?? null;
      const entry = tree[pid!];
      return entry === 'EACCES' ? null : (entry?.[fd!]?.[1] ?? null);
    },
  };
}

describe('DRM fdinfo scan', () => {
  const amd = fixture('amdgpu_legacy-memory-keys_rx-7900-xtx.txt');
  const arc = fixture('i915_intel-arc-a770.txt').replace('0000:03:00.0', '0000:04:00.0');

  it('counts one client once across dup()ed fds and forked children, for the lowest PID; reads only /dev/dri fds', () => {
    const files = fakeProc(
      {
        '200': { '5': ['/dev/dri/renderD128', amd], '6': ['/dev/dri/renderD128', amd], '7': ['socket:[123]', amd] },
        '201': { '5': ['/dev/dri/renderD128', amd] },
        '300': { '3': ['/dev/dri/renderD129', arc] },
        '400': 'EACCES',
      },
      { '200': 'python3\n', '300': 'ollama\n' },
    );
    const scan = scanDrmFdinfo('/proc', files);
    expect(scan.clients.map((c) => [c.pid, c.name, c.usage.driver])).toEqual([[200, 'python3', 'amdgpu'], [300, 'ollama', 'i915']]);
    expect(scan.hiddenPids).toBe(1);
  });

  it('maps clients to GPUs by PCI address, sums a process\'s clients, and gives busy percent from the second read on', () => {
    let tree: Record<string, Record<string, [string, string]>> = { '200': { '5': ['/dev/dri/renderD128', amd] } };
    const files: FdinfoFs = { ...fakeProc({}), readdir: (d) => fakeProc(tree).readdir(d), readlink: (f) => fakeProc(tree).readlink(f), readText: (f) => fakeProc(tree).readText(f) };
    let now = 0n;
    const reader = createDrmProcessReader({ procRoot: '/proc', files, nowNs: () => now });
    const index = (pdev: string | null) => (pdev === '0000:03:00.0' ? 0 : null);
    const first = reader.read(index);
    expect(first.processes).toEqual([expect.objectContaining({ pid: 200, gpuIndex: 0, usedMemoryBytes: 10541232 * KIB, smUtilPercent: null, type: 'compute' })]);
    now = 1_000_000_000n;
    tree = { '200': { '5': ['/dev/dri/renderD128', amd.replace('91742813204 ns', '91992813204 ns')] } };
    expect(reader.read(index).processes[0]!.smUtilPercent).toBeCloseTo(25, 5);
  });
});

describe('DRM fdinfo scan cache', () => {
  it('reads the link of new fd numbers only, and every link again on a full scan', async () => {
    const { FULL_SCAN_EVERY } = await import('./drm-fdinfo.js');
    const amd = fixture('amdgpu_legacy-memory-keys_rx-7900-xtx.txt');
    const links: string[] = [];
    const fds: Record<string, string[]> = { '/proc/200/fd': ['3', '5'] };
    const files: FdinfoFs = {
      readdir: (dir) => (dir === '/proc' ? ['200'] : (fds[dir] ?? [])),
      readlink: (file) => {
        links.push(file);
        return file.endsWith('/5') || file.endsWith('/7') ? '/dev/dri/renderD128' : 'socket:[1]';
      },
      readText: (file) => (file.includes('/fdinfo/') ? amd : 'python3\n'),
    };
    const reader = createDrmProcessReader({ procRoot: '/proc', files });
    const index = () => 0;
    expect(reader.read(index).processes).toHaveLength(1);
    expect(links).toHaveLength(2);
    fds['/proc/200/fd'] = ['3', '5', '7'];
    expect(reader.read(index).processes[0]!.usedMemoryBytes).toBe(10541232 * 1024); // fd 7 is the same client
    expect(links).toHaveLength(3);
    for (let i = 2; i < FULL_SCAN_EVERY; i++) reader.read(index);
    expect(links).toHaveLength(3);
    reader.read(index);
    expect(links).toHaveLength(6);
  });
});
