import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSFS_FIXTURES_DIR } from '../../../test/fixtures/sysfs/materialize.js';
import { compileGlob, loadPciModuleAliases, modulesForModalias, parsePciModuleAliases } from './module-aliases.js';

const ALIASES = join(SYSFS_FIXTURES_DIR, '_system', 'modules.alias');
const H100 = 'pci:v000010DEd00002330sv000010DEsd000016C1bc03sc02i00';
const VGA_NVIDIA = 'pci:v000010DEd00002684sv00001043sd000088E2bc03sc00i00';

describe('modules.alias matching', async () => {
  const text = await readFile(ALIASES, 'utf8');

  it('finds the modules that can drive a 3D controller and a VGA NVIDIA GPU, in file order', () => {
    const aliases = parsePciModuleAliases(text, ['10de']);
    expect(modulesForModalias(H100, aliases)).toEqual(['nouveau', 'nvidia_drm', 'nvidia']);
    expect(modulesForModalias(VGA_NVIDIA, aliases)).toEqual(['nvidiafb', 'nouveau', 'nvidia_drm', 'nvidia']);
  });

  it('keeps only the vendors asked for, wildcard-vendor lines, and pci: aliases', () => {
    const aliases = parsePciModuleAliases(text, ['1002']);
    const modules = aliases.map((alias) => alias.module);
    expect(modules).toContain('amdgpu');
    expect(modules).toContain('nvme');
    expect(modules).not.toContain('nouveau');
    expect(modules).not.toContain('vfio_pci');
    expect(modulesForModalias('pci:v00001002d000074A1sv00001002sd000074A1bc12sc00i00', aliases)).toEqual(['amdgpu']);
    expect(modulesForModalias('pci:v00001002d0000FFFFsv00001002sd000074A1bc12sc00i00', aliases)).toEqual([]);
  });

  it('translates fnmatch globs', () => {
    expect(compileGlob('pci:v*d0000[0-9]A?1')('pci:v1d00005AB1')).toBe(true);
    expect(compileGlob('pci:v*d0000[!0-9]')('pci:vxd00005')).toBe(false);
    expect(compileGlob('pci:v*d0000[!0-9]')('pci:vxd0000x')).toBe(true);
    expect(compileGlob('a.b')('axb')).toBe(false);
    expect(compileGlob('a[b')('a[b')).toBe(true);
    expect(compileGlob('[]x]')(']')).toBe(true);
    expect(compileGlob('pci:v*sv*')('pci:v000010DEsd')).toBe(false);
    expect(compileGlob('*a*b*')('xxaxxbxx')).toBe(true);
    expect(compileGlob('')('')).toBe(true);
  });

  // The RegExp this replaced (one ".*" per star) took n^stars steps on a long non-matching text.
  it('matches a many-star glob against a long text in linear-times-glob steps', () => {
    const matches = compileGlob('*a*a*a*a*a*a*a*a*b');
    expect(matches('a'.repeat(20_000))).toBe(false);
    expect(matches(`${'a'.repeat(20_000)}b`)).toBe(true);
  });

  it('loads the first existing file, null when there is none, a problem when unreadable', async () => {
    const found = await loadPciModuleAliases(['/nowhere/modules.alias', ALIASES], ['1a03']);
    expect(found.problem).toBeNull();
    expect(found.aliases?.map((alias) => alias.module)).toContain('ast');

    expect(await loadPciModuleAliases(['/nowhere/modules.alias'], ['10de'])).toEqual({ aliases: null, problem: null });

    const denied = await loadPciModuleAliases(['/lib/modules/6.8.0/modules.alias'], ['10de'], async () => {
      throw Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' });
    });
    expect(denied).toEqual({ aliases: null, problem: '/lib/modules/6.8.0/modules.alias: EACCES: permission denied, open' });
  });
});
